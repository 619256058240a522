import { createHash } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  DEPRECIATION_EXPENSE_ACCOUNTS,
  INVESTMENT_CATEGORY_LABELS,
  INVESTMENT_DEFAULT_ACCOUNTS,
  INVESTMENT_SUPPLIER_ACCOUNT,
  JOBS,
  MESSAGES_INVESTMENT,
  accountFitsCategory,
  depreciationAccountCandidates,
  type ComputeDepreciationPlanJob,
  type Investment,
  type InvestmentListResponse,
  type InvestmentValues,
  type investmentListQuerySchema,
} from '@xaalis/contracts';
import { depreciationPlan, isPositive, money, sub } from '@xaalis/domain';
import { HttpError, isUuid, notFound, pagedOf, recordJobRun, type Job, type JobQueue } from '@xaalis/service-kit';
import type { z } from 'zod';
import { insertMissingAccounts } from '../accounts';
import { referenceAccount } from '../chart';
import { ledgerError, ledgerWrite, postEntry, reverseEntry, todayInDakar } from '../posting';
import {
  deleteSchedules,
  findInvestment,
  findSchedules,
  lockForPlan,
  lockPendingPlans,
  pageInvestments,
  planState,
  replaceSchedules,
  storePlans,
  toInvestment,
  type InvestmentDbRow,
  type PlanSource,
  type ScheduleDbRow,
} from './model';

/**
 * How many plans one plan job computes at most: its own and the company's other pending ones
 * (measured with infra/bench/investments.js: the per-plan transaction and round trips are what
 * limited the worker, not the computation).
 */
export const PLAN_BATCH = 100;

/** How many investments a process remembers as stored by a batch (see storedByBatch). */
const REMEMBERED_PLANS = 100_000;

/** What the plan job returns: whether it stored its own plan, its rows, and how many other plans it stored. */
export type ComputePlanResult = { computed: boolean; rows: number; alsoComputed?: number };
const notComputed = (): ComputePlanResult => ({ computed: false, rows: 0 });

/** An investment's plan, from its parameters and its company's fiscal year (the pure calculator of @xaalis/domain). */
const planOf = (inv: PlanSource) =>
  depreciationPlan(
    {
      category: inv.category,
      purchaseDate: inv.purchase_date,
      purchasePrice: inv.purchase_price,
      residualValue: inv.residual_value,
      depreciationMethod: inv.depreciation_method,
      depreciationRate: inv.depreciation_rate,
      usefulLife: inv.useful_life,
    },
    inv.fiscal_year,
  );

