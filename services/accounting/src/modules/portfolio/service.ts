import { QueryTypes, type Sequelize } from 'sequelize';
import type { CompanySummary, PortfolioFigures } from '@xaalis/contracts';

/**
 * The figures of several companies in ONE statement, each a handful of index
 * lookups per company (migration 0015), whatever the number of companies:
 *
 * - treasury, receivables, payables: the monthly balances (account_balances:
 *   everything posted, validated and cancelled entries with their reversals)
 *   of the company's accounts found by code range on (company_id, code):
 *   class 5 but 58 and 59 (the dashboard's treasury), 411 (debit − credit),
 *   401 (credit − debit). Account codes are digits only: a code range is a
 *   prefix, in any collation.
 * - overdue: validated sale and service invoices with a balance due whose due
 *   date is before `today`; without a due date, the invoice is due on its date
 *   plus the client's payment terms (30 days without one), as on the dashboard.
 * - last entry date: the newest validated entry, first row of the entries'
 *   list index.
 *
 * Unknown ids are simply absent; rows come in the order asked. Money as
 * two-decimal strings computed by Postgres in numeric.
 */
export const PORTFOLIO_SQL = `
  SELECT c.id AS "companyId",
         round(bal.treasury, 2)::text AS treasury,
         round(bal.receivables, 2)::text AS receivables,
         round(bal.payables, 2)::text AS payables,
         od.n AS "overdueInvoices",
         round(od.amount, 2)::text AS "overdueAmount",
         le.last::text AS "lastEntryDate"
    FROM accounting.companies c
   CROSS JOIN LATERAL (
     SELECT coalesce(sum(b.debit - b.credit) FILTER (WHERE a.code >= '5'), 0) AS treasury,
            coalesce(sum(b.debit - b.credit) FILTER (WHERE a.code >= '411' AND a.code < '412'), 0) AS receivables,
            coalesce(sum(b.credit - b.debit) FILTER (WHERE a.code < '402'), 0) AS payables
       FROM accounting.accounts a
       JOIN accounting.account_balances b ON b.company_id = a.company_id AND b.account_id = a.id
      WHERE a.company_id = c.id
        AND ((a.code >= '5' AND a.code < '58') OR (a.code >= '411' AND a.code < '412') OR (a.code >= '401' AND a.code < '402'))
   ) bal
   CROSS JOIN LATERAL (
     SELECT count(*)::int AS n, coalesce(sum(o.due), 0) AS amount
       FROM (
         SELECT i.total - i.paid_amount - i.credited_amount AS due
           FROM accounting.invoices i
          WHERE i.company_id = c.id AND i.status = 'validated' AND i.type IN ('sale', 'service')
            AND i.due_date < $2::date AND i.total > i.paid_amount + i.credited_amount
         UNION ALL
         SELECT i.total - i.paid_amount - i.credited_amount
           FROM accounting.invoices i
           LEFT JOIN accounting.third_parties tp ON tp.company_id = i.company_id AND tp.id = i.third_party_id
          WHERE i.company_id = c.id AND i.status = 'validated' AND i.type IN ('sale', 'service')
            AND i.due_date IS NULL AND i.total > i.paid_amount + i.credited_amount AND i.date + coalesce(tp.payment_terms, 30) < $2::date
       ) o
   ) od
   CROSS JOIN LATERAL (
     SELECT max(e.date) AS last FROM accounting.accounting_entries e WHERE e.company_id = c.id AND e.status = 'validated'
   ) le
   WHERE c.id = ANY($1::uuid[])
   ORDER BY array_position($1::uuid[], c.id)`;

/** Cross-company reads for the gateway, which alone decides which companies a user may see. */
export function portfolioService(sequelize: Sequelize) {
  return {
    /** The figures of those companies as of `today` (YYYY-MM-DD, Dakar). */
    figures(companyIds: string[], today: string): Promise<PortfolioFigures[]> {
      if (!companyIds.length) return Promise.resolve([]);
      return sequelize.query<PortfolioFigures>(PORTFOLIO_SQL, { bind: [companyIds, today], type: QueryTypes.SELECT });
    },

    /** Names and sectors of those companies, in the order asked. */
    summaries(companyIds: string[]): Promise<CompanySummary[]> {
      if (!companyIds.length) return Promise.resolve([]);
      return sequelize.query<CompanySummary>(
        `SELECT id, name, sector FROM accounting.companies WHERE id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], id)`,
        { bind: [companyIds], type: QueryTypes.SELECT },
      );
    },
  };
}

export type PortfolioService = ReturnType<typeof portfolioService>;
