import type { Sequelize, Transaction } from 'sequelize';
import {
  JOBS,
  MESSAGES_EMPLOYEE,
  MESSAGES_PAYROLL,
  MESSAGES_PAYROLL_DECLARATION,
  MESSAGES_PAYSLIP,
  type Employee,
  type PaymentMethod,
  type PayrollRiskClass,
  type PayrollSetId,
  type Payslip,
  type PayslipBreakdown,
  type PayslipCreateValues,
  type PayslipList,
  type PayslipListQuery,
  type PayslipPostingEvent,
  type PostPayslipJob,
  type PostPayrollPaymentJob,
} from '@xaalis/contracts';
import { PayrollInputError, add, compare, computePayslip, lastDayOfMonth, parameterSetFor, type PayslipAbsences } from '@xaalis/domain';
import { HttpError, isUuid, notFound, pagedOf, refusingDuplicates, sqlStateOf, type Logger } from '@xaalis/service-kit';
import { employeesService, findEmployee } from '../employees';
import { leavesService } from '../leaves';
import { payrollSettingsService } from '../payroll-settings';
import type { EmployerLookup } from './employer';
import {
  findPayslip,
  findUnposted,
  insertPayslip,
  insertPayslips,
  listPayslips,
  pagePayslips,
  toPayslip,
  yearToDate,
  type PayslipDbRow,
  type PayslipFigures,
} from './model';
import { renderPayslipPdf } from './pdf';

/** Where the HR service puts the accounting postings (the accounting service's queue; see jobs.ts). */
export interface PostingProducer {
  add(name: string, data: PostPayslipJob | PostPayrollPaymentJob, opts: { jobId: string }): Promise<unknown>;
}

/** `payslip-<id>-<event>`: one posting job per slip and event, whatever the number of enqueues. */
export const postingJobId = (payslipId: string, event: PayslipPostingEvent) => `payslip-${payslipId}-${event}`;

/** The last day of a period 'YYYY-MM' (the PA entry's date). */
export const lastDayOf = (period: string): string => lastDayOfMonth(period);

const sum = add;

/** Employees computed and inserted per statement by 'Générer la paie du mois' (one progress report each). */
export const GENERATION_BATCH = 500;
const today = () => new Date().toISOString().slice(0, 10);

/** The accounting job of one event of a slip, rebuilt from the stored row (the sweep sends the same payload again). */
export function postingJob(row: PayslipDbRow, event: PayslipPostingEvent): PostPayslipJob {
  const b = row.breakdown;
  const contributions = b.lines
    .filter((l) => l.section === 'contribution' || (l.section === 'tax' && l.code === 'CFCE'))
    .map((l) => ({ code: l.code, organism: l.organism ?? '', employee: l.employee, employer: l.employer }));
  const date =
    event === 'validated' ? lastDayOf(row.period) : event === 'paid' ? (row.payment_date ?? today()) : (row.cancelled_on ?? today());
  const userId = event === 'validated' ? row.validated_by : event === 'paid' ? row.paid_by : row.cancelled_by;
  return {
    companyId: row.company_id,
    payslipId: row.id,
    event,
    userId,
    period: row.period,
    date,
    employeeLabel: `${row.first_name} ${row.last_name} (${row.employee_number})`,
    gross: row.gross_salary,
    net: row.net_salary,
    incomeTax: row.income_tax,
    trimf: row.trimf,
    contributions,
    ...(event === 'paid' && row.payment_method ? { paymentMethod: row.payment_method } : {}),
    ...(event === 'paid' && row.treasury_account_id ? { treasuryAccountId: row.treasury_account_id } : {}),
  };
}

/** The breakdown's figures as stored in the slip's columns. */
function figuresOf(b: PayslipBreakdown) {
  const overtime = b.lines.find((l) => l.code === 'HEURES_SUP')?.employee ?? '0.00';
  return {
    baseSalary: b.inputs.baseSalary,
    allowances: sum(b.inputs.transportAllowance, b.inputs.housingAllowance, b.inputs.otherAllowances),
    overtimePay: overtime,
    grossSalary: b.totals.gross,
    socialCharges: b.totals.employeeContributions,
    employerContributions: sum(b.totals.employerContributions, b.totals.employerTaxes),
    incomeTax: b.totals.incomeTax,
    trimf: b.totals.trimf,
    netSalary: b.totals.net,
    employerCost: b.totals.employerCost,
  };
}

/** The database's refusal of a change to a slip of a declared period (XA012, migration 0007) as the API's 409. */
async function declaredPeriodRefused<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlStateOf(err) === 'XA012') throw new HttpError(409, MESSAGES_PAYROLL_DECLARATION.periodLocked);
    throw err;
  }
}

