import { Decimal, isCalendarDate } from '@xaalis/domain';
import { QueryTypes, type Sequelize } from 'sequelize';
import {
  CLOSE_FISCAL_YEAR_JOB,
  FISCAL_YEAR_START_PATTERN,
  MESSAGES_FISCAL_YEAR,
  fiscalYearRangeLabel,
  type CloseFiscalYearJob,
  type FiscalYear,
  type FiscalYearCloseResult,
  type FiscalYearDraft,
  type FiscalYearJobStatus,
  type FiscalYearListResponse,
} from '@xaalis/contracts';
import { HttpError, hasJobRun, isUuid, mustExist, notFound, readJobStatus, type ServiceContext } from '@xaalis/service-kit';
import { recordAuditEvent } from '../audit/record';
import { addDays, companyFiscalStart, fiscalYearOf } from '../dashboard';
import { ledgerError, ledgerWrite, lockEntriesTable, postEntry, reverseEntry, todayInDakar, type PostingLine } from '../posting';
import {
  CLOSING_SOURCE,
  OPENING_SOURCE,
  balancesIn,
  draftsIn,
  earlierOpenDate,
  entryDateRange,
  laterPostedEntry,
  listRows,
  lockRow,
  yearFigures,
  type FiscalYearRow,
} from './model';

/** `fiscal-year-<companyId>-<start>-<n>`: one job per company, year and closing (BullMQ refuses ':' in custom ids). */
export const closeJobId = (companyId: string, start: string, closing: number) => `fiscal-year-${companyId}-${start}-${closing}`;
const jobIdPrefix = (companyId: string) => `fiscal-year-${companyId}-`;

/** A refusal of a closing: 409 with the drafts dated in the year (empty for the other reasons). */
export class CloseRefusal extends HttpError {
  constructor(
    message: string,
    public readonly drafts: FiscalYearDraft[] = [],
  ) {
    super(409, message);
  }
}

/** The fiscal year starting on `start` for the company's MM-DD start; a date that starts no year is a 404. */
function yearAt(fiscalStart: string, start: string): { start: string; end: string; label: string } {
  if (!FISCAL_YEAR_START_PATTERN.test(start) || !isCalendarDate(start)) throw notFound(MESSAGES_FISCAL_YEAR.notFound);
  const fy = fiscalYearOf(fiscalStart, start);
  if (fy.start !== start) throw notFound(MESSAGES_FISCAL_YEAR.notFound);
  return { start: fy.start, end: fy.end, label: fiscalYearRangeLabel(fy.start, fy.end) };
}

const money = (d: Decimal) => d.toFixed(2);

/** Reporter of a job's progress (0–100). */
export type Progress = (percent: number) => Promise<void>;

/**
 * Closes the year, in ONE transaction, once per job id (job_runs):
 *  1. the closing entry (OD, the year's last day) zeroes every class 6–8 balance
 *     of the year, the difference to 131 (profit, credit) or 139 (loss, debit);
 *  2. the opening entry (AN, the next year's first day) carries every class 1–5
 *     balance (per account and third party), 131/139 carried to 130 (with 130's own balance);
 *  3. the year is marked closed.
 * Writers of the ledger (all companies) wait while it runs (a SHARE ROW EXCLUSIVE
 * lock on the entries): the drafts check and the balances see every committed
 * entry, and none can slip into the year before it is marked closed.
 */
