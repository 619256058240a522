import { act, render, screen, waitFor } from '@testing-library/react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { JobStatus } from '@xaalis/contracts';
import { baseApi } from './api';
import { useJobProgress, type JobProgress } from './jobs';
import { XaalisProviders } from './providers';
import { createAppStore } from './store';
import { mockFetch } from './testing/fetch';

interface Doc {
  phase: 'busy' | 'ready';
}

const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readJob: build.query<JobStatus<{ count: number }>, { jobId: string }>({
      query: ({ jobId }) => `/api/jobs/${jobId}`,
      keepUnusedDataFor: 0,
    }),
    readDoc: build.query<Doc, string>({ query: (id) => `/api/docs/${id}` }),
  }),
});

const FAILED = 'La tâche a échoué';
const INTERVAL = 20;

/** Renders the progress as text; `onEnd` records each end. */
function Probe({ jobId, onEnd }: { jobId: string | null; onEnd: (s: JobStatus<{ count: number }>) => void }) {
  const job: JobProgress<JobStatus<{ count: number }>, { count: number }> = useJobProgress(
    testApi.useReadJobQuery,
    jobId ? { jobId } : skipToken,
    { failedMessage: FAILED, intervalMs: INTERVAL, onEnd },
  );
  return (
    <output>
      {[
        job.state ?? 'none',
        `${job.done}/${job.total}`,
        job.percent === undefined ? 'indeterminate' : `${job.percent}%`,
        job.running ? 'running' : 'idle',
        job.ended ? 'ended' : 'open',
        job.error ?? 'no-error',
        job.readError ?? 'read-ok',
        String(job.status?.result?.count ?? '-'),
      ].join(' | ')}
    </output>
  );
}

function renderProbe(jobId: string | null, onEnd = jest.fn()) {
  const store = createAppStore();
  const ui = (id: string | null) => (
    <XaalisProviders store={store}>
      <Probe jobId={id} onEnd={onEnd} />
    </XaalisProviders>
  );
  const { rerender } = render(ui(jobId));
  return { onEnd, setJob: (id: string | null) => rerender(ui(id)) };
}

const text = () => screen.getByRole('status').textContent;
const calls = (fetchMock: jest.Mock, path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path).length;
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => jest.restoreAllMocks());

describe('useJobProgress', () => {
  it('polls while queued and running, gives done / total and the percentage, then stops at the end and calls onEnd once', async () => {
    const reads: JobStatus<{ count: number }>[] = [
      { state: 'queued', done: 0, total: 0 },
      { state: 'running', done: 1, total: 4 },
      { state: 'running', done: 3, total: 4 },
      { state: 'completed', done: 4, total: 4, result: { count: 4 } },
    ];
    const fetchMock = mockFetch({ 'GET /api/jobs/j1': () => ({ body: reads.length > 1 ? reads.shift() : reads[0] }) });
    const { onEnd } = renderProbe('j1');
    await waitFor(() => expect(text()).toBe('running | 1/4 | 25% | running | open | no-error | read-ok | -'));
    await waitFor(() => expect(text()).toBe('completed | 4/4 | indeterminate | idle | ended | no-error | read-ok | 4'));
    const atEnd = calls(fetchMock, '/api/jobs/j1');
    await pause(INTERVAL * 6);
    expect(calls(fetchMock, '/api/jobs/j1')).toBe(atEnd);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledWith({ state: 'completed', done: 4, total: 4, result: { count: 4 } }, expect.anything());
  });

  it("a failed job gives its French error, or the caller's message when it has none", async () => {
    mockFetch({
      'GET /api/jobs/j1': { body: { state: 'failed', done: 0, total: 10, error: 'Des brouillons restent dans l’exercice' } },
      'GET /api/jobs/j2': { body: { state: 'failed', done: 2, total: 10 } },
    });
    const { onEnd, setJob } = renderProbe('j1');
    await waitFor(() =>
      expect(text()).toBe('failed | 0/10 | indeterminate | idle | ended | Des brouillons restent dans l’exercice | read-ok | -'),
    );
    setJob('j2');
    await waitFor(() => expect(text()).toBe(`failed | 2/10 | indeterminate | idle | ended | ${FAILED} | read-ok | -`));
    expect(onEnd).toHaveBeenCalledTimes(2);
  });

  it('reads nothing without a job, and a failed read is reported while the polling goes on', async () => {
    let answers = 0;
    const fetchMock = mockFetch({
      'GET /api/jobs/j1': () =>
        ++answers < 3 ? { status: 503, body: { message: 'Indisponible' } } : { body: { state: 'completed', done: 1, total: 1 } },
    });
    const { setJob } = renderProbe(null);
    await pause(INTERVAL * 3);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(text()).toBe('none | 0/0 | indeterminate | idle | open | no-error | read-ok | -');
    setJob('j1');
    await waitFor(() => expect(text()).toMatch(/^none \| 0\/0 \| indeterminate \| running \| open \| no-error \| 503/));
    await waitFor(() => expect(text()).toBe('completed | 1/1 | indeterminate | idle | ended | no-error | read-ok | -'));
  });

  it('maps a document to the job shape with select, and polls again when a later read says the work runs again', async () => {
    let phase: Doc['phase'] = 'busy';
    const fetchMock = mockFetch({ 'GET /api/docs/d1': () => ({ body: { phase } }) });
    const store = createAppStore();
    const ends: string[] = [];
    function DocProbe() {
      const job = useJobProgress(testApi.useReadDocQuery, 'd1', {
        intervalMs: INTERVAL,
        select: (doc: Doc): JobStatus => ({ state: doc.phase === 'busy' ? 'running' : 'completed', done: 0, total: 0 }),
        onEnd: (status) => ends.push(status.state),
      });
      return <output>{`${job.state ?? 'none'} ${job.data?.phase ?? '-'}`}</output>;
    }
    render(
      <XaalisProviders store={store}>
        <DocProbe />
      </XaalisProviders>,
    );
    await waitFor(() => expect(text()).toBe('running busy'));
    phase = 'ready';
    await waitFor(() => expect(text()).toBe('completed ready'));
    const atEnd = calls(fetchMock, '/api/docs/d1');
    await pause(INTERVAL * 5);
    expect(calls(fetchMock, '/api/docs/d1')).toBe(atEnd);
    // A write elsewhere (a new plan) makes the document busy again: read again, polled until ready.
    phase = 'busy';
    await act(async () => {
      await store.dispatch(testApi.endpoints.readDoc.initiate('d1', { forceRefetch: true }));
    });
    await waitFor(() => expect(text()).toBe('running busy'));
    phase = 'ready';
    await waitFor(() => expect(text()).toBe('completed ready'));
    expect(ends).toEqual(['completed', 'completed']);
  });
});
