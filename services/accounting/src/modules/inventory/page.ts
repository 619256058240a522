import { QueryTypes, type Sequelize } from 'sequelize';
import type { InventoryListResponse, inventoryPageQuerySchema } from '@xaalis/contracts';
import { money } from '@xaalis/domain';
import { CompanyWhere, pageWindow, pagedOf, foldedPattern, foldedSql } from '@xaalis/service-kit';
import type { z } from 'zod';
import { ITEM_COLUMNS, toItem, type ItemDbRow } from './model';

type PageQuery = z.output<typeof inventoryPageQuerySchema>;

/**
 * One page of the company's stock items by name (the (company_id, name) index), `search` in the
 * name, and the counts: the matches, and the page's four tiles over the whole company (items,
 * low stock, out of stock, Σ stock × unit cost exact then rounded to the cent), in one scan.
 */
export async function inventoryPage(sequelize: Sequelize, companyId: string, q: PageQuery): Promise<InventoryListResponse> {
  const where = new CompanyWhere(companyId, 'i.');
  if (q.search) where.and(`${foldedSql('i.name')} LIKE ?`, foldedPattern(q.search));
  if (q.category) where.and('i.category = ?', q.category);
  if (q.id) where.and('i.id = ?', q.id);
  const { limit, offset } = pageWindow(q);
  const [rows, [counts]] = await Promise.all([
    sequelize.query<ItemDbRow>(
      `SELECT ${ITEM_COLUMNS} FROM accounting.inventory_items i WHERE ${where.sql} ORDER BY i.name, i.id LIMIT ${limit} OFFSET ${offset}`,
      { bind: where.bind, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ matching: number; total: number; low: number; out: number; value: string }>(
      `SELECT count(*) FILTER (WHERE ${where.sql})::int AS matching, count(*)::int AS total,
              count(*) FILTER (WHERE i.current_stock > 0 AND i.current_stock <= i.min_stock)::int AS low,
              count(*) FILTER (WHERE i.current_stock <= 0)::int AS out,
              coalesce(sum(i.current_stock * i.unit_cost), 0)::text AS value
         FROM accounting.inventory_items i WHERE i.company_id = $1`,
      { bind: where.bind, type: QueryTypes.SELECT },
    ),
  ]);
  const { matching, total, low, out, value } = counts;
  return { ...pagedOf(rows.map(toItem), q, matching), counters: { total, low, out, value: money(value) } };
}
