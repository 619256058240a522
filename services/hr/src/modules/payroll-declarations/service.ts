import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_PAYROLL_DECLARATION,
  payrollPeriodRange,
  type DeclarationChecks,
  type PayrollDeclaration,
  type PayrollDeclarationInput,
  type PayrollDeclarationKind,
  type PayrollDeclarationPreview,
  type PayrollDeclarationStatus,
  type PayrollDeclarationSummary,
  type Paged,
  type SalaryTaxFigures,
  type SocialDeclarationFigures,
} from '@xaalis/contracts';
import { add, compare, sub } from '@xaalis/domain';
import { HttpError, isUuid, notFound, pagedOf, type InternalClient, type Logger } from '@xaalis/service-kit';
import { draftCount, salaryTaxFigures, salaryTaxLedgerView, socialFigures, socialLedgerView, type MonthRange } from './figures';

type Figures = SocialDeclarationFigures | SalaryTaxFigures;

/** Each kind: how its figures are computed, what it says for the ledger, and what is paid for it. */
const KINDS: Record<
  PayrollDeclarationKind,
  {
    figures: (s: Sequelize, companyId: string, r: MonthRange, t?: Transaction) => Promise<Figures>;
    ledgerView: (f: Figures) => Record<string, string>;
    total: (f: Figures) => string;
  }
> = {
  social: {
    figures: socialFigures,
    ledgerView: (f) => socialLedgerView(f as SocialDeclarationFigures),
    total: (f) => add((f as SocialDeclarationFigures).totals.ipres, (f as SocialDeclarationFigures).totals.css),
  },
  'salary-tax': {
    figures: salaryTaxFigures,
    ledgerView: (f) => salaryTaxLedgerView(f as SalaryTaxFigures),
    total: (f) => (f as SalaryTaxFigures).totals.total,
  },
};

/** Reads the PA journal's balances of 431x and 447x over a period from the accounting service; null when it does not answer. */
export type PayrollBalancesLookup = (companyId: string, from: string, to: string) => Promise<Record<string, string> | null>;

export function payrollBalancesLookup(accounting: InternalClient, log?: Logger): PayrollBalancesLookup {
  return async (companyId, from, to) => {
    try {
      return await accounting.get<Record<string, string>>(
        `/internal/companies/${encodeURIComponent(companyId)}/payroll-balances?from=${from}&to=${to}`,
        { timeoutMs: 3_000 },
      );
    } catch (err) {
      log?.warn({ companyId, err: (err as Error).message }, 'payroll balances not available for the declaration check');
      return null;
    }
  };
}

/** The check of the page: every account the declaration or the ledger names, compared in exact cents. */
export function ledgerCheck(declaration: Record<string, string>, ledger: Record<string, string> | null): DeclarationChecks {
  if (!ledger) return { matchesLedger: null, ledger: null, declaration };
  const prefixes = [...new Set(Object.keys(declaration).map((k) => k.slice(0, 3)))];
  const codes = new Set([...Object.keys(declaration), ...Object.keys(ledger).filter((k) => prefixes.includes(k.slice(0, 3)))]);
  const scoped = Object.fromEntries([...codes].sort().map((k) => [k, ledger[k] ?? '0.00']));
  const matches = [...codes].every((k) => compare(declaration[k] ?? '0', ledger[k] ?? '0') === 0);
  return { matchesLedger: matches, ledger: scoped, declaration };
}

interface DeclarationRow {
  id: string;
  kind: PayrollDeclarationKind;
  period: string;
  version: number;
  status: PayrollDeclarationStatus;
  filed_on: string;
  reference: string | null;
  total: string;
  figures: Figures;
  created_at: Date;
}

const summaryOf = (r: DeclarationRow): PayrollDeclarationSummary => ({
  id: r.id,
  kind: r.kind,
  period: r.period,
  version: r.version,
  status: r.status,
  filedOn: r.filed_on,
  reference: r.reference,
  total: r.total,
  createdAt: r.created_at.toISOString(),
});

const COLUMNS = 'id, kind, period, version, status, filed_on::text AS filed_on, reference, total::text AS total, figures, created_at';

/** Every numeric total of `now` minus the same of `before`. */
function differenceOf(now: Figures['totals'], before: Figures['totals']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(now) as [string, string | number][]) {
    const b = (before as unknown as Record<string, string | number>)[k];
    out[k] = typeof v === 'number' ? String(v - Number(b ?? 0)) : sub(v, String(b ?? '0'));
  }
  return out;
}

/** Dakar is on UTC all year. */
const todayInDakar = () => new Date().toISOString().slice(0, 10);

