import type { Router } from 'express';
import { QueryTypes } from 'sequelize';
import { caseSensitiveRouter, HttpError, isUuid, notFound, type ServiceContext } from '@xaalis/service-kit';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `GET /internal/companies/:companyId/payroll-balances?from=&to=`: credit minus debit of the
 * payroll journal (PA: payslips and their reversals) on the social (431x) and tax (447x)
 * accounts between two dates, by account code — what the HR service checks its payroll
 * declarations against. One aggregate per call.
 */
export function payrollPostingInternal(ctx: ServiceContext): Router {
  const router = caseSensitiveRouter();
  router.get('/companies/:companyId/payroll-balances', async (req, res) => {
    if (!isUuid(req.params.companyId)) throw notFound();
    const { from, to } = req.query;
    if (typeof from !== 'string' || typeof to !== 'string' || !ISO_DATE.test(from) || !ISO_DATE.test(to))
      throw new HttpError(400, 'from and to: YYYY-MM-DD');
    const rows = await ctx.sequelize.query<{ code: string; balance: string }>(
      `SELECT a.code, SUM(l.credit - l.debit)::numeric(15,2)::text AS balance
         FROM accounting.accounting_entries e
         JOIN accounting.accounting_entry_lines l ON l.entry_id = e.id AND l.company_id = e.company_id
         JOIN accounting.accounts a ON a.company_id = l.company_id AND a.id = l.account_id
        WHERE e.company_id = $1 AND e.journal = 'PA' AND e.status <> 'draft' AND e.date BETWEEN $2 AND $3
          AND (a.code LIKE '431%' OR a.code LIKE '447%')
        GROUP BY a.code ORDER BY a.code`,
      { bind: [req.params.companyId.toLowerCase(), from, to], type: QueryTypes.SELECT },
    );
    res.json(Object.fromEntries(rows.map((r) => [r.code, r.balance])));
  });
  return router;
}
