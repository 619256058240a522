import type { AccountStatement, AgedBalance, AgedItem, AccountingEntry, Invoice, Lettering } from '@xaalis/contracts';
import { QueryTypes } from 'sequelize';
import { pdfText, type RunningService } from '@xaalis/service-kit';
import { asTenant, binaryBody, createThirdParty } from '../../test-support';
import { http, invoicePayload, payOk, startWithWorlds, validatedInvoice, type InvoicingWorld } from '../../test-support/invoicing';
import { letteringCode } from './lettering';

// Lettrage, aged balance and statement of account: real service, real Postgres.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;
beforeAll(async () => ({ service, w, other } = await startWithWorlds()));
afterAll(() => service.close());

const t = () => asTenant(w.company.id);
const line = (unitPrice: string) => ({
  description: 'Conseil',
  quantity: '1',
  unitPrice,
  accountId: null,
  inventoryItemId: null,
  useExistingProduct: false,
});
const sale = (clientId: string, date: string, dueDate: string, unitPrice = '100000') =>
  validatedInvoice(
    service,
    w.company.id,
    invoicePayload({ client: { id: clientId } as InvoicingWorld['client'] }, { date, dueDate }, [line(unitPrice)]),
  );
/** The 411 line of an entry, with its lettering code. */
const partyLine = async (entryId: string) => {
  const entry = (await http(service).get(`/api/accounting-entries/${entryId}`).set(t()).expect(200)).body as AccountingEntry & {
    lines: { id: string; account: { code: string }; letteringCode?: string | null }[];
  };
  return entry.lines.find((l) => l.account.code.startsWith('411'))!;
};
const aged = async (date: string, companyId = w.company.id) =>
  (
    await http(service)
      .get(`/api/companies/${companyId}/reports/aged-balance`)
      .query({ type: 'receivable', date })
      .set(asTenant(companyId))
      .expect(200)
  ).body as AgedBalance;

it('names codes AA, AB … ZZ, AAA', () => {
  expect([1, 2, 26, 27, 676, 677].map(letteringCode)).toEqual(['AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
});

describe('lettrage', () => {
  it('letters an invoice with its payments automatically: partial first, then full', async () => {
    const inv = await sale(w.client.id, '2026-02-01', '2026-03-01');
    const p1 = await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: inv.id, amount: '18000', date: '2026-02-10' });
    const partial = await partyLine(inv.entryId!);
    expect(partial.letteringCode).toMatch(/^[a-z]{2,}$/);
    expect((await partyLine(p1.entryId!)).letteringCode).toBe(partial.letteringCode);
    const p2 = await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: inv.id, amount: '100000', date: '2026-02-20' });
    const full = (await partyLine(inv.entryId!)).letteringCode!;
    expect(full).toMatch(/^[A-Z]{2,}$/);
    for (const p of [p1, p2]) expect((await partyLine(p.entryId!)).letteringCode).toBe(full);
  });

  it('letters lines by hand when they balance (or as partial), refuses other third parties, and délettre', async () => {
    const client = await createThirdParty(service, w.company.id, { type: 'client', name: 'Client manuel' });
    const a = await sale(client.id, '2026-01-05', '2026-01-05', '50000');
    const b = await sale(client.id, '2026-01-06', '2026-01-06', '50000');
    const [la, lb] = [await partyLine(a.entryId!), await partyLine(b.entryId!)];
    // Two debits: not balanced.
    const post = (body: object) => http(service).post(`/api/companies/${w.company.id}/letterings`).set(t()).send(body);
    expect((await post({ lineIds: [la.id, lb.id] }).expect(400)).body.message).toBe(
      'Le lettrage doit être équilibré (débits = crédits), ou marqué partiel',
    );
    const partial = (await post({ lineIds: [la.id, lb.id], partial: true }).expect(201)).body as Lettering;
    expect(partial).toMatchObject({ partial: true, balance: '118000.00' });
    expect((await post({ lineIds: [la.id, lb.id], partial: true }).expect(409)).body.message).toBe(
      'Une des lignes est déjà lettrée : délettrez-la d’abord',
    );
    await http(service).delete(`/api/companies/${w.company.id}/letterings/${partial.code}`).set(t()).expect(204);
    expect((await partyLine(a.entryId!)).letteringCode).toBeNull();
    await http(service).delete(`/api/companies/${w.company.id}/letterings/${partial.code}`).set(t()).expect(404);
    // Another client's line: refused.
    const c = await sale(w.client.id, '2026-01-07', '2026-01-07', '50000');
    expect((await post({ lineIds: [la.id, (await partyLine(c.entryId!)).id], partial: true }).expect(400)).body.message).toBe(
      'Les lignes à lettrer doivent être d’un même tiers',
    );
    // Another company's line: 404.
    const foreign = await validatedInvoice(service, other.company.id, invoicePayload(other));
    const foreignLine = (
      (await http(service).get(`/api/accounting-entries/${foreign.entryId}`).set(asTenant(other.company.id)).expect(200)).body as {
        lines: { id: string }[];
      }
    ).lines[0];
    await post({ lineIds: [la.id, foreignLine.id], partial: true }).expect(404);
  });
});