/** Same amount, whatever its writing ('350000' and '350000.00'). */
const sameAmount = (a: string, b: string) => compare(a, b) === 0;

type DraftInput = Pick<PayslipCreateValues, 'period' | 'baseSalary'> &
  Partial<
    Pick<
      PayslipCreateValues,
      'transportAllowance' | 'housingAllowance' | 'otherAllowances' | 'overtimeHours' | 'overtimeRate' | 'overtimePay'
    >
  >;

/**
 * The payroll screen's body (spec "payrolls": `allowances` and `overtimePay` as totals, no split
 * allowances nor hours) as the calculator's input: the allowances total as other allowances (no
 * transport default), the overtime as an amount. The form's body passes through unchanged.
 */
export function fromScreenTotals(v: PayslipCreateValues): DraftInput {
  const split = [v.transportAllowance, v.housingAllowance, v.otherAllowances].some((a) => a !== undefined);
  const hours = v.overtimeHours !== undefined || v.overtimeRate !== undefined;
  return {
    ...v,
    ...(v.allowances !== undefined && !split ? { transportAllowance: '0', housingAllowance: '0', otherAllowances: v.allowances } : {}),
    overtimePay: v.overtimePay !== undefined && !hours ? v.overtimePay : undefined,
  };
}

/** True when a figure the body states differs from the recomputed slip's. */
function statedMismatch(v: PayslipCreateValues, draft: PayslipFigures): boolean {
  const stated: [string | undefined, string][] = [
    [v.grossSalary, draft.grossSalary],
    [v.netSalary, draft.netSalary],
    [v.socialCharges, draft.socialCharges],
    [v.incomeTax, draft.incomeTax],
    [v.otherDeductions, '0'],
    [v.allowances, draft.allowances],
    [v.overtimePay, draft.overtimePay],
  ];
  return stated.some(([given, computed]) => given !== undefined && !sameAmount(given, computed));
}

/**
 * The recomputed figures of a new draft of `employee`: the period rules, then the calculator with
 * the set of that id in force and the company's work-accident risk class.
 */
function draftOf(
  employee: Employee,
  v: DraftInput,
  setId: PayrollSetId,
  riskClass: PayrollRiskClass,
  absences?: PayslipAbsences,
): PayslipFigures {
  if (employee.status !== 'active') throw new HttpError(400, MESSAGES_PAYSLIP.inactiveEmployee);
  if (v.period < employee.hireDate.slice(0, 7)) throw new HttpError(400, MESSAGES_PAYSLIP.beforeHire);
  const set = parameterSetFor(setId, v.period);
  if (!set) throw new HttpError(400, MESSAGES_PAYROLL.noParameterSet);
  let breakdown: PayslipBreakdown;
  try {
    breakdown = computePayslip(
      {
        baseSalary: v.baseSalary,
        transportAllowance: v.transportAllowance,
        housingAllowance: v.housingAllowance,
        otherAllowances: v.otherAllowances,
        overtimeHours: v.overtimeHours,
        overtimeRate: v.overtimeRate,
        overtimePay: v.overtimePay,
        isCadre: employee.isCadre,
        maritalStatus: employee.maritalStatus ?? undefined,
        children: employee.children,
        riskClass,
        absences,
      },
      set,
    );
  } catch (err) {
    if (err instanceof PayrollInputError) throw new HttpError(400, err.message);
    throw err;
  }
  return { employeeId: employee.id, period: v.period, parameterSetId: set.id, ...figuresOf(breakdown), breakdown };
}

/**
 * Payslips of one company (spec "Gestion de la Paie"): drafts recomputed by
 * the server, then validate → pay, or cancel. Each status change that touches
 * the ledger records its event in the slip's outbox (`unposted_events`) in the
 * same transaction, and is enqueued for the accounting service after the
 * commit; an enqueue that fails (Redis down) is retried by the sweep. Another
 * company's slip, or an id that is not one, is a 404.
 */
