// Bad request bodies derived from a route's zod schema (zod 4: `schema._zod.def`), field by field.
import type { z } from 'zod';

export interface BadBody {
  /** What was done, for failure messages: `invoice.date: malformed date`. */
  label: string;
  body: unknown;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional/nullable/default/pipe/lazy wrappers (a pipe's input side, or its output after a preprocess). */
export function unwrap(schema: z.ZodType, depth = 0): z.ZodType {
  const def = defOf(schema);
  if (depth > 20) return schema;
  if (def.innerType) return unwrap(def.innerType, depth + 1);
  if (def.type === 'pipe' && def.in && def.out) return unwrap(defOf(def.in).type === 'transform' ? def.out : def.in, depth + 1);
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter(), depth + 1);
  return schema;
}

const DELETE = Symbol('delete');

function setAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base ?? {}) as Record<string | number, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((step, i) => {
    const next = node[step];
    node[step] = next !== null && typeof next === 'object' ? next : typeof path[i + 1] === 'number' ? [] : {};
    node = node[step] as Record<string | number, unknown>;
  });
  const last = path[path.length - 1];
  if (value === DELETE) Reflect.deleteProperty(node, last);
  else node[last] = value;
  return copy;
}

const MONEY_NAME =
  /amount|price|salary|rate|quantity|stock|cost|total|balance|value|budget|capital|hours|servings|time|level|floor|capacity|life|terms|number/i;
const kinds = (schema: z.ZodType): Set<string> => {
  const def = defOf(unwrap(schema));
  if (def.type === 'union' && def.options) return new Set(def.options.flatMap((o) => [...kinds(o)]));
  return new Set([def.type]);
};

/** Values that are wrong (or at the edge) for one field, by its kind and name. */
function badValues(name: string, schema: z.ZodType, otherCompanyIds: Record<string, string>): [string, unknown][] {
  const k = kinds(schema);
  const out: [string, unknown][] = [['null', null]];
  if (k.has('string') || k.has('enum') || k.has('literal') || k.has('template_literal')) {
    out.push(['a number instead of a text', 12345], ['an object instead of a text', { x: 1 }], ['10 000 characters', 'a'.repeat(10_000)]);
  } else {
    out.push(['a text instead of its type', 'abc']);
  }
  if (k.has('number') || k.has('int') || MONEY_NAME.test(name)) {
    out.push(['beyond numeric(15,2)', '99999999999999999.99'], ['1e20', 1e20], ['negative', -1], ['NaN text', 'NaN']);
  }
  if (/date/i.test(name)) out.push(['February 30th', '2026-02-30'], ['not a date', 'abc']);
  if (/Id$/.test(name)) out.push(["another company's id", otherCompanyIds[name] ?? otherCompanyIds.any]);
  return out;
}

/**
 * Bodies for `schema` starting from `base` (a valid body when known, else {}): the whole body
 * wrong (empty, an array, a text), an unknown field when the object is strict, and for every field
 * (nested objects and the first element of arrays of objects included) missing, wrong types,
 * overflowing numbers, long texts, malformed dates and ids of another company.
 */
export function badBodies(schema: z.ZodType, base: unknown, otherCompanyIds: Record<string, string>): BadBody[] {
  const out: BadBody[] = [
    { label: 'empty body', body: {} },
    { label: 'an array', body: [] },
    { label: 'a number', body: 42 },
  ];
  const walk = (node: z.ZodType, path: (string | number)[], depth: number) => {
    const def = defOf(unwrap(node));
    if (def.type !== 'object' || !def.shape || depth > 3) return;
    if (def.catchall && defOf(def.catchall).type === 'never')
      out.push({ label: `${path.join('.') || 'body'}: unknown field`, body: setAt(base, [...path, 'champInconnu'], 'x') });
    for (const [key, field] of Object.entries(def.shape)) {
      const at = [...path, key];
      const label = at.join('.');
      if (!field.safeParse(undefined).success) out.push({ label: `${label}: missing`, body: setAt(base, at, DELETE) });
      for (const [what, value] of badValues(key, field, otherCompanyIds))
        out.push({ label: `${label}: ${what}`, body: setAt(base, at, value) });
      const inner = defOf(unwrap(field));
      if (inner.type === 'object') walk(field, at, depth + 1);
      if (inner.type === 'array' && inner.element && defOf(unwrap(inner.element)).type === 'object')
        walk(inner.element, [...at, 0], depth + 1);
    }
  };
  walk(schema, [], 0);
  return out;
}
