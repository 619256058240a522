import { QueryTypes, type Sequelize } from 'sequelize';
import type { CompanyWhere } from './company-where';

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

/**
 * One page of a company-scoped read and how many rows match in all, in two queries run side
 * by side, each row mapped by `toItem`: `SELECT columns FROM from WHERE where ORDER BY orderBy LIMIT … OFFSET …` and its
 * count. `orderBy` must end with a unique column so that pages never overlap.
 */
export async function selectPage<Item>(
  sequelize: Sequelize,
  sql: { columns: string; from: string; where: CompanyWhere; orderBy: string },
  q: { page: number; pageSize: number },
  /** A row as the caller shows it (typed by the caller: the query does not check the rows). */
  toItem: (row: never) => Item,
): Promise<{ items: Item[]; total: number }> {
  const { limit, offset } = pageWindow(q);
  const { where } = sql;
  const [rows, [count]] = await Promise.all([
    sequelize.query<never>(
      `SELECT ${sql.columns} FROM ${sql.from} WHERE ${where.sql} ORDER BY ${sql.orderBy} LIMIT ${limit} OFFSET ${offset}`,
      {
        bind: where.bind,
        type: QueryTypes.SELECT,
      },
    ),
    sequelize.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql.from} WHERE ${where.sql}`, {
      bind: where.bind,
      type: QueryTypes.SELECT,
    }),
  ]);
  return { items: rows.map(toItem), total: Number(count.n) };
}