export async function closeFiscalYear(
  sequelize: Sequelize,
  job: CloseFiscalYearJob & { jobId: string },
  progress: Progress,
): Promise<FiscalYearCloseResult> {
  const fiscalStart = await companyFiscalStart(sequelize, job.companyId);
  const fy = yearAt(fiscalStart, job.start);
  return ledgerWrite(
    sequelize,
    async (transaction) => {
      await lockEntriesTable(sequelize, transaction);
      const row = await lockRow(sequelize, transaction, job.companyId, fy.start, fy.end);
      const ran = await sequelize.query(
        `INSERT INTO accounting.job_runs (job_id, name, company_id) VALUES ($1, $2, $3) ON CONFLICT (job_id) DO NOTHING RETURNING id`,
        { bind: [job.jobId, CLOSE_FISCAL_YEAR_JOB, job.companyId], type: QueryTypes.SELECT, transaction },
      );
      if (!ran.length)
        return {
          start: fy.start,
          applied: false,
          closingEntryNumber: row.closing_entry_number,
          openingEntryNumber: row.opening_entry_number,
          result: row.result ?? '0.00',
        };
      if (row.status === 'closed') throw new CloseRefusal(MESSAGES_FISCAL_YEAR.alreadyClosed(fy.label));
      const earlier = await earlierOpenDate(sequelize, job.companyId, fy.start, transaction);
      if (earlier) {
        const e = fiscalYearOf(fiscalStart, earlier);
        throw new CloseRefusal(MESSAGES_FISCAL_YEAR.earlierOpen(fiscalYearRangeLabel(e.start, e.end)));
      }
      const drafts = await draftsIn(sequelize, job.companyId, fy.start, fy.end, transaction);
      if (drafts.length) throw new CloseRefusal(MESSAGES_FISCAL_YEAR.drafts(fy.label, drafts.length), drafts);
      await progress(10);

      const sourceId = `${row.id}:${row.closing_count + 1}`;
      // 1. Closing entry.
      const all = await balancesIn(sequelize, transaction, job.companyId, fy.start, fy.end);
      const pl = new Map<string, Decimal>();
      for (const b of all.filter((x) => ['6', '7', '8'].includes(x.code[0])))
        pl.set(b.account_id, (pl.get(b.account_id) ?? new Decimal(0)).plus(b.balance));
      let result = new Decimal(0); // credit − debit of classes 6–8
      const closingLines: PostingLine[] = [];
      const description = MESSAGES_FISCAL_YEAR.closingDescription(fy.label);
      for (const [accountId, balance] of pl) {
        if (balance.isZero()) continue;
        result = result.minus(balance);
        closingLines.push(
          balance.isPositive()
            ? { accountId, description, credit: money(balance) }
            : { accountId, description, debit: money(balance.negated()) },
        );
      }
      if (result.isPositive()) closingLines.push({ accountCode: '131', description, credit: money(result) });
      else if (result.isNegative()) closingLines.push({ accountCode: '139', description, debit: money(result.negated()) });
      const closing = closingLines.length
        ? await postEntry(transaction, {
            companyId: job.companyId,
            journal: 'OD',
            date: fy.end,
            description,
            lines: closingLines,
            sourceType: CLOSING_SOURCE,
            sourceId,
            userId: job.userId,
          })
        : null;
      await progress(50);

      // 2. Opening entry of the next year (balances after the closing entry).
      const next = addDays(fy.end, 1);
      const nextFy = fiscalYearOf(fiscalStart, next);
      const openingDescription = MESSAGES_FISCAL_YEAR.openingDescription(fiscalYearRangeLabel(nextFy.start, nextFy.end));
      const sheet = await balancesIn(sequelize, transaction, job.companyId, fy.start, fy.end);
      const carried = new Map<string, { line: PostingLine; balance: Decimal }>();
      for (const b of sheet.filter((x) => ['1', '2', '3', '4', '5'].includes(x.code[0]))) {
        // 130 itself (a result not yet allocated) is merged with the new one.
        const toResult = b.code === '130' || b.code === '131' || b.code === '139';
        const key = toResult ? 'code:130' : `${b.account_id}:${b.third_party_id ?? ''}`;
        const item = carried.get(key) ?? {
          line: toResult
            ? { accountCode: '130', description: openingDescription }
            : { accountId: b.account_id, thirdPartyId: b.third_party_id, description: openingDescription },
          balance: new Decimal(0),
        };
        item.balance = item.balance.plus(b.balance);
        carried.set(key, item);
      }
      const openingLines = [...carried.values()]
        .filter((c) => !c.balance.isZero())
        .map(({ line, balance }) =>
          balance.isPositive() ? { ...line, debit: money(balance) } : { ...line, credit: money(balance.negated()) },
        );
      const opening = openingLines.length
        ? await postEntry(transaction, {
            companyId: job.companyId,
            journal: 'AN',
            date: next,
            description: openingDescription,
            lines: openingLines,
            sourceType: OPENING_SOURCE,
            sourceId,
            userId: job.userId,
          })
        : null;
      await progress(90);

      // 3. Closed.
      await sequelize.query(
        `UPDATE accounting.fiscal_years
            SET status = 'closed', closed_at = now(), closed_by = $2, closing_entry_id = $3, opening_entry_id = $4,
                result = $5, closing_count = closing_count + 1, updated_at = now()
          WHERE id = $1`,
        { bind: [row.id, job.userId, closing?.id ?? null, opening?.id ?? null, money(result)], transaction },
      );
      await recordAuditEvent(sequelize, transaction, {
        companyId: job.companyId,
        userId: job.userId,
        action: 'closed',
        objectType: 'fiscal-year',
        objectId: row.id,
        objectLabel: `Exercice ${fy.label}`,
        details: {
          start: fy.start,
          end: fy.end,
          result: money(result),
          closingEntry: closing?.number ?? null,
          openingEntry: opening?.number ?? null,
        },
      });
      return {
        start: fy.start,
        applied: true,
        closingEntryNumber: closing?.number ?? null,
        openingEntryNumber: opening?.number ?? null,
        result: money(result),
      };
    },
    ledgerError,
  );
}