/**
 * The payroll declarations of one company (issue 31): a period's preview from its validated and
 * paid slips with the ledger check, 'Déclarer' (frozen figures, a locked period), reopening for a
 * corrective declaration, and the declarations filed. Another company's declaration is a 404.
 */
export function payrollDeclarationsService(sequelize: Sequelize, balances: PayrollBalancesLookup) {
  function rangeOf(kind: PayrollDeclarationKind, period: string): MonthRange {
    const r = payrollPeriodRange(period);
    if (!r || (kind === 'salary-tax' && r.firstMonth !== r.lastMonth)) throw new HttpError(400, MESSAGES_PAYROLL_DECLARATION.periodInvalid);
    return r;
  }

  /** The declarations in force (or reopened) of the kind overlapping the months, newest first. */
  async function overlapping(companyId: string, kind: PayrollDeclarationKind, r: MonthRange, transaction?: Transaction) {
    return sequelize.query<DeclarationRow>(
      `SELECT ${COLUMNS} FROM hr.payroll_declarations
        WHERE company_id = $1 AND kind = $2 AND status <> 'superseded' AND first_month <= $4 AND last_month >= $3
        ORDER BY created_at DESC`,
      { bind: [companyId, kind, r.firstMonth, r.lastMonth], type: QueryTypes.SELECT, transaction },
    );
  }

  async function find(companyId: string, kind: PayrollDeclarationKind, id: string, transaction?: Transaction): Promise<DeclarationRow> {
    const [row] = isUuid(id)
      ? await sequelize.query<DeclarationRow>(
          `SELECT ${COLUMNS} FROM hr.payroll_declarations WHERE company_id = $1 AND kind = $2 AND id = $3${transaction ? ' FOR UPDATE' : ''}`,
          { bind: [companyId, kind, id.toLowerCase()], type: QueryTypes.SELECT, transaction },
        )
      : [];
    if (!row) throw notFound(MESSAGES_PAYROLL_DECLARATION.notFound);
    return row;
  }

  /** The declaration with, for a corrective one, the version it replaces and the difference. */
  async function full(companyId: string, row: DeclarationRow): Promise<PayrollDeclaration> {
    const [previous] =
      row.version > 1
        ? await sequelize.query<{ figures: Figures }>(
            `SELECT figures FROM hr.payroll_declarations WHERE company_id = $1 AND kind = $2 AND period = $3 AND version = $4`,
            { bind: [companyId, row.kind, row.period, row.version - 1], type: QueryTypes.SELECT },
          )
        : [];
    const payments = await sequelize.query<{ id: string; paymentDate: string; total: string; entryNumber: string | null }>(
      `SELECT id, payment_date::text AS "paymentDate", total::text AS total, entry_number AS "entryNumber"
         FROM hr.payroll_payments WHERE company_id = $1 AND kind = $2 AND period = $3 ORDER BY created_at`,
      { bind: [companyId, row.kind, row.period], type: QueryTypes.SELECT },
    );
    return {
      ...summaryOf(row),
      payments,
      leftToPay: sub(row.total, add('0', ...payments.map((p) => p.total))),
      figures: row.figures,
      previousTotals: previous ? (previous.figures.totals as unknown as Record<string, string | number>) : null,
      difference: previous ? differenceOf(row.figures.totals, previous.figures.totals) : null,
    };
  }

  return {
    rangeOf,

    async preview(companyId: string, kind: PayrollDeclarationKind, period: string): Promise<PayrollDeclarationPreview<Figures>> {
      const r = rangeOf(kind, period);
      const [figures, ledger, drafts, declaredRows] = await Promise.all([
        KINDS[kind].figures(sequelize, companyId, r),
        balances(companyId, r.start, r.end),
        draftCount(sequelize, companyId, r),
        overlapping(companyId, kind, r),
      ]);
      const inForce = declaredRows.find((d) => d.status === 'declared') ?? declaredRows[0] ?? null;
      return {
        ...figures,
        checks: ledgerCheck(KINDS[kind].ledgerView(figures), ledger),
        declared: inForce ? summaryOf(inForce) : null,
        declarable: r.end < todayInDakar() && !declaredRows.some((d) => d.status === 'declared') && figures.employees.length > 0,
        draftPayslips: drafts,
      };
    },

    /**
     * 'Déclarer': under a per-company lock, refuses a period a declaration in force overlaps,
     * locks the period's slips (a validation racing this one waits, then meets the lock), keeps
     * the figures as filed; a reopened declaration of the same period is superseded by this one.
     */
    async declare(
      companyId: string,
      kind: PayrollDeclarationKind,
      input: PayrollDeclarationInput,
      userId: string | null,
    ): Promise<PayrollDeclaration> {
      const r = rangeOf(kind, input.period);
      if (input.filedOn < r.end) throw new HttpError(400, MESSAGES_PAYROLL_DECLARATION.filedOnBeforeEnd);
      const row = await sequelize.transaction(async (transaction) => {
        await sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('payroll-declaration:' || $1 || ':' || $2))`, {
          bind: [companyId, kind],
          transaction,
        });
        const existing = await overlapping(companyId, kind, r, transaction);
        const inForce = existing.find((d) => d.status === 'declared');
        if (inForce)
          throw new HttpError(
            409,
            inForce.period === r.period ? MESSAGES_PAYROLL_DECLARATION.alreadyDeclared : MESSAGES_PAYROLL_DECLARATION.overlap,
          );
        await sequelize.query(
          `SELECT id FROM hr.payslips WHERE company_id = $1 AND period BETWEEN $2 AND $3 AND status IN ('validated', 'paid') FOR SHARE`,
          { bind: [companyId, r.firstMonth, r.lastMonth], transaction },
        );
        const figures = await KINDS[kind].figures(sequelize, companyId, r, transaction);
        if (figures.employees.length === 0) throw new HttpError(400, MESSAGES_PAYROLL_DECLARATION.nothingToDeclare);
        await sequelize.query(
          `UPDATE hr.payroll_declarations SET status = 'superseded' WHERE company_id = $1 AND kind = $2 AND period = $3 AND status = 'reopened'`,
          { bind: [companyId, kind, r.period], transaction },
        );
        const [inserted] = await sequelize.query<DeclarationRow>(
          `INSERT INTO hr.payroll_declarations
             (company_id, kind, period, first_month, last_month, version, filed_on, reference, total, figures, payslip_ids, declared_by)
           VALUES ($1, $2, $3, $4, $5,
             (SELECT COALESCE(max(version), 0) + 1 FROM hr.payroll_declarations WHERE company_id = $1 AND kind = $2 AND period = $3),
             $6, $7, $8, $9::jsonb, $10::uuid[], $11)
           RETURNING ${COLUMNS}`,
          {
            bind: [
              companyId,
              kind,
              r.period,
              r.firstMonth,
              r.lastMonth,
              input.filedOn,
              input.reference ?? null,
              KINDS[kind].total(figures),
              JSON.stringify(figures),
              figures.employees.flatMap((e) => e.payslipIds),
              userId,
            ],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        return inserted;
      });
      return full(companyId, row);
    },

    /** Reopens a declaration in force: its period's slips can be corrected, then declared again. */
    async reopen(companyId: string, kind: PayrollDeclarationKind, id: string, userId: string | null): Promise<PayrollDeclaration> {
      const row = await sequelize.transaction(async (transaction) => {
        const current = await find(companyId, kind, id, transaction);
        if (current.status !== 'declared') throw new HttpError(409, MESSAGES_PAYROLL_DECLARATION.reopenOnlyDeclared);
        await sequelize.query(
          `UPDATE hr.payroll_declarations SET status = 'reopened', reopened_by = $3 WHERE company_id = $1 AND id = $2`,
          {
            bind: [companyId, current.id, userId],
            transaction,
          },
        );
        return { ...current, status: 'reopened' as const };
      });
      return full(companyId, row);
    },

    async get(companyId: string, kind: PayrollDeclarationKind, id: string): Promise<PayrollDeclaration> {
      return full(companyId, await find(companyId, kind, id));
    },

    /** The declarations filed, newest first. */
    async list(
      companyId: string,
      kind: PayrollDeclarationKind,
      q: { page: number; pageSize: number },
    ): Promise<Paged<PayrollDeclarationSummary>> {
      const [rows, [count]] = await Promise.all([
        sequelize.query<DeclarationRow>(
          `SELECT ${COLUMNS} FROM hr.payroll_declarations WHERE company_id = $1 AND kind = $2
            ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
          { bind: [companyId, kind, q.pageSize, (q.page - 1) * q.pageSize], type: QueryTypes.SELECT },
        ),
        sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM hr.payroll_declarations WHERE company_id = $1 AND kind = $2`, {
          bind: [companyId, kind],
          type: QueryTypes.SELECT,
        }),
      ]);
      return pagedOf(rows.map(summaryOf), q, count?.n ?? 0);
    },
  };
}

export type PayrollDeclarationsService = ReturnType<typeof payrollDeclarationsService>;