export function payrollService(sequelize: Sequelize, producer: PostingProducer, log?: Logger) {
  const settings = payrollSettingsService(sequelize);
  const leaves = leavesService(sequelize);

  async function mustFind(companyId: string, id: string, transaction?: Transaction): Promise<PayslipDbRow> {
    const row = isUuid(id) ? await findPayslip(sequelize, companyId, id, { transaction, lock: transaction !== undefined }) : null;
    if (!row) throw notFound(MESSAGES_PAYSLIP.notFound);
    return row;
  }

  /** Enqueues the given events of a committed slip, in order; a failure is logged and left to the sweep. */
  async function enqueue(row: PayslipDbRow, events: readonly PayslipPostingEvent[]): Promise<boolean> {
    try {
      for (const event of events) await producer.add(JOBS.postPayslip, postingJob(row, event), { jobId: postingJobId(row.id, event) });
      return true;
    } catch (err) {
      log?.warn({ payslipId: row.id, events, err: (err as Error).message }, 'payslip posting not enqueued; the sweep will retry');
      return false;
    }
  }

  /**
   * One status change: locks the slip, checks it, writes the new status and
   * the event to post in one transaction, then enqueues after the commit.
   */
  async function transition(
    companyId: string,
    id: string,
    change: (row: PayslipDbRow) => { set: string; bind: unknown[]; event: PayslipPostingEvent | null },
  ): Promise<Payslip> {
    const row = await declaredPeriodRefused(() =>
      sequelize.transaction(async (transaction) => {
        const current = await mustFind(companyId, id, transaction);
        const { set, bind, event } = change(current);
        const outbox = event
          ? `, unposted_events = array_append(unposted_events, '${event}'), unposted_since = COALESCE(unposted_since, now())`
          : '';
        await sequelize.query(`UPDATE hr.payslips SET ${set}${outbox}, updated_at = now() WHERE company_id = $1 AND id = $2`, {
          bind: [companyId, current.id, ...bind],
          transaction,
        });
        return { updated: (await findPayslip(sequelize, companyId, current.id, { transaction })) as PayslipDbRow, event };
      }),
    );
    if (row.event) await enqueue(row.updated, [row.event]);
    return toPayslip(row.updated);
  }

  return {
    /** One page of the list (`?page=&pageSize=&search=&period=&year=&employeeId=&status=`) with the totals of every matching slip. */
    async list(companyId: string, q: PayslipListQuery): Promise<PayslipList> {
      const { rows, totalItems, totals } = await pagePayslips(sequelize, companyId, q);
      return { ...pagedOf(rows.map(toPayslip), q, totalItems), totals };
    },

    async get(companyId: string, id: string): Promise<Payslip> {
      return toPayslip(await mustFind(companyId, id));
    },

    /**
     * The bulletin de paie as a PDF (`bulletin-<matricule>-<period>.pdf`): the
     * stored breakdown, the employee's card, the year-to-date figures and the
     * employer read from the accounting service (dashes when it does not answer).
     */
    async pdf(companyId: string, id: string, employer: EmployerLookup): Promise<{ filename: string; buffer: Buffer }> {
      const row = await mustFind(companyId, id);
      const employee = await findEmployee(sequelize, companyId, row.employee_id);
      if (!employee) throw notFound(MESSAGES_EMPLOYEE.notFound);
      const [company, ytd, chosen] = await Promise.all([
        employer(companyId),
        yearToDate(sequelize, companyId, { id: row.id, employeeId: row.employee_id, period: row.period }),
        settings.forPeriod(companyId, row.period),
      ]);
      const [leave] = await leaves.balances(companyId, chosen.leaveDaysPerMonth, row.employee_id);
      const buffer = await renderPayslipPdf({ company, payslip: toPayslip(row), employee, ytd, leave: leave ?? null });
      const matricule = row.employee_number.replace(/[^A-Za-z0-9_-]+/g, '_');
      return { filename: `bulletin-${matricule}-${row.period}.pdf`, buffer };
    },

    /**
     * A draft, recomputed here with the set in force in its period (the form's, else the company's,
     * else 'xaalis' when the company's is not in force then) and the company's risk class; the
     * client's figures must match.
     */
    async create(companyId: string, v: PayslipCreateValues, userId: string | null = null): Promise<Payslip> {
      const employee = isUuid(v.employeeId) ? await findEmployee(sequelize, companyId, v.employeeId.toLowerCase()) : null;
      if (!employee) throw notFound(MESSAGES_EMPLOYEE.notFound);
      const chosen = await settings.forPeriod(companyId, v.period);
      const absences = await leaves.absencesFor(companyId, [employee.id], v.period, chosen.leaveDaysPerMonth);
      const draft = draftOf(employee, fromScreenTotals(v), v.parameterSetId ?? chosen.setId, chosen.riskClass, absences.get(employee.id));
      if (statedMismatch(v, draft)) throw new HttpError(400, MESSAGES_PAYSLIP.mismatch);
      const id = await refusingDuplicates(MESSAGES_PAYSLIP.duplicatePeriod, () => insertPayslip(sequelize, companyId, draft, userId));
      return toPayslip(await mustFind(companyId, id));
    },

    /**
     * 'Générer la paie du mois': a draft for every active employee of the
     * company hired by the period, on their card's monthly salary; employees
     * who already have a slip for the period are skipped (idempotent), as are
     * those paid by the hour or the day (no monthly base to derive). The
     * set and risk class are the company's, as for a form naming no set.
     * The drafts are computed and inserted by batches of GENERATION_BATCH, one multi-row
     * insert each (a slip created meanwhile is skipped there); `progress` is called after each batch.
     */
    async generate(
      job: { companyId: string; period: string; userId: string | null },
      progress: (done: number, total: number) => Promise<void> = async () => {},
    ): Promise<{ created: number; skipped: number; total: number }> {
      const employees = (await employeesService(sequelize).list(job.companyId, 'active')).filter(
        (e) => e.hireDate.slice(0, 7) <= job.period && e.salaryType === 'monthly',
      );
      const existing = new Set((await listPayslips(sequelize, job.companyId, job.period)).map((p) => p.employee_id));
      const chosen = await settings.forPeriod(job.companyId, job.period);
      let created = 0;
      for (let start = 0; start < employees.length; start += GENERATION_BATCH) {
        const slice = employees.slice(start, start + GENERATION_BATCH);
        const batch = slice.filter((employee) => !existing.has(employee.id));
        const absences = await leaves.absencesFor(
          job.companyId,
          batch.map((e) => e.id),
          job.period,
          chosen.leaveDaysPerMonth,
        );
        const drafts = batch.map((employee) =>
          draftOf(employee, { period: job.period, baseSalary: employee.salary }, chosen.setId, chosen.riskClass, absences.get(employee.id)),
        );
        created += await insertPayslips(sequelize, job.companyId, drafts, job.userId);
        await progress(start + slice.length, employees.length);
      }
      if (employees.length === 0) await progress(0, 0);
      return { created, skipped: employees.length - created, total: employees.length };
    },

    /** draft → validated; posts the PA entry. */
    validate(companyId: string, id: string, userId: string | null): Promise<Payslip> {
      return transition(companyId, id, (row) => {
        if (row.status !== 'draft') throw new HttpError(409, MESSAGES_PAYSLIP.validateOnlyDraft);
        return { set: `status = 'validated', validated_by = $3`, bind: [userId], event: 'validated' };
      });
    },

    /** validated → paid; posts the payment of the net. */
    pay(
      companyId: string,
      id: string,
      payment: { paymentDate: string; paymentMethod: PaymentMethod; treasuryAccountId?: string | null },
      userId: string | null,
    ) {
      return transition(companyId, id, (row) => {
        if (row.status !== 'validated') throw new HttpError(409, MESSAGES_PAYSLIP.payOnlyValidated);
        if (payment.paymentDate.slice(0, 7) < row.period) throw new HttpError(400, MESSAGES_PAYSLIP.paymentDateBeforePeriod);
        return {
          set: `status = 'paid', payment_date = $3, payment_method = $4, paid_by = $5, treasury_account_id = $6`,
          bind: [payment.paymentDate, payment.paymentMethod, userId, payment.treasuryAccountId ?? null],
          event: 'paid',
        };
      });
    },

    /** draft → cancelled (nothing posted); validated → cancelled, reversing the PA entry; a paid slip stays. */
    cancel(companyId: string, id: string, userId: string | null): Promise<Payslip> {
      return transition(companyId, id, (row) => {
        if (row.status === 'paid') throw new HttpError(409, MESSAGES_PAYSLIP.cancelPaid);
        if (row.status === 'cancelled') throw new HttpError(409, MESSAGES_PAYSLIP.alreadyCancelled);
        return {
          set: `status = 'cancelled', cancelled_on = CURRENT_DATE, cancelled_by = $3`,
          bind: [userId],
          event: row.status === 'validated' ? 'cancelled' : null,
        };
      });
    },

    /**
     * The sweep: enqueues again the events still in the outbox of slips older
     * than `minAgeMs` (their enqueue failed, or their confirmation is late).
     * Harmless when the job exists: same jobId, and the accounting side posts
     * once per slip and event. Returns how many slips were handled.
     */
    async sweepUnposted(minAgeMs = 60_000, limit = 500): Promise<number> {
      const rows = await findUnposted(sequelize, new Date(Date.now() - minAgeMs), limit);
      for (const row of rows) await enqueue(row, row.unposted_events);
      return rows.length;
    },
  };
}

export type PayrollService = ReturnType<typeof payrollService>;
