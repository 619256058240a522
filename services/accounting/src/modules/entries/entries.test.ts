import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Account, AccountingEntry, Company, EntryCancellation, EntryListResponse, ThirdParty } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, companyWithChart, createThirdParty, TOKEN } from '../../test-support';
import { todayInDakar } from '../posting';

// The journal-entries API end to end: real service, real Postgres, the gateway's headers.
let service: RunningService;
let own: Company;
let other: Company;
let acc: Map<string, Account>;
let otherAcc: Map<string, Account>;
let client: ThirdParty;
let foreignClient: ThirdParty;

const http = () => request(service.app);
const entriesUrl = (companyId: string) => `/api/companies/${companyId}/accounting-entries`;

/** The dialog's payload: two balanced lines by default. */
function payload(
  over: { number?: string; journal?: string; date?: string; description?: string; reference?: string; total?: unknown } = {},
  lines?: object[],
) {
  return {
    entry: { number: 'OD-2026-00001', date: '2026-03-14', description: 'Loyer de mars', reference: 'QUIT-03', total: '0', ...over },
    lines: lines ?? [
      { accountId: acc.get('6222')!.id, description: 'Loyer bureau Plateau', debit: '250000.00', credit: '0.00' },
      { accountId: acc.get('521')!.id, description: 'Virement BICIS', debit: '0.00', credit: '250000.00' },
    ],
  };
}

const create = (body: object, companyId = own.id) => http().post(entriesUrl(companyId)).set(asTenant(companyId)).send(body);
const createOk = async (body: object = payload()) => (await create(body).expect(201)).body as AccountingEntry;
const validateEntry = (id: string, companyId = own.id) => http().patch(`/api/accounting-entries/${id}/validate`).set(asTenant(companyId));
const cancelEntry = (id: string, companyId = own.id) => http().post(`/api/accounting-entries/${id}/cancel`).set(asTenant(companyId));
const nextNumber = async (journal: string, date: string, companyId = own.id) =>
  (
    await http()
      .get(`${entriesUrl(companyId)}/next-number`)
      .query({ journal, date })
      .set(asTenant(companyId))
      .expect(200)
  ).body.number as string;

beforeAll(async () => {
  service = await start({ port: 0 });
  ({ company: own, accounts: acc } = await companyWithChart(service));
  ({ company: other, accounts: otherAcc } = await companyWithChart(service));
  client = await createThirdParty(service, own.id, { type: 'client', name: 'Sonatel' });
  foreignClient = await createThirdParty(service, other.id, { type: 'client', name: 'Orange' });
});

afterAll(async () => {
  await service.close();
});

describe('numbering', () => {
  it('proposes the next number without consuming it', async () => {
    expect(await nextNumber('OD', '2026-03-14')).toBe('OD-2026-00001');
    expect(await nextNumber('OD', '2026-03-14')).toBe('OD-2026-00001');
    expect(await nextNumber('VT', '2025-12-31')).toBe('VT-2025-00001');
    const res = await http()
      .get(`${entriesUrl(own.id)}/next-number`)
      .set(asTenant(own.id))
      .expect(200);
    expect(res.body).toEqual({ number: `OD-${todayInDakar().slice(0, 4)}-00001` });
    await http()
      .get(`${entriesUrl(own.id)}/next-number`)
      .query({ journal: 'XX' })
      .set(asTenant(own.id))
      .expect(400);
  });

  it('gives two users who saved the same proposal two consecutive numbers', async () => {
    const [a, b] = await Promise.all([create(payload()), create(payload())]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.number, b.body.number].sort()).toEqual(['OD-2026-00001', 'OD-2026-00002']);
    expect(await nextNumber('OD', '2026-01-01')).toBe('OD-2026-00003');
  });

  it("replaces a counter-format number with the counter of the entry's own journal and year", async () => {
    const entry = await createOk(payload({ number: 'VT-2025-00042', journal: 'BQ', date: '2026-05-02' }));
    expect(entry.number).toBe('BQ-2026-00001');
  });

  it('keeps a hand-typed number, which must be unique in the company', async () => {
    const entry = await createOk(payload({ number: 'MANUEL/2026/7' }));
    expect(entry.number).toBe('MANUEL/2026/7');
    const dup = await create(payload({ number: 'MANUEL/2026/7' })).expect(409);
    expect(dup.body).toEqual({ message: 'Ce numéro d’écriture existe déjà' });
    // Another company may use it.
    await create(
      payload({ number: 'MANUEL/2026/7' }, [
        { accountId: otherAcc.get('6222')!.id, description: 'Loyer', debit: '1000' },
        { accountId: otherAcc.get('521')!.id, description: 'Banque', credit: '1000' },
      ]),
      other.id,
    ).expect(201);
  });
});

