import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import request from 'supertest';
import { QueryTypes, type Transaction } from 'sequelize';
import {
  MESSAGES_ENTRY_IMPORT,
  type Account,
  type Company,
  type EntryImportJobStatus,
  type EntryImportPreview,
  type EntryImportRunResponse,
} from '@xaalis/contracts';
import { mustExist, type RunningService, type RunningWorker } from '@xaalis/service-kit';
import { start } from '../../server';
import { startWorker } from '../../worker';
import { asTenant, companyWithChart, createThirdParty } from '../../test-support';
import { importJobId, runSettings } from '.';

// The journal import end to end: real service, real Postgres, real BullMQ worker.
let service: RunningService;
let worker: RunningWorker;
let own: Company;
let other: Company;
let acc: Map<string, Account>;

const http = () => request(service.app);
const db = () => service.ctx.sequelize;
const url = (companyId: string) => `/api/companies/${companyId}/entry-imports`;
const HEADER = 'Date;Journal;N° pièce;Compte;Libellé;Débit;Crédit;Tiers;Référence';
let fileNo = 0;
/** A CSV of these lines after the header; a unique comment-free suffix keeps each file's bytes distinct. */
const csv = (lines: string[], header = HEADER) => Buffer.from(`${header}\r\n${lines.join('\r\n')}\r\n`, 'utf8');
/** Two balanced OD entries, distinct per call (the same bytes would be "already imported"). */
const twoEntries = () => {
  const n = ++fileNo;
  return csv([
    `15/03/2026;OD;P${n};6222;Loyer mars ${n};250 000,00;;;`,
    `15/03/2026;OD;P${n};521;Virement;;250 000,00;;`,
    `02/03/2026;BQ;B${n};601;Achat;1234,5;;;R-${n}`,
    `02/03/2026;BQ;B${n};4431;TVA;100.50;;;`,
    `02/03/2026;BQ;B${n};521;Banque;;1\u00a0335,00;;`,
  ]);
};

function upload(body: Buffer | string, opts: { kind?: string; fileName?: string; companyId?: string; type?: string; date?: string } = {}) {
  const companyId = opts.companyId ?? own.id;
  return http()
    .post(url(companyId))
    .query({ kind: opts.kind ?? 'entries', fileName: opts.fileName ?? 'journal.csv', ...(opts.date ? { date: opts.date } : {}) })
    .set(asTenant(companyId))
    .set('Content-Type', opts.type ?? 'text/csv')
    .send(body);
}
const uploadOk = async (body: Buffer, opts: Parameters<typeof upload>[1] = {}) => {
  const res = await upload(body, opts);
  expect(res.status).toBe(201);
  return res.body as EntryImportPreview;
};
const run = (id: string, validate = true, companyId = own.id, headers = asTenant(companyId)) =>
  http()
    .post(`${url(companyId)}/${id}/run`)
    .set(headers)
    .send({ validate });
const get = (id: string, companyId = own.id) =>
  http()
    .get(`${url(companyId)}/${id}`)
    .set(asTenant(companyId));

