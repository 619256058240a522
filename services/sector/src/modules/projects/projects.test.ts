import { randomUUID } from 'node:crypto';
import {
  MESSAGES_MONEY,
  MESSAGES_SECTOR_MODULES,
  MESSAGES_SERVICES,
  serviceUnavailableMessage,
  type Project,
  type ProjectBillingResult,
  type ProjectList,
  type ServicesSummary,
  type Timesheet,
  type TimesheetList,
} from '@xaalis/contracts';
import { internalClient } from '@xaalis/service-kit';
import {
  asTenant,
  companyPath,
  companyWithModules,
  enableModules,
  messageOf,
  runWithStandIns,
  standIn,
  invoicingStandIn,
} from '../../test-support';
import { NAME_READS_HEADER } from './routes';
import { projectsService } from './service';

// The real sector service on the real database. The accounting and HR
// services are stand-ins over real HTTP keeping their internal routes'
// contracts (company-scoped reads by ids, idempotent invoice creation by
// sourceId; the real routes have their own tests): services never import each
// other, even in tests. They count the calls (batching) and can be taken down.

interface Party {
  id: string;
  companyId: string;
  name: string;
}
interface Person {
  id: string;
  companyId: string;
  firstName: string;
  lastName: string;
  position: string;
}

const parties = new Map<string, Party>();
const people = new Map<string, Person>();
const calls: string[] = [];
const up = { accounting: true, hr: true };
/** Creates the invoice, then drops the connection: the caller cannot know it was created. */
let dropAfterInvoice = false;

const idsOf = (q: unknown) => (typeof q === 'string' ? q.split(',') : null);

const { app: accountingApp, invoices } = invoicingStandIn(
  calls,
  () => up.accounting,
  {
    figures: (body, req, res) => {
      const client = 'thirdPartyId' in body.client ? parties.get(body.client.thirdPartyId) : undefined;
      if (client?.companyId !== req.params.cid) {
        res.status(404).json({ message: 'Client introuvable' });
        return null;
      }
      const subtotal = body.lines.reduce((s, l) => s + Math.round(Number(l.quantity) * Number(l.unitPrice) * 100), 0);
      return { status: 'draft', total: (Math.round(subtotal * 1.18) / 100).toFixed(2), thirdPartyId: client.id };
    },
    dropAfterCreate: () => dropAfterInvoice,
  },
  'accounting',
);
accountingApp.get('/internal/companies/:cid/third-parties', (req, res) => {
  const ids = idsOf(req.query.ids);
  const own = [...parties.values()].filter((p) => p.companyId === req.params.cid && (!ids || ids.includes(p.id)));
  res.json(own.map((p) => ({ id: p.id, name: p.name, type: 'client' })));
});

const hrApp = standIn(calls, () => up.hr, 'hr');
hrApp.get('/internal/companies/:cid/employees', (req, res) => {
  const ids = idsOf(req.query.ids) ?? [];
  res.json([...people.values()].filter((p) => p.companyId === req.params.cid && ids.includes(p.id)));
});

const running = runWithStandIns({ ACCOUNTING_URL: accountingApp, HR_URL: hrApp });

afterEach(() => {
  up.accounting = true;
  up.hr = true;
  dropAfterInvoice = false;
});

const { api } = running;

const servicesCompany = () => companyWithModules(running.service, ['services']);
function addParty(companyId: string, name: string): Party {
  const p = { id: randomUUID(), companyId, name };
  parties.set(p.id, p);
  return p;
}
function addPerson(companyId: string, firstName: string, lastName: string): Person {
  const p = { id: randomUUID(), companyId, firstName, lastName, position: 'Consultant' };
  people.set(p.id, p);
  return p;
}
const postProject = (companyId: string, body: object) => api().post(companyPath(companyId, 'projects')).set(asTenant(companyId)).send(body);
const postTimesheet = (companyId: string, body: object) =>
  api().post(companyPath(companyId, 'timesheets')).set(asTenant(companyId)).send(body);

let own: string;
let other: string;
let client: Party;
let awa: Person;
let moussa: Person;
let project: Project;

beforeAll(async () => {
  own = await servicesCompany();
  other = await servicesCompany();
  client = addParty(own, 'Sonatel');
  awa = addPerson(own, 'Awa', 'Ndiaye');
  moussa = addPerson(own, 'Moussa', 'Diop');
});

