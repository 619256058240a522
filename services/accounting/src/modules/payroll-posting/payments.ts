import { UnrecoverableError, type Queue } from 'bullmq';
import { z } from 'zod';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { add, compare, isCalendarDate } from '@xaalis/domain';
import {
  JOBS,
  MONEY_PATTERN,
  PAYROLL_DEBTS,
  type PayrollDebt,
  type PayrollPaymentPostedJob,
  type PostPayrollPaymentJob,
} from '@xaalis/contracts';
import { HttpError, type Job, type ServiceContext } from '@xaalis/service-kit';
import { letterIn } from '../letterings';
import { ledgerError, ledgerWrite, postEntry, type PostingLine } from '../posting';
import { entryBySource, hrQueue, payslipTreasury } from './jobs';
import { PAYROLL_ACCOUNTS } from './posting';

/** The account of each payroll debt a payment settles. */
const DEBT_ACCOUNTS: Record<PayrollDebt, string> = {
  netPay: PAYROLL_ACCOUNTS.netPay,
  ipres: PAYROLL_ACCOUNTS.ipres,
  cssFamily: PAYROLL_ACCOUNTS.cssFamily,
  cssAccidents: PAYROLL_ACCOUNTS.cssAccidents,
  taxes: PAYROLL_ACCOUNTS.taxes,
};

/** Source type of the entries: one per payment id. */
export const PAYROLL_PAYMENT_SOURCE = 'payroll-payment';

const amount = z
  .string()
  .regex(MONEY_PATTERN)
  .refine((s) => !s.startsWith('-') && Number(s) > 0);

export const postPayrollPaymentJobSchema = z.object({
  companyId: z.uuid(),
  paymentId: z.uuid(),
  userId: z.uuid().nullable(),
  date: z.string().refine(isCalendarDate),
  description: z.string().trim().min(1).max(255),
  treasuryAccountId: z.uuid().nullable(),
  lines: z
    .array(z.object({ debt: z.enum(PAYROLL_DEBTS), description: z.string().trim().min(1).max(255), amount }))
    .min(1)
    .max(5000),
  letterPeriod: z.object({ from: z.string().refine(isCalendarDate), to: z.string().refine(isCalendarDate) }).optional(),
}) satisfies z.ZodType<PostPayrollPaymentJob>;

/**
 * One payment of payroll debts, once: D each line's debt account (422 per employee for a
 * transfer, 431x or 4472 for a declaration) / C the treasury account with the total, in the
 * treasury account's journal. A redelivery finds the entry of the first.
 */
export async function postPayrollPayment(
  ctx: Pick<ServiceContext, 'sequelize'>,
  job: z.output<typeof postPayrollPaymentJobSchema>,
): Promise<{ entryId: string; entryNumber: string; posted: boolean }> {
  const { sequelize } = ctx;
  return ledgerWrite(
    sequelize,
    async (transaction) => {
      const existing = await entryBySource(sequelize, transaction, job.companyId, PAYROLL_PAYMENT_SOURCE, job.paymentId);
      if (existing) return { entryId: existing.id, entryNumber: existing.number, posted: false };
      const treasury = await payslipTreasury(sequelize, transaction, job.companyId, job.treasuryAccountId ?? undefined, 'bank');
      const debits: PostingLine[] = job.lines.map((l) => ({
        accountCode: DEBT_ACCOUNTS[l.debt],
        description: l.description,
        debit: l.amount,
      }));
      const total = add('0', ...job.lines.map((l) => l.amount));
      const entry = await postEntry(transaction, {
        companyId: job.companyId,
        journal: treasury.journal,
        date: job.date,
        description: job.description,
        lines: [...debits, { accountId: treasury.account_id, description: job.description, credit: total }],
        sourceType: PAYROLL_PAYMENT_SOURCE,
        sourceId: job.paymentId,
        userId: job.userId,
      });
      if (job.letterPeriod) await letterWithPeriod(sequelize, transaction, job.companyId, entry.id, job.letterPeriod, job.userId);
      return { entryId: entry.id, entryNumber: entry.number, posted: true };
    },
    ledgerError,
  );
}

/**
 * A declaration's payment lettered against the payroll it settles ("where lettrage exists"): for
 * each debit line of the payment on a lettrable account, the unlettered lines of the period's
 * validated PA entries on that account (no third party), when they sum to exactly the amount
 * paid. Otherwise (a partial or corrective payment, a reversal in the period) nothing is
 * lettered and the user letters by hand.
 */
async function letterWithPeriod(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  entryId: string,
  period: { from: string; to: string },
  userId: string | null,
): Promise<void> {
  const paid = await sequelize.query<{ id: string; account_id: string; debit: string }>(
    `SELECT l.id, l.account_id, l.debit::text AS debit FROM accounting.accounting_entry_lines l
       JOIN accounting.accounts a ON a.id = l.account_id
      WHERE l.entry_id = $1 AND l.debit > 0 AND a.lettrable`,
    { bind: [entryId], type: QueryTypes.SELECT, transaction },
  );
  for (const line of paid) {
    const owed = await sequelize.query<{ id: string; amount: string }>(
      `SELECT l.id, (l.credit - l.debit)::text AS amount
         FROM accounting.accounting_entry_lines l JOIN accounting.accounting_entries e ON e.id = l.entry_id
        WHERE e.company_id = $1 AND e.journal = 'PA' AND e.status = 'validated' AND e.date BETWEEN $2 AND $3
          AND l.account_id = $4 AND l.third_party_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM accounting.lettering_lines ll WHERE ll.entry_line_id = l.id)`,
      { bind: [companyId, period.from, period.to, line.account_id], type: QueryTypes.SELECT, transaction },
    );
    if (owed.length > 0 && compare(add('0', ...owed.map((o) => o.amount)), line.debit) === 0)
      await letterIn(sequelize, transaction, companyId, [line.id, ...owed.map((o) => o.id)], { partial: false, source: 'auto', userId });
  }
}

/** `post-payroll-payment` (HR → accounting): posts the payment, then reports `payroll-payment-posted` on the HR queue. */
export function postPayrollPaymentHandler(ctx: Pick<ServiceContext, 'sequelize' | 'redis' | 'config' | 'log'>) {
  let hr: Queue | null | undefined;
  return async (data: unknown, job?: Job) => {
    const parsed = postPayrollPaymentJobSchema.safeParse(data);
    if (!parsed.success)
      throw new UnrecoverableError(`post-payroll-payment: malformed payload (${parsed.error.issues[0]?.path.join('.')})`);
    let result;
    try {
      result = await postPayrollPayment(ctx, parsed.data);
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) throw new UnrecoverableError(err.message);
      throw err;
    }
    const report: PayrollPaymentPostedJob = {
      companyId: parsed.data.companyId,
      paymentId: parsed.data.paymentId,
      entryId: result.entryId,
      entryNumber: result.entryNumber,
    };
    hr ??= hrQueue(ctx);
    if (hr) await hr.add(JOBS.payrollPaymentPosted, report, { jobId: `payroll-payment-posted-${parsed.data.paymentId}` });
    else ctx.log.warn({ jobId: job?.id }, 'post-payroll-payment: no Redis, nothing reported to hr');
    return result;
  };
}
