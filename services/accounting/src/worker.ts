import { assertProductionSecrets, configureWorkerPool, SERVICE_SECRETS } from '@xaalis/service-kit';
import { accountingService } from './definition';

/** Starts the BullMQ worker of the service's queue; `node dist/worker.js` runs it. */
export const startWorker = accountingService.startWorker;

if (require.main === module) {
  assertProductionSecrets(SERVICE_SECRETS);
  // The worker process renders the long exports (a 100 000-line Grand livre PDF: minutes, over
  // 1 GB): its pool threads get more time and heap than the services' request-side pool.
  const env = (name: string, fallback: number) => Number(process.env[name]) || fallback;
  void configureWorkerPool({
    timeoutMs: env('EXPORT_TASK_TIMEOUT_MS', 15 * 60_000),
    maxOldGenerationSizeMb: env('EXPORT_WORKER_HEAP_MB', 3072),
    threads: env('EXPORT_WORKER_THREADS', 1),
  });
  accountingService.main('worker');
}