describe('projects', () => {
  it('creates a project for a company client: planning by default, client named, totals at zero', async () => {
    calls.length = 0;
    const res = await postProject(own, {
      name: 'Audit SI',
      clientId: client.id,
      startDate: '2026-01-05',
      budget: '1000000',
      hourlyRate: 15000,
    }).expect(201);
    project = res.body as Project;
    expect(project).toMatchObject({
      name: 'Audit SI',
      status: 'planning',
      client: { id: client.id, name: 'Sonatel' },
      endDate: null,
      budget: '1000000.00',
      hourlyRate: '15000.00',
      totalCost: '0.00',
      unbilledHours: '0.00',
      progress: '0.0',
      billingPending: false,
    });
    expect(calls.every((c) => c.startsWith('accounting GET'))).toBe(true);
  });

  it('refuses bad input (400 French), an end before the start, an unknown or foreign client (404)', async () => {
    const refusals: string[] = [];
    for (const body of [
      {},
      { name: '', clientId: client.id, startDate: '2026-01-01' },
      { name: 'X', clientId: 'nope', startDate: '2026-01-01' },
      { name: 'X', clientId: client.id, startDate: '2026-02-30' },
      { name: 'X', clientId: client.id, startDate: '2026-01-01', budget: '-1' },
      { name: 'X', clientId: client.id, startDate: '2026-01-01', status: 'done' },
    ]) {
      refusals.push(messageOf(await postProject(own, body).expect(400)));
    }
    expect(refusals).toEqual([
      MESSAGES_SERVICES.nameRequired,
      MESSAGES_SERVICES.nameRequired,
      MESSAGES_SERVICES.clientRequired,
      MESSAGES_SERVICES.startDateRequired,
      MESSAGES_MONEY.negative,
      MESSAGES_SERVICES.statusInvalid,
    ]);
    const early = await postProject(own, { name: 'X', clientId: client.id, startDate: '2026-03-01', endDate: '2026-02-01' }).expect(400);
    expect(JSON.stringify(early.body)).toContain(MESSAGES_SERVICES.endBeforeStart);
    const foreign = addParty(other, 'Ailleurs');
    for (const id of [foreign.id, randomUUID()]) {
      const res = await postProject(own, { name: 'X', clientId: id, startDate: '2026-01-01' }).expect(404);
      expect(messageOf(res)).toBe(MESSAGES_SERVICES.clientNotFound);
    }
  });

  it('refuses a project while accounting is down (503, nothing saved)', async () => {
    up.accounting = false;
    const before = ((await api().get(companyPath(own, 'projects')).set(asTenant(own)).expect(200)).body as ProjectList).items.length;
    const res = await postProject(own, { name: 'Hors ligne', clientId: client.id, startDate: '2026-01-01' }).expect(503);
    expect(messageOf(res)).toBe(serviceUnavailableMessage('accounting'));
    up.accounting = true;
    const after = ((await api().get(companyPath(own, 'projects')).set(asTenant(own)).expect(200)).body as ProjectList).items.length;
    expect(after).toBe(before);
  });

  it('edits a project (active), keeping an unchanged client without calling accounting', async () => {
    up.accounting = false;
    const res = await api()
      .put(companyPath(own, `projects/${project.id}`))
      .set(asTenant(own))
      .send({
        name: 'Audit SI',
        clientId: client.id,
        startDate: '2026-01-05',
        endDate: '2026-06-30',
        budget: '1000000',
        hourlyRate: '15000',
        status: 'active',
      })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'active', endDate: '2026-06-30', client: { name: null } });
  });
});