async function finished(id: string, companyId = own.id): Promise<EntryImportJobStatus> {
  for (let i = 0; i < 300; i++) {
    const body = (await get(id, companyId).expect(200)).body as EntryImportJobStatus;
    if (body.state === 'completed' || body.state === 'failed') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import still running');
}

const importedEntries = (importId: string) =>
  db().query<{ number: string; journal: string; date: string; status: string; source_id: string; created_by: string; total: string }>(
    `SELECT number, journal, date, status, source_id, created_by, total FROM accounting.accounting_entries
      WHERE source_type = 'import' AND source_id LIKE $1 ORDER BY number`,
    { bind: [`${importId}:%`], type: QueryTypes.SELECT },
  );

beforeAll(async () => {
  service = await start({ port: 0 });
  worker = await startWorker();
  ({ company: own, accounts: acc } = await companyWithChart(service));
  ({ company: other } = await companyWithChart(service));
  await createThirdParty(service, own.id, { type: 'client', name: 'Sonatel', code: 'C001' });
});

afterAll(async () => {
  await worker?.close();
  await service?.close();
});

describe('upload and preview', () => {
  it('reads a French CSV (BOM, ;, French amounts) into a preview of entries in date order', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), twoEntries()]);
    const p = await uploadOk(body, { fileName: 'journal mars.csv' });
    expect(p).toMatchObject({
      kind: 'entries',
      fileName: 'journal mars.csv',
      status: 'ready',
      entryCount: 2,
      lineCount: 5,
      totalDebit: '251335.00',
      totalCredit: '251335.00',
      errorCount: 0,
      errors: [],
      progress: { done: 0, total: 5 },
      validate: null,
    });
    expect(p.entries.map((e) => [e.journal, e.date, e.balanced, e.lineCount])).toEqual([
      ['BQ', '2026-03-02', true, 3],
      ['OD', '2026-03-15', true, 2],
    ]);
    expect(p.entries[0].reference).toMatch(/^R-/);
    expect(p.entries[1].reference).toMatch(/^P/); // the file's number when it has no reference
    expect(p.entries[0].lines[0]).toEqual({
      line: expect.any(Number),
      accountCode: '601',
      accountName: acc.get('601')?.name,
      label: 'Achat',
      debit: '1234.50',
      credit: '0.00',
      thirdPartyCode: null,
    });
    // Read again: the one job-status shape, not run yet, with the same preview as its result.
    expect((await get(p.id).expect(200)).body).toEqual({ state: 'queued', done: 0, total: 5, result: p });
    const list = (await http().get(url(own.id)).set(asTenant(own.id)).expect(200)).body as { items: { id: string }[] };
    expect(list.items.map((i) => i.id)).toContain(p.id);
  });

  it('lists the errors per file line in French, and refuses to run them', async () => {
    const p = await uploadOk(
      csv([
        '10/03/2026;OD;A1;123456789;Compte inconnu;100,00;;;', // 2
        '10/03/2026;OD;A1;521;Banque;;100,00;;', // 3
        '11/03/2026;OD;A2;601;Déséquilibrée;100,00;;;', // 4
        '11/03/2026;OD;A2;521;Banque;;90,00;;', // 5
        '05/03/2027;OD;A3;601;Hors exercice;10;;;', // 6
        '12/03/2026;OD;A4;601;Ambigu;12,345;;;', // 7
        '12/03/2026;OD;A4;601;Illisible;1O0;;;', // 8
        '12/03/2026;OD;A4;601;Les deux;10;10;;', // 9
        '12/03/2026;OD;A4;4111;Tiers inconnu;;10;C999;', // 10
        '12/03/2026;XX;A5;601;Journal inconnu;10;;;', // 11
        '31/02/2026;OD;A6;601;Date impossible;10;;;', // 12
        '12/03/2026;OD;A7;601;Négatif;-10;;;', // 13
      ]),
    );
    expect(p.status).toBe('invalid');
    expect(p.errorCount).toBe(p.errors.length);
    expect(p.errors.map((e) => [e.line, e.message])).toEqual([
      [2, 'Compte 123456789 introuvable dans le plan comptable'],
      [4, 'Écriture OD A2 du 11/03/2026 déséquilibrée : débit 100,00 ≠ crédit 90,00'],
      [6, "Date 05/03/2027 hors d'un exercice ouvert"],
      [7, MESSAGES_ENTRY_IMPORT.amountAmbiguous('12,345')],
      [8, MESSAGES_ENTRY_IMPORT.amountMalformed('1O0')],
      [9, 'Une ligne ne peut pas porter à la fois un débit et un crédit'],
      [10, 'Tiers C999 introuvable'],
      [11, 'Journal « XX » inconnu (VT, AC, BQ, CA, MM, OD, PA, AN)'],
      [12, MESSAGES_ENTRY_IMPORT.dateMalformed('31/02/2026')],
      [13, MESSAGES_ENTRY_IMPORT.amountNegative('-10')],
    ]);
    expect((await run(p.id).expect(409)).body).toEqual({ message: MESSAGES_ENTRY_IMPORT.hasErrors });
  });

  it('reads an XLSX (date and number cells, first sheet), tab- and comma-separated CSVs, and Windows-1252', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Journal');
    ws.addRow(['Date', 'Journal', 'Numéro', 'Compte', 'Libellé', 'Débit', 'Crédit']);
    ws.addRow([new Date(Date.UTC(2026, 3, 1)), 'OD', 1, 6222, 'Loyer avril', 1000.5, null]);
    ws.addRow([new Date(Date.UTC(2026, 3, 1)), 'OD', 1, 521, 'Banque', null, 1000.5]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const p = await uploadOk(xlsx, { fileName: 'journal.xlsx', type: 'application/octet-stream' });
    expect(p).toMatchObject({ status: 'ready', entryCount: 1, totalDebit: '1000.50' });
    expect(p.entries[0]).toMatchObject({ date: '2026-04-01', key: '1', journal: 'OD' });

    const tab = await uploadOk(
      Buffer.from('date\tcompte\tnumero\tdebit\tcredit\n2026-04-02\t6222\tX\t"1 000,00"\t\n2026-04-02\t521\tX\t\t1000\n'),
    );
    expect(tab).toMatchObject({ status: 'ready', entryCount: 1, totalDebit: '1000.00' });
    const comma = await uploadOk(
      Buffer.from(
        'Entry date,Account,Entry number,Label,Debit,Credit\n2026-04-03,6222,Y,"Rent, April",5.00,\n2026-04-03,521,Y,Bank,,5.00\n',
      ),
    );
    expect(comma.entries[0].lines[0].label).toBe('Rent, April');
    const latin1 = await uploadOk(
      Buffer.from('Date;Compte;N° pièce;Libellé;Débit;Crédit\n03/04/2026;6222;Z;Électricité;7;\n03/04/2026;521;Z;Réglé;;7\n', 'latin1'),
    );
    expect(latin1.entries[0].lines.map((l) => l.label)).toEqual(['Électricité', 'Réglé']);
  });
});

