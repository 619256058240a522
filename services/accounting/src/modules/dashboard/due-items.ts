import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * What the company expects to collect or pay: the business documents still
 * open, by due date.
 *
 * - Validated invoices with a balance due (total − paid_amount > 0): a
 *   customer invoice (sale, service) is an inflow (amount > 0), a supplier
 *   invoice (purchase) an outflow (amount < 0). An invoice without a due date
 *   is due on its date plus its third party's payment terms (30 days when it
 *   has none). Drafts are not owed yet; paid and cancelled invoices not any more.
 * - Loan instalments not yet paid (status pending or overdue): outflows of
 *   their total amount (principal + interest).
 */
const DUE_ITEMS = `
  SELECT 'invoice'::text AS kind, i.id, i.number, i.type, tp.name AS party,
         coalesce(i.due_date, i.date + coalesce(tp.payment_terms, 30)) AS due_date,
         CASE WHEN i.type = 'purchase' THEN i.paid_amount + i.credited_amount - i.total ELSE i.total - i.paid_amount - i.credited_amount END AS amount
    FROM accounting.invoices i
    LEFT JOIN accounting.third_parties tp ON tp.id = i.third_party_id AND tp.company_id = $1
   WHERE i.company_id = $1 AND i.status = 'validated' AND i.total > i.paid_amount + i.credited_amount
  UNION ALL
  SELECT 'loan'::text, lp.id, NULL, NULL, lo.lender, lp.due_date, -lp.total_amount
    FROM accounting.loan_payments lp
    JOIN accounting.loans lo ON lo.id = lp.loan_id AND lo.company_id = $1
   WHERE lp.company_id = $1 AND lp.status <> 'paid'`;

export interface DueItem {
  kind: 'invoice' | 'loan';
  id: string;
  number: string | null;
  type: 'sale' | 'purchase' | 'service' | null;
  party: string | null;
  dueDate: string;
  /** > 0 to collect, < 0 to pay; two decimals. */
  amount: string;
}

/** The first `limit` open items by due date (overdue ones first). */
export async function firstDueItems(sequelize: Sequelize, companyId: string, limit: number): Promise<DueItem[]> {
  return sequelize.query<DueItem>(
    `SELECT kind, id, number, type, party, due_date::text AS "dueDate", round(amount, 2)::text AS amount
       FROM (${DUE_ITEMS}) d
      ORDER BY due_date, kind, number NULLS LAST, id
      LIMIT $2`,
    { bind: [companyId, limit], type: QueryTypes.SELECT },
  );
}

export interface DueDay {
  date: string;
  inflow: string;
  outflow: string;
}

/**
 * Inflows and outflows due per day from `today` to `until`, both included;
 * items already overdue are expected today.
 */
export async function dueByDay(sequelize: Sequelize, companyId: string, today: string, until: string): Promise<DueDay[]> {
  return sequelize.query<DueDay>(
    `WITH d AS (${DUE_ITEMS}),
     days AS (SELECT g::date AS day FROM generate_series($2::date, $3::date, interval '1 day') AS g)
     SELECT days.day::text AS date,
            round(coalesce(sum(d.amount) FILTER (WHERE d.amount > 0), 0), 2)::text AS inflow,
            round(coalesce(-sum(d.amount) FILTER (WHERE d.amount < 0), 0), 2)::text AS outflow
       FROM days
       LEFT JOIN d ON greatest(d.due_date, $2::date) = days.day
      GROUP BY days.day
      ORDER BY days.day`,
    { bind: [companyId, today, until], type: QueryTypes.SELECT },
  );
}