describe('timesheets', () => {
  let first: Timesheet;

  it('computes hoursWorked (quarter hours) and totalCost on the server; rate defaults to the project', async () => {
    const res = await postTimesheet(own, {
      employeeId: awa.id,
      projectId: project.id,
      date: '2026-01-10',
      startTime: '08:00',
      endTime: '17:10',
      breakTime: '60',
      description: 'Entretiens',
    }).expect(201);
    first = res.body as Timesheet;
    // 9 h 10 − 1 h = 8 h 10 → 8.25 (nearest quarter)
    expect(first).toMatchObject({
      hoursWorked: '8.25',
      hourlyRate: '15000.00',
      totalCost: '123750.00',
      status: 'pending',
      breakTime: 60,
      employee: { id: awa.id, firstName: 'Awa', lastName: 'Ndiaye', position: 'Consultant' },
      project: { id: project.id, name: 'Audit SI' },
      invoiceNumber: null,
    });
    const free = await postTimesheet(own, {
      employeeId: moussa.id,
      projectId: 'none',
      date: '2026-01-11',
      startTime: '09:00',
      endTime: '12:30',
      hourlyRate: '10000',
      hoursWorked: '3.5',
    }).expect(201);
    expect(free.body).toMatchObject({ project: null, hoursWorked: '3.50', totalCost: '35000.00', breakTime: 0 });
  });

  it('refuses an end before the start, a break eating the day, a wrong hoursWorked, bad input (400 French)', async () => {
    const body = { employeeId: awa.id, projectId: project.id, date: '2026-01-10', startTime: '10:00', endTime: '09:00' };
    const res = await postTimesheet(own, body).expect(400);
    expect(JSON.stringify(res.body)).toContain(MESSAGES_SERVICES.endTimeBeforeStart);
    expect(JSON.stringify((await postTimesheet(own, { ...body, endTime: '10:00' }).expect(400)).body)).toContain(
      MESSAGES_SERVICES.endTimeBeforeStart,
    );
    expect(JSON.stringify((await postTimesheet(own, { ...body, endTime: '11:00', breakTime: 60 }).expect(400)).body)).toContain(
      MESSAGES_SERVICES.noHoursWorked,
    );
    expect(JSON.stringify((await postTimesheet(own, { ...body, endTime: '11:00', hoursWorked: '2' }).expect(400)).body)).toContain(
      MESSAGES_SERVICES.hoursMismatch,
    );
    const refusals: string[] = [];
    for (const bad of [
      {},
      { ...body, endTime: '25:00' },
      { ...body, startTime: '8h', endTime: '11:00' },
      { ...body, endTime: '11:00', breakTime: -5 },
      { ...body, endTime: '11:00', breakTime: 1.5 },
      { ...body, endTime: '11:00', date: '' },
      { ...body, endTime: '11:00', employeeId: 'x' },
      { ...body, endTime: '11:00', hourlyRate: 'abc' },
    ]) {
      refusals.push(messageOf(await postTimesheet(own, bad).expect(400)));
    }
    expect(refusals).toEqual([
      MESSAGES_SERVICES.employeeRequired,
      MESSAGES_SERVICES.timeInvalid,
      MESSAGES_SERVICES.timeInvalid,
      MESSAGES_SERVICES.breakInvalid,
      MESSAGES_SERVICES.breakInvalid,
      MESSAGES_SERVICES.timesheetDateRequired,
      MESSAGES_SERVICES.employeeRequired,
      MESSAGES_MONEY.invalid,
    ]);
  });

  it('refuses an unknown or foreign employee (404), a project not active (400) or foreign (404), HR down (503)', async () => {
    const body = { employeeId: awa.id, date: '2026-01-12', startTime: '08:00', endTime: '10:00' };
    const stranger = addPerson(other, 'Fatou', 'Sall');
    for (const id of [stranger.id, randomUUID()]) {
      expect(messageOf(await postTimesheet(own, { ...body, employeeId: id }).expect(404))).toBe(MESSAGES_SERVICES.employeeNotFound);
    }
    const planning = (await postProject(own, { name: 'Plus tard', clientId: client.id, startDate: '2026-01-01' }).expect(201))
      .body as Project;
    expect(messageOf(await postTimesheet(own, { ...body, projectId: planning.id }).expect(400))).toBe(MESSAGES_SERVICES.projectNotActive);
    const foreignClient = addParty(other, 'Autre');
    const foreign = (
      await postProject(other, { name: 'Autre', clientId: foreignClient.id, startDate: '2026-01-01', status: 'active' }).expect(201)
    ).body as Project;
    expect(messageOf(await postTimesheet(own, { ...body, projectId: foreign.id }).expect(404))).toBe(MESSAGES_SERVICES.projectNotFound);
    up.hr = false;
    expect(messageOf(await postTimesheet(own, body).expect(503))).toBe(serviceUnavailableMessage('hr'));
  });

  it('lists newest first, paginated and filtered, with ONE HR call per page; HR down → names null and the flag', async () => {
    for (let d = 1; d <= 12; d++) {
      await postTimesheet(own, {
        employeeId: d % 2 ? awa.id : moussa.id,
        projectId: project.id,
        date: `2026-02-${String(d).padStart(2, '0')}`,
        startTime: '08:00',
        endTime: '09:00',
      }).expect(201);
    }
    calls.length = 0;
    const res = await api().get(companyPath(own, 'timesheets')).query({ page: 1, pageSize: 5 }).set(asTenant(own)).expect(200);
    const page = res.body as TimesheetList;
    expect(page).toMatchObject({ page: 1, pageSize: 5, totalItems: 14, employeesAvailable: true });
    expect(page.items.map((t) => t.date)).toEqual(['2026-02-12', '2026-02-11', '2026-02-10', '2026-02-09', '2026-02-08']);
    expect(page.items.every((t) => t.employee.firstName !== null)).toBe(true);
    expect(calls.filter((c) => c.startsWith('hr '))).toHaveLength(1);
    expect(res.get(NAME_READS_HEADER)).toBe('1');

    const last = (await api().get(companyPath(own, 'timesheets')).query({ page: 3, pageSize: 5 }).set(asTenant(own)).expect(200))
      .body as TimesheetList;
    expect(last.items.map((t) => t.date)).toEqual(['2026-02-02', '2026-02-01', '2026-01-11', '2026-01-10']);
    const jan = (await api().get(companyPath(own, 'timesheets')).query({ month: '2026-01' }).set(asTenant(own)).expect(200))
      .body as TimesheetList;
    expect(jan.totalItems).toBe(2);
    const hers = (
      await api().get(companyPath(own, 'timesheets')).query({ employeeId: moussa.id, projectId: project.id }).set(asTenant(own)).expect(200)
    ).body as TimesheetList;
    expect(hers.totalItems).toBe(6);
    await api().get(companyPath(own, 'timesheets')).query({ month: '2026-13' }).set(asTenant(own)).expect(400);
    await api().get(companyPath(own, 'timesheets')).query({ pageSize: 1000 }).set(asTenant(own)).expect(400);

    up.hr = false;
    const down = (await api().get(companyPath(own, 'timesheets')).set(asTenant(own)).expect(200)).body as TimesheetList;
    expect(down.employeesAvailable).toBe(false);
    expect(down.items[0].employee).toMatchObject({ firstName: null, lastName: null });
    const one = (
      await api()
        .get(companyPath(own, `timesheets/${first.id}`))
        .set(asTenant(own))
        .expect(200)
    ).body as Timesheet;
    expect(one).toMatchObject({ hoursWorked: '8.25', employee: { firstName: null } });
  });

  it('lists projects with ONE accounting call, aggregates in SQL; accounting down → names null and the flag', async () => {
    calls.length = 0;
    const res = await api().get(companyPath(own, 'projects')).set(asTenant(own)).expect(200);
    const list = res.body as ProjectList;
    expect(calls).toHaveLength(1);
    expect(list.clientsAvailable).toBe(true);
    const audit = list.items.find((p) => p.id === project.id)!;
    // 123 750 + 12 × 1 h × 15 000
    expect(audit).toMatchObject({
      totalCost: '303750.00',
      totalHours: '20.25',
      unbilledHours: '20.25',
      progress: '30.4',
      client: { name: 'Sonatel' },
    });
    const active = (await api().get(companyPath(own, 'projects')).query({ status: 'active' }).set(asTenant(own)).expect(200))
      .body as ProjectList;
    expect(active.items.map((p) => p.id)).toEqual([project.id]);
    // `id`: one project (a select box's chosen value), of this company only.
    const one = (await api().get(companyPath(own, 'projects')).query({ id: project.id }).set(asTenant(own)).expect(200))
      .body as ProjectList;
    expect(one).toMatchObject({ totalItems: 1, items: [{ id: project.id }] });
    const none = (await api().get(companyPath(other, 'projects')).query({ id: project.id }).set(asTenant(other)).expect(200))
      .body as ProjectList;
    expect(none.items).toEqual([]);
    up.accounting = false;
    const down = (await api().get(companyPath(own, 'projects')).set(asTenant(own)).expect(200)).body as ProjectList;
    expect(down.clientsAvailable).toBe(false);
    expect(down.items.every((p) => p.client.name === null)).toBe(true);
  });

  it('summarises the cards', async () => {
    const s = (await api().get(companyPath(own, 'projects/summary')).set(asTenant(own)).expect(200)).body as ServicesSummary;
    expect(s).toMatchObject({ activeProjects: 1, completedProjects: 0, totalValue: '1000000.00' });
    expect(s.hoursThisMonth).toMatch(/^\d+\.\d{2}$/);
    const empty = (await api().get(companyPath(other, 'projects/summary')).set(asTenant(other)).expect(200)).body as ServicesSummary;
    expect(empty).toMatchObject({ activeProjects: 1, completedProjects: 0, totalValue: '0.00', hoursThisMonth: '0.00' });
  });
});

