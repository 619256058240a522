import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { HttpError } from './errors';

export function zodIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Parses `value` with `schema` or throws a 400 whose message is the first French issue. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = zodIssues(result.error);
    throw new HttpError(400, issues[0]?.message ?? MESSAGES_HTTP.validation, issues);
  }
  return result.data;
}

interface Schemas {
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
}

/**
 * Validates and replaces req.body / req.params; the parsed query is put on
 * res.locals.query (Express 5 makes req.query read-only).
 */
export function validate(schemas: Schemas): RequestHandler {
  return (req, res, next) => {
    if (schemas.params) req.params = parseOr400(schemas.params, req.params) as typeof req.params;
    if (schemas.query) res.locals.query = parseOr400(schemas.query, req.query);
    if (schemas.body) req.body = parseOr400(schemas.body, req.body ?? {});
    next();
  };
}