describe('bad files: a French 4xx, never a 500, nothing stored', () => {
  // The imports of the company uploaded to: other test files import in parallel into theirs.
  const imports = (companyId: string) =>
    db().query('SELECT count(*)::int AS n FROM accounting.entry_imports WHERE company_id = ?', {
      type: QueryTypes.SELECT,
      replacements: [companyId],
    });
  const refused = async (body: Buffer | string, status: number, message: string | RegExp, opts: Parameters<typeof upload>[1] = {}) => {
    const before = await imports(opts.companyId ?? own.id);
    const res = await upload(body, opts);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    });
    expect(await imports(opts.companyId ?? own.id)).toEqual(before);
  };

  it('refuses what is not a CSV or an XLSX', async () => {
    await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 415, MESSAGES_ENTRY_IMPORT.notCsvOrXlsx);
    await refused(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 415, MESSAGES_ENTRY_IMPORT.notCsvOrXlsx);
    await refused(Buffer.from([0x01, 0x02, 0x00, 0x41, 0x42, 0x00, 0xff]), 415, MESSAGES_ENTRY_IMPORT.notCsvOrXlsx);
    const zip = new JSZip();
    zip.file('readme.txt', 'pas un classeur');
    await refused(await zip.generateAsync({ type: 'nodebuffer' }), 415, MESSAGES_ENTRY_IMPORT.notCsvOrXlsx);
    await refused('{"a":1}', 415, MESSAGES_ENTRY_IMPORT.notCsvOrXlsx, { type: 'application/json' });
  });

  it('refuses files too large (20 MB, 50 MB) with a French 413', async () => {
    await refused(Buffer.alloc(21 * 1024 * 1024, 0x41), 413, MESSAGES_ENTRY_IMPORT.tooLarge);
    await refused(Buffer.alloc(50 * 1024 * 1024, 0x3b), 413, MESSAGES_ENTRY_IMPORT.tooLarge);
  });

  it('refuses a million empty lines quickly', async () => {
    const t0 = Date.now();
    await refused(`${HEADER}\n${'\n'.repeat(1_000_000)}`, 422, MESSAGES_ENTRY_IMPORT.tooManyBlankLines);
    await refused(`${HEADER}\n${';;;;;;;;\r\n'.repeat(200_000)}`, 422, MESSAGES_ENTRY_IMPORT.tooManyBlankLines);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('refuses formulas in cells, with the cell', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Journal');
    ws.addRow(['Date', 'Numéro', 'Compte', 'Débit', 'Crédit']);
    ws.addRow(['01/04/2026', 'F', '6222', 100, null]);
    ws.addRow(['01/04/2026', 'F', '521', null, { formula: 'D2', result: 100 }]);
    await refused(Buffer.from(await wb.xlsx.writeBuffer()), 422, MESSAGES_ENTRY_IMPORT.formula('E3'));
  });

  it('refuses mixed encodings, and bytes no encoding reads', async () => {
    const mixed = Buffer.concat([
      Buffer.from(`${HEADER}\n01/04/2026;OD;M;6222;Électricité;10;;;\n`, 'utf8'),
      Buffer.from('01/04/2026;OD;M;521;Réglé;;10;;\n', 'latin1'),
    ]);
    await refused(mixed, 422, MESSAGES_ENTRY_IMPORT.mixedEncoding);
    await refused(
      Buffer.concat([Buffer.from('Date;Compte;Numero;Debit;Credit\n'), Buffer.from([0x81, 0x8d, 0x41])]),
      422,
      MESSAGES_ENTRY_IMPORT.encoding,
    );
  });

  it('refuses empty files, missing columns, broken quotes and the same file twice', async () => {
    await refused('', 422, MESSAGES_ENTRY_IMPORT.empty);
    await refused('\n\n  \n', 422, MESSAGES_ENTRY_IMPORT.empty);
    await refused(`${HEADER}\n`, 422, MESSAGES_ENTRY_IMPORT.noDataLines);
    await refused('Date;Compte;Libellé\n01/04/2026;6222;x\n', 422, 'Colonnes manquantes : Numéro de pièce, Débit, Crédit');
    await refused('Date;Compte;Compte;Numéro;Débit;Crédit\n', 422, 'Colonne en double : Compte');
    await refused(`${HEADER}\n01/04/2026;OD;Q;6222;"Non fermé;10;;;\n`, 422, 'Ligne 2 : guillemet non fermé, le fichier CSV est mal formé');
    await refused('x', 400, /Type d'import invalide/, { kind: 'autre' });
  });
});