describe('POST /api/companies/:companyId/accounting-entries', () => {
  it('creates a draft with its lines; the server computes the total', async () => {
    const entry = await createOk(
      payload({ journal: 'VT', date: '2026-04-30', description: 'Facture Sonatel', reference: '', total: '1.00' }, [
        { accountId: acc.get('4111')!.id, description: 'Sonatel', debit: 1180000, thirdPartyId: client.id },
        { accountId: acc.get('706')!.id, description: 'Prestations', credit: '1000000' },
        { accountId: acc.get('4431')!.id, description: 'TVA 18 %', credit: '180000.00', thirdPartyId: null },
      ]),
    );
    expect(entry).toMatchObject({
      number: 'VT-2026-00001',
      journal: 'VT',
      date: '2026-04-30',
      description: 'Facture Sonatel',
      reference: null,
      status: 'draft',
      total: '1180000.00',
      companyId: own.id,
      reversalOfId: null,
      reversedById: null,
      validatedAt: null,
    });
    expect(entry.lines).toEqual([
      {
        id: expect.any(String),
        accountId: acc.get('4111')!.id,
        account: { id: acc.get('4111')!.id, code: '4111', name: 'Clients' },
        description: 'Sonatel',
        debit: '1180000.00',
        credit: '0.00',
        thirdPartyId: client.id,
        letteringCode: null,
      },
      expect.objectContaining({
        account: expect.objectContaining({ code: '706' }),
        debit: '0.00',
        credit: '1000000.00',
        thirdPartyId: null,
      }),
      expect.objectContaining({ account: expect.objectContaining({ code: '4431' }), credit: '180000.00' }),
    ]);
  });

  it('refuses an unbalanced entry, a single line, a line with both sides or none', async () => {
    const unbalanced = await create(
      payload({}, [
        { accountId: acc.get('6222')!.id, description: 'a', debit: '100.00' },
        { accountId: acc.get('521')!.id, description: 'b', credit: '99.99' },
      ]),
    ).expect(400);
    expect(unbalanced.body.message).toBe("L'écriture n'est pas équilibrée (Débit ≠ Crédit)");
    const single = await create(payload({}, [{ accountId: acc.get('6222')!.id, description: 'a', debit: '100' }])).expect(400);
    expect(single.body.message).toBe('Au moins deux lignes requises');
    const both = await create(
      payload({}, [
        { accountId: acc.get('6222')!.id, description: 'a', debit: '100', credit: '100' },
        { accountId: acc.get('521')!.id, description: 'b', debit: '100', credit: '100' },
      ]),
    ).expect(400);
    expect(both.body.message).toBe('Une ligne ne peut pas porter à la fois un débit et un crédit');
    const none = await create(
      payload({}, [
        { accountId: acc.get('6222')!.id, description: 'a', debit: '0' },
        { accountId: acc.get('521')!.id, description: 'b', credit: '0' },
      ]),
    ).expect(400);
    expect(none.body.message).toBe('Chaque ligne doit porter un débit ou un crédit');
  });

  it('validates the header with the French messages', async () => {
    expect((await create(payload({ number: ' ' })).expect(400)).body.message).toBe('Numéro requis');
    expect((await create(payload({ description: '' })).expect(400)).body.message).toBe('Description requise');
    expect((await create(payload({ date: '14/03/2026' })).expect(400)).body.message).toBe('Date requise');
    expect((await create(payload({ date: '2026-02-30' })).expect(400)).body.message).toBe('Date requise');
    expect(
      (
        await create(
          payload({}, [
            { accountId: acc.get('6222')!.id, description: '', debit: '1' },
            { accountId: acc.get('521')!.id, description: 'b', credit: '1' },
          ]),
        ).expect(400)
      ).body.message,
    ).toBe('Description requise');
    expect(
      (
        await create(
          payload({}, [
            { accountId: '', description: 'a', debit: '1' },
            { accountId: acc.get('521')!.id, description: 'b', credit: '1' },
          ]),
        ).expect(400)
      ).body.message,
    ).toBe('Compte requis');
  });

  it("refuses accounts and third parties that are not the company's", async () => {
    const foreignAccount = await create(
      payload({}, [
        { accountId: otherAcc.get('6222')!.id, description: 'a', debit: '10' },
        { accountId: acc.get('521')!.id, description: 'b', credit: '10' },
      ]),
    ).expect(400);
    expect(foreignAccount.body).toEqual({ message: 'Compte introuvable pour cette entreprise' });
    const unknown = await create(
      payload({}, [
        { accountId: '00000000-0000-4000-8000-000000000000', description: 'a', debit: '10' },
        { accountId: acc.get('521')!.id, description: 'b', credit: '10' },
      ]),
    ).expect(400);
    expect(unknown.body.message).toBe('Compte introuvable pour cette entreprise');
    const foreignTp = await create(
      payload({}, [
        { accountId: acc.get('4111')!.id, description: 'a', debit: '10', thirdPartyId: foreignClient.id },
        { accountId: acc.get('706')!.id, description: 'b', credit: '10' },
      ]),
    ).expect(400);
    expect(foreignTp.body).toEqual({ message: 'Tiers introuvable pour cette entreprise' });
  });

  it('consumes no number when the entry is refused', async () => {
    const before = await nextNumber('CA', '2026-06-01');
    await create(
      payload({ number: before, journal: 'CA', date: '2026-06-01' }, [
        { accountId: otherAcc.get('571')!.id, description: 'a', debit: '10' },
        { accountId: acc.get('701')!.id, description: 'b', credit: '10' },
      ]),
    ).expect(400);
    expect(await nextNumber('CA', '2026-06-01')).toBe(before);
  });
});

