import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_WITHHOLDING,
  vatPeriodRange,
  type WithholdingBeneficiary,
  type WithholdingFigures,
  type WithholdingPreview,
  type WithholdingStatement,
  type WithholdingStatementSummary,
  type withholdingStatementInputSchema,
} from '@xaalis/contracts';
import { isCalendarDate, sum } from '@xaalis/domain';
import { HttpError, isUniqueViolation, isUuid, notFound } from '@xaalis/service-kit';
import type { z } from 'zod';
import { companyIdentity } from '../../model-support';
import { todayInDakar } from '../posting';

type StatementInput = z.output<typeof withholdingStatementInputSchema>;

interface StatementRow {
  id: string;
  period: string;
  filed_on: string;
  reference: string | null;
  figures: WithholdingFigures;
  total_gross: string;
  total_withheld: string;
  created_at: Date;
}

const COLUMNS = `id, period, filed_on::text AS filed_on, reference, figures, total_gross::text AS total_gross,
  total_withheld::text AS total_withheld, created_at`;

const summaryOf = (r: StatementRow): WithholdingStatementSummary => ({
  id: r.id,
  period: r.period,
  filedOn: r.filed_on,
  reference: r.reference,
  totalGross: r.total_gross,
  totalWithheld: r.total_withheld,
  createdAt: r.created_at.toISOString(),
});

/**
 * Bordereaux de retenue à la source (BRS): the tax withheld from third
 * parties' payments in a period, per beneficiary with its NINEA, from the
 * payments whose entries stand; filed once per period (a month or a
 * quarter, never both), frozen as filed. Nothing is posted: the withholding
 * was posted with each payment (C 4471), the State is paid by a payment.
 */