describe('run', () => {
  it('writes validated entries in date order, numbered by the counters, marked as imported by the user', async () => {
    const p = await uploadOk(twoEntries());
    const headers = asTenant(own.id);
    const res = (await run(p.id, true, own.id, headers).expect(202)).body as EntryImportRunResponse;
    expect(res.id).toBe(p.id);
    expect(['queued', 'running', 'imported']).toContain(res.status);
    const job = await finished(p.id);
    // The one job-status shape: lines done / total, the import as the result, no error.
    expect(job).toMatchObject({ state: 'completed', done: 5, total: 5 });
    expect(job.error).toBeUndefined();
    const done = mustExist(job.result, 'result');
    expect(done).toMatchObject({ status: 'imported', validate: true, progress: { done: 5, total: 5 }, message: null });
    expect(done.finishedAt).not.toBeNull();
    const entries = await importedEntries(p.id);
    expect(entries.map((e) => [e.journal, e.date, e.status, e.source_id, e.created_by])).toEqual([
      ['BQ', '2026-03-02', 'validated', `${p.id}:1`, headers['X-User-Id']],
      ['OD', '2026-03-15', 'validated', `${p.id}:2`, headers['X-User-Id']],
    ]);
    expect([done.firstNumber, done.lastNumber]).toEqual([entries[0].number, entries[1].number]);
    expect(entries[0].number).toMatch(/^BQ-2026-\d{5}$/);
    // Each entry's history: created then validated, by the user who ran the import, with that user's role
    // (taken by the entries' audit triggers themselves, migration 0018).
    const events = await db().query<{ number: string; action: string; user_id: string; actor_role: string | null }>(
      `SELECT e.number, a.action, a.user_id, a.actor_role FROM accounting.audit_events a
         JOIN accounting.accounting_entries e ON e.id = a.object_id
        WHERE a.company_id = $1 AND a.object_type = 'entry' AND e.source_id LIKE $2 ORDER BY e.number, a.id`,
      { bind: [own.id, `${p.id}:%`], type: QueryTypes.SELECT },
    );
    expect(events).toEqual(
      entries.flatMap((e) =>
        ['created', 'validated'].map((action) => ({ number: e.number, action, user_id: headers['X-User-Id'], actor_role: 'owner' })),
      ),
    );
    // The reports' balances follow.
    const [bal] = await db().query<{ debit: string }>(
      `SELECT sum(b.debit)::text AS debit FROM accounting.account_balances b JOIN accounting.accounts a ON a.id = b.account_id
        WHERE b.company_id = $1 AND a.code = '601' AND b.month = '2026-03-01'`,
      { bind: [own.id], type: QueryTypes.SELECT },
    );
    expect(Number(bal.debit)).toBeGreaterThanOrEqual(1234.5);
    // Done: running it again is refused.
    expect((await run(p.id).expect(409)).body).toEqual({ message: MESSAGES_ENTRY_IMPORT.alreadyDone });
  });

  it('keeps the entries as drafts when asked', async () => {
    const p = await uploadOk(twoEntries());
    await run(p.id, false).expect(202);
    expect(await finished(p.id)).toMatchObject({ state: 'completed', result: { status: 'imported', validate: false } });
    expect((await importedEntries(p.id)).map((e) => e.status)).toEqual(['draft', 'draft']);
  });

  it('refuses the same file a second time, at upload and at run', async () => {
    const body = twoEntries();
    const first = await uploadOk(body);
    const second = await uploadOk(body); // not imported yet: both previews exist
    await run(first.id).expect(202);
    await finished(first.id);
    expect((await upload(body).expect(409)).body).toEqual({ message: MESSAGES_ENTRY_IMPORT.alreadyImported });
    expect((await run(second.id).expect(409)).body).toEqual({ message: MESSAGES_ENTRY_IMPORT.alreadyImported });
    expect((await get(second.id).expect(200)).body).toMatchObject({ state: 'queued', result: { status: 'ready' } });
  });

  it('enqueues once on a double click', async () => {
    const p = await uploadOk(twoEntries());
    const [a, b] = await Promise.all([run(p.id), run(p.id)]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await finished(p.id)).toMatchObject({ state: 'completed', result: { status: 'imported' } });
    expect(await importedEntries(p.id)).toHaveLength(2);
    const job = await service.ctx.queue.queue?.getJob(importJobId(p.id));
    expect(job?.id).toBe(importJobId(p.id));
  });

  it('writes nothing when the import fails half-way (all or nothing), and can be run again', async () => {
    const { company } = await companyWithChart(service);
    const lines: string[] = [];
    for (let i = 1; i <= 4; i++) lines.push(`0${i}/05/2026;OD;N${i};6222;Loyer ${i};10;;;`, `0${i}/05/2026;OD;N${i};521;Banque;;10;;`);
    const p = await uploadOk(csv(lines), { companyId: company.id });
    // A hand-typed number in the counters' format, written around the API: the third entry collides with it.
    await db().query(
      `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, total) VALUES ($1, 'OD-2026-00003', 'OD', '2026-05-01', 'x', 0)`,
      { bind: [company.id] },
    );
    runSettings.batchLines = 2;
    try {
      await run(p.id, true, company.id).expect(202);
      const failed = await finished(p.id, company.id);
      expect(failed).toMatchObject({ state: 'failed', done: 0, total: 8, result: { status: 'failed', progress: { done: 0, total: 8 } } });
      expect(failed.error).toMatch(/^L'import a échoué : aucune écriture n'a été enregistrée/);
      expect(failed.error).toBe(failed.result?.message);
    } finally {
      runSettings.batchLines = 10_000;
    }
    expect(await importedEntries(p.id)).toEqual([]);
    const counters = await db().query('SELECT last_number FROM accounting.entry_counters WHERE company_id = $1', {
      bind: [company.id],
      type: QueryTypes.SELECT,
    });
    expect(counters).toEqual([]);
    // Fixed: the same import runs again.
    await db().query(`DELETE FROM accounting.accounting_entries WHERE company_id = $1`, { bind: [company.id] });
    await run(p.id, true, company.id).expect(202);
    expect((await finished(p.id, company.id)).result).toMatchObject({
      status: 'imported',
      firstNumber: 'OD-2026-00001',
      lastNumber: 'OD-2026-00004',
    });
  });
});

