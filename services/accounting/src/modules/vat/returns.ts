import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_COMPANY,
  MESSAGES_VAT,
  VAT_ACCOUNTS,
  vatPeriodLabel,
  vatPeriodRange,
  type VatReturn,
  type VatReturnFigures,
  type VatReturnPreview,
  type VatReturnSummary,
  type vatReturnInputSchema,
} from '@xaalis/contracts';
import { isCalendarDate, isNegative, isZero, neg, sub } from '@xaalis/domain';
import { HttpError, isUniqueViolation, isUuid, notFound } from '@xaalis/service-kit';
import type { z } from 'zod';
import { ledgerError, ledgerWrite, postEntry, todayInDakar, type PostingLine } from '../posting';
import { companyIdentity } from '../../model-support';
import { checksOf, computeReturn, type PeriodRange } from './figures';

type ReturnInput = z.output<typeof vatReturnInputSchema>;

/** The ledger's refusals (a declared or closed period: 409); two declarations of one period at once: 409. */
function vatError(err: unknown): unknown {
  if (isUniqueViolation(err) && (err as { parent?: { constraint?: string } }).parent?.constraint?.startsWith('vat_returns_'))
    return new HttpError(409, MESSAGES_VAT.alreadyDeclared);
  return ledgerError(err);
}

interface ReturnRow {
  id: string;
  period: string;
  start_date: string;
  end_date: string;
  version: number;
  status: VatReturnSummary['status'];
  filed_on: string;
  reference: string | null;
  figures: VatReturnFigures;
  collected: string;
  deductible: string;
  withheld: string;
  due: string;
  credit_carried_forward: string;
  settlement_entry_id: string | null;
  previous_id: string | null;
  entry_ids: string[];
  created_at: Date;
}

const COLUMNS = `id, period, start_date::text AS start_date, end_date::text AS end_date, version, status, filed_on::text AS filed_on, reference,
  figures, collected::text AS collected, deductible::text AS deductible, withheld::text AS withheld, due::text AS due,
  credit_carried_forward::text AS credit_carried_forward, settlement_entry_id, previous_id, entry_ids, created_at`;

const summaryOf = (r: ReturnRow): VatReturnSummary => ({
  id: r.id,
  period: r.period,
  version: r.version,
  status: r.status,
  filedOn: r.filed_on,
  reference: r.reference,
  collected: r.collected,
  deductible: r.deductible,
  due: r.due,
  creditCarriedForward: r.credit_carried_forward,
  settlementEntryId: r.settlement_entry_id,
  createdAt: r.created_at.toISOString(),
});

/** The settlement's amounts: what this return clears, less what the return it corrects already cleared. */
function settlementLines(f: VatReturnFigures, prev: VatReturnFigures | null, label: string): PostingLine[] {
  const d = (pick: (x: VatReturnFigures) => string) => (prev ? sub(pick(f), pick(prev)) : pick(f));
  const goods = (x: VatReturnFigures) => x.lines.find((l) => l.code === 'deductible_goods')?.vat ?? '0.00';
  const assets = (x: VatReturnFigures) => x.lines.find((l) => l.code === 'deductible_assets')?.vat ?? '0.00';
  // [account, amount, on the debit side when positive]
  const parts: [string, string, boolean, string][] = [
    [VAT_ACCOUNTS.collected, d((x) => x.collected), true, 'TVA collectée'],
    [VAT_ACCOUNTS.deductibleGoods, d(goods), false, 'TVA déductible sur achats'],
    [VAT_ACCOUNTS.deductibleAssets, d(assets), false, 'TVA déductible sur immobilisations'],
    [VAT_ACCOUNTS.withheld, d((x) => x.withheld), false, 'TVA retenue à la source par les clients'],
    [VAT_ACCOUNTS.credit, d((x) => x.creditBroughtForward), false, 'Crédit de TVA imputé'],
    [VAT_ACCOUNTS.due, d((x) => x.due), false, 'TVA due'],
    [VAT_ACCOUNTS.credit, d((x) => x.creditCarriedForward), true, 'Crédit de TVA à reporter'],
  ];
  return parts
    .filter(([, amount]) => !isZero(amount))
    .map(([accountCode, amount, debitSide, what]) => {
      const debit = isNegative(amount) ? !debitSide : debitSide;
      const abs = isNegative(amount) ? neg(amount) : amount;
      return { accountCode, description: `${what} — ${label}`.slice(0, 255), ...(debit ? { debit: abs } : { credit: abs }) };
    });
}