describe('one entry: read, edit, validate, cancel, delete', () => {
  it('reads an entry with its lines, and only within the company', async () => {
    const entry = await createOk();
    const res = await http().get(`/api/accounting-entries/${entry.id}`).set(asTenant(own.id)).expect(200);
    expect(res.body).toEqual(entry);
    const hidden = await http().get(`/api/accounting-entries/${entry.id}`).set(asTenant(other.id)).expect(404);
    expect(hidden.body).toEqual({ message: 'Ressource introuvable' });
    await http().get('/api/accounting-entries/not-a-uuid').set(asTenant(own.id)).expect(404);
    await http().get('/api/accounting-entries/00000000-0000-4000-8000-000000000000').set(asTenant(own.id)).expect(404);
  });

  it('edits a draft: replaces its lines and keeps its number while it fits', async () => {
    const entry = await createOk(payload({ date: '2026-07-01' }));
    const edited = await http()
      .put(`/api/accounting-entries/${entry.id}`)
      .set(asTenant(own.id))
      .send(
        payload({ number: await nextNumber('OD', '2026-07-01'), date: '2026-07-02', description: 'Loyer de juillet' }, [
          { accountId: acc.get('6222')!.id, description: 'Loyer', debit: '300000' },
          { accountId: acc.get('4452')!.id, description: 'TVA', debit: '54000' },
          { accountId: acc.get('521')!.id, description: 'Banque', credit: '354000' },
        ]),
      )
      .expect(200);
    expect(edited.body).toMatchObject({
      id: entry.id,
      number: entry.number,
      date: '2026-07-02',
      description: 'Loyer de juillet',
      total: '354000.00',
      status: 'draft',
    });
    expect(edited.body.lines.map((l: { account: { code: string } }) => l.account.code)).toEqual(['6222', '4452', '521']);
    // Moved to another journal: a number from that journal's counter.
    const moved = await http()
      .put(`/api/accounting-entries/${entry.id}`)
      .set(asTenant(own.id))
      .send(payload({ number: entry.number, journal: 'BQ', date: '2026-07-02' }))
      .expect(200);
    expect(moved.body.number).toMatch(/^BQ-2026-\d{5}$/);
    // And to a hand-typed number.
    const typed = await http()
      .put(`/api/accounting-entries/${entry.id}`)
      .set(asTenant(own.id))
      .send(payload({ number: 'LOYER-07' }))
      .expect(200);
    expect(typed.body.number).toBe('LOYER-07');
  });

  it("answers 404 for every route on another company's entry, and changes nothing", async () => {
    const entry = await createOk();
    await http().put(`/api/accounting-entries/${entry.id}`).set(asTenant(other.id)).send(payload()).expect(404);
    await validateEntry(entry.id, other.id).expect(404);
    await http().delete(`/api/accounting-entries/${entry.id}`).set(asTenant(other.id)).expect(404);
    const res = await http().get(`/api/accounting-entries/${entry.id}`).set(asTenant(own.id)).expect(200);
    expect(res.body).toEqual(entry);
    await validateEntry(entry.id).expect(200);
    await cancelEntry(entry.id, other.id).expect(404);
    expect((await http().get(`/api/accounting-entries/${entry.id}`).set(asTenant(own.id)).expect(200)).body.status).toBe('validated');
  });

  it('validates a draft once; a validated entry is frozen (409)', async () => {
    const entry = await createOk();
    const res = await validateEntry(entry.id).expect(200);
    expect(res.body).toMatchObject({ id: entry.id, status: 'validated', total: '250000.00', validatedAt: expect.any(String) });
    expect(res.body.lines).toHaveLength(2);

    const again = await validateEntry(entry.id).expect(409);
    expect(again.body).toEqual({ message: 'Seule une écriture en brouillon peut être modifiée ou validée' });
    await http()
      .put(`/api/accounting-entries/${entry.id}`)
      .set(asTenant(own.id))
      .send(payload({ description: 'Changée' }))
      .expect(409);
    await http().delete(`/api/accounting-entries/${entry.id}`).set(asTenant(own.id)).expect(409);
    const read = await http().get(`/api/accounting-entries/${entry.id}`).set(asTenant(own.id)).expect(200);
    expect(read.body).toEqual(res.body);
  });

  it('cancels a validated entry by a reversal dated today that swaps debit and credit', async () => {
    const entry = await createOk(
      payload({ journal: 'VT', date: '2026-02-10', description: 'Facture 12' }, [
        { accountId: acc.get('4111')!.id, description: 'Client', debit: '118000', thirdPartyId: client.id },
        { accountId: acc.get('706')!.id, description: 'Prestation', credit: '100000' },
        { accountId: acc.get('4431')!.id, description: 'TVA', credit: '18000' },
      ]),
    );
    await cancelEntry(entry.id).expect(409, { message: 'Seule une écriture validée peut être annulée' });
    await validateEntry(entry.id).expect(200);
    const today = todayInDakar();
    const expectedNumber = await nextNumber('VT', today);

    const res = (await cancelEntry(entry.id).expect(200)).body as EntryCancellation;
    expect(res.entry).toMatchObject({ id: entry.id, status: 'cancelled', reversedById: res.reversal.id, total: '118000.00' });
    expect(res.reversal).toMatchObject({
      number: expectedNumber,
      journal: 'VT',
      date: today,
      description: `Contre-passation de ${entry.number} — Facture 12`,
      status: 'validated',
      total: '118000.00',
      reversalOfId: entry.id,
      reversedById: null,
    });
    expect(res.reversal.lines!.map((l) => [l.account.code, l.debit, l.credit, l.thirdPartyId])).toEqual([
      ['4111', '0.00', '118000.00', client.id],
      ['706', '100000.00', '0.00', null],
      ['4431', '18000.00', '0.00', null],
    ]);

    await cancelEntry(entry.id).expect(409);
    await cancelEntry(res.reversal.id).expect(409, { message: 'Une contre-passation ne peut pas être annulée' });
  });

  it('lets a company with its chart and draft entries be deleted (registration compensation)', async () => {
    const { company, accounts } = await companyWithChart(service);
    await http()
      .post(entriesUrl(company.id))
      .set(asTenant(company.id))
      .send({
        entry: { number: 'OD-2026-00001', date: '2026-01-02', description: 'Brouillon' },
        lines: [
          { accountId: accounts.get('601')!.id, description: 'a', debit: '1' },
          { accountId: accounts.get('571')!.id, description: 'b', credit: '1' },
        ],
      })
      .expect(201);
    await http()
      .delete(`/internal/companies/${company.id}`)
      .set('X-Internal-Token', process.env.INTERNAL_TOKEN as string)
      .expect(204);
    await http()
      .get(entriesUrl(company.id))
      .set(asTenant(company.id))
      .expect(200, {
        items: [],
        page: 1,
        pageSize: 25,
        totalItems: 0,
        counters: { total: 0, validated: 0, draft: 0, cancelled: 0, totalAmount: '0.00' },
      });
  });

  it('deletes a draft with its lines', async () => {
    const entry = await createOk();
    await http().delete(`/api/accounting-entries/${entry.id}`).set(asTenant(own.id)).expect(204);
    await http().get(`/api/accounting-entries/${entry.id}`).set(asTenant(own.id)).expect(404);
  });
});