export function withholdingsService(sequelize: Sequelize) {
  const rangeOf = (period: string) => {
    const range = vatPeriodRange(period);
    if (!range)
      throw new HttpError(400, MESSAGES_WITHHOLDING.periodInvalid, [{ path: 'period', message: MESSAGES_WITHHOLDING.periodInvalid }]);
    return range;
  };

  async function figures(companyId: string, period: string): Promise<WithholdingFigures> {
    const range = rangeOf(period);
    const beneficiaries = await sequelize.query<WithholdingBeneficiary>(
      `SELECT tp.id AS "thirdPartyId", tp.name, tp.tax_number AS ninea, sum(p.amount)::text AS gross, sum(p.withholding)::text AS withheld,
              count(*)::int AS payments
         FROM accounting.payments p
         JOIN accounting.invoices i ON i.id = p.invoice_id AND i.company_id = p.company_id
         JOIN accounting.third_parties tp ON tp.id = i.third_party_id AND tp.company_id = p.company_id
         JOIN accounting.accounting_entries e ON e.id = p.entry_id AND e.status = 'validated'
        WHERE p.company_id = $1 AND p.withholding > 0 AND p.date BETWEEN $2 AND $3
        GROUP BY tp.id, tp.name, tp.tax_number
        ORDER BY tp.name, tp.id`,
      { bind: [companyId, range.start, range.end], type: QueryTypes.SELECT },
    );
    return {
      period: range.period,
      start: range.start,
      end: range.end,
      beneficiaries,
      totalGross: sum(beneficiaries.map((b) => b.gross)),
      totalWithheld: sum(beneficiaries.map((b) => b.withheld)),
    };
  }

  async function rowOf(companyId: string, id: string): Promise<StatementRow> {
    const [row] = isUuid(id)
      ? await sequelize.query<StatementRow>(`SELECT ${COLUMNS} FROM accounting.withholding_statements WHERE company_id = $1 AND id = $2`, {
          bind: [companyId, id],
          type: QueryTypes.SELECT,
        })
      : [];
    if (!row) throw notFound(MESSAGES_WITHHOLDING.notFound);
    return row;
  }

  const overlapping = async (companyId: string, start: string, end: string, transaction?: Transaction) =>
    (
      await sequelize.query<StatementRow>(
        `SELECT ${COLUMNS} FROM accounting.withholding_statements
          WHERE company_id = $1 AND start_date <= $3 AND end_date >= $2 ORDER BY start_date LIMIT 1`,
        { bind: [companyId, start, end], type: QueryTypes.SELECT, transaction },
      )
    )[0] ?? null;

  async function full(companyId: string, row: StatementRow): Promise<WithholdingStatement> {
    return { ...row.figures, ...summaryOf(row), ninea: (await companyIdentity(sequelize, companyId)).ninea };
  }

  return {
    async preview(companyId: string, period: string): Promise<WithholdingPreview> {
      const f = await figures(companyId, period);
      const filed = await overlapping(companyId, f.start, f.end);
      return { ...f, declared: filed ? summaryOf(filed) : null, declarable: !filed && f.end < todayInDakar() };
    },

    async declare(companyId: string, v: StatementInput, userId: string | null): Promise<WithholdingStatement> {
      const range = rangeOf(v.period);
      if (!isCalendarDate(v.filedOn))
        throw new HttpError(400, MESSAGES_WITHHOLDING.filedOnRequired, [
          { path: 'filedOn', message: MESSAGES_WITHHOLDING.filedOnRequired },
        ]);
      if (range.end >= todayInDakar())
        throw new HttpError(400, MESSAGES_WITHHOLDING.periodNotOver, [{ path: 'period', message: MESSAGES_WITHHOLDING.periodNotOver }]);
      if (v.filedOn <= range.end)
        throw new HttpError(400, MESSAGES_WITHHOLDING.filedOnBeforeEnd, [
          { path: 'filedOn', message: MESSAGES_WITHHOLDING.filedOnBeforeEnd },
        ]);
      const id = await sequelize
        .transaction(async (transaction) => {
          // One filing at a time per company: a month and its quarter cannot both get in.
          await sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('withholding-statements:' || $1))`, {
            bind: [companyId],
            transaction,
          });
          const filed = await overlapping(companyId, range.start, range.end, transaction);
          if (filed)
            throw new HttpError(409, filed.period === range.period ? MESSAGES_WITHHOLDING.alreadyDeclared : MESSAGES_WITHHOLDING.overlaps);
          const f = await figures(companyId, range.period);
          const [row] = await sequelize.query<{ id: string }>(
            `INSERT INTO accounting.withholding_statements (company_id, period, start_date, end_date, filed_on, reference, figures,
               total_gross, total_withheld, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
            {
              bind: [
                companyId,
                f.period,
                f.start,
                f.end,
                v.filedOn,
                v.reference || null,
                JSON.stringify(f),
                f.totalGross,
                f.totalWithheld,
                userId,
              ],
              type: QueryTypes.SELECT,
              transaction,
            },
          );
          return row.id;
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? new HttpError(409, MESSAGES_WITHHOLDING.alreadyDeclared) : err;
        });
      return full(companyId, await rowOf(companyId, id));
    },

    async list(companyId: string, page: { page: number; pageSize: number }) {
      const [rows, [{ count }]] = await Promise.all([
        sequelize.query<StatementRow>(
          `SELECT ${COLUMNS} FROM accounting.withholding_statements WHERE company_id = $1 ORDER BY start_date DESC LIMIT $2 OFFSET $3`,
          { bind: [companyId, page.pageSize, (page.page - 1) * page.pageSize], type: QueryTypes.SELECT },
        ),
        sequelize.query<{ count: number }>('SELECT count(*)::int AS count FROM accounting.withholding_statements WHERE company_id = $1', {
          bind: [companyId],
          type: QueryTypes.SELECT,
        }),
      ]);
      return { items: rows.map(summaryOf), page: page.page, pageSize: page.pageSize, totalItems: count };
    },

    async get(companyId: string, id: string): Promise<WithholdingStatement> {
      return full(companyId, await rowOf(companyId, id));
    },
  };
}