function toFiscalYear(
  y: { start: string; end: string },
  row: FiscalYearRow | undefined,
  figures: { entries: number; drafts: number; result: string } | undefined,
): Omit<FiscalYear, 'canClose' | 'canReopen'> {
  const closed = row?.status === 'closed';
  return {
    start: y.start,
    end: y.end,
    label: fiscalYearRangeLabel(y.start, y.end),
    status: closed ? 'closed' : 'open',
    result: closed && row?.result != null ? new Decimal(row.result).toFixed(2) : new Decimal(figures?.result ?? 0).toFixed(2),
    entryCount: figures?.entries ?? 0,
    draftCount: figures?.drafts ?? 0,
    closedAt: closed && row?.closed_at ? new Date(row.closed_at).toISOString() : null,
    closedBy: closed ? (row?.closed_by ?? null) : null,
    closingEntryId: closed ? (row?.closing_entry_id ?? null) : null,
    closingEntryNumber: closed ? (row?.closing_entry_number ?? null) : null,
    openingEntryId: closed ? (row?.opening_entry_id ?? null) : null,
    openingEntryNumber: closed ? (row?.opening_entry_number ?? null) : null,
    reopenedAt: row?.reopened_at ? new Date(row.reopened_at).toISOString() : null,
    reopenedBy: row?.reopened_by ?? null,
  };
}

