import { createHash } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { QueryTypes } from 'sequelize';
import type { Account, AccountingEntry, Company, EntryImportJobStatus, EntryImportPreview, LedgerIntegrityReport } from '@xaalis/contracts';
import type { RunningService, RunningWorker } from '@xaalis/service-kit';
import { start } from '../../server';
import { startWorker } from '../../worker';
import { asTenant, companyWithChart } from '../../test-support';
import { postEntry, type Posting } from '../posting';
import { integritySettings } from '.';

// The hash chain of validated entries (migration 0013) and 'Vérifier l'intégrité',
// against the real database: every validation path seals, and a change made
// behind the triggers (as a superuser would) is named by the check.
let service: RunningService;
let worker: RunningWorker;

const http = () => request(service.app);
const db = () => service.ctx.sequelize;
const JOURNALS = ['VT', 'AC', 'BQ', 'CA', 'MM', 'OD', 'PA'] as const;

const sale = (companyId: string, over: Partial<Posting> = {}): Posting => ({
  companyId,
  journal: 'VT',
  date: '2026-03-15',
  description: 'Facture FV-2026-0001',
  lines: [
    { accountCode: '4111', description: 'Client', debit: '118000.00' },
    { accountCode: '706', description: 'Prestations HT', credit: '100000.00' },
    { accountCode: '4431', description: 'TVA 18 %', credit: '18000.00' },
  ],
  ...over,
});
const post = (p: Posting) => db().transaction((t) => postEntry(t, p));

const check = async (companyId: string) =>
  (await http().get(`/api/companies/${companyId}/ledger-integrity`).set(asTenant(companyId)).expect(200)).body as LedgerIntegrityReport;

interface Link {
  seq: string;
  entry_id: string;
  content_hash: Buffer;
  chain_hash: Buffer;
}
const chainOf = (companyId: string) =>
  db().query<Link>('SELECT seq, entry_id, content_hash, chain_hash FROM accounting.ledger_chain WHERE company_id = $1 ORDER BY seq', {
    bind: [companyId],
    type: QueryTypes.SELECT,
  });

/** The links recomputed in Node from the stored content hashes: one unbroken chain 1..n. */
function expectUnbroken(links: Link[]) {
  let prev = Buffer.alloc(32);
  links.forEach((l, i) => {
    expect(Number(l.seq)).toBe(i + 1);
    prev = createHash('sha256').update(prev).update(l.content_hash).digest();
    expect(l.chain_hash.equals(prev)).toBe(true);
  });
}

/** A superuser connection to the test database, to change rows behind the triggers. */
async function asSuperuser<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const url = new URL(process.env.TEST_DATABASE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = new URL(process.env.DATABASE_URL as string).pathname;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('SET session_replication_role = replica');
    return await fn(client);
  } finally {
    await client.query('RESET session_replication_role');
    await client.end();
  }
}

/** A company whose chain holds three sales (VT-2026-00001…00003). */
async function companyWithThreeSales(): Promise<{ company: Company; entries: AccountingEntry[] }> {
  const { company } = await companyWithChart(service);
  const entries: AccountingEntry[] = [];
  for (let i = 1; i <= 3; i++) entries.push(await post(sale(company.id, { description: `Facture ${i}` })));
  return { company, entries };
}

beforeAll(async () => {
  service = await start({ port: 0 });
  worker = await startWorker();
});

afterAll(async () => {
  await worker?.close();
  await service?.close();
});

