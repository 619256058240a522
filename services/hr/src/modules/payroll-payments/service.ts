import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  JOBS,
  MESSAGES_PAYROLL_DECLARATION,
  MESSAGES_PAYROLL_PAYMENT,
  MESSAGES_PAYSLIP,
  payrollPeriodLabel,
  payrollPeriodRange,
  type PayrollDebt,
  type PayrollDeclarationKind,
  type PayrollPayment,
  type PayrollPaymentKind,
  type PayrollTransferResult,
  type PostPayrollPaymentJob,
  type SalaryTaxFigures,
  type SocialDeclarationFigures,
  type TransferOrder,
} from '@xaalis/contracts';
import { add, compare, normalizeIban, sub } from '@xaalis/domain';
import { HttpError, isUuid, notFound, type Logger } from '@xaalis/service-kit';

/** Where the payments are sent to be posted (the accounting service's queue: accounting-queue.ts). */
export interface PaymentProducer {
  add(name: string, data: PostPayrollPaymentJob, opts: { jobId: string }): Promise<unknown>;
}

export const paymentJobId = (paymentId: string) => `payroll-payment-${paymentId}`;

/**
 * The bank code of an account as employees give it: a UEMOA IBAN (28 characters: SNkk, then the
 * RIB whose first 5 characters are the bank code, e.g. SN010) or a bare RIB of 24; '' otherwise.
 */
export function bankCodeOf(account: string): string {
  const a = normalizeIban(account);
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{24}$/.test(a)) return a.slice(4, 9);
  if (/^[A-Z0-9]{24}$/.test(a)) return a.slice(0, 5);
  return '';
}

interface PaymentRow {
  id: string;
  company_id: string;
  kind: PayrollPaymentKind;
  period: string;
  declaration_id: string | null;
  payment_date: string;
  treasury_account_id: string | null;
  total: string;
  detail: { debt: PayrollDebt; description: string; amount: string }[];
  entry_number: string | null;
  created_by: string | null;
  created_at: Date;
}

const COLUMNS = `id, company_id, kind, period, declaration_id, payment_date::text AS payment_date, treasury_account_id,
  total::text AS total, detail, entry_number, created_by, created_at`;

const toPayment = (r: PaymentRow): PayrollPayment => ({
  id: r.id,
  kind: r.kind,
  period: r.period,
  declarationId: r.declaration_id,
  paymentDate: r.payment_date,
  treasuryAccountId: r.treasury_account_id,
  total: r.total,
  lines: r.detail,
  entryNumber: r.entry_number,
  createdAt: r.created_at.toISOString(),
});

const DESCRIPTIONS: Record<PayrollPaymentKind, string> = {
  transfer: 'Virement des salaires',
  social: 'Paiement IPRES et CSS',
  'salary-tax': 'Paiement des retenues sur salaires (IR, TRIMF, CFCE)',
};

/** The accounting job of a stored payment (the sweep sends the same payload again). */
export function paymentJob(r: PaymentRow): PostPayrollPaymentJob {
  return {
    companyId: r.company_id,
    paymentId: r.id,
    userId: r.created_by,
    date: r.payment_date,
    description: `${DESCRIPTIONS[r.kind]} — ${payrollPeriodLabel(r.period)}`.slice(0, 255),
    treasuryAccountId: r.treasury_account_id,
    lines: r.detail,
    ...(r.kind === 'transfer' ? {} : { letterPeriod: letterPeriodOf(r.period) }),
  };
}

/** The dates of a declaration's period, for its payment's lettering. */
function letterPeriodOf(period: string): { from: string; to: string } | undefined {
  const r = payrollPeriodRange(period);
  return r ? { from: r.start, to: r.end } : undefined;
}

interface SlipToPay {
  payslip_id: string;
  employee_id: string;
  employee_number: string;
  first_name: string;
  last_name: string;
  bank_account: string | null;
  net: string;
}

/**
 * Payments of payroll debts in one entry each (issue 31): a month's salaries by one bank
 * transfer (the order for the bank, then the slips paid together), and each declaration to its
 * fund. A payment is written with its outbox flag in one transaction and enqueued after the
 * commit; the sweep enqueues again what the accounting service has not confirmed.
 */