describe('GET /api/companies/:companyId/accounting-entries', () => {
  let company: Company;
  let accounts: Map<string, Account>;
  const list = async (query: Record<string, string | number> = {}) =>
    (await http().get(entriesUrl(company.id)).query(query).set(asTenant(company.id)).expect(200)).body as EntryListResponse;

  beforeAll(async () => {
    ({ company, accounts } = await companyWithChart(service));
    const post = (number: string, date: string, description: string, amount: string, journal = 'OD') =>
      http()
        .post(entriesUrl(company.id))
        .set(asTenant(company.id))
        .send({
          entry: { number, journal, date, description },
          lines: [
            { accountId: accounts.get('601')!.id, description, debit: amount },
            { accountId: accounts.get('571')!.id, description, credit: amount },
          ],
        })
        .expect(201)
        .then((r) => r.body as AccountingEntry);
    // Sequential: numbers follow creation order.
    const e1 = await post('OD-2026-00001', '2026-01-05', 'Achat riz 50% remise', '1000.00');
    const e2 = await post('OD-2026-00001', '2026-01-05', 'Achat huile', '2500.50');
    const e3 = await post('OD-2026-00001', '2026-02-01', 'Achat sucre', '300.00');
    await post('CA-2026-00001', '2026-01-20', 'Caisse: achat divers', '75.25', 'CA');
    await post('MANUEL-9', '2025-12-31', 'Report', '10.00');
    for (const e of [e1, e2, e3]) await validateEntry(e.id, company.id).expect(200);
    await cancelEntry(e3.id, company.id).expect(200);
  });

  it('answers one page, newest first, with the counters of the whole company', async () => {
    const res = await list({ pageSize: 3 });
    const today = todayInDakar();
    expect(res.items.map((e) => [e.date, e.number, e.status])).toEqual([
      [today, expect.stringMatching(/^OD-\d{4}-\d{5}$/), 'validated'], // the reversal
      ['2026-02-01', 'OD-2026-00003', 'cancelled'],
      ['2026-01-20', 'CA-2026-00001', 'draft'],
    ]);
    expect(res.items[0].lines).toBeUndefined();
    expect(res).toMatchObject({ page: 1, pageSize: 3, totalItems: 6 });
    // validated: 00001, 00002 and the reversal; total amount of the validated entries.
    expect(res.counters).toEqual({ total: 6, validated: 3, draft: 2, cancelled: 1, totalAmount: '3800.50' });

    const page2 = await list({ pageSize: 3, page: 2 });
    expect(page2.items.map((e) => e.number)).toEqual(['OD-2026-00002', 'OD-2026-00001', 'MANUEL-9']);
    expect((await list({ pageSize: 3, page: 3 })).items).toEqual([]);
  });

  it('filters by status, journal and search; counters stay those of the company', async () => {
    const drafts = await list({ status: 'draft' });
    expect(drafts.items.map((e) => e.number)).toEqual(['CA-2026-00001', 'MANUEL-9']);
    expect(drafts.totalItems).toBe(2);
    expect(drafts.counters.total).toBe(6);
    expect((await list({ journal: 'CA' })).items.map((e) => e.number)).toEqual(['CA-2026-00001']);
    expect((await list({ search: 'huile' })).items.map((e) => e.number)).toEqual(['OD-2026-00002']);
    expect((await list({ search: 'manuel' })).items.map((e) => e.number)).toEqual(['MANUEL-9']);
    // LIKE wildcards are searched literally.
    expect((await list({ search: '50%' })).items.map((e) => e.number)).toEqual(['OD-2026-00001']);
    expect((await list({ search: '_' })).totalItems).toBe(0);
    // e1, e2 and the reversal of e3 ("Contre-passation de OD-2026-00003 — Achat sucre").
    expect((await list({ status: 'validated', journal: 'OD', search: 'Achat' })).totalItems).toBe(3);
  });

  it('validates the query', async () => {
    await http().get(entriesUrl(company.id)).query({ pageSize: 1000 }).set(asTenant(company.id)).expect(400);
    await http().get(entriesUrl(company.id)).query({ status: 'paid' }).set(asTenant(company.id)).expect(400);
  });

  it("answers 404 for another company's list", async () => {
    await http().get(entriesUrl(company.id)).set(asTenant(own.id)).expect(404);
    await http()
      .get(`${entriesUrl(company.id)}/next-number`)
      .set(asTenant(own.id))
      .expect(404);
    await http().post(entriesUrl(company.id)).set(asTenant(own.id)).send(payload()).expect(404);
  });
});

