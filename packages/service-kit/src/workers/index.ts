/**
 * Worker threads: the pool that runs a service's CPU-heavy tasks (PDF
 * rendering, workbook writing) off its request loop, and the limits it shares
 * with the upload parser's one-shot threads (`../uploads/worker.ts`).
 */
export { WorkerPool, WorkerPoolError, closeWorkerPool, configureWorkerPool, workerPool, workerPoolOptions } from './pool';
export type { TaskItems, WorkerPoolFailure, WorkerPoolOptions } from './pool';
export { registeredTask, workerTask, type TaskIO, type TaskRun, type WorkerTask } from './task';
