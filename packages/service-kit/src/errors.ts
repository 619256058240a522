import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MESSAGES_HTTP, type ErrorBody } from '@xaalis/contracts';

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

/** The one error handler: HttpError as-is, malformed JSON as 400, the rest as 500 (logged). */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) return;
  if (err instanceof HttpError) {
    const body: ErrorBody = { message: err.message };
    if (err.issues) body.issues = err.issues;
    res.status(err.status).json(body);
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