describe('aged balance and statement of account', () => {
  it('buckets the open items by days past due at the date, from what is not lettered', async () => {
    const client = await createThirdParty(service, w.company.id, { type: 'client', name: 'Âgé SARL' });
    const date = '2026-06-30';
    // Due dates 0, 30, 31, 60, 61, 90, 91 days before the date, and one not yet due.
    const dues = ['2026-06-30', '2026-05-31', '2026-05-30', '2026-05-01', '2026-04-30', '2026-04-01', '2026-03-31', '2026-07-15'];
    const invoices: Invoice[] = [];
    for (const due of dues) invoices.push(await sale(client.id, '2026-03-01', due, '1000'));
    const row = (await aged(date)).rows.find((r) => r.thirdPartyId === client.id)!;
    expect(row).toMatchObject({
      notDue: '1180.00',
      d0_30: '2360.00',
      d31_60: '2360.00',
      d61_90: '2360.00',
      over90: '1180.00',
      total: '9440.00',
    });
    // Paid in full (lettered): out of the balance from the payment's date on, still in it before.
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: invoices[7].id, amount: '1180', date: '2026-06-01' });
    expect((await aged(date)).rows.find((r) => r.thirdPartyId === client.id)).toMatchObject({ notDue: '0.00', total: '8260.00' });
    expect((await aged('2026-05-31')).rows.find((r) => r.thirdPartyId === client.id)!.total).toBe('9440.00');
    const items = (
      await http(service).get(`/api/companies/${w.company.id}/reports/aged-balance/${client.id}`).query({ date }).set(t()).expect(200)
    ).body as AgedItem[];
    expect(items.map((i) => i.daysOverdue)).toEqual([91, 90, 61, 60, 31, 30, 0]);
    // Exports.
    const pdf = await http(service)
      .get(`/api/companies/${w.company.id}/reports/aged-balance`)
      .query({ date, format: 'pdf' })
      .set(t())
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(pdfText(pdf.body as Buffer)).toContain('Âgé SARL');
    await http(service)
      .get(`/api/companies/${w.company.id}/reports/aged-balance`)
      .query({ date, format: 'xlsx' })
      .set(t())
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    // Another company's third party: 404.
    await http(service)
      .get(`/api/companies/${other.company.id}/reports/aged-balance/${client.id}`)
      .set(asTenant(other.company.id))
      .expect(404);
  });

  it("gives a third party's statement with its running balance", async () => {
    const client = await createThirdParty(service, w.company.id, { type: 'client', name: 'Relevé SA' });
    await sale(client.id, '2026-01-10', '2026-02-10', '10000');
    const inv = await sale(client.id, '2026-03-10', '2026-04-10', '20000');
    await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: inv.id, amount: '5000', date: '2026-03-20' });
    const s = (
      await http(service)
        .get(`/api/companies/${w.company.id}/third-parties/${client.id}/statement`)
        .query({ from: '2026-03-01', to: '2026-03-31' })
        .set(t())
        .expect(200)
    ).body as AccountStatement;
    expect(s).toMatchObject({ opening: '11800.00', totalDebit: '23600.00', totalCredit: '5000.00', closing: '30400.00' });
    expect(s.lines.map((l) => l.balance)).toEqual(['35400.00', '30400.00']);
    const pdf = await http(service)
      .get(`/api/companies/${w.company.id}/third-parties/${client.id}/statement`)
      .query({ format: 'pdf' })
      .set(t())
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(pdfText(pdf.body as Buffer)).toContain('Relevé de compte');
    await http(service)
      .get(`/api/companies/${other.company.id}/third-parties/${client.id}/statement`)
      .set(asTenant(other.company.id))
      .expect(404);
  });
});

