import { skipToken, type SkipToken } from '@reduxjs/toolkit/query/react';
import { isJobEnded, type JobState, type JobStatus } from '@xaalis/contracts';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from './http';

/** How often a background job's status is read while it is queued or running. */
export const JOB_POLL_MS = 500;

/** What useJobProgress needs of an RTK Query hook (`useGetXQuery`): the polled read of one job. */
export type JobStatusQueryHook<A, D> = (
  arg: A | SkipToken,
  options: { pollingInterval: number; skipPollingIfUnfocused: boolean },
) => { currentData?: D; isError: boolean; error?: unknown };

export interface JobProgressOptions<D, R> {
  /** The French reason of a failed job whose status gives none (needed where the job can fail). */
  failedMessage?: string;
  /** The job's status within the polled answer; by default the answer is a JobStatus. */
  select?: (data: D) => JobStatus<R>;
  /** Polling period while the job has not ended (JOB_POLL_MS). */
  intervalMs?: number;
  /** Called once when the job read with these arguments ends (completed or failed). */
  onEnd?: (status: JobStatus<R>, data: D) => void;
}

export interface JobProgress<D, R> {
  /** The last answer for the current arguments (never a previous job's). */
  data: D | undefined;
  status: JobStatus<R> | undefined;
  state: JobState | undefined;
  /** Arguments given and the job not ended yet (also before the first read). */
  running: boolean;
  ended: boolean;
  done: number;
  total: number;
  /** 0–100 while running with a known total; undefined otherwise (an indeterminate bar). */
  percent: number | undefined;
  /** The French reason once failed. */
  error: string | null;
  /** A failed read while polling (the polling goes on). */
  readError: string | null;
}

/**
 * The one poller of a background job, over the status read of `useQuery` with `arg` (skipToken:
 * no job yet): reads every `intervalMs` until the job has completed or failed, then stops; gives
 * its progress (done / total, percent), its French error and calls `onEnd` once per job.
 */
export function useJobProgress<A, D, R = D extends JobStatus<infer T> ? T : unknown>(
  useQuery: JobStatusQueryHook<A, D>,
  arg: A | SkipToken,
  options: JobProgressOptions<D, R>,
): JobProgress<D, R> {
  const { failedMessage, select, intervalMs = JOB_POLL_MS, onEnd } = options;
  const key = arg === skipToken ? null : JSON.stringify(arg);
  // Whether the last read of these arguments said the job had ended: no more reads then, until an
  // other read (a refetch after a write) says it runs again. Derived state, set while rendering.
  const [endedKey, setEndedKey] = useState<string | null>(null);
  const stopped = key !== null && endedKey === key;
  const query = useQuery(arg, { pollingInterval: key !== null && !stopped ? intervalMs : 0, skipPollingIfUnfocused: false });
  const data = query.currentData;
  const status = data === undefined ? undefined : select ? select(data) : (data as unknown as JobStatus<R>);
  const state = status?.state;
  const isEnded = key !== null && isJobEnded(state);
  if (isEnded && endedKey !== key) setEndedKey(key);
  else if (!isEnded && data !== undefined && endedKey === key) setEndedKey(null);

  // Once per end of a job, whatever the identity of the caller's callback.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!isEnded) {
      if (data !== undefined && announced.current === key) announced.current = null;
      return;
    }
    if (!status || data === undefined || announced.current === key) return;
    announced.current = key;
    onEnd?.(status, data);
  }, [isEnded, key, status, data, onEnd]);

  const total = status?.total ?? 0;
  const done = Math.min(status?.done ?? 0, total);
  return {
    data,
    status,
    state,
    running: key !== null && !isEnded,
    ended: isEnded,
    done,
    total,
    percent: state === 'running' && total > 0 ? (done * 100) / total : undefined,
    error: state === 'failed' ? status?.error || failedMessage || null : null,
    readError: query.isError && key !== null && !isEnded ? errorMessage(query.error) : null,
  };
}
