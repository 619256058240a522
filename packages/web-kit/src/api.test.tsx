import { act, render, screen, waitFor } from '@testing-library/react';
import { authApi } from './auth';
import { baseApi, errorMessage, serverMessage, type ApiError } from './api';
import { browser } from './browser';
import { XaalisProviders } from './providers';
import { createAppStore } from './store';

type Answer = { status: number; body?: unknown; statusText?: string };

function mockFetch(answers: Record<string, Answer>) {
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${url}`] ?? { status: 404, statusText: 'Not Found' };
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return { ok: answer.status < 300, status: answer.status, statusText: answer.statusText ?? '', text: async () => text } as Response;
  });
  (globalThis as { fetch: unknown }).fetch = fn;
  return fn;
}

const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readThing: build.query<unknown, void>({ query: () => '/api/thing' }),
    saveThing: build.mutation<unknown, { name: string }>({ query: (body) => ({ url: '/api/things', method: 'POST', body }) }),
  }),
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('baseApi errors', () => {
  it('reports "<status>: <body text>" and keeps the parsed body', async () => {
    mockFetch({ 'GET /api/thing': { status: 409, body: { message: 'Déjà pris' }, statusText: 'Conflict' } });
    const store = createAppStore();
    const result = await store.dispatch(testApi.endpoints.readThing.initiate());
    const error = result.error as ApiError;
    expect(error.status).toBe(409);
    expect(error.message).toBe('409: {"message":"Déjà pris"}');
    expect(serverMessage(error)).toBe('Déjà pris');
    expect(errorMessage(error)).toBe('409: {"message":"Déjà pris"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch({ 'GET /api/thing': { status: 503, statusText: 'Service Unavailable' } });
    const store = createAppStore();
    const result = await store.dispatch(testApi.endpoints.readThing.initiate());
    expect((result.error as ApiError).message).toBe('503: Service Unavailable');
    expect(serverMessage(result.error)).toBeUndefined();
  });

  it('sends the session cookie, JSON only when there is a body, and a custom header on writes', async () => {
    const fetchMock = mockFetch({ 'POST /api/things': { status: 201, body: { id: 1 } }, 'GET /api/thing': { status: 200, body: {} } });
    const store = createAppStore();
    await store.dispatch(testApi.endpoints.saveThing.initiate({ name: 'x' }));
    await store.dispatch(testApi.endpoints.readThing.initiate());
    const [, post] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(post.credentials).toBe('include');
    expect(post.body).toBe('{"name":"x"}');
    expect(post.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
    const [, get] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(get.credentials).toBe('include');
    expect(get.body).toBeUndefined();
    expect(get.headers).not.toHaveProperty('Content-Type');
  });
});

describe('auth endpoints', () => {
  it('GET /api/user answering 401 means "signed out" (null), not an error', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Non authentifié' } } });
    const store = createAppStore();
    const result = await store.dispatch(authApi.endpoints.getUser.initiate());
    expect(result.data).toBeNull();
    expect(result.error).toBeUndefined();
  });

  it('a successful login stores the user as the current user', async () => {
    const user = { id: 'u1', username: 'awa' };
    mockFetch({ 'GET /api/user': { status: 401 }, 'POST /api/login': { status: 200, body: user } });
    const store = createAppStore();
    await store.dispatch(authApi.endpoints.getUser.initiate());
    await store.dispatch(authApi.endpoints.login.initiate({ username: 'awa', password: 'secret' }));
    await waitFor(() => expect(authApi.endpoints.getUser.select()(store.getState()).data).toEqual(user));
  });

  it('a 401 on login is a wrong password, not an expired session: no redirect', async () => {
    jest.useFakeTimers();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch({ 'POST /api/login': { status: 401, body: { message: "Nom d'utilisateur ou mot de passe incorrect" } } });
    const store = createAppStore();
    const result = await store.dispatch(authApi.endpoints.login.initiate({ username: 'awa', password: 'x' }));
    expect(serverMessage(result.error)).toBe("Nom d'utilisateur ou mot de passe incorrect");
    act(() => jest.advanceTimersByTime(1000));
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('401 on a save', () => {
  it("shows 'Non autorisé' / 'Vous êtes déconnecté. Reconnexion...' and goes to /api/login after 500 ms", async () => {
    jest.useFakeTimers();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch({ 'POST /api/things': { status: 401, body: { message: 'Non authentifié' } } });
    const store = createAppStore();
    render(
      <XaalisProviders store={store}>
        <div />
      </XaalisProviders>,
    );
    await act(async () => {
      await store.dispatch(testApi.endpoints.saveThing.initiate({ name: 'x' }));
    });
    expect(await screen.findByText('Non autorisé')).toBeInTheDocument();
    expect(screen.getByText('Vous êtes déconnecté. Reconnexion...')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(499));
    expect(assign).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('a 401 on a read is an ordinary error (no redirect)', async () => {
    jest.useFakeTimers();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/thing': { status: 401, body: 'Non authentifié' } });
    const store = createAppStore();
    const result = await store.dispatch(testApi.endpoints.readThing.initiate());
    expect((result.error as ApiError).message).toBe('401: Non authentifié');
    act(() => jest.advanceTimersByTime(1000));
    expect(assign).not.toHaveBeenCalled();
  });
});