describe('opening balances (À-nouveaux)', () => {
  it('makes one AN entry dated at the start of the fiscal year, or at the given date', async () => {
    const body = Buffer.from('Compte;Libellé;Débit;Crédit\n521;;1 500 000;\n101;Capital;;1 000 000\n4011;Fournisseurs;;500 000\n');
    const p = await uploadOk(body, { kind: 'opening', fileName: 'an.csv' });
    expect(p).toMatchObject({ kind: 'opening', status: 'ready', entryCount: 1, lineCount: 3 });
    expect(p.entries[0]).toMatchObject({ journal: 'AN', date: '2026-01-01', description: 'À-nouveaux au 01/01/2026' });
    expect(p.entries[0].lines[0].label).toBe(acc.get('521')?.name);
    await run(p.id).expect(202);
    const done = await finished(p.id);
    expect(done.result).toMatchObject({ status: 'imported', firstNumber: expect.stringMatching(/^AN-2026-\d{5}$/) });
    expect((await importedEntries(p.id)).map((e) => [e.journal, e.date, e.status, e.total])).toEqual([
      ['AN', '2026-01-01', 'validated', '1500000.00'],
    ]);

    const dated = await uploadOk(Buffer.from('Compte;Débit;Crédit\n521;10;\n101;;10\n'), { kind: 'opening', date: '2025-01-01' });
    expect(dated.entries[0].date).toBe('2025-01-01');
    const unbalanced = await uploadOk(Buffer.from('Compte;Débit;Crédit\n521;10;\n101;;9\n'), { kind: 'opening' });
    expect(unbalanced.errors).toEqual([{ line: 2, message: 'Écriture À-nouveaux déséquilibrée : débit 10,00 ≠ crédit 9,00' }]);
  });
});

