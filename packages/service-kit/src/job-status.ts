import type { Queue } from 'bullmq';
import type { JobState, JobStatus } from '@xaalis/contracts';
import type { Job } from './queue';

/** Units of work of a running job, as its handler reports them (reportJobProgress). */
export interface JobProgress {
  done: number;
  total: number;
}

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);

/**
 * A BullMQ job's progress as done/total: `{ done, total }` as reportJobProgress stores it; a bare
 * number (what BullMQ's own updateProgress(percent) writes) reads as a percentage, except BullMQ's
 * initial 0 (nothing reported yet: no total known).
 */
export function jobProgressOf(progress: unknown): JobProgress {
  if (typeof progress === 'number') return progress > 0 ? { done: Math.min(count(progress), 100), total: 100 } : { done: 0, total: 0 };
  if (progress && typeof progress === 'object') {
    const p = progress as Partial<JobProgress>;
    return { done: count(p.done), total: count(p.total) };
  }
  return { done: 0, total: 0 };
}

/**
 * Stores `done` of `total` on the job for the status route. The inline queue (no Redis) passes a
 * bare job without updateProgress: nobody polls it, the request answers when it has run.
 */
export async function reportJobProgress(job: Pick<Job, 'updateProgress'>, done: number, total: number): Promise<void> {
  if (typeof job.updateProgress === 'function') await job.updateProgress({ done, total } satisfies JobProgress);
}

/** BullMQ's state of a job as a JobState; null for 'unknown' (removed meanwhile, or never added). */
export function jobStateOf(raw: string): JobState | null {
  if (raw === 'completed' || raw === 'failed') return raw;
  if (raw === 'active') return 'running';
  if (raw === 'unknown') return null;
  // waiting, delayed (retry backoff, database down), prioritized, waiting-children.
  return 'queued';
}

export interface ReadJobStatusOptions<R> {
  /**
   * The French `error` of a failed job: a fixed message, or built from the job's failedReason
   * (handlers fail with an UnrecoverableError carrying a French refusal).
   */
  failed: string | ((failedReason: string) => string);
  /** The `result` of a completed job from its return value (default: the return value itself). */
  result?: (returnValue: unknown) => R | undefined;
  /** Without Redis the job ran inline, within the request that queued it: its status, null when unknown. */
  inline?: () => Promise<JobStatus<R> | null>;
}

/**
 * The one job-status reader: a BullMQ job's state, progress, result and French error in the one
 * JobStatus shape. Null when the queue holds no such job (the route answers 404). A completed
 * job reads as all done (done = total), whatever its last reported progress.
 */
export async function readJobStatus<R = unknown>(
  queue: Queue | null,
  jobId: string,
  opts: ReadJobStatusOptions<R>,
): Promise<JobStatus<R> | null> {
  if (!queue) return opts.inline ? opts.inline() : null;
  // The state first: once it reads completed or failed, the job's data read next is final (read the
  // other way round, a job failing in between would read failed with the data of its active run).
  const state = jobStateOf(await queue.getJobState(jobId));
  if (!state) return null;
  const job = await queue.getJob(jobId);
  if (!job) return null;
  const { done, total } = jobProgressOf(job.progress);
  const status: JobStatus<R> = { state, done, total };
  if (state === 'completed') {
    status.done = total;
    const result = opts.result ? opts.result(job.returnvalue) : (job.returnvalue as R | undefined);
    if (result !== undefined && result !== null) status.result = result;
  }
  if (state === 'failed') status.error = typeof opts.failed === 'string' ? opts.failed : opts.failed(job.failedReason ?? '');
  return status;
}