describe("'Facturer les heures'", () => {
  it('refuses while HR is down (503, nothing billed), then bills a draft invoice grouped per employee and rate, once', async () => {
    up.hr = false;
    await api()
      .post(companyPath(own, `projects/${project.id}/invoice`))
      .set(asTenant(own))
      .expect(503);
    up.hr = true;
    expect(
      (
        (
          await api()
            .get(companyPath(own, `projects/${project.id}`))
            .set(asTenant(own))
            .expect(200)
        ).body as Project
      ).unbilledHours,
    ).toBe('20.25');

    const res = await api()
      .post(companyPath(own, `projects/${project.id}/invoice`))
      .set(asTenant(own))
      .expect(201);
    const result = res.body as ProjectBillingResult;
    expect(result).toMatchObject({ status: 'billed', timesheetCount: 13, hours: '20.25', amount: '303750.00' });
    const sent = [...invoices.values()].find((i) => i.id === result.invoice!.id)!.body;
    expect(sent).toMatchObject({
      sourceId: `project-hours:${project.id}:${result.batchId}`,
      validate: false,
      type: 'service',
      client: { thirdPartyId: client.id },
      lines: [
        { description: 'Awa Ndiaye — 14,25 h', quantity: '14.25', unitPrice: '15000.00' },
        { description: 'Moussa Diop — 6 h', quantity: '6.00', unitPrice: '15000.00' },
      ],
    });
    const page = (await api().get(companyPath(own, 'timesheets')).query({ projectId: project.id }).set(asTenant(own)).expect(200))
      .body as TimesheetList;
    expect(page.items.every((t) => t.status === 'billed' && t.invoiceNumber === result.invoice!.number)).toBe(true);

    const again = await api()
      .post(companyPath(own, `projects/${project.id}/invoice`))
      .set(asTenant(own))
      .expect(400);
    expect(messageOf(again)).toBe(MESSAGES_SERVICES.nothingToBill);
    const after = (
      await api()
        .get(companyPath(own, `projects/${project.id}`))
        .set(asTenant(own))
        .expect(200)
    ).body as Project;
    expect(after).toMatchObject({ unbilledHours: '0.00', totalCost: '303750.00', billingPending: false });
  });

  it('keeps an ambiguous billing pending (202) and settles it later with the same invoice, never twice', async () => {
    await postTimesheet(own, {
      employeeId: awa.id,
      projectId: project.id,
      date: '2026-03-02',
      startTime: '08:00',
      endTime: '10:00',
    }).expect(201);
    dropAfterInvoice = true;
    const res = await api()
      .post(companyPath(own, `projects/${project.id}/invoice`))
      .set(asTenant(own))
      .expect(202);
    expect(res.body).toMatchObject({ status: 'pending', invoice: null, hours: '2.00' });
    dropAfterInvoice = false;
    expect(
      messageOf(
        await api()
          .post(companyPath(own, `projects/${project.id}/invoice`))
          .set(asTenant(own))
          .expect(409),
      ),
    ).toBe(MESSAGES_SERVICES.billingInProgress);
    const created = invoices.size;
    const services = projectsService(
      running.service.ctx.sequelize,
      internalClient('accounting', process.env.INTERNAL_TOKEN as string),
      internalClient('hr', process.env.INTERNAL_TOKEN as string),
    );
    await services.settlePendingBillings(0);
    expect(invoices.size).toBe(created);
    const [t] = (
      (await api().get(companyPath(own, 'timesheets')).query({ month: '2026-03' }).set(asTenant(own)).expect(200)).body as TimesheetList
    ).items;
    expect(t.status).toBe('billed');
    expect(t.invoiceNumber).toMatch(/^FS-/);
  });
});