describe('the list of imports', () => {
  it('is paged, latest first, and searches the file name', async () => {
    const a = await uploadOk(twoEntries(), { fileName: 'releve-janvier.csv' });
    await new Promise((r) => setTimeout(r, 5));
    const b = await uploadOk(twoEntries(), { fileName: 'releve-fevrier.csv' });
    const page = async (q: Record<string, string | number>) =>
      (await http().get(url(own.id)).query(q).set(asTenant(own.id)).expect(200)).body as {
        items: { id: string }[];
        page: number;
        pageSize: number;
        totalItems: number;
      };
    const first = await page({ page: 1, pageSize: 1 });
    expect(first).toMatchObject({ page: 1, pageSize: 1, items: [{ id: b.id }] });
    expect(first.totalItems).toBeGreaterThanOrEqual(2);
    expect((await page({ page: 2, pageSize: 1 })).items).toEqual([expect.objectContaining({ id: a.id })]);
    const found = await page({ search: 'releve-janv' });
    expect(found).toMatchObject({ totalItems: 1, items: [{ id: a.id }] });
    expect((await page({ search: '100%_' })).totalItems).toBe(0);
    await http().get(url(own.id)).query({ pageSize: 1000 }).set(asTenant(own.id)).expect(400);
  });
});

describe('tenancy', () => {
  it("answers 404 for another company's import on every route", async () => {
    const p = await uploadOk(twoEntries());
    await http()
      .get(`${url(other.id)}/${p.id}`)
      .set(asTenant(other.id))
      .expect(404);
    await run(p.id, true, other.id).expect(404);
    // The path's company must be the caller's.
    await http()
      .get(`${url(own.id)}/${p.id}`)
      .set(asTenant(other.id))
      .expect(404);
    await http().get(url(own.id)).set(asTenant(other.id)).expect(404);
    await run(p.id, true, own.id, asTenant(other.id)).expect(404);
    await upload(twoEntries(), { companyId: own.id }).set(asTenant(other.id)).expect(404);
    const list = (await http().get(url(other.id)).set(asTenant(other.id)).expect(200)).body as { items: { id: string }[] };
    expect(list.items.map((i) => i.id)).not.toContain(p.id);
    await http()
      .get(`${url(own.id)}/not-a-uuid`)
      .set(asTenant(own.id))
      .expect(404);
    expect((await get(p.id).expect(200)).body).toMatchObject({ state: 'queued', result: { status: 'ready' } });
  });
});

