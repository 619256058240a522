import type { Sequelize } from 'sequelize';
import {
  MAX_INTERNAL_IDS,
  MESSAGES_MONEY,
  MESSAGES_SERVICES,
  billedHoursLine,
  computeHoursWorked,
  employeeName,
  timesheetCost,
  type Employee,
  type InternalInvoiceInput,
  type InternalInvoiceSummary,
  type InternalThirdParty,
  type Project,
  type ProjectBillingResult,
  type ProjectList,
  type ProjectListQueryValues,
  type ProjectValues,
  type ServicesSummary,
  type Timesheet,
  type TimesheetList,
  type TimesheetListQuery,
  type TimesheetValues,
} from '@xaalis/contracts';
import { add, compare, dec, fitsMoney, isPositive, sum, toFixed } from '@xaalis/domain';
import { HttpError, isUuid, NO_ACTOR, notFound, pagedOf, type Actor, type InternalClient } from '@xaalis/service-kit';
import {
  claimBilling,
  completeBilling,
  countProjects,
  dropBilling,
  findPendingBillings,
  findProjectRow,
  findProjects,
  findTimesheet,
  findTimesheetPage,
  insertProject,
  insertTimesheet,
  servicesSummary,
  setBillingRequest,
  updateProject,
  type ProjectDbRow,
  type ProjectFilter,
  type TimesheetDbRow,
} from './model';

const thirdPartiesPath = (companyId: string) => `/internal/companies/${companyId}/third-parties`;
const employeesPath = (companyId: string) => `/internal/companies/${companyId}/employees`;
const invoicesPath = (companyId: string) => `/internal/companies/${companyId}/invoices`;

const isUnavailable = (err: unknown) => err instanceof HttpError && err.status === 503;

/** The names known for a list page; null when the other service is down. */
type Names<T> = Map<string, T> | null;
type EmployeeName = Pick<Employee, 'firstName' | 'lastName' | 'position'>;

/** "42.5": totalCost / budget in percent, one decimal, half up; null for a 0 budget. */
function progressOf(totalCost: string, budget: string): string | null {
  if (!isPositive(budget)) return null;
  return toFixed(dec(totalCost).times(100).div(budget), 1);
}

/**
 * Services (spec 02 "Gestion des Services", issue 13): projects for an
 * accounting client, timesheets of HR employees, 'Facturer les heures'. Names
 * from the other services come through one batched internal read per list
 * page and per service; when one is down, lists still answer with null names.
 */
