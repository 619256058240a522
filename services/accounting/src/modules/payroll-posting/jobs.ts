import { isCalendarDate } from '@xaalis/domain';
import { Queue, UnrecoverableError } from 'bullmq';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { z } from 'zod';
import {
  JOBS,
  MONEY_PATTERN,
  PAYMENT_METHODS,
  QUEUES,
  type AccountingEntry,
  type PaymentMethod,
  type PayslipPostedJob,
  type PostPayslipJob,
} from '@xaalis/contracts';
import { DEFAULT_JOB_OPTIONS, HttpError, type Job, type ServiceContext } from '@xaalis/service-kit';
import { ledgerError, ledgerWrite, postEntry, reverseEntry } from '../posting';
import { resolveTreasury, rowsById } from '../treasury-accounts';
import { PAYSLIP_SOURCE, PayslipPostingError, paidLines, validatedLines } from './posting';

const amount = z
  .string()
  .regex(MONEY_PATTERN)
  .refine((s) => !s.startsWith('-'));

/** The `post-payslip` payload (PostPayslipJob of contracts/jobs.ts), checked as it comes back from Redis. */
export const postPayslipJobSchema = z.object({
  companyId: z.uuid(),
  payslipId: z.uuid(),
  event: z.enum(['validated', 'paid', 'cancelled']),
  userId: z.uuid().nullable(),
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  date: z.string().refine(isCalendarDate),
  employeeLabel: z.string().trim().min(1).max(200),
  gross: amount,
  net: amount,
  incomeTax: amount,
  trimf: amount,
  contributions: z.array(
    z.object({
      code: z.string().min(1).max(40),
      organism: z.enum(['IPRES', 'CSS', 'DGID']),
      employee: amount,
      employer: amount,
    }),
  ),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  treasuryAccountId: z.uuid().optional(),
}) satisfies z.ZodType<PostPayslipJob>;
export type PostPayslipValues = z.output<typeof postPayslipJobSchema>;

/**
 * The treasury account a payslip's net is paid from: the one HR names when it is the company's
 * (HR cannot check an accounting id), else the payment method's default account of its kind.
 */
export async function payslipTreasury(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  treasuryAccountId: string | undefined,
  method: PaymentMethod,
) {
  const [named] = treasuryAccountId ? await rowsById(sequelize, companyId, [treasuryAccountId], transaction) : [];
  return named ?? resolveTreasury(sequelize, transaction, companyId, { method });
}

/** What the handler did: the entry of the event (null when a cancellation found nothing to reverse) and whether this run wrote it. */
export interface PayslipPostingResult {
  entryId: string | null;
  entryNumber: string | null;
  posted: boolean;
}

/** The job id of the report back to the HR queue (one per payslip and event). */
export const payslipPostedJobId = (payslipId: string, event: string) => `payslip-posted-${payslipId}-${event}`;

/** The marker left when a cancellation arrives before the validation was posted: the late validation then posts nothing. */
const cancelledMarker = (payslipId: string) => `payslip-cancelled-${payslipId}`;

const found = (entry: { id: string; number: string }, posted: boolean): PayslipPostingResult => ({
  entryId: entry.id,
  entryNumber: entry.number,
  posted,
});

export async function entryBySource(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  sourceType: string,
  sourceId: string,
): Promise<{ id: string; number: string; status: string; reversed_by_id: string | null } | undefined> {
  const rows = await sequelize.query<{ id: string; number: string; status: string; reversed_by_id: string | null }>(
    `SELECT id, number, status, reversed_by_id FROM accounting.accounting_entries
      WHERE company_id = $1 AND source_type = $2 AND source_id = $3 AND reversal_of_id IS NULL`,
    { bind: [companyId, sourceType, sourceId], type: QueryTypes.SELECT, transaction },
  );
  return rows[0];
}

/**
 * Applies one payslip event to the ledger, once: every delivery of the same
 * (payslip, event) finds the entry of the first. The events of one payslip are
 * serialised by a transaction-scoped advisory lock, so a validation and a
 * cancellation delivered at the same time cannot both miss each other.
 */
