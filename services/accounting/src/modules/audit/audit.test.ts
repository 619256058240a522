import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { QueryTypes } from 'sequelize';
import type {
  AccountingEntry,
  AuditEventDto,
  AuditEventListResponse,
  EntryCancellation,
  EntryImportJobStatus,
  EntryImportPreview,
  Invoice,
} from '@xaalis/contracts';
import type { RunningService, RunningWorker } from '@xaalis/service-kit';
import { startWorker } from '../../worker';
import { asTenant, asUser, auditHistory } from '../../test-support';
import { createInvoice, invoicePayload, payOk, startWithWorlds, validateInvoice, type InvoicingWorld } from '../../test-support/invoicing';
import { recordAuditEvent } from './record';

// The audit trail end to end: real service, real Postgres (triggers of migration 0014), real BullMQ worker for the import.
let service: RunningService;
let worker: RunningWorker;
let w: InvoicingWorld;
let other: InvoicingWorld;

const http = () => request(service.app);
const db = () => service.ctx.sequelize;
/** The gateway's headers for user `userId` of `companyId`. */
const as = (companyId: string, userId: string) => asUser(companyId, userId);

const history = (objectType: string, objectId: string, companyId = w.company.id, query: object = {}) =>
  http()
    .get(`/api/companies/${companyId}/audit-events`)
    .query({ objectType, objectId, ...query })
    .set(asTenant(companyId));
const historyOk = (objectType: string, objectId: string) => auditHistory(service, w.company.id, objectType, objectId);
const brief = (items: AuditEventDto[]) => items.map((e) => [e.action, e.userId]);

function entryPayload(over: { date?: string; description?: string } = {}) {
  const acc = w.accounts;
  return {
    entry: { number: 'OD-2026-00001', date: '2026-03-14', description: 'Loyer de mars', reference: '', total: '0', ...over },
    lines: [
      { accountId: acc.get('6222')?.id, description: 'Loyer bureau', debit: '250000.00', credit: '0.00' },
      { accountId: acc.get('521')?.id, description: 'Virement', debit: '0.00', credit: '250000.00' },
    ],
  };
}

beforeAll(async () => {
  ({ service, w, other } = await startWithWorlds());
  worker = await startWorker();
});

afterAll(async () => {
  await worker?.close();
  await service?.close();
});

