import { z } from 'zod';
import { text, tooLong } from './text';

/*
 * Field schemas that many input schemas share (names, codes, contact details,
 * list queries), written once so that a field refuses the same inputs with the
 * same French message wherever it appears.
 */

/** A percentage (a rate): at most three digits and two decimals; where it must, the schema also checks ≤ 100. */
export const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

/** A quantity: numeric(10,3), at most 9 999 999.999. */
export const QUANTITY_PATTERN = /^\d{1,7}(\.\d{1,3})?$/;

/** A required text: trimmed, `message` when missing or empty, at most `max` characters. */
export const requiredText = (message: string, max: number) =>
  text({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) });

/** An optional text that may also be null: trimmed, at most `max` characters (an empty one stays ''). */
export const nullableText = (max: number) =>
  text()
    .trim()
    .max(max, { error: tooLong(max) })
    .optional()
    .nullable();

/** An optional email that may also be empty or null; `message` when it is not an email. */
export const optionalEmail = (message: string, max = 254) =>
  z
    .union([z.literal(''), z.email({ error: message }).max(max, { error: tooLong(max) })], { error: message })
    .optional()
    .nullable();

/** An optional reference to a row by id; an empty one means none (null). */
export const optionalUuid = () =>
  z
    .uuid()
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null));

/** The `search` term of a list query (name or number contains). */
export const searchText = () =>
  text()
    .trim()
    .max(100, { error: tooLong(100) })
    .optional();

/** `page` (from 1) and `pageSize` (at most `maxPageSize`) of a paged list query. */
export const pageQueryFields = (defaultPageSize: number, maxPageSize = 100) => ({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
});

/**
 * The query of a list that grows (`?page=&pageSize=&search=`): every such list answers a
 * `Paged` envelope, the one the invoices list set. `extra` adds the list's own filters.
 */
export function pagedListQuerySchema(defaultPageSize?: number): ReturnType<typeof pagedQueryOf>;
export function pagedListQuerySchema<E extends z.ZodRawShape>(
  defaultPageSize: number,
  extra: E,
  maxPageSize?: number,
): z.ZodObject<ReturnType<typeof pagedQueryOf>['shape'] & E>;
export function pagedListQuerySchema(defaultPageSize = 25, extra: z.ZodRawShape = {}, maxPageSize = 100) {
  return pagedQueryOf(defaultPageSize, maxPageSize).extend(extra);
}
const pagedQueryOf = (defaultPageSize: number, maxPageSize = 100) =>
  z.object({ ...pageQueryFields(defaultPageSize, maxPageSize), search: searchText() });

/** One page of a list: its items, where it is, and how many items match in all. Lists add their counters beside these. */
export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalItems: number;
}