export async function postPayslip(sequelize: Sequelize, job: PostPayslipValues): Promise<PayslipPostingResult> {
  return ledgerWrite(
    sequelize,
    async (transaction) => {
      await sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
        bind: [`payslip-${job.payslipId}`],
        type: QueryTypes.SELECT,
        transaction,
      });
      const { companyId, payslipId } = job;
      const description = (what: string) => `${what} ${job.period} — ${job.employeeLabel}`.slice(0, 255);

      if (job.event === 'validated') {
        const existing = await entryBySource(sequelize, transaction, companyId, PAYSLIP_SOURCE.validated, payslipId);
        if (existing) return found(existing, false);
        const marker = await sequelize.query('SELECT 1 FROM accounting.job_runs WHERE job_id = $1', {
          bind: [cancelledMarker(payslipId)],
          type: QueryTypes.SELECT,
          transaction,
        });
        if (marker.length) return { entryId: null, entryNumber: null, posted: false };
        const entry: AccountingEntry = await postEntry(transaction, {
          companyId,
          journal: 'PA',
          date: job.date,
          description: description('Paie'),
          lines: validatedLines(job),
          sourceType: PAYSLIP_SOURCE.validated,
          sourceId: payslipId,
          userId: job.userId,
        });
        return found(entry, true);
      }

      if (job.event === 'paid') {
        if (!job.paymentMethod) throw new PayslipPostingError(`Bulletin ${payslipId} : mode de paiement manquant`);
        const existing = await entryBySource(sequelize, transaction, companyId, PAYSLIP_SOURCE.paid, payslipId);
        if (existing) return found(existing, false);
        const treasury = await payslipTreasury(sequelize, transaction, companyId, job.treasuryAccountId, job.paymentMethod);
        const entry = await postEntry(transaction, {
          companyId,
          journal: treasury.journal,
          date: job.date,
          description: description('Paiement salaire'),
          lines: paidLines(job, treasury.account_id),
          sourceType: PAYSLIP_SOURCE.paid,
          sourceId: payslipId,
          userId: job.userId,
        });
        return found(entry, true);
      }

      // Cancelled: reverse the PA entry, once.
      const original = await entryBySource(sequelize, transaction, companyId, PAYSLIP_SOURCE.validated, payslipId);
      if (!original) {
        await sequelize.query(
          `INSERT INTO accounting.job_runs (job_id, name, company_id) VALUES ($1, $2, $3) ON CONFLICT (job_id) DO NOTHING`,
          { bind: [cancelledMarker(payslipId), JOBS.postPayslip, companyId], transaction },
        );
        return { entryId: null, entryNumber: null, posted: false };
      }
      if (original.reversed_by_id) {
        const [reversal] = await sequelize.query<{ id: string; number: string }>(
          'SELECT id, number FROM accounting.accounting_entries WHERE id = $1',
          { bind: [original.reversed_by_id], type: QueryTypes.SELECT, transaction },
        );
        return found(reversal, false);
      }
      const { reversal } = await reverseEntry(transaction, companyId, original.id, { date: job.date, userId: job.userId });
      return found(reversal, true);
    },
    ledgerError,
  );
}

/**
 * A producer on the HR service's queue, on the context's Redis client (shared:
 * closing the context closes it). Null without Redis (single-process fallback).
 */
export function hrQueue(ctx: Pick<ServiceContext, 'redis' | 'config' | 'log'>): Queue | null {
  if (!ctx.redis) return null;
  const queue = new Queue(QUEUES.hr, { connection: ctx.redis, prefix: ctx.config.redisPrefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  queue.on('error', (err) => ctx.log.warn({ err: err.message }, 'hr queue error'));
  return queue;
}

/**
 * `post-payslip` (HR → accounting): posts the payslip event through the posting
 * engine, then reports `payslip-posted` on the HR queue (jobId
 * `payslip-posted-<payslipId>-<event>`, so a redelivery reports once). A
 * malformed or unbalanced payload, or one the posting engine refuses, fails without retrying; a database or Redis
 * outage fails the attempt, and the retry finds the entry already posted.
 */
export function postPayslipHandler(ctx: Pick<ServiceContext, 'sequelize' | 'redis' | 'config' | 'log'>) {
  let hr: Queue | null | undefined;
  return async (data: unknown, job?: Job): Promise<PayslipPostingResult> => {
    const parsed = postPayslipJobSchema.safeParse(data);
    if (!parsed.success) throw new UnrecoverableError(`post-payslip: malformed payload (${parsed.error.issues[0]?.path.join('.')})`);
    const payload = parsed.data;
    let result: PayslipPostingResult;
    try {
      result = await postPayslip(ctx.sequelize, payload);
    } catch (err) {
      // Figures that do not add up, or a refusal of the posting engine (4xx): the same payload would fail again.
      if (err instanceof PayslipPostingError || (err instanceof HttpError && err.status < 500)) throw new UnrecoverableError(err.message);
      throw err;
    }
    const report: PayslipPostedJob = {
      companyId: payload.companyId,
      payslipId: payload.payslipId,
      event: payload.event,
      entryId: result.entryId ?? '',
      entryNumber: result.entryNumber ?? '',
    };
    hr ??= hrQueue(ctx);
    if (hr) await hr.add(JOBS.payslipPosted, report, { jobId: payslipPostedJobId(payload.payslipId, payload.event) });
    else ctx.log.warn({ jobId: job?.id, payslipId: payload.payslipId }, 'post-payslip: no Redis, nothing reported to hr');
    return result;
  };
}
