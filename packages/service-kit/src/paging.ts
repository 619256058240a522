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
