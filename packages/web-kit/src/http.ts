// The HTTP conventions of every call (session cookie, JSON, the gateway's CSRF header on
// writes, "<status>: <body>" errors), without RTK Query: the signed-out pages (/, /auth)
// sign in with it before the store is loaded. `api.ts` builds the RTK Query base query on it.

/** What a failed request yields. `message` is "<status>: <body text or status text>". */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  /** The body, parsed as JSON when it is JSON, else the text (undefined when empty). */
  data: unknown;
  message: string;
}

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when present. */
  body?: unknown;
  /** Sent as is instead of `body` (a file upload), with this Content-Type. */
  file?: { content: Blob; contentType: string };
  params?: Record<string, string | number | boolean | null | undefined>;
}

export type RequestResult = { data: unknown; error?: undefined } | { error: ApiError; data?: undefined };

function withParams(url: string, params: RequestArgs['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One request: session cookie sent (`credentials: 'include'`), JSON body only when
 * there is one, a custom header on writes (the gateway's CSRF rule), and errors shaped
 * as {@link ApiError}. Never throws.
 */
export async function sendRequest(args: string | RequestArgs, signal?: AbortSignal): Promise<RequestResult> {
  const { url, method = 'GET', body, params, file } = typeof args === 'string' ? ({ url: args } as RequestArgs) : args;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-Requested-With'] = 'XMLHttpRequest';
  let payload: string | Blob | undefined;
  if (file) {
    headers['Content-Type'] = file.contentType;
    payload = file.content;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(withParams(url, params), { method, headers, body: payload, credentials: 'include', signal });
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { error: { status: 'FETCH_ERROR', data: undefined, message: `Erreur réseau: ${reason}` } };
  }

  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  const data = parseBody(text);
  if (!response.ok) {
    return { error: { status: response.status, data, message: `${response.status}: ${text || response.statusText}` } };
  }
  return { data: data ?? null };
}

/** Type guard for {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/**
 * The server's own message (`{"message": "..."}`), when the body carries one; else
 * undefined. Use it for toasts: "Erreur de connexion" + server message or a fallback.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const { data } = error;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    const message = (data as { message: string }).message.trim();
    return message || undefined;
  }
  if (typeof data === 'string' && data.trim() && !data.trim().startsWith('<')) return data.trim();
  return undefined;
}

/** "<status>: <body text or status text>" for an ApiError; the message of any other error. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
