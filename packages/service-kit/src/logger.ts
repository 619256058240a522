import pino from 'pino';

export type Logger = pino.Logger;

/**
 * What an error keeps in the logs: its class, message, stack, SQLSTATE and
 * the names of the database objects involved. Everything else is dropped, on
 * purpose: Sequelize and pg attach the SQL text (`sql`), the bound values
 * (`parameters`: password hashes, emails, phones…), the row in `detail`
 * ("Key (email)=(…)"), validation items with their `value`s.
 */
const SAFE_FIELDS = [
  'code',
  'status',
  'statusCode',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'routine',
  'errno',
  'syscall',
  'address',
  'port',
] as const;

const MAX_DEPTH = 3;

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/**
 * A copy of an error with only the fields above, its `cause` and (Sequelize)
 * its `parent` cleaned the same way. A plain object without prototype (no
 * getter of the original class can run on it) whose `name` is the class name,
 * which pino's serializer reports as `type`.
 */
export function safeError(err: unknown, depth = 0): unknown {
  if (!isErrorLike(err)) return err;
  const copy = Object.create(null) as Record<string, unknown>;
  const ctor = (err as { constructor?: { name?: unknown } }).constructor?.name;
  copy.name = typeof err.name === 'string' && err.name !== 'Error' ? err.name : typeof ctor === 'string' ? ctor : 'Error';
  copy.message = err.message;
  if (typeof err.stack === 'string') copy.stack = err.stack;
  for (const key of SAFE_FIELDS) {
    const value = err[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') copy[key] = value;
  }
  // Sequelize keeps the SQLSTATE on its `parent` (the pg error): shown on the error itself too.
  const parentCode = (err.parent as { code?: unknown } | undefined)?.code;
  if (copy.code === undefined && typeof parentCode === 'string') copy.code = parentCode;
  if (depth < MAX_DEPTH) {
    // Sequelize's `original` is the same pg error as `parent`: one is enough.
    if (isErrorLike(err.parent) && err.parent !== err) copy.parent = safeError(err.parent, depth + 1);
    if (isErrorLike(err.cause) && err.cause !== err) copy.cause = safeError(err.cause, depth + 1);
    if (Array.isArray(err.errors)) {
      const nested = (err.errors as unknown[]).filter(isErrorLike).map((e) => safeError(e, depth + 1));
      if (nested.length) copy.errors = nested;
    }
  }
  return copy;
}

/** pino's error serializer applied to the cleaned error: use it wherever a logger takes serializers (pino-http). */
export const errorSerializer = (err: unknown): unknown => pino.stdSerializers.err(safeError(err) as Error);

/**
 * Every error-valued field of a log call, cleaned before any serializer runs.
 * A formatter, unlike a serializer, is inherited by every child logger, even
 * one created with its own serializers (pino-http's request loggers): no
 * error reaches the output uncleaned, whatever the key it is logged under.
 */
function cleanErrors(obj: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    if (value instanceof Error || (isErrorLike(value) && typeof value.stack === 'string')) {
      out ??= { ...obj };
      out[key] = safeError(value);
    }
  }
  return out ?? obj;
}

/** The logger of every service, worker and the gateway: JSON lines, errors cleaned of SQL and bound values. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { service: name },
    serializers: { err: errorSerializer },
    formatters: { log: cleanErrors },
  };
  return destination ? pino(options, destination) : pino(options);
}
