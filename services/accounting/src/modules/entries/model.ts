import { foldedPattern, foldedSql } from '@xaalis/service-kit';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { EntryListResponse, entryListQuerySchema } from '@xaalis/contracts';
import type { z } from 'zod';
import { ENTRY_COLUMNS, toEntry } from '../posting';
import { payrollEntrySql } from './payroll';

type ListQuery = z.output<typeof entryListQuerySchema>;

/**
 * One page of a company's entries (without lines) plus the counters of the
 * whole company, in two queries run side by side:
 * - the page walks the (company_id, date DESC, number DESC) index;
 * - one aggregate over the company gives the counters and, with FILTER, the
 *   number of rows matching the filters; without a search it can be answered
 *   from the (company_id, status) INCLUDE (total) index alone.
 * With `hidePayroll` (a role without `payroll`), the payroll entries are out of the page and of
 * every counter, as if they did not exist.
 */
export async function listEntries(
  sequelize: Sequelize,
  companyId: string,
  q: ListQuery,
  opts: { hidePayroll: boolean },
): Promise<EntryListResponse> {
  const bind: unknown[] = [companyId];
  const filters: string[] = [];
  if (q.status) {
    bind.push(q.status);
    filters.push(`e.status = $${bind.length}`);
  }
  if (q.journal) {
    bind.push(q.journal);
    filters.push(`e.journal = $${bind.length}`);
  }
  if (q.search) {
    bind.push(foldedPattern(q.search));
    filters.push(`(e.number ILIKE $${bind.length} OR ${foldedSql('e.description')} LIKE $${bind.length})`);
  }
  const where = filters.length ? ` AND ${filters.join(' AND ')}` : '';
  const scope = opts.hidePayroll ? ` AND NOT ${payrollEntrySql('e')}` : '';
  const matching = filters.length ? `count(*) FILTER (WHERE ${filters.join(' AND ')})::int` : 'count(*)::int';

  const pageBind = [...bind, q.pageSize, (q.page - 1) * q.pageSize];
  const [rows, [agg]] = await Promise.all([
    // Deferred join: the page's ids come from the index alone (OFFSET skips
    // index entries, not table rows), then only those rows are read.
    sequelize.query<Parameters<typeof toEntry>[0]>(
      `SELECT ${ENTRY_COLUMNS}
         FROM (SELECT e.id, e.date, e.number FROM accounting.accounting_entries e
                WHERE e.company_id = $1${scope}${where}
                ORDER BY e.date DESC, e.number DESC
                LIMIT $${pageBind.length - 1} OFFSET $${pageBind.length}) p
         JOIN accounting.accounting_entries e ON e.id = p.id
        ORDER BY p.date DESC, p.number DESC`,
      { bind: pageBind, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ total: number; validated: number; draft: number; cancelled: number; total_amount: string; matching: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE e.status = 'validated')::int AS validated,
              count(*) FILTER (WHERE e.status = 'draft')::int AS draft,
              count(*) FILTER (WHERE e.status = 'cancelled')::int AS cancelled,
              coalesce(sum(e.total) FILTER (WHERE e.status = 'validated'), 0.00)::text AS total_amount,
              ${matching} AS matching
         FROM accounting.accounting_entries e
        WHERE e.company_id = $1${scope}`,
      { bind, type: QueryTypes.SELECT },
    ),
  ]);
  return {
    items: rows.map(toEntry),
    page: q.page,
    pageSize: q.pageSize,
    totalItems: agg.matching,
    counters: { total: agg.total, validated: agg.validated, draft: agg.draft, cancelled: agg.cancelled, totalAmount: agg.total_amount },
  };
}