export function payrollPaymentsService(sequelize: Sequelize, producer: PaymentProducer, log?: Logger) {
  async function enqueue(row: PaymentRow): Promise<void> {
    try {
      await producer.add(JOBS.postPayrollPayment, paymentJob(row), { jobId: paymentJobId(row.id) });
    } catch (err) {
      log?.warn({ paymentId: row.id, err: (err as Error).message }, 'payroll payment not enqueued; the sweep will retry');
    }
  }

  async function insertPayment(
    transaction: Transaction,
    companyId: string,
    p: Pick<PaymentRow, 'kind' | 'period' | 'declaration_id' | 'payment_date' | 'treasury_account_id' | 'detail'>,
    userId: string | null,
  ): Promise<PaymentRow> {
    const [row] = await sequelize.query<PaymentRow>(
      `INSERT INTO hr.payroll_payments (company_id, kind, period, declaration_id, payment_date, treasury_account_id, total, detail, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9) RETURNING ${COLUMNS}`,
      {
        bind: [
          companyId,
          p.kind,
          p.period,
          p.declaration_id,
          p.payment_date,
          p.treasury_account_id,
          add('0', ...p.detail.map((l) => l.amount)),
          JSON.stringify(p.detail),
          userId,
        ],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    return row;
  }

  /** Validated slips of the month, with their employee's account (locked when in a transaction). */
  async function slipsToPay(companyId: string, period: string, transaction?: Transaction): Promise<SlipToPay[]> {
    return sequelize.query<SlipToPay>(
      `SELECT p.id AS payslip_id, e.id AS employee_id, e.employee_number, e.first_name, e.last_name, e.bank_account, p.net_salary::text AS net
         FROM hr.payslips p JOIN hr.employees e ON e.company_id = p.company_id AND e.id = p.employee_id
        WHERE p.company_id = $1 AND p.period = $2 AND p.status = 'validated'
        ORDER BY e.last_name, e.first_name, e.employee_number
        ${transaction ? 'FOR UPDATE OF p' : ''}`,
      { bind: [companyId, period], type: QueryTypes.SELECT, transaction },
    );
  }

  function orderOf(period: string, slips: SlipToPay[]): TransferOrder {
    const withAccount = slips.filter((s) => s.bank_account && s.bank_account.trim() !== '');
    const lines = withAccount.map((s) => ({
      payslipId: s.payslip_id,
      employeeId: s.employee_id,
      employeeNumber: s.employee_number,
      firstName: s.first_name,
      lastName: s.last_name,
      bank: bankCodeOf(s.bank_account ?? ''),
      account: (s.bank_account ?? '').trim(),
      net: s.net,
    }));
    const missing = slips
      .filter((s) => !withAccount.includes(s))
      .map((s) => ({
        payslipId: s.payslip_id,
        employeeNumber: s.employee_number,
        firstName: s.first_name,
        lastName: s.last_name,
        net: s.net,
      }));
    return { period, lines, total: add('0', ...lines.map((l) => l.net)), missing };
  }

  return {
    /** The transfer order of a month: its validated slips, one line per employee with a bank account. */
    async transferOrder(companyId: string, period: string): Promise<TransferOrder> {
      return orderOf(period, await slipsToPay(companyId, period));
    },

    /**
     * Pays the month's validated slips of employees with a bank account by one transfer: they become
     * paid (bank, that date and account) and name the payment; one entry D 422 per employee / C bank.
     */
    async payByTransfer(
      companyId: string,
      v: { period: string; paymentDate: string; treasuryAccountId: string },
      userId: string | null,
    ): Promise<PayrollTransferResult> {
      if (v.paymentDate.slice(0, 7) < v.period) throw new HttpError(400, MESSAGES_PAYSLIP.paymentDateBeforePeriod);
      const { row, order } = await sequelize.transaction(async (transaction) => {
        const order = orderOf(v.period, await slipsToPay(companyId, v.period, transaction));
        if (order.lines.length === 0) throw new HttpError(400, MESSAGES_PAYROLL_PAYMENT.nothingToTransfer);
        const row = await insertPayment(
          transaction,
          companyId,
          {
            kind: 'transfer',
            period: v.period,
            declaration_id: null,
            payment_date: v.paymentDate,
            treasury_account_id: v.treasuryAccountId.toLowerCase(),
            detail: order.lines.map((l) => ({
              debt: 'netPay' as const,
              description: `Salaire net ${v.period} — ${l.firstName} ${l.lastName} (${l.employeeNumber})`.slice(0, 255),
              amount: l.net,
            })),
          },
          userId,
        );
        await sequelize.query(
          `UPDATE hr.payslips SET status = 'paid', payment_date = $3, payment_method = 'bank', treasury_account_id = $4, paid_by = $5,
                  payroll_payment_id = $6, updated_at = now()
            WHERE company_id = $1 AND id = ANY($2::uuid[])`,
          { bind: [companyId, order.lines.map((l) => l.payslipId), v.paymentDate, row.treasury_account_id, userId, row.id], transaction },
        );
        return { row, order };
      });
      await enqueue(row);
      return { payment: toPayment(row), paid: order.lines.length, missing: order.missing };
    },

    /**
     * Pays what a declaration in force leaves to pay, per debt: its figures less the payments of
     * the same kind and period already made (a corrective declaration pays its difference).
     */
    async payDeclaration(
      companyId: string,
      kind: PayrollDeclarationKind,
      declarationId: string,
      v: { paymentDate: string; treasuryAccountId?: string | null },
      userId: string | null,
    ): Promise<PayrollPayment> {
      const row = await sequelize.transaction(async (transaction) => {
        const [d] = isUuid(declarationId)
          ? await sequelize.query<{ id: string; period: string; status: string; figures: SocialDeclarationFigures | SalaryTaxFigures }>(
              `SELECT id, period, status, figures FROM hr.payroll_declarations WHERE company_id = $1 AND kind = $2 AND id = $3 FOR UPDATE`,
              { bind: [companyId, kind, declarationId.toLowerCase()], type: QueryTypes.SELECT, transaction },
            )
          : [];
        if (!d) throw notFound(MESSAGES_PAYROLL_DECLARATION.notFound);
        if (d.status !== 'declared') throw new HttpError(409, MESSAGES_PAYROLL_PAYMENT.declarationNotInForce);
        const due: [PayrollDebt, string, string][] =
          kind === 'social'
            ? [
                ['ipres', 'IPRES (régime général et cadres)', (d.figures as SocialDeclarationFigures).totals.ipres],
                ['cssFamily', 'CSS prestations familiales', (d.figures as SocialDeclarationFigures).totals.cssFamily],
                ['cssAccidents', 'CSS accidents du travail', (d.figures as SocialDeclarationFigures).totals.cssAccident],
              ]
            : [['taxes', 'IR, TRIMF et CFCE', (d.figures as SalaryTaxFigures).totals.total]];
        const paid = await sequelize.query<{ debt: PayrollDebt; amount: string }>(
          `SELECT l->>'debt' AS debt, SUM((l->>'amount')::numeric)::text AS amount
             FROM hr.payroll_payments p CROSS JOIN LATERAL jsonb_array_elements(p.detail) l
            WHERE p.company_id = $1 AND p.kind = $2 AND p.period = $3 GROUP BY 1`,
          { bind: [companyId, kind, d.period], type: QueryTypes.SELECT, transaction },
        );
        const detail = due
          .map(([debt, label, amount]) => ({
            debt,
            description: `${label} — ${payrollPeriodLabel(d.period)}`,
            amount: sub(amount, paid.find((p) => p.debt === debt)?.amount ?? '0'),
          }))
          .filter((l) => compare(l.amount, '0') > 0);
        if (detail.length === 0) throw new HttpError(409, MESSAGES_PAYROLL_PAYMENT.nothingToPay);
        return insertPayment(
          transaction,
          companyId,
          {
            kind,
            period: d.period,
            declaration_id: d.id,
            payment_date: v.paymentDate,
            treasury_account_id: v.treasuryAccountId?.toLowerCase() ?? null,
            detail,
          },
          userId,
        );
      });
      await enqueue(row);
      return toPayment(row);
    },

    /** The payments of a declaration's kind and period (corrective versions included), oldest first. */
    async ofDeclaration(companyId: string, kind: PayrollDeclarationKind, period: string): Promise<PayrollPayment[]> {
      const rows = await sequelize.query<PaymentRow>(
        `SELECT ${COLUMNS} FROM hr.payroll_payments WHERE company_id = $1 AND kind = $2 AND period = $3 ORDER BY created_at`,
        { bind: [companyId, kind, period], type: QueryTypes.SELECT },
      );
      return rows.map(toPayment);
    },

    /** `payroll-payment-posted`: the payment and, for a transfer, its slips record the entry number. */
    async recordPosted(companyId: string, paymentId: string, entryNumber: string): Promise<boolean> {
      return sequelize.transaction(async (transaction) => {
        const rows = await sequelize.query<{ id: string }>(
          `UPDATE hr.payroll_payments SET entry_number = $3, unposted = false WHERE company_id = $1 AND id = $2 RETURNING id`,
          { bind: [companyId, paymentId, entryNumber], type: QueryTypes.SELECT, transaction },
        );
        await sequelize.query(
          `UPDATE hr.payslips SET payment_entry_number = $3, updated_at = now() WHERE company_id = $1 AND payroll_payment_id = $2`,
          { bind: [companyId, paymentId, entryNumber], transaction },
        );
        return rows.length > 0;
      });
    },

    /** The sweep: payments still unconfirmed after `minAgeMs` are enqueued again (same job id: harmless). */
    async sweepUnposted(minAgeMs = 60_000, limit = 500): Promise<number> {
      const rows = await sequelize.query<PaymentRow>(
        `SELECT ${COLUMNS} FROM hr.payroll_payments WHERE unposted AND created_at < $1 ORDER BY created_at LIMIT $2`,
        { bind: [new Date(Date.now() - minAgeMs), limit], type: QueryTypes.SELECT },
      );
      for (const row of rows) await enqueue(row);
      return rows.length;
    },
  };
}

export type PayrollPaymentsService = ReturnType<typeof payrollPaymentsService>;
