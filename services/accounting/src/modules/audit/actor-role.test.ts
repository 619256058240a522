import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AccountingEntry, AuditEventDto, Invoice, Role } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { asUser, auditHistory } from '../../test-support';
import { invoicePayload, startWithWorlds, type InvoicingWorld } from '../../test-support/invoicing';
import { recordAuditEvent } from './record';

// The acting user's role beside the user in the audit trail (migrations 0015, 0016): real service, real Postgres.
let service: RunningService;
let w: InvoicingWorld;

const http = () => request(service.app);
const as = (role: Role, userId: string) => asUser(w.company.id, userId, role);
const history = (objectType: string, objectId: string) => auditHistory(service, w.company.id, objectType, objectId);
const brief = (items: AuditEventDto[]) => items.map((e) => [e.action, e.userId, e.actorRole]);

beforeAll(async () => ({ service, w } = await startWithWorlds()));
afterAll(() => service?.close());

it('records the role of each actor: triggers (created, validated, paid) and explicit events (edited) alike', async () => {
  const [awa, moussa, fatou] = [randomUUID(), randomUUID(), randomUUID()];
  const acc = w.accounts;
  const entry = (description: string) => ({
    entry: { number: 'OD-2026-00001', date: '2026-03-14', description, reference: '', total: '0' },
    lines: [
      { accountId: acc.get('6222')?.id, description: 'Loyer', debit: '1000.00', credit: '0.00' },
      { accountId: acc.get('521')?.id, description: 'Virement', debit: '0.00', credit: '1000.00' },
    ],
  });
  const created = (
    await http().post(`/api/companies/${w.company.id}/accounting-entries`).set(as('collaborator', awa)).send(entry('Loyer')).expect(201)
  ).body as AccountingEntry;
  await http().put(`/api/accounting-entries/${created.id}`).set(as('accountant', moussa)).send(entry('Loyer (corrigé)')).expect(200);
  await http().patch(`/api/accounting-entries/${created.id}/validate`).set(as('owner', fatou)).expect(200);
  expect(brief(await history('entry', created.id))).toEqual([
    ['created', awa, 'collaborator'],
    ['edited', moussa, 'accountant'],
    ['validated', fatou, 'owner'],
  ]);

  const inv = (
    await http().post(`/api/companies/${w.company.id}/invoices`).set(as('accountant', moussa)).send(invoicePayload(w)).expect(201)
  ).body as Invoice;
  await http().patch(`/api/invoices/${inv.id}/validate`).set(as('accountant', moussa)).expect(200);
  await http()
    .post('/api/payments')
    .set(as('collaborator', awa))
    .send({ companyId: w.company.id, type: 'invoice_payment', invoiceId: inv.id, amount: '1000', date: '2026-03-20', method: 'cash' })
    .expect(201);
  expect(brief(await history('invoice', inv.id))).toEqual([
    ['created', moussa, 'accountant'],
    ['validated', moussa, 'accountant'],
    ['paid', awa, 'collaborator'],
  ]);
});

it('records no role for an event without an actor, whatever the requests before it', async () => {
  const db = service.ctx.sequelize;
  // Many requests as the owner, so that pooled connections have carried the setting.
  const user = randomUUID();
  for (let i = 0; i < 5; i++) {
    await http().post(`/api/companies/${w.company.id}/invoices`).set(as('owner', user)).send(invoicePayload(w)).expect(201);
  }
  const yearIds = Array.from({ length: 5 }, () => randomUUID());
  await Promise.all(
    yearIds.map((objectId) =>
      db.transaction((transaction) =>
        recordAuditEvent(db, transaction, { companyId: w.company.id, userId: null, action: 'closed', objectType: 'fiscal-year', objectId }),
      ),
    ),
  );
  for (const id of yearIds) expect(brief(await history('fiscal-year', id))).toEqual([['closed', null, null]]);
});

it("takes each request's role, also after the user's role changed", async () => {
  const awa = randomUUID();
  const acc = w.accounts;
  const body = {
    entry: { number: 'OD-2026-00002', date: '2026-03-15', description: 'Eau', reference: '', total: '0' },
    lines: [
      { accountId: acc.get('6222')?.id, description: 'Eau', debit: '500.00', credit: '0.00' },
      { accountId: acc.get('521')?.id, description: 'Virement', debit: '0.00', credit: '500.00' },
    ],
  };
  const created = (
    await http().post(`/api/companies/${w.company.id}/accounting-entries`).set(as('collaborator', awa)).send(body).expect(201)
  ).body as AccountingEntry;
  // Promoted meanwhile (the gateway now sends 'accountant'): the validation records the new role.
  await http().patch(`/api/accounting-entries/${created.id}/validate`).set(as('accountant', awa)).expect(200);
  expect(brief(await history('entry', created.id))).toEqual([
    ['created', awa, 'collaborator'],
    ['validated', awa, 'accountant'],
  ]);
});
