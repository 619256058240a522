import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import request from 'supertest';
import {
  MESSAGES_HTTP,
  type AuditEventDto,
  type InternalInvoiceInput,
  type InternalInvoiceSummary,
  type InventoryItem,
  type Invoice,
  type StockConsumptionResult,
} from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { startWithWorlds, type InvoicingWorld } from '../../test-support/invoicing';
import { asTenant, auditHistory, TOKEN } from '../../test-support';

// Issue 24, finding 5: what another service writes for a user (stay invoices, 'Facturer les heures',
// 'Servir') keeps that user and role, forwarded as X-User-Id / X-User-Role. Real service, real Postgres.
let service: RunningService;
let w: InvoicingWorld;

const http = () => request(service.app);
const internal = (path: string, headers: Record<string, string> = {}) =>
  http()
    .post(`/internal/companies/${path}`)
    .set({ 'X-Internal-Token': TOKEN, ...headers });
const actor = (userId: string, role: string) => ({ 'X-User-Id': userId, 'X-User-Role': role });
const stayInvoice = (over: Partial<InternalInvoiceInput> = {}): InternalInvoiceInput => ({
  sourceId: `reservation:${randomUUID()}`,
  type: 'service',
  validate: true,
  date: '2026-05-02',
  client: { name: 'Awa Ndiaye' },
  lines: [{ description: 'Chambre 101 — 3 nuits', quantity: '3', unitPrice: '25000' }],
  ...over,
});
const history = (objectType: string, objectId: string) => auditHistory(service, w.company.id, objectType, objectId);
const brief = (items: AuditEventDto[]) => items.map((e) => [e.action, e.userId, e.actorRole]);
const fullInvoice = async (id: string) => (await http().get(`/api/invoices/${id}`).set(asTenant(w.company.id)).expect(200)).body as Invoice;
const item = async (id: string) => (await http().get(`/api/inventory/${id}`).set(asTenant(w.company.id)).expect(200)).body as InventoryItem;
const count = async (sql: string, bind: unknown[]) =>
  Number((await service.ctx.sequelize.query<{ n: string }>(sql, { bind, type: QueryTypes.SELECT }))[0].n);

beforeAll(async () => ({ service, w } = await startWithWorlds()));
afterAll(() => service?.close());

it("records a stay invoice's author and role: the invoice and its posted entry, created and validated", async () => {
  const fatou = randomUUID();
  const inv = (await internal(`${w.company.id}/invoices`, actor(fatou, 'collaborator')).send(stayInvoice()).expect(201))
    .body as InternalInvoiceSummary;
  expect(brief(await history('invoice', inv.id))).toEqual([
    ['created', fatou, 'collaborator'],
    ['validated', fatou, 'collaborator'],
  ]);
  const { entryId, createdBy } = await fullInvoice(inv.id);
  expect(createdBy).toBe(fatou);
  expect(brief(await history('entry', entryId as string))).toEqual([
    ['created', fatou, 'collaborator'],
    ['validated', fatou, 'collaborator'],
  ]);
});

it("records a billed project's draft invoice with its author and role ('Facturer les heures')", async () => {
  const moussa = randomUUID();
  const body = stayInvoice({
    sourceId: `project-hours:${randomUUID()}:${randomUUID()}`,
    validate: false,
    client: { thirdPartyId: w.client.id },
  });
  const inv = (await internal(`${w.company.id}/invoices`, actor(moussa, 'accountant')).send(body).expect(201))
    .body as InternalInvoiceSummary;
  expect(inv.status).toBe('draft');
  expect(brief(await history('invoice', inv.id))).toEqual([['created', moussa, 'accountant']]);
});

it("writes the served stock movements and a new item's opening movement with their author, and keeps the role", async () => {
  const awa = randomUUID();
  const created = (
    await internal(`${w.company.id}/inventory-items`, actor(awa, 'collaborator'))
      .send({ name: 'Poisson', category: 'ingredient', unit: 'kg', currentStock: '20', unitCost: '2000' })
      .expect(201)
  ).body as InventoryItem;
  const served = (
    await internal(`${w.company.id}/stock-consumptions`, actor(awa, 'collaborator'))
      .send({
        sourceId: `recipe-serve:${randomUUID()}`,
        reason: 'Service : Thiéboudienne',
        lines: [{ itemId: created.id, quantity: '1.5' }],
      })
      .expect(201)
  ).body as StockConsumptionResult;
  const { movements } = await item(created.id);
  expect(movements?.map((m) => [m.id, m.createdBy])).toEqual(
    expect.arrayContaining([
      [served.movements[0].movementId, awa],
      [expect.any(String), awa],
    ]),
  );
  expect(movements).toHaveLength(2);
  expect(
    await count('SELECT count(*) AS n FROM accounting.actor_roles WHERE company_id = $1 AND user_id = $2 AND role = $3', [
      w.company.id,
      awa,
      'collaborator',
    ]),
  ).toBe(1);
});

it('writes no author without the headers (jobs and sweeps), as before', async () => {
  const inv = (await internal(`${w.company.id}/invoices`).send(stayInvoice()).expect(201)).body as InternalInvoiceSummary;
  expect(brief(await history('invoice', inv.id))).toEqual([
    ['created', null, null],
    ['validated', null, null],
  ]);
  const served = (
    await internal(`${w.company.id}/stock-consumptions`)
      .send({ sourceId: `recipe-serve:${randomUUID()}`, reason: 'Service', lines: [{ itemId: w.rice.id, quantity: '1' }] })
      .expect(201)
  ).body as StockConsumptionResult;
  const movement = (await item(w.rice.id)).movements?.find((m) => m.id === served.movements[0].movementId);
  expect(movement?.createdBy).toBeNull();
});

it('refuses a malformed user or role, or a role without a user, before writing anything (403)', async () => {
  const user = randomUUID();
  const invoicesBefore = await count('SELECT count(*) AS n FROM accounting.invoices WHERE company_id = $1', [w.company.id]);
  for (const headers of [
    actor('alice', 'owner'),
    actor(user, 'admin'),
    actor(user, 'Owner'),
    actor('', 'owner'),
    { 'X-User-Role': 'owner' },
  ]) {
    const res = await internal(`${w.company.id}/invoices`, headers).send(stayInvoice()).expect(403);
    expect(res.body).toEqual({ message: MESSAGES_HTTP.forbiddenInternal });
    await internal(`${w.company.id}/stock-consumptions`, headers)
      .send({ sourceId: `recipe-serve:${randomUUID()}`, reason: 'Service', lines: [{ itemId: w.rice.id, quantity: '1' }] })
      .expect(403);
    await internal(`${w.company.id}/inventory-items`, headers)
      .send({ name: 'Refusé', category: 'ingredient', unit: 'kg', unitCost: '1' })
      .expect(403);
  }
  expect(await count('SELECT count(*) AS n FROM accounting.invoices WHERE company_id = $1', [w.company.id])).toBe(invoicesBefore);
  expect(await count('SELECT count(*) AS n FROM accounting.actor_roles WHERE user_id = $1', [user])).toBe(0);
});

it('keeps no role for a company it does not know (404)', async () => {
  const user = randomUUID();
  await internal(`${randomUUID()}/invoices`, actor(user, 'owner')).send(stayInvoice()).expect(404);
  expect(await count('SELECT count(*) AS n FROM accounting.actor_roles WHERE user_id = $1', [user])).toBe(0);
});