describe('tenancy and module switch', () => {
  it("answers 404 for another company's project or timesheet on every route", async () => {
    const [t] = ((await api().get(companyPath(own, 'timesheets')).set(asTenant(own)).expect(200)).body as TimesheetList).items;
    const as = asTenant(other);
    await running.expectNotFound(as, [
      ['get', companyPath(other, `projects/${project.id}`)],
      ['put', companyPath(other, `projects/${project.id}`), { name: 'X', clientId: client.id, startDate: '2026-01-01' }],
      ['post', companyPath(other, `projects/${project.id}/invoice`)],
      ['get', companyPath(other, `timesheets/${t.id}`)],
    ]);
    await api().get(companyPath(other, 'projects/not-a-uuid')).set(as).expect(404);
    const list = (await api().get(companyPath(other, 'timesheets')).set(as).expect(200)).body as TimesheetList;
    expect(list.items.some((x) => x.id === t.id)).toBe(false);
    // The tenant must be the company of the path.
    await api().get(companyPath(own, 'projects')).set(as).expect(404);
    await api().get(companyPath(own, 'timesheets')).set(as).expect(404);
  });

  it('answers 404 when the company has not enabled the services module', async () => {
    const id = randomUUID();
    await enableModules(running.service, id, ['restaurant']);
    for (const path of ['projects', 'projects/summary', 'timesheets', `projects/${project.id}`]) {
      const res = await api().get(companyPath(id, path)).set(asTenant(id)).expect(404);
      expect(messageOf(res)).toBe(MESSAGES_SECTOR_MODULES.notEnabled);
    }
    await api().post(companyPath(id, 'projects')).set(asTenant(id)).send({}).expect(404);
  });
});