/**
 * VAT returns (Déclaration de TVA): the preview of a period, its
 * declaration — the figures and their entries frozen, the settlement entry
 * posted, the period locked by the database — reopening for a corrective
 * return, and the returns filed.
 */
export function vatReturnsService(sequelize: Sequelize) {
  const write = <T>(fn: (transaction: Transaction) => Promise<T>) => ledgerWrite(sequelize, fn, vatError);

  /** The period as the company declares it (monthly or quarterly: Paramètres → Fiscalité). */
  async function rangeOf(companyId: string, period: string, transaction?: Transaction): Promise<PeriodRange> {
    const range = vatPeriodRange(period);
    if (!range) throw new HttpError(400, MESSAGES_VAT.periodInvalid, [{ path: 'period', message: MESSAGES_VAT.periodInvalid }]);
    const [company] = await sequelize.query<{ vat_periodicity: 'monthly' | 'quarterly' }>(
      'SELECT vat_periodicity FROM accounting.companies WHERE id = $1',
      { bind: [companyId], type: QueryTypes.SELECT, transaction },
    );
    if (!company) throw notFound(MESSAGES_COMPANY.notFound);
    if (range.quarterly !== (company.vat_periodicity === 'quarterly')) {
      const message = range.quarterly ? MESSAGES_VAT.periodMonthly : MESSAGES_VAT.periodQuarterly;
      throw new HttpError(400, message, [{ path: 'period', message }]);
    }
    return { period: range.period, start: range.start, end: range.end };
  }

  async function currentOf(companyId: string, period: string, transaction?: Transaction, lock = false): Promise<ReturnRow | null> {
    const [row] = await sequelize.query<ReturnRow>(
      `SELECT ${COLUMNS} FROM accounting.vat_returns WHERE company_id = $1 AND period = $2 AND status <> 'superseded'${lock ? ' FOR UPDATE' : ''}`,
      { bind: [companyId, period], type: QueryTypes.SELECT, transaction },
    );
    return row ?? null;
  }

  async function rowOf(companyId: string, id: string, transaction?: Transaction): Promise<ReturnRow> {
    const [row] = isUuid(id)
      ? await sequelize.query<ReturnRow>(`SELECT ${COLUMNS} FROM accounting.vat_returns WHERE company_id = $1 AND id = $2`, {
          bind: [companyId, id],
          type: QueryTypes.SELECT,
          transaction,
        })
      : [];
    if (!row) throw notFound(MESSAGES_VAT.notFound);
    return row;
  }

  async function full(companyId: string, row: ReturnRow, transaction?: Transaction): Promise<VatReturn> {
    const previous = row.previous_id ? (await rowOf(companyId, row.previous_id, transaction)).figures : null;
    const { ninea } = await companyIdentity(sequelize, companyId, transaction);
    const f = row.figures;
    return {
      ...f,
      ...summaryOf(row),
      previous,
      difference: previous
        ? {
            collected: sub(f.collected, previous.collected),
            deductible: sub(f.deductible, previous.deductible),
            withheld: sub(f.withheld, previous.withheld),
            due: sub(f.due, previous.due),
            creditCarriedForward: sub(f.creditCarriedForward, previous.creditCarriedForward),
          }
        : null,
      entryIds: row.entry_ids,
      ninea,
    };
  }

  return {
    async preview(companyId: string, period: string): Promise<VatReturnPreview> {
      const range = await rangeOf(companyId, period);
      const [{ figures, ledger }, drafts, current] = await Promise.all([
        computeReturn(sequelize, companyId, range),
        sequelize.query<{ id: string; number: string; date: string; total: string }>(
          `SELECT id, number, date::text AS date, total::text AS total FROM accounting.invoices
            WHERE company_id = $1 AND status = 'draft' AND date BETWEEN $2 AND $3 ORDER BY date, number LIMIT 100`,
          { bind: [companyId, range.start, range.end], type: QueryTypes.SELECT },
        ),
        currentOf(companyId, range.period),
      ]);
      return {
        ...figures,
        checks: checksOf(figures, ledger),
        ledger,
        draftInvoices: drafts,
        declared: current ? summaryOf(current) : null,
        declarable: range.end < todayInDakar() && (!current || current.status === 'reopened'),
      };
    },

    /**
     * Declares the period: its figures (a corrective return when the return
     * in force was reopened), the settlement entry of what they change —
     * D 4431 / C 4452, 4451, 4492, 4449 (credit used) / C 4441 (due) or
     * D 4449 (credit to carry) — dated the period's last day, then the
     * return itself, which locks the period. One transaction.
     */
    async declare(companyId: string, v: ReturnInput, userId: string | null): Promise<VatReturn> {
      return write(async (transaction) => {
        const range = await rangeOf(companyId, v.period, transaction);
        await sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('vat-returns:' || $1 || ':' || $2))`, {
          bind: [companyId, range.period],
          transaction,
        });
        if (!isCalendarDate(v.filedOn))
          throw new HttpError(400, MESSAGES_VAT.filedOnRequired, [{ path: 'filedOn', message: MESSAGES_VAT.filedOnRequired }]);
        if (range.end >= todayInDakar())
          throw new HttpError(400, MESSAGES_VAT.periodNotOver, [{ path: 'period', message: MESSAGES_VAT.periodNotOver }]);
        if (v.filedOn <= range.end)
          throw new HttpError(400, MESSAGES_VAT.filedOnBeforeEnd, [{ path: 'filedOn', message: MESSAGES_VAT.filedOnBeforeEnd }]);
        const current = await currentOf(companyId, range.period, transaction, true);
        if (current?.status === 'declared') throw new HttpError(409, MESSAGES_VAT.alreadyDeclared);

        const { figures, entryIds } = await computeReturn(sequelize, companyId, range, transaction);
        const version = (current?.version ?? 0) + 1;
        const id = randomUUID();
        const label = `${vatPeriodLabel(range.period)}${version > 1 ? ` (rectificative n° ${version})` : ''}`;
        const lines = settlementLines(figures, current?.figures ?? null, label);
        const entry = lines.length
          ? await postEntry(transaction, {
              companyId,
              journal: 'OD',
              date: range.end,
              description: `Liquidation de la TVA — ${label}`,
              reference: v.reference || null,
              lines,
              sourceType: 'vat_return',
              sourceId: id,
              userId,
            })
          : null;
        if (current) {
          await sequelize.query(`UPDATE accounting.vat_returns SET status = 'superseded' WHERE id = $1`, {
            bind: [current.id],
            transaction,
          });
        }
        await sequelize.query(
          `INSERT INTO accounting.vat_returns (id, company_id, period, start_date, end_date, version, status, filed_on, reference, figures,
             collected, deductible, withheld, credit_brought_forward, due, credit_carried_forward, entry_ids, settlement_entry_id, previous_id, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, 'declared', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
          {
            bind: [
              id,
              companyId,
              range.period,
              range.start,
              range.end,
              version,
              v.filedOn,
              v.reference || null,
              JSON.stringify(figures),
              figures.collected,
              figures.deductible,
              figures.withheld,
              figures.creditBroughtForward,
              figures.due,
              figures.creditCarriedForward,
              entryIds,
              entry?.id ?? null,
              current?.id ?? null,
              userId,
            ],
            transaction,
          },
        );
        return full(companyId, await rowOf(companyId, id, transaction), transaction);
      });
    },

    /** Reopens the return in force of its period for a corrective return: the period is unlocked until it is declared again. */
    async reopen(companyId: string, id: string, userId: string | null): Promise<VatReturn> {
      return write(async (transaction) => {
        const row = await rowOf(companyId, id, transaction);
        if (row.status !== 'declared') throw new HttpError(409, MESSAGES_VAT.notDeclared);
        await sequelize.query(
          `UPDATE accounting.vat_returns SET status = 'reopened', reopened_by = $2, reopened_at = now() WHERE id = $1 AND status = 'declared'`,
          { bind: [id, userId], transaction },
        );
        return full(companyId, await rowOf(companyId, id, transaction), transaction);
      });
    },

    async list(companyId: string, page: { page: number; pageSize: number }) {
      const [rows, [{ count }]] = await Promise.all([
        sequelize.query<ReturnRow>(
          `SELECT ${COLUMNS} FROM accounting.vat_returns WHERE company_id = $1 ORDER BY start_date DESC, version DESC LIMIT $2 OFFSET $3`,
          { bind: [companyId, page.pageSize, (page.page - 1) * page.pageSize], type: QueryTypes.SELECT },
        ),
        sequelize.query<{ count: number }>('SELECT count(*)::int AS count FROM accounting.vat_returns WHERE company_id = $1', {
          bind: [companyId],
          type: QueryTypes.SELECT,
        }),
      ]);
      return { items: rows.map(summaryOf), page: page.page, pageSize: page.pageSize, totalItems: count };
    },

    async get(companyId: string, id: string): Promise<VatReturn> {
      return full(companyId, await rowOf(companyId, id));
    },

    rangeOf,
  };
}
