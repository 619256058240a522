import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MESSAGES_HTTP, type ErrorBody } from '@xaalis/contracts';
import { WorkerPoolError, type WorkerPoolFailure } from './workers/pool';

/** An error that becomes `{status, {message, issues?}}`. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
  }
}

export const notFound = (message: string = MESSAGES_HTTP.notFound) => new HttpError(404, message);

/** A row the same transaction has just written or locked: its absence is a bug (500), never a 404. */
export function mustExist<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} missing right after it was written`);
  return value;
}

/** 404 JSON for unknown routes. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: MESSAGES_HTTP.notFound } satisfies ErrorBody);
};

/** Unique-constraint violations are reported by Postgres as SQLSTATE 23505. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { name?: string; parent?: { code?: string }; code?: string };
  return e?.name === 'SequelizeUniqueConstraintError' || e?.parent?.code === '23505' || e?.code === '23505';
}

/** Foreign-key violations (a referenced row is missing) are SQLSTATE 23503. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { name?: string; parent?: { code?: string }; code?: string };
  return e?.name === 'SequelizeForeignKeyConstraintError' || e?.parent?.code === '23503' || e?.code === '23503';
}

/** SQLSTATE of a Postgres error, bare (pg) or wrapped by Sequelize (`parent`/`original`). */
export function sqlStateOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; parent?: { code?: unknown }; original?: { code?: unknown } } | null | undefined;
  const code = e?.parent?.code ?? e?.original?.code ?? e?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * Input the database refused as data (not a bug of ours): a number beyond its
 * column, a NUL byte or invalid character in a text, a text longer than its
 * column. The contracts refuse these first; this is the safety net, so that
 * such input is a French 400 and never a 500.
 */
const DATA_ERRORS: Record<string, string> = {
  '22003': MESSAGES_HTTP.numericOverflow, // numeric_value_out_of_range
  '22021': MESSAGES_HTTP.invalidText, // character_not_in_repertoire (a NUL in text)
  '22P05': MESSAGES_HTTP.invalidText, // untranslatable_character (\u0000 in jsonb)
  '22001': MESSAGES_HTTP.textTooLong, // string_data_right_truncation
  '22P02': MESSAGES_HTTP.validation, // invalid_text_representation (a text that is not a uuid, a number…)
};

/** The 400 for a database refusal of the input's data, null for any other error. */
export function dataError(err: unknown): HttpError | null {
  const code = sqlStateOf(err);
  const message = code ? DATA_ERRORS[code] : undefined;
  return message ? new HttpError(400, message) : null;
}

/** Sequelize's errors for a connection that could not be made or obtained. */
const CONNECTION_ERRORS = new Set([
  'SequelizeConnectionError',
  'SequelizeConnectionRefusedError',
  'SequelizeConnectionAcquireTimeoutError',
  'SequelizeConnectionTimedOutError',
  'SequelizeHostNotFoundError',
  'SequelizeHostNotReachableError',
]);
/** Socket errors of a lost or refused connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
/** What pg says when the server went away under a query or a pooled client (no SQLSTATE). */
const LOST_CONNECTION =
  /Connection terminated|not queryable|Client was closed|database system is (shutting down|starting up|in recovery mode)/i;

/**
 * The database is out of reach (stopped, restarting, connection lost mid-request): Sequelize's
 * connection errors, SQLSTATE class 08 (connection exception), 57P01–57P03 (administrator or
 * crash shutdown, cannot connect now), 25006 (a demoted primary), socket errors and pg's "Connection terminated". Such a
 * request answers 503, never 500: made again once Postgres is back, it succeeds.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift() as { name?: unknown; code?: unknown; message?: unknown; parent?: unknown; original?: unknown } | null;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (typeof e.name === 'string' && CONNECTION_ERRORS.has(e.name)) return true;
    // 25006 (read-only transaction): a connection left on a primary just demoted by a failover.
    if (
      typeof e.code === 'string' &&
      (SOCKET_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code) || /^57P0[123]$/.test(e.code) || e.code === '25006')
    )
      return true;
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    queue.push(e.parent, e.original);
  }
  return false;
}

/** What a client reads when the worker pool could not produce its document. */
const WORKER_POOL_MESSAGES: Record<WorkerPoolFailure, string> = {
  timeout: MESSAGES_HTTP.documentTimeout,
  memory: MESSAGES_HTTP.documentFailed,
  crashed: MESSAGES_HTTP.documentFailed,
  busy: MESSAGES_HTTP.documentsBusy,
  closed: MESSAGES_HTTP.documentsBusy,
  cancelled: MESSAGES_HTTP.documentsBusy,
};

/** The one error handler: HttpError as-is, malformed JSON and refused data as 400, a failed worker-pool task as 503, the rest as 500 (logged). */
export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return;
  const refused = err instanceof HttpError ? null : dataError(err);
  if (refused) {
    (req as { log?: { warn: (o: unknown, m: string) => void } }).log?.warn({ err: err as unknown }, 'input refused by the database');
    errorHandler(refused, req, res, next);
    return;
  }
  if (err instanceof HttpError) {
    const body: ErrorBody = { message: err.message };
    if (err.issues) body.issues = err.issues;
    res.status(err.status).json(body);
    return;
  }
  if (err instanceof WorkerPoolError) {
    // A task's thread timed out, ran out of memory or stopped: that task only, the service goes on.
    (req as { log?: { warn: (o: unknown, m: string) => void } }).log?.warn({ err: err as unknown }, 'worker task failed');
    res
      .status(503)
      .set('Retry-After', '1')
      .json({ message: WORKER_POOL_MESSAGES[err.reason] } satisfies ErrorBody);
    return;
  }
  if (isDatabaseUnavailable(err)) {
    (req as { log?: { warn: (o: unknown, m: string) => void } }).log?.warn({ err: err as unknown }, 'database unavailable');
    res
      .status(503)
      .set('Retry-After', '1')
      .json({ message: MESSAGES_HTTP.databaseUnavailable } satisfies ErrorBody);
    return;
  }
  const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    // body-parser errors (malformed JSON, payload too large)
    res.status(status).json({ message: status === 413 ? 'Requête trop volumineuse' : 'Requête invalide' } satisfies ErrorBody);
    return;
  }
  (req as { log?: { error: (o: unknown, m: string) => void } }).log?.error({ err: err as unknown }, 'unhandled error');
  res.status(500).json({ message: MESSAGES_HTTP.internal } satisfies ErrorBody);
};