export function projectsService(sequelize: Sequelize, accounting: InternalClient, hr: InternalClient) {
  /** Third parties of these ids in ONE call (beyond the ids cap: the company's clients list). Throws the 503. */
  async function fetchClients(companyId: string, ids: string[], calls?: { n: number }): Promise<Map<string, InternalThirdParty>> {
    const distinct = [...new Set(ids)];
    if (!distinct.length) return new Map();
    if (calls) calls.n += 1;
    const path =
      distinct.length <= MAX_INTERNAL_IDS ? `${thirdPartiesPath(companyId)}?ids=${distinct.join(',')}` : thirdPartiesPath(companyId);
    return new Map((await accounting.get<InternalThirdParty[]>(path)).map((t) => [t.id, t]));
  }

  /** Employees of these ids in ONE call (a page holds at most 100: under HR's cap). Throws the 503. */
  async function fetchEmployees(companyId: string, ids: string[], calls?: { n: number }): Promise<Map<string, Employee>> {
    const distinct = [...new Set(ids)];
    if (!distinct.length) return new Map();
    if (calls) calls.n += 1;
    if (distinct.length > MAX_INTERNAL_IDS) {
      // Only the billing of a very large project gets here: batches of the cap.
      const parts = await Promise.all(
        Array.from({ length: Math.ceil(distinct.length / MAX_INTERNAL_IDS) }, (_, i) =>
          fetchEmployees(companyId, distinct.slice(i * MAX_INTERNAL_IDS, (i + 1) * MAX_INTERNAL_IDS)),
        ),
      );
      return new Map(parts.flatMap((m) => [...m]));
    }
    return new Map((await hr.get<Employee[]>(`${employeesPath(companyId)}?ids=${distinct.join(',')}`)).map((e) => [e.id, e]));
  }

  async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (err) {
      if (isUnavailable(err)) return null;
      throw err;
    }
  }

  function toProject(row: ProjectDbRow, clients: Names<InternalThirdParty>): Project {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      clientId: row.client_id,
      client: { id: row.client_id, name: clients?.get(row.client_id)?.name ?? null },
      startDate: row.start_date,
      endDate: row.end_date,
      budget: row.budget,
      hourlyRate: row.hourly_rate,
      status: row.status,
      totalCost: row.total_cost,
      totalHours: row.total_hours,
      unbilledHours: row.unbilled_hours,
      unbilledCost: row.unbilled_cost,
      progress: progressOf(row.total_cost, row.budget),
      billingPending: row.billing_pending,
      companyId: row.company_id,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  function toTimesheet(row: TimesheetDbRow, employees: Names<EmployeeName>): Timesheet {
    const e = employees?.get(row.employee_id) ?? null;
    return {
      id: row.id,
      employeeId: row.employee_id,
      employee: { id: row.employee_id, firstName: e?.firstName ?? null, lastName: e?.lastName ?? null, position: e?.position ?? null },
      projectId: row.project_id,
      project: row.project_id ? { id: row.project_id, name: row.project_name ?? '' } : null,
      date: row.date,
      startTime: row.start_time,
      endTime: row.end_time,
      breakTime: row.break_minutes,
      hoursWorked: row.hours_worked,
      description: row.description,
      hourlyRate: row.hourly_rate,
      totalCost: row.total_cost,
      status: row.status,
      invoiceId: row.invoice_id,
      invoiceNumber: row.invoice_number,
      companyId: row.company_id,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async function listProjects(
    companyId: string,
    filter: ProjectFilter,
    calls?: { n: number },
    page?: { page: number; pageSize: number },
  ): Promise<{ items: Project[]; clientsAvailable: boolean }> {
    const rows = await findProjects(sequelize, companyId, filter, page);
    const clients = await orNull(() =>
      fetchClients(
        companyId,
        rows.map((r) => r.client_id),
        calls,
      ),
    );
    return { items: rows.map((r) => toProject(r, clients)), clientsAvailable: clients !== null };
  }

  async function getProject(companyId: string, id: string): Promise<Project> {
    if (!isUuid(id)) throw notFound(MESSAGES_SERVICES.projectNotFound);
    const [project] = (await listProjects(companyId, { id: id.toLowerCase() })).items;
    if (!project) throw notFound(MESSAGES_SERVICES.projectNotFound);
    return project;
  }

  /** The client must be a third party of the company: 404 otherwise, the 503 refuses the save. */
  async function checkClient(companyId: string, clientId: string): Promise<void> {
    const clients = await fetchClients(companyId, [clientId.toLowerCase()]);
    if (!clients.has(clientId.toLowerCase())) throw notFound(MESSAGES_SERVICES.clientNotFound);
  }

  async function getTimesheet(companyId: string, id: string): Promise<Timesheet> {
    const row = isUuid(id) ? await findTimesheet(sequelize, companyId, id.toLowerCase()) : null;
    if (!row) throw notFound(MESSAGES_SERVICES.timesheetNotFound);
    const employees = await orNull(() => fetchEmployees(companyId, [row.employee_id]));
    return toTimesheet(row, employees);
  }

  /**
   * Sends a billing's invoice for `actor` (its author in the accounting service) and settles it
   * (billed; a 4xx: dropped). The 503 propagates: the billing stays pending.
   */
  async function sendBilling(
    companyId: string,
    billingId: string,
    request: InternalInvoiceInput,
    actor: Actor,
  ): Promise<InternalInvoiceSummary> {
    let invoice: InternalInvoiceSummary;
    try {
      invoice = await accounting.post<InternalInvoiceSummary>(invoicesPath(companyId), request, actor);
    } catch (err) {
      // A 503 may be a timeout after the accounting side committed: the billing
      // stays pending and settlePendingBillings replays the same sourceId.
      if (!isUnavailable(err)) await dropBilling(sequelize, billingId);
      throw err;
    }
    await completeBilling(sequelize, billingId, invoice);
    return invoice;
  }

  return {
    async listProjects(companyId: string, q: ProjectListQueryValues, calls?: { n: number }): Promise<ProjectList> {
      const filter = { id: q.id?.toLowerCase(), status: q.status, search: q.search };
      const [{ items, clientsAvailable }, counts] = await Promise.all([
        listProjects(companyId, filter, calls, q),
        countProjects(sequelize, companyId, filter),
      ]);
      return { ...pagedOf(items, q, counts.total), clientsAvailable, activeCount: counts.active };
    },
    getProject,

    async createProject(companyId: string, v: ProjectValues): Promise<Project> {
      await checkClient(companyId, v.clientId);
      return getProject(companyId, await insertProject(sequelize, companyId, v));
    },

    async updateProject(companyId: string, id: string, v: ProjectValues): Promise<Project> {
      if (!isUuid(id)) throw notFound(MESSAGES_SERVICES.projectNotFound);
      const current = await findProjectRow(sequelize, companyId, id.toLowerCase());
      if (!current) throw notFound(MESSAGES_SERVICES.projectNotFound);
      // An unchanged client needs no accounting call (an edit works while it is down).
      if (current.client_id !== v.clientId.toLowerCase()) await checkClient(companyId, v.clientId);
      if (!(await updateProject(sequelize, companyId, id.toLowerCase(), v))) throw notFound(MESSAGES_SERVICES.projectNotFound);
      return getProject(companyId, id);
    },

    async summary(companyId: string): Promise<ServicesSummary> {
      const s = await servicesSummary(sequelize, companyId);
      return { activeProjects: s.active, completedProjects: s.completed, totalValue: s.total_value, hoursThisMonth: s.hours };
    },

    async listTimesheets(companyId: string, q: TimesheetListQuery, calls?: { n: number }): Promise<TimesheetList> {
      const page = Number(q.page ?? 1);
      const pageSize = Number(q.pageSize ?? 25);
      const { rows, total } = await findTimesheetPage(sequelize, companyId, { ...q, page, pageSize });
      const employees = await orNull(() =>
        fetchEmployees(
          companyId,
          rows.map((r) => r.employee_id),
          calls,
        ),
      );
      return {
        items: rows.map((r) => toTimesheet(r, employees)),
        page,
        pageSize,
        totalItems: total,
        employeesAvailable: employees !== null,
      };
    },

    getTimesheet,

    /**
     * hoursWorked and totalCost computed here; the project (optional) must be
     * an active project of the company, the employee one of its HR employees
     * (404; 503 when HR is down: nothing saved).
     */
    async createTimesheet(companyId: string, v: TimesheetValues): Promise<Timesheet> {
      const hours = computeHoursWorked(v.startTime, v.endTime, v.breakTime);
      if (hours === null) throw new HttpError(400, MESSAGES_SERVICES.endTimeBeforeStart);
      const projectId = v.projectId?.toLowerCase() ?? null;
      const project = projectId ? await findProjectRow(sequelize, companyId, projectId) : null;
      if (projectId && !project) throw notFound(MESSAGES_SERVICES.projectNotFound);
      if (project && project.status !== 'active') throw new HttpError(400, MESSAGES_SERVICES.projectNotActive);
      const employeeId = v.employeeId.toLowerCase();
      const employees = await fetchEmployees(companyId, [employeeId]);
      if (!employees.has(employeeId)) throw notFound(MESSAGES_SERVICES.employeeNotFound);
      const hourlyRate = v.hourlyRate ?? project?.hourly_rate ?? '0.00';
      const totalCost = timesheetCost(hours, hourlyRate);
      if (!fitsMoney(totalCost)) throw new HttpError(400, MESSAGES_MONEY.totalTooLarge);
      const id = await insertTimesheet(sequelize, companyId, {
        employeeId,
        projectId,
        date: v.date,
        startTime: v.startTime,
        endTime: v.endTime,
        breakMinutes: v.breakTime,
        hoursWorked: hours,
        description: v.description,
        hourlyRate,
        totalCost,
      });
      // The project left 'active' between the check and the insert.
      if (!id) throw new HttpError(400, MESSAGES_SERVICES.projectNotActive);
      return getTimesheet(companyId, id);
    },

    /**
     * 'Facturer les heures': claims the project's unbilled timesheets (one
     * billing in flight per project), names their employees (one HR read; HR
     * down → 503 and the claim is released, so the invoice never shows "—"),
     * then asks accounting for a draft service invoice, one line per employee
     * and rate, idempotent by `project-hours:<project>:<billing>`. `actor` (the
     * requesting user and role) is the invoice's author in the audit trail.
     */
    async billProject(
      companyId: string,
      id: string,
      actor: Actor,
      today = new Date().toISOString().slice(0, 10),
    ): Promise<ProjectBillingResult> {
      if (!isUuid(id)) throw notFound(MESSAGES_SERVICES.projectNotFound);
      const projectId = id.toLowerCase();
      const project = await findProjectRow(sequelize, companyId, projectId);
      if (!project) throw notFound(MESSAGES_SERVICES.projectNotFound);
      const claim = await claimBilling(sequelize, companyId, projectId);
      if (!claim) throw new HttpError(409, MESSAGES_SERVICES.billingInProgress);
      if (!claim.timesheets.length) throw new HttpError(400, MESSAGES_SERVICES.nothingToBill);
      const { billingId, timesheets } = claim;

      let employees: Map<string, Employee>;
      try {
        employees = await fetchEmployees(
          companyId,
          timesheets.map((t) => t.employee_id),
        );
      } catch (err) {
        await dropBilling(sequelize, billingId);
        throw err;
      }
      // Grouped per employee and rate, in a stable order (employee name, then rate).
      const groups = new Map<string, { name: string; rate: string; hours: string }>();
      for (const t of timesheets) {
        const key = `${t.employee_id}:${t.hourly_rate}`;
        const e = employees.get(t.employee_id);
        const g = groups.get(key) ?? { name: e ? employeeName(e) : MESSAGES_SERVICES.unknownValue, rate: t.hourly_rate, hours: '0.00' };
        g.hours = add(g.hours, t.hours_worked);
        groups.set(key, g);
      }
      const lines = [...groups.values()]
        .sort((a, b) => a.name.localeCompare(b.name, 'fr') || compare(a.rate, b.rate))
        .map((g) => {
          return { description: billedHoursLine(g.name, g.hours).slice(0, 255), quantity: g.hours, unitPrice: g.rate };
        });
      const request: InternalInvoiceInput = {
        sourceId: `project-hours:${projectId}:${billingId}`,
        type: 'service',
        validate: false,
        date: today,
        client: { thirdPartyId: project.client_id },
        lines,
        notes: `Projet : ${project.name}`.slice(0, 2000),
      };
      await setBillingRequest(sequelize, billingId, request);
      const hours = sum(timesheets.map((t) => t.hours_worked));
      const amount = sum(timesheets.map((t) => t.total_cost));
      const base = { batchId: billingId, timesheetCount: timesheets.length, hours, amount };
      try {
        const invoice = await sendBilling(companyId, billingId, request, actor);
        return {
          ...base,
          status: 'billed',
          invoice: { id: invoice.id, number: invoice.number, status: invoice.status, total: invoice.total },
        };
      } catch (err) {
        if (isUnavailable(err)) return { ...base, status: 'pending', invoice: null };
        throw err;
      }
    },

    /**
     * Settles the billings left pending (older than `olderThanMs`): replays
     * their stored request — accounting answers the first invoice if it was
     * created — then marks them billed; a refusal (4xx: nothing created) or a
     * billing never sent releases its timesheets. Stops at the first 503. A
     * sweep acts for no user: an invoice it makes has no author, as every job's.
     */
    async settlePendingBillings(olderThanMs = 30_000, limit = 100): Promise<{ billed: number; dropped: number }> {
      let billed = 0;
      let dropped = 0;
      for (const pending of await findPendingBillings(sequelize, olderThanMs, limit)) {
        if (!pending.request) {
          await dropBilling(sequelize, pending.id);
          dropped += 1;
          continue;
        }
        try {
          await sendBilling(pending.company_id, pending.id, pending.request, NO_ACTOR);
          billed += 1;
        } catch (err) {
          if (isUnavailable(err)) break;
          dropped += 1;
        }
      }
      return { billed, dropped };
    },
  };
}

export type ProjectsService = ReturnType<typeof projectsService>;