describe('the database still refuses unbalanced entries (set-based checks of migration 0011)', () => {
  const q = (sql: string, bind: unknown[], transaction?: Transaction) => db().query(sql, { bind, transaction, type: QueryTypes.SELECT });
  let n = 0;
  async function draft(t: Transaction, debit: string, credit: string): Promise<string> {
    const [row] = (await q(
      `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, total)
       VALUES ($1, $2, 'OD', '2026-06-01', 'SQL', $3) RETURNING id`,
      [own.id, `SET-${++n}`, debit],
      t,
    )) as { id: string }[];
    await q(
      `INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit)
       SELECT $1, $2, l.no, l.account, 'ligne', l.debit, l.credit
         FROM unnest($3::int[], $4::uuid[], $5::numeric[], $6::numeric[]) AS l(no, account, debit, credit)`,
      [row.id, own.id, [1, 2], [acc.get('601')?.id, acc.get('521')?.id], [debit, '0'], ['0', credit]],
      t,
    );
    return row.id;
  }

  it('refuses a multi-row validation when one entry does not balance, and keeps none of it', async () => {
    const ids: string[] = [];
    const err = (await db()
      .transaction(async (t) => {
        ids.push(await draft(t, '10.00', '10.00'), await draft(t, '10.00', '9.99'), await draft(t, '5.00', '5.00'));
        await q(`UPDATE accounting.accounting_entries SET status = 'validated' WHERE id = ANY($1::uuid[])`, [ids], t);
      })
      .catch((e: unknown) => e)) as { parent?: { code?: string; message?: string } };
    expect(err.parent?.code).toBe('XA001');
    expect(err.parent?.message).toBe("L'écriture n'est pas équilibrée (Débit ≠ Crédit)");
    expect(await q('SELECT id FROM accounting.accounting_entries WHERE id = ANY($1::uuid[])', [ids])).toEqual([]);
  });

  it('refuses lines dated otherwise than their entry, and lines added to a validated entry', async () => {
    const err = (await db()
      .transaction(async (t) => {
        const [row] = (await q(
          `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, total)
           VALUES ($1, $2, 'OD', '2026-06-01', 'SQL', 0) RETURNING id`,
          [own.id, `SET-${++n}`],
          t,
        )) as { id: string }[];
        await q(
          `INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit, entry_date)
           VALUES ($1, $2, 1, $3, 'x', 1, 0, '2026-07-01')`,
          [row.id, own.id, acc.get('601')?.id],
          t,
        );
      })
      .catch((e: unknown) => e)) as { parent?: { code?: string } };
    expect(err.parent?.code).toBe('XA002');

    const validated = await db().transaction(async (t) => {
      const id = await draft(t, '3.00', '3.00');
      await q(`UPDATE accounting.accounting_entries SET status = 'validated' WHERE id = $1`, [id], t);
      return id;
    });
    const late = (await q(
      `INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit)
       VALUES ($1, $2, 9, $3, 'x', 1, 0)`,
      [validated, own.id, acc.get('601')?.id],
    ).catch((e: unknown) => e)) as { parent?: { code?: string } };
    expect(late.parent?.code).toBe('XA002');
  });
});
