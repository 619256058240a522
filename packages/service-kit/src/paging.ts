/** Where a page starts and how long it is, for `LIMIT … OFFSET …` (page counts from 1). */
export function pageWindow(q: { page: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}

/** The `Paged` envelope of one page. */
export function pagedOf<T>(items: T[], q: { page: number; pageSize: number }, totalItems: number) {
  return { items, page: q.page, pageSize: q.pageSize, totalItems };
}

/** A search term as an ILIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Accented letters of French (and Wolof's ñ, ŋ) and their plain forms, one for one: translate()
// needs no extension (unaccent is not in every Postgres we run on).
const ACCENTED = 'àâäáãåéèêëíìîïóòôöõúùûüçñÿŋ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucnyn';
// In SQL the capitals too: lower() leaves them as they are under a C locale.
const SQL_FROM = ACCENTED + ACCENTED.toUpperCase();
const SQL_TO = PLAIN + PLAIN;

/** The term as the accent- and case-folded search compares it (é, È → e). */
export function foldAccents(term: string): string {
  let out = '';
  for (const c of term.toLowerCase()) {
    const i = ACCENTED.indexOf(c);
    out += i < 0 ? c : PLAIN[i];
  }
  return out;
}

/** SQL of `expr` folded like foldAccents: compare it with LIKE to foldedPattern(term). */
export function foldedSql(expr: string): string {
  return `translate(lower(${expr}), '${SQL_FROM}', '${SQL_TO}')`;
}

/** containsPattern of the folded term: `${foldedSql(col)} LIKE ?` finds "Société" for "societe". */
export function foldedPattern(term: string): string {
  return containsPattern(foldAccents(term));
}