describe('entries', () => {
  it('tells an entry from its creation to its cancellation, with who did each step', async () => {
    const [creator, editor, validator, canceller] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const created = (
      await http().post(`/api/companies/${w.company.id}/accounting-entries`).set(as(w.company.id, creator)).send(entryPayload()).expect(201)
    ).body as AccountingEntry;
    await http()
      .put(`/api/accounting-entries/${created.id}`)
      .set(as(w.company.id, editor))
      .send(entryPayload({ description: 'Loyer de mars (corrigé)' }))
      .expect(200);
    await http().patch(`/api/accounting-entries/${created.id}/validate`).set(as(w.company.id, validator)).expect(200);
    const { reversal } = (await http().post(`/api/accounting-entries/${created.id}/cancel`).set(as(w.company.id, canceller)).expect(200))
      .body as EntryCancellation;

    const items = await historyOk('entry', created.id);
    expect(brief(items)).toEqual([
      ['created', creator],
      ['edited', editor],
      ['validated', validator],
      ['cancelled', canceller],
    ]);
    expect(items[1].details).toMatchObject({ before: { description: 'Loyer de mars' } });
    expect(items[3].details).toEqual({ reversalEntryId: reversal.id, reversalNumber: reversal.number });
    expect(items[3].objectLabel).toBe(created.number);
    // Chronological, with real instants.
    const times = items.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The reversal has its own history, pointing back at the cancelled entry.
    const rev = await historyOk('entry', reversal.id);
    expect(brief(rev)).toEqual([
      ['created', canceller],
      ['validated', canceller],
    ]);
    expect(rev[0].details).toMatchObject({ reversalOf: created.id });
  });

  it('keeps the history of a deleted draft', async () => {
    const user = randomUUID();
    const draft = (
      await http().post(`/api/companies/${w.company.id}/accounting-entries`).set(as(w.company.id, user)).send(entryPayload()).expect(201)
    ).body as AccountingEntry;
    await http().delete(`/api/accounting-entries/${draft.id}`).set(as(w.company.id, user)).expect(204);
    const items = await historyOk('entry', draft.id);
    expect(brief(items)).toEqual([
      ['created', user],
      ['deleted', user],
    ]);
    expect(items[1]).toMatchObject({ objectLabel: draft.number, details: { description: 'Loyer de mars', total: '250000.00' } });
  });

  it('records an import once, with its counts, and each entry it wrote', async () => {
    const user = randomUUID();
    const headers = as(w.company.id, user);
    const body = Buffer.from(
      [
        'Date;Journal;N° pièce;Compte;Libellé;Débit;Crédit;Tiers;Référence',
        '15/03/2026;OD;P1;6222;Loyer audit;1 000,00;;;',
        '15/03/2026;OD;P1;521;Virement;;1 000,00;;',
        '16/03/2026;OD;P2;601;Achat audit;500,00;;;',
        '16/03/2026;OD;P2;521;Banque;;500,00;;',
      ].join('\r\n'),
      'utf8',
    );
    const url = `/api/companies/${w.company.id}/entry-imports`;
    const preview = (
      await http()
        .post(url)
        .query({ kind: 'entries', fileName: 'audit.csv' })
        .set(headers)
        .set('Content-Type', 'text/csv')
        .send(body)
        .expect(201)
    ).body as EntryImportPreview;
    await http().post(`${url}/${preview.id}/run`).set(headers).send({ validate: true }).expect(202);
    // GET …/:id answers the one job-status shape, the import as its result.
    let status: string | undefined = 'queued';
    for (let i = 0; i < 300 && (status === 'queued' || status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = ((await http().get(`${url}/${preview.id}`).set(headers).expect(200)).body as EntryImportJobStatus).result?.status;
    }
    expect(status).toBe('imported');

    const items = await historyOk('entry-import', preview.id);
    expect(brief(items)).toEqual([['imported', user]]);
    expect(items[0]).toMatchObject({ objectLabel: 'audit.csv', details: { entryCount: 2, lineCount: 4, validated: true } });
    const perEntry = await db().query<{ action: string; user_id: string; n: number }>(
      `SELECT a.action, a.user_id, count(*)::int AS n
         FROM accounting.audit_events a JOIN accounting.accounting_entries e ON e.id = a.object_id
        WHERE a.object_type = 'entry' AND e.source_type = 'import' AND e.source_id LIKE $1
        GROUP BY 1, 2 ORDER BY 1`,
      { bind: [`${preview.id}:%`], type: QueryTypes.SELECT },
    );
    expect(perEntry).toEqual([
      { action: 'created', user_id: user, n: 2 },
      { action: 'validated', user_id: user, n: 2 },
    ]);
  });
});

describe('invoices and payments', () => {
  it('tells an invoice created, edited, validated and paid (in two payments), and records the payments', async () => {
    const [creator, editor, validator, payer] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const inv = (
      await http()
        .post(`/api/companies/${w.company.id}/invoices`)
        .set(as(w.company.id, creator))
        .send(invoicePayload(w, { number: 'FV-2026-0001' }))
        .expect(201)
    ).body as Invoice;
    await http()
      .put(`/api/invoices/${inv.id}`)
      .set(as(w.company.id, editor))
      .send(invoicePayload(w, { number: inv.number, notes: 'Remise' }))
      .expect(200);
    await http().patch(`/api/invoices/${inv.id}/validate`).set(as(w.company.id, validator)).expect(200);
    const payments = [];
    for (const amount of ['18000.00', '100000.00']) {
      const res = await http()
        .post('/api/payments')
        .set(as(w.company.id, payer))
        .send({ companyId: w.company.id, type: 'invoice_payment', invoiceId: inv.id, amount, date: '2026-03-20', method: 'bank' })
        .expect(201);
      payments.push(res.body as { id: string });
    }

    const items = await historyOk('invoice', inv.id);
    expect(brief(items)).toEqual([
      ['created', creator],
      ['edited', editor],
      ['validated', validator],
      ['paid', payer],
      ['paid', payer],
    ]);
    expect(items.map((e) => e.objectLabel)).toEqual(Array(5).fill(inv.number));
    expect(items[3].details).toMatchObject({ paymentId: payments[0].id, amount: 18000 });
    const payment = await historyOk('payment', payments[1].id);
    expect(brief(payment)).toEqual([['created', payer]]);
    expect(payment[0].details).toMatchObject({ invoiceId: inv.id, amount: 100000, method: 'bank' });
  });

  it('records the cancellation of an invoice by its user', async () => {
    const canceller = randomUUID();
    const inv = await validateInvoice(service, w.company.id, (await createInvoice(service, w.company.id, invoicePayload(w))).id);
    await http().post(`/api/invoices/${inv.id}/cancel`).set(as(w.company.id, canceller)).expect(200);
    const items = await historyOk('invoice', inv.id);
    // 'Annuler' on a validated invoice issues a full credit note: the invoice's history records it.
    expect(items.map((e) => e.action)).toEqual(['created', 'validated', 'credited']);
    expect(items[2].userId).toBe(canceller);
    expect(items[2].details).toMatchObject({ total: inv.total, reason: `Annulation de la facture ${inv.number}` });
  });

  it('records an expense payment', async () => {
    const p = await payOk(service, w.company.id, { type: 'expense', amount: '5000', notes: 'Taxi' });
    expect((await historyOk('payment', p.id)).map((e) => e.action)).toEqual(['created']);
  });
});

describe('the route', () => {
  it('is scoped to the company: another company sees 404 for this object and for this company', async () => {
    const entry = (
      await http().post(`/api/companies/${w.company.id}/accounting-entries`).set(asTenant(w.company.id)).send(entryPayload()).expect(201)
    ).body as AccountingEntry;
    expect((await history('entry', entry.id, other.company.id).expect(404)).body).toHaveProperty('message');
    await http()
      .get(`/api/companies/${w.company.id}/audit-events`)
      .query({ objectType: 'entry', objectId: entry.id })
      .set(asTenant(other.company.id))
      .expect(404);
    await history('entry', randomUUID()).expect(404);
    await history('entry', 'not-a-uuid').expect(404);
    // Same id, wrong type: no history of that kind.
    await history('invoice', entry.id).expect(404);
    expect((await history('nonsense', entry.id).expect(400)).body).toHaveProperty('message');
  });

  it('pages', async () => {
    const entry = (
      await http().post(`/api/companies/${w.company.id}/accounting-entries`).set(asTenant(w.company.id)).send(entryPayload()).expect(201)
    ).body as AccountingEntry;
    await http().patch(`/api/accounting-entries/${entry.id}/validate`).set(asTenant(w.company.id)).expect(200);
    const page2 = (await history('entry', entry.id, w.company.id, { page: 2, pageSize: 1 }).expect(200)).body as AuditEventListResponse;
    expect(page2).toMatchObject({ page: 2, pageSize: 1, totalItems: 2 });
    expect(page2.items.map((e) => e.action)).toEqual(['validated']);
    const past = (await history('entry', entry.id, w.company.id, { page: 5, pageSize: 1 }).expect(200)).body as AuditEventListResponse;
    expect(past).toMatchObject({ items: [], totalItems: 2 });
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of the trail (XA030), and recordAuditEvent appends', async () => {
    const yearId = randomUUID();
    const user = randomUUID();
    await db().transaction((transaction) =>
      recordAuditEvent(db(), transaction, {
        companyId: w.company.id,
        userId: user,
        action: 'closed',
        objectType: 'fiscal-year',
        objectId: yearId,
        objectLabel: 'Exercice 2025',
        details: { result: '1000.00' },
      }),
    );
    expect(brief(await historyOk('fiscal-year', yearId))).toEqual([['closed', user]]);

    const refused = async (sql: string) => {
      const err = (await db()
        .query(sql, sql.includes('$1') ? { bind: [yearId] } : {})
        .then(
          () => new Error('accepted'),
          (e: unknown) => e,
        )) as { parent?: { code?: string } };
      expect(err.parent?.code).toBe('XA030');
    };
    await refused(`UPDATE accounting.audit_events SET user_id = NULL WHERE object_id = $1`);
    await refused(`DELETE FROM accounting.audit_events WHERE object_id = $1`);
    await refused(`TRUNCATE accounting.audit_events`);
    expect(await historyOk('fiscal-year', yearId)).toHaveLength(1);
  });
});