describe('the acting user (X-User-Id)', () => {
  const as = (userId?: string) => {
    const headers: Record<string, string> = { 'X-Internal-Token': TOKEN, 'X-Company-Id': own.id, 'X-User-Role': 'owner' };
    if (userId) headers['X-User-Id'] = userId;
    return headers;
  };

  it('records who created, validated and cancelled an entry (and who made its reversal), with the dates', async () => {
    const [creator, validator, canceller] = [randomUUID(), randomUUID(), randomUUID()];
    const created = (await http().post(entriesUrl(own.id)).set(as(creator)).send(payload()).expect(201)).body as AccountingEntry;
    expect(created).toMatchObject({ createdBy: creator, validatedBy: null, cancelledBy: null, cancelledAt: null });
    // Editing a draft keeps its creator.
    await http()
      .put(`/api/accounting-entries/${created.id}`)
      .set(as(validator))
      .send(payload({ description: 'Loyer de mars (corrigé)' }))
      .expect(200);
    const validated = (await http().patch(`/api/accounting-entries/${created.id}/validate`).set(as(validator)).expect(200))
      .body as AccountingEntry;
    expect(validated).toMatchObject({ createdBy: creator, validatedBy: validator, cancelledBy: null });
    const { entry, reversal } = (await http().post(`/api/accounting-entries/${created.id}/cancel`).set(as(canceller)).expect(200))
      .body as EntryCancellation;
    expect(entry).toMatchObject({ status: 'cancelled', createdBy: creator, validatedBy: validator, cancelledBy: canceller });
    expect(Date.parse(entry.cancelledAt as string)).not.toBeNaN();
    expect(reversal).toMatchObject({ createdBy: canceller, validatedBy: canceller, cancelledBy: null });
    const read = (await http().get(`/api/accounting-entries/${created.id}`).set(as()).expect(200)).body as AccountingEntry;
    expect(read).toMatchObject({ createdBy: creator, validatedBy: validator, cancelledBy: canceller, cancelledAt: entry.cancelledAt });
  });

  it('stores null without a user, and never crashes', async () => {
    const created = (await http().post(entriesUrl(own.id)).set(as()).send(payload()).expect(201)).body as AccountingEntry;
    expect(created.createdBy).toBeNull();
    const validated = (await http().patch(`/api/accounting-entries/${created.id}/validate`).set(as()).expect(200)).body as AccountingEntry;
    expect(validated).toMatchObject({ createdBy: null, validatedBy: null });
    const { entry } = (await http().post(`/api/accounting-entries/${created.id}/cancel`).set(as()).expect(200)).body as EntryCancellation;
    expect(entry).toMatchObject({ status: 'cancelled', cancelledBy: null });
  });

  it('the ledger refuses to rewrite who did what', async () => {
    const created = (await http().post(entriesUrl(own.id)).set(as(randomUUID())).send(payload()).expect(201)).body as AccountingEntry;
    const db = service.ctx.sequelize;
    const change = (set: string) =>
      db.query(`UPDATE accounting.accounting_entries SET ${set} WHERE id = $1`, { bind: [created.id] }).then(
        () => 'accepted',
        (err: unknown) => (err as { parent?: { code?: string } }).parent?.code,
      );
    expect(await change('created_by = gen_random_uuid()')).toBe('XA002');
    expect(await change('validated_by = gen_random_uuid()')).toBe('XA002');
    await http().patch(`/api/accounting-entries/${created.id}/validate`).set(as(randomUUID())).expect(200);
    expect(await change('validated_by = gen_random_uuid()')).toBe('XA002');
    expect(await change('cancelled_by = gen_random_uuid()')).toBe('XA002');
  });
});