describe('paged lists', () => {
  it('pages projects, searches them and counts active projects over the whole company; timesheets take a search', async () => {
    const c = await servicesCompany();
    const theirClient = addParty(c, 'Orange');
    const body = { clientId: theirClient.id, startDate: '2026-01-05', budget: '1000', hourlyRate: 100 };
    const audit = (await postProject(c, { ...body, name: 'Audit comptable', status: 'active' }).expect(201)).body as Project;
    const site = (await postProject(c, { ...body, name: 'Site web' }).expect(201)).body as Project;
    const get = async <T>(path: string, query: object) =>
      (await api().get(companyPath(c, path)).query(query).set(asTenant(c)).expect(200)).body as T;

    const first = await get<ProjectList>('projects', { page: 1, pageSize: 1 });
    expect(first).toMatchObject({ page: 1, pageSize: 1, totalItems: 2, activeCount: 1, clientsAvailable: true });
    expect(first.items.map((p) => p.id)).toEqual([site.id]);
    expect((await get<ProjectList>('projects', { page: 2, pageSize: 1 })).items.map((p) => p.id)).toEqual([audit.id]);
    expect(await get<ProjectList>('projects', { search: 'WEB' })).toMatchObject({
      totalItems: 1,
      activeCount: 1,
      items: [{ id: site.id }],
    });

    const person = addPerson(c, 'Fatou', 'Sow');
    const sheet = { employeeId: person.id, date: '2026-02-02', startTime: '08:00', endTime: '09:00' };
    await postTimesheet(c, { ...sheet, projectId: audit.id, description: 'Revue des comptes' }).expect(201);
    await postTimesheet(c, { ...sheet, date: '2026-02-03', description: 'Réunion' }).expect(201);
    expect((await get<TimesheetList>('timesheets', { search: 'audit' })).items.map((t) => t.description)).toEqual(['Revue des comptes']);
    expect((await get<TimesheetList>('timesheets', { search: 'réunion' })).totalItems).toBe(1);
    expect((await get<ProjectList>('projects', { search: 'audit' })).items).toHaveLength(1);
    await api().get(companyPath(c, 'projects')).set(asTenant(other)).expect(404);
  });
});