/** The parameters the plan depends on: part of the plan job's id, so a new set is a new job. */
function planKey(
  inv: Pick<
    InvestmentDbRow,
    'category' | 'purchase_date' | 'purchase_price' | 'residual_value' | 'depreciation_method' | 'depreciation_rate' | 'useful_life'
  >,
) {
  const canonical = [
    inv.category,
    inv.purchase_date,
    money(inv.purchase_price),
    money(inv.residual_value),
    inv.depreciation_method,
    inv.depreciation_rate,
    inv.useful_life,
  ].join('|');
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/**
 * The plan job's id: the investment, the revision of its parameters and their
 * hash. A retry or a second enqueue of the same revision is the same job (BullMQ
 * ignores the add; job_runs makes a second delivery a no-op); an edit is a new one.
 * BullMQ refuses ':' in custom ids.
 */
export const planJobId = (inv: Parameters<typeof planKey>[0] & { id: string; revision: number }) =>
  `depreciation-plan-${inv.id}-r${inv.revision}-${planKey(inv)}`;

type AccountRow = { id: string; code: string; name: string };
type InvestmentListQuery = z.output<typeof investmentListQuerySchema>;

/**
 * Investments: the acquisition posted with the investment (OD: D 2xx / C 481),
 * the depreciation plan computed by the worker, each year's depreciation
 * recorded in order (OD: D 6812/6813 / C 28x). Every write is one transaction.
 */
/**
 * The form's columns as the INSERT and the UPDATE bind them, in order: name, category, purchase
 * date and price, method, rate, life, residual value, asset account, plan status (none for a
 * financial asset, else computing).
 */
function investmentColumns(v: InvestmentValues, accountId: string): unknown[] {
  return [
    v.name,
    v.category,
    v.purchaseDate,
    v.purchasePrice,
    v.depreciationMethod,
    v.depreciationRate,
    v.usefulLife,
    v.residualValue,
    accountId,
    v.category === 'financial' ? 'none' : 'computing',
  ];
}

export function investmentsService(sequelize: Sequelize, queue: JobQueue) {
  /**
   * The plans this worker stored for other jobs (investment id → the revision stored), once their
   * transaction committed: when their own job comes, it ends without a query. A stored revision
   * stays a fact (an edit only raises the revision, and that job's id is another), so a job of
   * that revision or an older one has nothing to do. Forgotten on use, and the oldest first
   * beyond REMEMBERED_PLANS: a job that finds nothing here asks the database.
   */
  const storedByBatch = new Map<string, number>();
  const rememberStored = (sources: readonly { id: string; revision: number }[]) => {
    for (const s of sources) storedByBatch.set(s.id, s.revision);
    for (const id of storedByBatch.keys()) {
      if (storedByBatch.size <= REMEMBERED_PLANS) break;
      storedByBatch.delete(id);
    }
  };

  const write = <T>(fn: (transaction: Transaction) => Promise<T>): Promise<T> => ledgerWrite(sequelize, fn, ledgerError);

  /** The asset account: the one chosen (a company class-2 account fitting the category), else the category's default. */
  async function assetAccount(transaction: Transaction, companyId: string, v: InvestmentValues): Promise<AccountRow> {
    if (v.accountId) {
      const rows = await sequelize.query<AccountRow>('SELECT id, code, name FROM accounting.accounts WHERE company_id = $1 AND id = $2', {
        bind: [companyId, v.accountId],
        type: QueryTypes.SELECT,
        transaction,
      });
      if (!rows[0] || !accountFitsCategory(rows[0].code, v.category)) throw new HttpError(400, MESSAGES_INVESTMENT.accountInvalid);
      return rows[0];
    }
    return accountByCode(transaction, companyId, INVESTMENT_DEFAULT_ACCOUNTS[v.category]);
  }

  /** An account by code in the company's chart, created from the SYSCOHADA reference when missing. */
  async function accountByCode(transaction: Transaction, companyId: string, code: string): Promise<AccountRow> {
    const find = () =>
      sequelize.query<AccountRow>('SELECT id, code, name FROM accounting.accounts WHERE company_id = $1 AND code = $2', {
        bind: [companyId, code],
        type: QueryTypes.SELECT,
        transaction,
      });
    let rows = await find();
    if (!rows[0]) {
      const def = referenceAccount(code);
      if (!def) throw new HttpError(400, MESSAGES_INVESTMENT.accountInvalid);
      await insertMissingAccounts(sequelize, transaction, companyId, [def]);
      rows = await find();
    }
    return rows[0];
  }

  /** The 28x account matching the asset account: the most specific one the chart or the reference holds. */
  async function depreciationAccountCode(transaction: Transaction, companyId: string, assetCode: string): Promise<string> {
    const candidates = depreciationAccountCandidates(assetCode);
    const rows = await sequelize.query<{ code: string }>(
      'SELECT code FROM accounting.accounts WHERE company_id = $1 AND code = ANY($2::text[])',
      { bind: [companyId, candidates], type: QueryTypes.SELECT, transaction },
    );
    const inChart = new Set(rows.map((r) => r.code));
    return candidates.find((c) => inChart.has(c) || referenceAccount(c)) as string;
  }

  async function postAcquisition(
    transaction: Transaction,
    companyId: string,
    inv: { id: string; name: string; purchase_date: string; purchase_price: string; category: string; revision: number },
    account: AccountRow,
    userId: string | null,
  ) {
    const entry = await postEntry(transaction, {
      companyId,
      journal: 'OD',
      date: inv.purchase_date,
      description: `Acquisition d'immobilisation — ${inv.name}`,
      reference: null,
      sourceType: 'investment',
      // A re-posting after an edit is another document version: the source of the cancelled entry stays taken.
      sourceId: inv.revision === 0 ? inv.id : `${inv.id}-r${inv.revision}`,
      userId,
      lines: [
        {
          accountId: account.id,
          description: `${INVESTMENT_CATEGORY_LABELS[inv.category as 'material']} — ${inv.name}`,
          debit: inv.purchase_price,
        },
        { accountCode: INVESTMENT_SUPPLIER_ACCOUNT, description: "Fournisseurs d'investissements", credit: inv.purchase_price },
      ],
    });
    await sequelize.query('UPDATE accounting.investments SET entry_id = $2 WHERE id = $1', { bind: [inv.id, entry.id], transaction });
  }

  /**
   * Enqueues the plan job as the transaction's last step, after the deferred
   * checks: if Redis refuses, the investment is not written either. The job may
   * start before COMMIT: it waits on the investment's advisory lock, taken here
   * first, so it reads the committed investment (or finds it gone after a
   * rollback) without retrying. Without Redis (inline queue) the job runs after
   * the commit instead.
   */
  async function enqueuePlan(transaction: Transaction, row: InvestmentDbRow, after: (() => Promise<void>)[]) {
    if (row.category === 'financial') return;
    const data: ComputeDepreciationPlanJob = { companyId: row.company_id, investmentId: row.id, revision: row.revision };
    const add = async () => {
      await queue.add(JOBS.computeDepreciationPlan, data, { jobId: planJobId(row) });
    };
    if (queue.queue) {
      await planLock(transaction, row.id);
      await sequelize.query('SET CONSTRAINTS ALL IMMEDIATE', { transaction });
      await add();
    } else after.push(add);
  }

  /** Transaction-scoped advisory lock of an investment's plan: the writer holds it until COMMIT, the job waits for it. */
  async function planLock(transaction: Transaction, investmentId: string) {
    await sequelize.query(`SELECT pg_advisory_xact_lock(hashtextextended('investment-plan:' || $1, 0))`, {
      bind: [investmentId],
      transaction,
    });
  }

  async function mustFind(companyId: string, id: string, transaction?: Transaction, lock = false): Promise<InvestmentDbRow> {
    if (!isUuid(id)) throw notFound(MESSAGES_INVESTMENT.notFound);
    const row = await findInvestment(sequelize, companyId, id, { transaction, lock });
    if (!row) throw notFound(MESSAGES_INVESTMENT.notFound);
    return row;
  }

  async function withPlan(companyId: string, id: string, transaction?: Transaction): Promise<Investment> {
    const row = await mustFind(companyId, id, transaction);
    return toInvestment(row, await findSchedules(sequelize, id, transaction));
  }

  /**
   * Records one pending row (its fiscal year started, the rows before it
   * recorded): posts D 6813 (6812 intangible) / C 28x at the end of its fiscal
   * year, marks it recorded, lowers the current value. The investment is locked.
   */
  async function recordLocked(transaction: Transaction, inv: InvestmentDbRow, row: ScheduleDbRow, userId: string | null): Promise<void> {
    let entryId: string | null = null;
    if (isPositive(row.depreciation_amount)) {
      const expense = DEPRECIATION_EXPENSE_ACCOUNTS[inv.category === 'immaterial' ? 'immaterial' : 'material'];
      const amortisation = await depreciationAccountCode(transaction, inv.company_id, inv.account_code);
      const entry = await postEntry(transaction, {
        companyId: inv.company_id,
        journal: 'OD',
        date: row.period_end,
        description: `Dotation aux amortissements ${row.year} — ${inv.name}`,
        sourceType: 'depreciation',
        sourceId: row.id,
        userId,
        lines: [
          { accountCode: expense, description: `Dotation ${row.year} — ${inv.name}`, debit: row.depreciation_amount },
          { accountCode: amortisation, description: `Amortissement ${row.year} — ${inv.name}`, credit: row.depreciation_amount },
        ],
      });
      entryId = entry.id;
    }
    await sequelize.query(
      `UPDATE accounting.depreciation_schedules SET is_recorded = true, entry_id = $2, recorded_at = now(), recorded_by = $3 WHERE id = $1`,
      { bind: [row.id, entryId, userId], transaction },
    );
    await sequelize.query('UPDATE accounting.investments SET current_value = current_value - $2 WHERE id = $1', {
      bind: [inv.id, row.depreciation_amount],
      transaction,
    });
  }

  return {
    /** One page (without the plans) and the page's four figures over the whole company. */
    async list(companyId: string, q: InvestmentListQuery): Promise<InvestmentListResponse> {
      const { rows, matching, count, purchase, current } = await pageInvestments(sequelize, companyId, q);
      return {
        ...pagedOf(
          rows.map((r) => toInvestment(r)),
          q,
          matching,
        ),
        totals: { count, purchase: money(purchase), current: money(current), depreciation: money(sub(purchase, current)) },
      };
    },

    get: (companyId: string, id: string) => withPlan(companyId, id),

    async create(companyId: string, v: InvestmentValues, userId: string | null): Promise<Investment> {
      const after: (() => Promise<void>)[] = [];
      const id = await write(async (transaction) => {
        const account = await assetAccount(transaction, companyId, v);
        const [created] = await sequelize.query<{ id: string }>(
          `INSERT INTO accounting.investments
             (company_id, name, category, purchase_date, purchase_price, depreciation_method, depreciation_rate, useful_life,
              residual_value, current_value, account_id, plan_status, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $5, $10, $11, $12, $12)
           RETURNING id`,
          {
            bind: [companyId, ...investmentColumns(v, account.id), userId],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        const row = await mustFind(companyId, created.id, transaction);
        await postAcquisition(transaction, companyId, row, account, userId);
        await enqueuePlan(transaction, row, after);
        return created.id;
      });
      for (const fn of after) await fn();
      return withPlan(companyId, id);
    },

    /** Edits an investment while nothing is recorded: re-posts the acquisition if it changed, re-plans. */
    async update(companyId: string, id: string, v: InvestmentValues, userId: string | null): Promise<Investment> {
      const after: (() => Promise<void>)[] = [];
      await write(async (transaction) => {
        // The plan's lock before the row's, in the plan job's order: a job of the previous revision
        // starting meanwhile would otherwise hold the plan lock and wait for the row (a deadlock).
        if (isUuid(id)) await planLock(transaction, id);
        const old = await mustFind(companyId, id, transaction, true);
        if (old.recorded_count > 0) throw new HttpError(409, MESSAGES_INVESTMENT.alreadyRecorded);
        const account = await assetAccount(transaction, companyId, v);
        const revision = old.revision + 1;
        await sequelize.query(
          `UPDATE accounting.investments
              SET name = $2, category = $3, purchase_date = $4, purchase_price = $5, depreciation_method = $6, depreciation_rate = $7,
                  useful_life = $8, residual_value = $9, current_value = $5, account_id = $10, plan_status = $11, revision = $12,
                  updated_by = $13
            WHERE id = $1`,
          {
            bind: [id, ...investmentColumns(v, account.id), revision, userId],
            transaction,
          },
        );
        await replaceSchedules(sequelize, transaction, companyId, id, []);
        const row = await mustFind(companyId, id, transaction);
        const acquisitionChanged =
          old.purchase_price !== row.purchase_price ||
          old.purchase_date !== row.purchase_date ||
          old.account_id !== row.account_id ||
          old.name !== row.name;
        if (acquisitionChanged || !old.entry_id) {
          if (old.entry_id) {
            // Released first: the entries' investment guard refuses cancelling an investment's current posting.
            await sequelize.query('UPDATE accounting.investments SET entry_id = NULL WHERE id = $1', { bind: [id], transaction });
            await reverseEntry(transaction, companyId, old.entry_id, { userId });
          }
          await postAcquisition(transaction, companyId, row, account, userId);
        }
        await enqueuePlan(transaction, row, after);
      });
      for (const fn of after) await fn();
      return withPlan(companyId, id);
    },

    /** "Enregistrer la dotation" on a pending row. */
    async recordRow(companyId: string, id: string, rowId: string, userId: string | null, today = todayInDakar()): Promise<Investment> {
      await write(async (transaction) => {
        const inv = await mustFind(companyId, id, transaction, true);
        if (inv.plan_status === 'computing') throw new HttpError(409, MESSAGES_INVESTMENT.planComputing);
        const rows = await findSchedules(sequelize, id, transaction);
        const index = rows.findIndex((r) => r.id === rowId);
        if (index < 0) throw notFound(MESSAGES_INVESTMENT.rowNotFound);
        const row = rows[index];
        if (row.is_recorded) throw new HttpError(409, MESSAGES_INVESTMENT.rowAlreadyRecorded);
        if (index > 0 && !rows[index - 1].is_recorded) throw new HttpError(409, MESSAGES_INVESTMENT.rowOutOfOrder);
        if (row.period_start > today) throw new HttpError(409, MESSAGES_INVESTMENT.rowNotStarted);
        await recordLocked(transaction, inv, row, userId);
      });
      return withPlan(companyId, id);
    },

    /**
     * The plan job: stores the plan of `revision` once, with up to `batchSize - 1` other plans of
     * the company waiting to be computed (their own jobs then find them ready). Nothing when the
     * investment has been edited since (a newer job follows), when the plan is already stored (by
     * this job earlier, or by another job's batch), or when this job id already ran (job_runs).
     */
    async computePlan(
      data: ComputeDepreciationPlanJob,
      job: Pick<Job, 'id' | 'name' | 'attemptsMade'>,
      batchSize = PLAN_BATCH,
    ): Promise<ComputePlanResult> {
      const stored = storedByBatch.get(data.investmentId);
      if (stored !== undefined) {
        storedByBatch.delete(data.investmentId);
        if (stored >= data.revision) return notComputed();
      }
      // Else one read outside any transaction settles most jobs of a burst: their plans were stored
      // by an earlier job's batch (or the revision is older). Absent (its creation not committed
      // yet), of a newer revision (its edit not committed yet) or still computing: the transaction decides.
      const state = await planState(sequelize, data.companyId, data.investmentId);
      if (state && (state.revision > data.revision || (state.revision === data.revision && state.plan_status !== 'computing'))) {
        return notComputed();
      }
      let others: PlanSource[] = [];
      const result = await sequelize.transaction(async (transaction): Promise<ComputePlanResult> => {
        // Waits for the transaction that enqueued the job to end (see enqueuePlan).
        await planLock(transaction, data.investmentId);
        // This job's investment locked and read whole (waiting for a batch or an edit holding it).
        const inv = await lockForPlan(sequelize, transaction, data.companyId, data.investmentId);
        // The writing transaction rolled back after enqueuing: nothing to compute.
        if (!inv) return notComputed();
        if (inv.revision !== data.revision || inv.plan_status !== 'computing') return notComputed();
        if (!(await recordJobRun(sequelize, 'accounting', job, data.companyId, transaction))) return notComputed();
        // Then the company's other pending plans that nobody holds, if any (never waited for: no
        // lock is awaited while this transaction holds any row but its own investment).
        others =
          batchSize > 1 && inv.others_pending ? await lockPendingPlans(sequelize, transaction, inv.company_id, inv.id, batchSize - 1) : [];
        const sources = [inv, ...others];
        const replanned = sources.filter((s) => s.has_schedules).map((s) => s.id);
        if (replanned.length) await deleteSchedules(sequelize, transaction, inv.company_id, replanned);
        const plans = sources.map((s) => ({ investmentId: s.id, rows: planOf(s) }));
        await storePlans(sequelize, transaction, inv.company_id, plans);
        return others.length
          ? { computed: true, rows: plans[0].rows.length, alsoComputed: others.length }
          : { computed: true, rows: plans[0].rows.length };
      });
      // Committed: the other plans' jobs need not ask.
      rememberStored(others);
      return result;
    },

    /**
     * The scheduled sweep: records, in order, every pending row whose fiscal
     * year has ended (period_end before `today`), over all companies, one
     * investment per transaction, a batch of investments at a time. Idempotent:
     * recorded rows are skipped; an investment that fails is left for the next run.
     */
    async recordEnded(today = todayInDakar(), batchSize = 200): Promise<{ investments: number; rows: number; failed: number }> {
      let failed = 0;
      let investments = 0;
      let recorded = 0;
      // Keyset pagination over (company, investment): each investment is visited once per run.
      let after = { company: '00000000-0000-0000-0000-000000000000', investment: '00000000-0000-0000-0000-000000000000' };
      for (;;) {
        const batch = await sequelize.query<{ company_id: string; investment_id: string }>(
          `SELECT DISTINCT d.company_id, d.investment_id
             FROM accounting.depreciation_schedules d
            WHERE NOT d.is_recorded AND d.period_end < $1 AND (d.company_id, d.investment_id) > ($2::uuid, $3::uuid)
            ORDER BY d.company_id, d.investment_id
            LIMIT $4`,
          { bind: [today, after.company, after.investment, batchSize], type: QueryTypes.SELECT },
        );
        if (!batch.length) break;
        for (const b of batch) {
          try {
            recorded += await write(async (transaction) => {
              const inv = await findInvestment(sequelize, b.company_id, b.investment_id, { transaction, lock: true });
              if (!inv || inv.plan_status !== 'ready') return 0;
              let n = 0;
              for (const row of await findSchedules(sequelize, inv.id, transaction)) {
                if (row.is_recorded) continue;
                if (row.period_end >= today) break;
                await recordLocked(transaction, inv, row, null);
                n++;
              }
              return n;
            });
            investments++;
          } catch {
            failed++;
          }
        }
        const last = batch[batch.length - 1];
        after = { company: last.company_id, investment: last.investment_id };
      }
      return { investments, rows: recorded, failed };
    },
  };
}

export type InvestmentsService = ReturnType<typeof investmentsService>;