it("marks an account lettrable (421), keeps 40x/41x lettrable, and 404s another company's account", async () => {
  const list = (await http(service).get(`/api/companies/${w.company.id}/accounts`).query({ search: '421' }).set(t()).expect(200)).body as {
    items: { id: string; code: string; lettrable?: boolean }[];
  };
  const staff = list.items.find((a) => a.code === '421') ?? list.items[0];
  const patch = (id: string, lettrable: boolean, companyId = w.company.id) =>
    http(service).patch(`/api/companies/${companyId}/accounts/${id}/lettrable`).set(asTenant(companyId)).send({ lettrable });
  expect((await patch(staff.id, true).expect(200)).body).toMatchObject({ id: staff.id, lettrable: true });
  const client = w.accounts.get('4111')!;
  expect((await patch(client.id, false).expect(400)).body.message).toBe('Les comptes de tiers 40 et 41 restent toujours lettrables');
  await patch(staff.id, true, other.company.id).expect(404);
});

/** The aged balance's totals per third party straight from the ledger (the definition `open_items` keeps by triggers). */
const ledgerAged = (companyId: string, date: string) =>
  service.ctx.sequelize.query<{ thirdPartyId: string; total: string; over90: string; notDue: string }>(
    `WITH lines AS (
       SELECT l.third_party_id, l.debit - l.credit AS amount, coalesce(i.due_date, e.date) AS due, lt.id AS lettering_id, lt.partial, lt.lettered_on
         FROM accounting.accounting_entry_lines l
         JOIN accounting.accounting_entries e ON e.id = l.entry_id
         JOIN accounting.accounts a ON a.id = l.account_id
         LEFT JOIN accounting.invoices i ON i.entry_id = e.id
         LEFT JOIN accounting.lettering_lines ll ON ll.entry_line_id = l.id
         LEFT JOIN accounting.letterings lt ON lt.id = ll.lettering_id
        WHERE l.company_id = $1 AND a.code ~ '^411' AND e.status = 'validated' AND e.date <= $2::date AND l.third_party_id IS NOT NULL
     ), items AS (
       SELECT third_party_id, amount, due FROM lines WHERE lettering_id IS NULL OR lettered_on > $2::date
       UNION ALL
       SELECT third_party_id, sum(amount), min(due) FROM lines WHERE partial AND lettered_on <= $2::date GROUP BY lettering_id, third_party_id
     )
     SELECT third_party_id AS "thirdPartyId", sum(amount)::numeric(15,2)::text AS total,
            coalesce(sum(amount) FILTER (WHERE $2::date - due > 90), 0)::numeric(15,2)::text AS over90,
            coalesce(sum(amount) FILTER (WHERE due > $2::date), 0)::numeric(15,2)::text AS "notDue"
       FROM items GROUP BY third_party_id HAVING bool_or(amount <> 0)`,
    { bind: [companyId, date], type: QueryTypes.SELECT },
  );

it('keeps the open items (migration 0029) equal to the ledger through payments, letterings, délettrage, credit notes and cancellations', async () => {
  const client = await createThirdParty(service, w.company.id, { type: 'client', name: 'Cohérence SARL' });
  const [a, b, c] = [
    await sale(client.id, '2026-01-10', '2026-02-10', '30000'),
    await sale(client.id, '2026-02-10', '2026-03-10', '40000'),
    await sale(client.id, '2026-03-10', '2026-04-10', '50000'),
  ];
  await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: a.id, amount: '35400', date: '2026-04-20' });
  await payOk(service, w.company.id, { type: 'invoice_payment', invoiceId: b.id, amount: '10000', date: '2026-03-01' });
  // The full lettering of a, undone by hand; a partial credit note and then the cancellation (a full one) of c.
  await http(service)
    .delete(`/api/companies/${w.company.id}/letterings/${(await partyLine(a.entryId!)).letteringCode!.toLowerCase()}`)
    .set(t())
    .expect(204);
  await http(service).post(`/api/invoices/${c.id}/credit-notes`).set(t()).send({ reason: 'Remise', amount: '5900' }).expect(201);
  await http(service).post(`/api/invoices/${b.id}/cancel`).set(t()).expect(200);
  for (const date of ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-12-31']) {
    const fast = (await aged(date)).rows.map(({ thirdPartyId, total, over90, notDue }) => ({ thirdPartyId, total, over90, notDue }));
    const byParty = (x: { thirdPartyId: string }, y: { thirdPartyId: string }) => (x.thirdPartyId < y.thirdPartyId ? -1 : 1);
    expect(fast.sort(byParty)).toEqual((await ledgerAged(w.company.id, date)).sort(byParty));
  }
  // a: paid (0); b: 47 200 paid 10 000 then credited in full (a client credit of 10 000); c: 59 000 less 5 900.
  expect((await aged('2026-12-31')).rows.find((r) => r.thirdPartyId === client.id)!.total).toBe('43100.00');
});
