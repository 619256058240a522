// Test helper for component tests (jsdom has no fetch). Not exported from the
// package index, so it never reaches a bundle.

export interface FakeResponse {
  status?: number;
  body?: unknown;
  statusText?: string;
}

export type FetchHandler = (init: RequestInit | undefined, url: string) => FakeResponse | Promise<FakeResponse>;

const STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 404: 'Not Found' };

/**
 * Replaces `fetch` with a table of "METHOD path" → answer. The path is matched with
 * its query string first, then without it. Unknown requests answer 404
 * (`unknownBody`). Returns the jest mock to inspect the calls.
 */
export function mockFetch(routes: Record<string, FakeResponse | FetchHandler>, unknownBody: unknown = { message: 'Not Found' }) {
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const full = url.replace(/^https?:\/\/[^/]+/, '');
    const path = full.split('?')[0];
    const route = routes[`${method} ${full}`] ?? routes[`${method} ${path}`];
    const answer: FakeResponse =
      route === undefined ? { status: 404, body: unknownBody } : typeof route === 'function' ? await route(init, full) : route;
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: answer.statusText ?? STATUS_TEXT[status] ?? 'OK',
      text: async () => text,
      json: async () => JSON.parse(text),
    } as Response;
  });
  (globalThis as { fetch: unknown }).fetch = fn;
  return fn;
}

/** An answer held back until release() (to see a loading state): put `handler` in the mockFetch table. */
export function heldAnswer(answer: FakeResponse): { handler: FetchHandler; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async () => {
    await held;
    return answer;
  };
  return { handler, release };
}
