import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { HttpError } from './errors';

// zod's own messages, for the cases a schema gives none (a field of the wrong type, an array
// instead of an object…), in French like every other answer of the API (found by the
// generated bad-input test, gateway/src/tenancy). One zod instance serves the whole server.
z.config(z.locales.fr());

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

export interface ValidateSchemas {
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
}

/** Where a `validate()` middleware keeps the schemas it parses with (read by `listRoutes`). */
export const VALIDATED_SCHEMAS = Symbol.for('xaalis.validatedSchemas');
type Schemas = ValidateSchemas;
type Part = keyof Schemas;

/** What validate() parsed for each request, with the schemas it parsed with. */
const parsed = new WeakMap<Request, { schemas: Schemas; values: Partial<Record<Part, unknown>> }>();

/**
 * Validates the body, params and query of a request (400 with the first French
 * message otherwise); the handler reads them, typed, with `validated()`.
 */
export function validate(schemas: Schemas): RequestHandler & { [VALIDATED_SCHEMAS]: Schemas } {
  const handler: RequestHandler = (req, _res, next) => {
    const values: Partial<Record<Part, unknown>> = {};
    if (schemas.params) values.params = parseOr400(schemas.params, req.params);
    if (schemas.query) values.query = parseOr400(schemas.query, req.query);
    if (schemas.body) values.body = parseOr400(schemas.body, req.body ?? {});
    parsed.set(req, { schemas, values });
    next();
  };
  // Route discovery (listRoutes) reads the schemas back from the route's middleware.
  return Object.assign(handler, { [VALIDATED_SCHEMAS]: schemas });
}

/**
 * The body, params or query that `validate({ [part]: schema })` parsed on this
 * route, typed by that schema. Asking with another schema is a programming
 * error, not a way around the validation.
 */
export function validated<S extends z.ZodType>(req: Request, part: Part, schema: S): z.output<S> {
  const entry = parsed.get(req);
  if (entry?.schemas[part] !== schema) throw new Error(`validate({ ${part} }) did not run with this schema on this route`);
  return entry.values[part] as z.output<S>;
}