export function fiscalYearsService(ctx: Pick<ServiceContext, 'sequelize' | 'queue'>) {
  const sequelize: Sequelize = ctx.sequelize;

  async function list(companyId: string, today = todayInDakar()): Promise<FiscalYearListResponse> {
    const fiscalStart = await companyFiscalStart(sequelize, companyId);
    const current = fiscalYearOf(fiscalStart, today);
    const [rows, range] = await Promise.all([listRows(sequelize, companyId), entryDateRange(sequelize, companyId)]);
    const starts = new Set<string>([current.start, ...rows.map((r) => r.start_date)]);
    if (range) {
      let y = fiscalYearOf(fiscalStart, range.first);
      const lastStart = fiscalYearOf(fiscalStart, range.last).start;
      while (y.start <= lastStart) {
        starts.add(y.start);
        y = fiscalYearOf(fiscalStart, addDays(y.end, 1));
      }
    }
    const years = [...starts].sort().map((s) => {
      const fy = fiscalYearOf(fiscalStart, s);
      return { start: fy.start, end: fy.end };
    });
    const figures = await yearFigures(sequelize, companyId, years);
    const byStart = new Map(rows.map((r) => [r.start_date, r]));
    const items = years.map((y) => toFiscalYear(y, byStart.get(y.start), figures.get(y.start)));
    const lastClosed = [...items].reverse().find((i) => i.status === 'closed');
    const laterBlock = lastClosed ? await laterPostedEntry(sequelize, companyId, lastClosed.end) : null;
    const result: FiscalYear[] = items.map((item, i) => {
      const earlierOpen = items.slice(0, i).some((e) => e.status === 'open' && e.entryCount + e.draftCount > 0);
      return {
        ...item,
        canClose: item.status === 'open' && item.end < today && !earlierOpen,
        canReopen: item === lastClosed && !laterBlock,
      };
    });
    return { items: result.reverse() };
  }

  return {
    list,

    /**
     * Checks what can be checked before queuing (drafts: 409 with their list),
     * then queues the closing job; answers its id (asking again while it is
     * queued or running answers the same job).
     */
    async close(companyId: string, userId: string | null, start: string): Promise<{ jobId: string }> {
      const fiscalStart = await companyFiscalStart(sequelize, companyId);
      const fy = yearAt(fiscalStart, start);
      const today = todayInDakar();
      const [row] = (await listRows(sequelize, companyId)).filter((r) => r.start_date === fy.start);
      if (row?.status === 'closed') throw new CloseRefusal(MESSAGES_FISCAL_YEAR.alreadyClosed(fy.label));
      if (fy.end >= today) throw new CloseRefusal(MESSAGES_FISCAL_YEAR.notEnded(fy.label));
      const earlier = await earlierOpenDate(sequelize, companyId, fy.start);
      if (earlier) {
        const e = fiscalYearOf(fiscalStart, earlier);
        throw new CloseRefusal(MESSAGES_FISCAL_YEAR.earlierOpen(fiscalYearRangeLabel(e.start, e.end)));
      }
      const drafts = await draftsIn(sequelize, companyId, fy.start, fy.end);
      if (drafts.length) throw new CloseRefusal(MESSAGES_FISCAL_YEAR.drafts(fy.label, drafts.length), drafts);
      const jobId = closeJobId(companyId, fy.start, (row?.closing_count ?? 0) + 1);
      const data: CloseFiscalYearJob = { companyId, start: fy.start, userId };
      const queue = ctx.queue.queue;
      const previous = queue ? await queue.getJob(jobId) : undefined;
      // A failed attempt (refused meanwhile, database down…) can be asked again.
      if (previous && (await previous.getState()) === 'failed') await previous.remove();
      await ctx.queue.add(CLOSE_FISCAL_YEAR_JOB, data, { jobId });
      return { jobId };
    },

    /** The closing job's state and progress (percent); another company's job is a 404. */
    async job(companyId: string, jobId: string): Promise<FiscalYearJobStatus> {
      if (!isUuid(companyId) || !jobId.startsWith(jobIdPrefix(companyId))) throw notFound(MESSAGES_FISCAL_YEAR.jobNotFound);
      const status = await readJobStatus<FiscalYearCloseResult>(ctx.queue.queue, jobId, {
        // A refusal fails the job with its French message (jobs.ts).
        failed: (reason) => reason || MESSAGES_FISCAL_YEAR.failed,
        // Inline (no Redis): the job ran within the request; job_runs says whether it was applied.
        inline: async () =>
          (await hasJobRun(sequelize, 'accounting', jobId, companyId)) ? { state: 'completed', done: 100, total: 100 } : null,
      });
      if (!status) throw notFound(MESSAGES_FISCAL_YEAR.jobNotFound);
      return status;
    },

    /**
     * Reopens the last closed year while no posted entry is dated after it
     * other than its opening entry: the closing and opening entries are
     * reversed, each at its own date (the year gets its P&L back), and the
     * year is marked open first (the database refuses the reversal otherwise).
     */
    async reopen(companyId: string, userId: string | null, start: string): Promise<FiscalYear> {
      const fiscalStart = await companyFiscalStart(sequelize, companyId);
      const fy = yearAt(fiscalStart, start);
      await ledgerWrite(
        sequelize,
        async (transaction) => {
          await lockEntriesTable(sequelize, transaction);
          const rows = await sequelize.query<{ id: string; start_date: string; status: string }>(
            `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start_date, status FROM accounting.fiscal_years
              WHERE company_id = $1 AND status = 'closed' ORDER BY start_date FOR UPDATE`,
            { bind: [companyId], type: QueryTypes.SELECT, transaction },
          );
          const row = rows.find((r) => r.start_date === fy.start);
          if (!row) throw new HttpError(409, MESSAGES_FISCAL_YEAR.notClosed(fy.label));
          if (rows[rows.length - 1] !== row) throw new HttpError(409, MESSAGES_FISCAL_YEAR.notLastClosed);
          if (await laterPostedEntry(sequelize, companyId, fy.end, transaction))
            throw new HttpError(409, MESSAGES_FISCAL_YEAR.laterEntries(fy.label));
          const locked = await lockRow(sequelize, transaction, companyId, fy.start, fy.end);
          await sequelize.query(
            `UPDATE accounting.fiscal_years
                SET status = 'open', closed_at = NULL, closed_by = NULL, reopened_at = now(), reopened_by = $2, updated_at = now()
              WHERE id = $1`,
            { bind: [row.id, userId], transaction },
          );
          const reversals: string[] = [];
          for (const entryId of [locked.opening_entry_id, locked.closing_entry_id]) {
            if (!entryId) continue;
            const [e] = await sequelize.query<{ date: string; status: string }>(
              `SELECT to_char(date, 'YYYY-MM-DD') AS date, status FROM accounting.accounting_entries WHERE id = $1`,
              { bind: [entryId], type: QueryTypes.SELECT, transaction },
            );
            if (e?.status !== 'validated') continue;
            const { reversal } = await reverseEntry(transaction, companyId, entryId, { date: e.date, userId });
            reversals.push(reversal.number);
          }
          await sequelize.query('UPDATE accounting.fiscal_years SET closing_entry_id = NULL, opening_entry_id = NULL WHERE id = $1', {
            bind: [row.id],
            transaction,
          });
          await recordAuditEvent(sequelize, transaction, {
            companyId,
            userId,
            action: 'reopened',
            objectType: 'fiscal-year',
            objectId: row.id,
            objectLabel: `Exercice ${fy.label}`,
            details: { start: fy.start, end: fy.end, reversals },
          });
        },
        ledgerError,
      );
      const after = await list(companyId);
      return mustExist(
        after.items.find((i) => i.start === fy.start),
        'fiscal year',
      );
    },
  };
}