describe('sealing: every validation path chains the entry in its transaction', () => {
  it('postEntry, the validate route, a cancellation (reversal chained, original unchanged) and the journal import', async () => {
    const { company, accounts } = await companyWithChart(service);
    const acc = (code: string) => (accounts.get(code) as Account).id;
    const headers = asTenant(company.id);

    const posted = await post(sale(company.id));
    const draft = (
      await http()
        .post(`/api/companies/${company.id}/accounting-entries`)
        .set(headers)
        .send({
          entry: { number: 'OD-2026-00001', date: '2026-03-20', description: 'Loyer de mars', total: '0' },
          lines: [
            { accountId: acc('6222'), description: 'Loyer', debit: '250000.00', credit: '0.00' },
            { accountId: acc('521'), description: 'Virement', debit: '0.00', credit: '250000.00' },
          ],
        })
        .expect(201)
    ).body as AccountingEntry;
    // A draft is not chained.
    expect((await chainOf(company.id)).map((l) => l.entry_id)).toEqual([posted.id]);
    await http().patch(`/api/accounting-entries/${draft.id}/validate`).set(headers).expect(200);
    await http().post(`/api/accounting-entries/${posted.id}/cancel`).set(headers).expect(200);

    const csv = Buffer.from(
      [
        'Date;Journal;N° pièce;Compte;Libellé;Débit;Crédit;Tiers;Référence',
        '15/04/2026;OD;P1;6222;Loyer avril;250 000,00;;;',
        '15/04/2026;OD;P1;521;Virement;;250 000,00;;',
        '02/04/2026;BQ;B1;601;Achat;1234,5;;;R-1',
        '02/04/2026;BQ;B1;521;Banque;;1234,50;;',
      ].join('\r\n'),
      'utf8',
    );
    const preview = (
      await http()
        .post(`/api/companies/${company.id}/entry-imports`)
        .query({ kind: 'entries', fileName: 'journal.csv' })
        .set(headers)
        .set('Content-Type', 'text/csv')
        .send(csv)
        .expect(201)
    ).body as EntryImportPreview;
    await http().post(`/api/companies/${company.id}/entry-imports/${preview.id}/run`).set(headers).send({ validate: true }).expect(202);
    for (let i = 0; i < 300; i++) {
      const { state } = (await http().get(`/api/companies/${company.id}/entry-imports/${preview.id}`).set(headers).expect(200))
        .body as EntryImportJobStatus;
      if (state === 'completed') break;
      expect(['queued', 'running']).toContain(state);
      await new Promise((r) => setTimeout(r, 100));
    }

    const chained = await db().query<{ seq: string; number: string; status: string }>(
      `SELECT c.seq, e.number, e.status FROM accounting.ledger_chain c JOIN accounting.accounting_entries e ON e.id = c.entry_id
        WHERE c.company_id = $1 ORDER BY c.seq`,
      { bind: [company.id], type: QueryTypes.SELECT },
    );
    // One import transaction: its entries in number order.
    expect(chained.map((r) => [r.number, r.status])).toEqual([
      ['VT-2026-00001', 'cancelled'],
      ['OD-2026-00001', 'validated'],
      [expect.stringMatching(/^VT-\d{4}-00002$/), 'validated'],
      ['BQ-2026-00001', 'validated'],
      ['OD-2026-00002', 'validated'],
    ]);
    const links = await chainOf(company.id);
    expectUnbroken(links);
    const [head] = await db().query<{ last_seq: string; last_hash: Buffer }>(
      'SELECT last_seq, last_hash FROM accounting.ledger_chain_heads WHERE company_id = $1',
      { bind: [company.id], type: QueryTypes.SELECT },
    );
    expect(Number(head.last_seq)).toBe(5);
    expect(head.last_hash.equals(links[4].chain_hash)).toBe(true);

    expect(await check(company.id)).toEqual({ ok: true, checked: 5, headHash: links[4].chain_hash.toString('hex') });
  });

  it('concurrent validations in one company make a single unbroken chain, in commit order', async () => {
    const { company } = await companyWithChart(service);
    const n = 24;
    await Promise.all(
      Array.from({ length: n }, (_, i) => post(sale(company.id, { journal: JOURNALS[i % JOURNALS.length], description: `Vente ${i}` }))),
    );
    const links = await chainOf(company.id);
    expect(links).toHaveLength(n);
    expect(new Set(links.map((l) => l.entry_id)).size).toBe(n);
    expectUnbroken(links);
    expect(await check(company.id)).toMatchObject({ ok: true, checked: n });
  });

  it('a rolled-back validation leaves no link', async () => {
    const { company } = await companyWithChart(service);
    await post(sale(company.id));
    await expect(
      db().transaction(async (t) => {
        await postEntry(t, sale(company.id));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await chainOf(company.id)).toHaveLength(1);
    expect(await check(company.id)).toMatchObject({ ok: true, checked: 1 });
  });

  it('refuses to rewrite or remove links (XA002)', async () => {
    const { company } = await companyWithThreeSales();
    for (const sql of [
      'UPDATE accounting.ledger_chain SET chain_hash = content_hash WHERE company_id = $1',
      'DELETE FROM accounting.ledger_chain WHERE company_id = $1',
      'UPDATE accounting.ledger_chain_heads SET last_seq = 0 WHERE company_id = $1',
      'DELETE FROM accounting.ledger_chain_heads WHERE company_id = $1',
    ])
      await expect(db().query(sql, { bind: [company.id] })).rejects.toMatchObject({ parent: { code: 'XA002' } });
    expect(await check(company.id)).toMatchObject({ ok: true, checked: 3 });
  });
});

describe("'Vérifier l'intégrité' after changes made behind the triggers", () => {
  it('names the entry whose line was altered (and only the chain before it counts as checked)', async () => {
    const { company, entries } = await companyWithThreeSales();
    await asSuperuser((c) =>
      c.query(`UPDATE accounting.accounting_entry_lines SET description = 'Prestations (modifié)' WHERE entry_id = $1 AND line_no = 2`, [
        entries[1].id,
      ]),
    );
    expect(await check(company.id)).toEqual({
      ok: false,
      checked: 1,
      headHash: null,
      firstBroken: { id: entries[1].id, number: entries[1].number, date: '2026-03-15', seq: 2, reason: 'content' },
    });
  });

  it('names the entry whose header was altered, an amount moved between lines, on any page', async () => {
    const { company, entries } = await companyWithThreeSales();
    await asSuperuser(async (c) => {
      await c.query(`UPDATE accounting.accounting_entries SET date = '2026-03-16' WHERE id = $1`, [entries[2].id]);
      await c.query(
        `UPDATE accounting.accounting_entry_lines SET credit = CASE line_no WHEN 2 THEN 99000 ELSE 19000 END WHERE entry_id = $1 AND line_no IN (2, 3)`,
        [entries[1].id],
      );
    });
    const saved = integritySettings.pageSize;
    integritySettings.pageSize = 1;
    try {
      expect(await check(company.id)).toMatchObject({
        ok: false,
        checked: 1,
        firstBroken: { id: entries[1].id, number: entries[1].number, seq: 2, reason: 'content' },
      });
    } finally {
      integritySettings.pageSize = saved;
    }
    // The header change alone.
    const other = await companyWithThreeSales();
    await asSuperuser((c) =>
      c.query(`UPDATE accounting.accounting_entries SET description = 'Autre' WHERE id = $1`, [other.entries[2].id]),
    );
    expect((await check(other.company.id)).firstBroken).toEqual({
      id: other.entries[2].id,
      number: other.entries[2].number,
      date: '2026-03-15',
      seq: 3,
      reason: 'content',
    });
  });

  it('sees a rewritten link, a removed link, a removed end of chain and an entry validated outside the chain', async () => {
    const rewritten = await companyWithThreeSales();
    await asSuperuser(async (c) => {
      // The content hash recomputed for a changed entry, but not the chain after it.
      await c.query(`UPDATE accounting.accounting_entries SET description = 'Autre' WHERE id = $1`, [rewritten.entries[0].id]);
      await c.query(
        `UPDATE accounting.ledger_chain c SET content_hash = d.content_hash
           FROM accounting.ledger_entry_digests(ARRAY[$1::uuid]) d WHERE c.entry_id = d.entry_id`,
        [rewritten.entries[0].id],
      );
    });
    expect((await check(rewritten.company.id)).firstBroken).toMatchObject({ seq: 1, reason: 'link', number: rewritten.entries[0].number });

    const removed = await companyWithThreeSales();
    await asSuperuser((c) => c.query('DELETE FROM accounting.ledger_chain WHERE entry_id = $1', [removed.entries[1].id]));
    expect((await check(removed.company.id)).firstBroken).toMatchObject({ seq: 3, reason: 'missing', id: removed.entries[2].id });

    const cut = await companyWithThreeSales();
    await asSuperuser((c) => c.query('DELETE FROM accounting.ledger_chain WHERE entry_id = $1', [cut.entries[2].id]));
    expect(await check(cut.company.id)).toMatchObject({ ok: false, checked: 2, firstBroken: { seq: 3, reason: 'head', id: null } });

    const outside = await companyWithThreeSales();
    const draft = await db().transaction(async (t) => {
      const [row] = await db().query<{ id: string }>(
        `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, total)
         VALUES ($1, 'OD-2026-09999', 'OD', '2026-03-01', 'Hors chaîne', 0) RETURNING id`,
        { bind: [outside.company.id], type: QueryTypes.SELECT, transaction: t },
      );
      return row.id;
    });
    await asSuperuser((c) =>
      c.query(`UPDATE accounting.accounting_entries SET status = 'validated', validated_at = now() WHERE id = $1`, [draft]),
    );
    expect((await check(outside.company.id)).firstBroken).toEqual({
      id: draft,
      number: 'OD-2026-09999',
      date: '2026-03-01',
      seq: null,
      reason: 'unchained',
    });
  });
});

describe('tenancy', () => {
  it("answers 404 for another company's id", async () => {
    const { company } = await companyWithThreeSales();
    const { company: other } = await companyWithChart(service);
    await http().get(`/api/companies/${company.id}/ledger-integrity`).set(asTenant(other.id)).expect(404);
    expect(await check(other.id)).toEqual({ ok: true, checked: 0, headHash: null });
  });
});
