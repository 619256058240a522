import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type {
  AuditEventListResponse,
  Company,
  InventoryItem,
  ProjectBillingResult,
  Project,
  Recipe,
  Reservation,
  Role,
  Room,
  ServeResult,
  ThirdParty,
} from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import {
  enableModules,
  standIn,
  startChildService,
  startWithStandIns,
  TOKEN,
  type ChildService,
  type ServiceWithStandIns,
} from './test-support';

// Issue 24, finding 5: what the sector service writes in the accounting service for a user — a
// stay's invoice, 'Facturer les heures', the stock movements of 'Servir' — names that user and
// role there, as the accounting service's own routes do. The real sector service, the real
// accounting service (a child process from its build) and its audit trail; HR is a stand-in.
const calls: string[] = [];
const hrApp = standIn(calls, () => true, 'hr');
const employee = { id: randomUUID(), firstName: 'Awa', lastName: 'Ndiaye', position: 'Consultante' };
hrApp.get('/internal/companies/:cid/employees', (_req, res) => {
  res.json([employee]);
});

let accounting: ChildService;
let running: ServiceWithStandIns;
let sector: RunningService;
let companyId: string;
const savedAccountingUrl = process.env.ACCOUNTING_URL;

const as = (role: Role, userId: string) => ({
  'X-Internal-Token': TOKEN,
  'X-Company-Id': companyId,
  'X-User-Role': role,
  'X-User-Id': userId,
});
const owner = () => as('owner', randomUUID());
const api = () => request(sector.app);
const acc = () => request(accounting.url);
const base = (resource: string) => `/api/companies/${companyId}/${resource}`;
const invoiceHistory = async (invoiceId: string) =>
  (
    (
      await acc()
        .get(`/api/companies/${companyId}/audit-events`)
        .query({ objectType: 'invoice', objectId: invoiceId })
        .set(owner())
        .expect(200)
    ).body as AuditEventListResponse
  ).items.map((e) => [e.action, e.userId, e.actorRole]);

beforeAll(async () => {
  accounting = await startChildService('accounting');
  process.env.ACCOUNTING_URL = accounting.url;
  running = await startWithStandIns({ HR_URL: hrApp });
  sector = running.service;
  const company = (
    await acc().post('/internal/companies').set('X-Internal-Token', TOKEN).send({ name: 'Teranga Services', sector: 'hotel' }).expect(201)
  ).body as Company;
  companyId = company.id;
  await enableModules(sector, companyId, ['hotel', 'restaurant', 'services']);
}, 60_000);

afterAll(async () => {
  await running?.close();
  await accounting?.stop();
  process.env.ACCOUNTING_URL = savedAccountingUrl;
});

it("records the stay invoice with the user and role who asked for it ('Facturer le séjour')", async () => {
  const fatou = randomUUID();
  const room = (await api().post(base('rooms')).set(owner()).send({ roomNumber: '101', pricePerNight: '25000' }).expect(201)).body as Room;
  const stay = (
    await api()
      .post(base('reservations'))
      .set(owner())
      .send({ roomId: room.id, guestName: 'Awa Ndiaye', checkInDate: '2033-03-01', checkOutDate: '2033-03-04' })
      .expect(201)
  ).body as Reservation;
  await api()
    .post(base(`reservations/${stay.id}/check-in`))
    .set(owner())
    .send({})
    .expect(200);
  const invoiced = (
    await api()
      .post(base(`reservations/${stay.id}/invoice`))
      .set(as('collaborator', fatou))
      .send({})
      .expect(201)
  ).body as Reservation;
  expect(await invoiceHistory(invoiced.invoice!.id)).toEqual([
    ['created', fatou, 'collaborator'],
    ['validated', fatou, 'collaborator'],
  ]);
});

it("records the billed hours' invoice with the user and role who billed them ('Facturer les heures')", async () => {
  const moussa = randomUUID();
  const client = (
    await acc().post(`/api/companies/${companyId}/third-parties`).set(owner()).send({ type: 'client', name: 'Sonatel' }).expect(201)
  ).body as ThirdParty;
  const project = (
    await api()
      .post(base('projects'))
      .set(owner())
      .send({ name: 'Audit SI', clientId: client.id, startDate: '2026-01-05', status: 'active', hourlyRate: 15000 })
      .expect(201)
  ).body as Project;
  await api()
    .post(base('timesheets'))
    .set(owner())
    .send({ employeeId: employee.id, projectId: project.id, date: '2026-01-10', startTime: '08:00', endTime: '12:00', breakTime: '0' })
    .expect(201);
  const billed = (
    await api()
      .post(base(`projects/${project.id}/invoice`))
      .set(as('accountant', moussa))
      .expect(201)
  ).body as ProjectBillingResult;
  expect(billed.status).toBe('billed');
  expect(await invoiceHistory(billed.invoice!.id)).toEqual([['created', moussa, 'accountant']]);
});

it("writes the stock movements of 'Servir' (and a new item's opening stock) with the acting user", async () => {
  const [awa, ibrahima] = [randomUUID(), randomUUID()];
  const rice = (
    await api()
      .post(base('restaurant-inventory'))
      .set(as('owner', awa))
      .send({ name: 'Riz brisé', category: 'ingredient', unit: 'kg', unitCost: '800', currentStock: '50', minStock: '0' })
      .expect(201)
  ).body as InventoryItem;
  const recipe = (
    await api()
      .post(base('recipes'))
      .set(owner())
      .send({ name: 'Thieboudienne', servings: '2', ingredients: [{ inventoryItemId: rice.id, quantity: '1.5', unit: 'kg' }] })
      .expect(201)
  ).body as Recipe;
  const served = (
    await api()
      .post(base(`recipes/${recipe.id}/serve`))
      .set(as('collaborator', ibrahima))
      .send({ quantity: 2 })
      .expect(201)
  ).body as ServeResult;
  const { movements } = (await acc().get(`/api/inventory/${rice.id}`).set(owner()).expect(200)).body as InventoryItem;
  const authorOf = new Map(movements?.map((m) => [m.id, m.createdBy]));
  expect(authorOf.get(served.movements[0].movementId)).toBe(ibrahima);
  expect([...authorOf.values()].sort()).toEqual([awa, ibrahima].sort());
});
