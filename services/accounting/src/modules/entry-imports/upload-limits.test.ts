// Hostile workbooks against the real service (issue 24, finding 2): a zip bomb is refused in French
// within seconds, without temporary files, with the process memory bounded, while the service keeps
// answering; a normal workbook of 100 000 lines still imports. The XLSX is read in a worker thread
// from the compiled service-kit (`dist/uploads/xlsx-worker.js`): run `npx tsc -b` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { QueryTypes } from 'sequelize';
import { MESSAGES_ENTRY_IMPORT, type Company, type EntryImportJobStatus, type EntryImportPreview } from '@xaalis/contracts';
import { buildXlsx, deflateBomb, type RunningService, type RunningWorker } from '@xaalis/service-kit';
import { start } from '../../server';
import { startWorker } from '../../worker';
import { asTenant, companyWithChart } from '../../test-support';

// The 100 000-line workbook: generated, uploaded and imported (about 25 s on a 2-core machine).
jest.setTimeout(120_000);

let service: RunningService;
let worker: RunningWorker;
let company: Company;
let tmp: string;
const savedTmp = process.env.TMPDIR;

const http = () => request(service.app);
const url = () => `/api/companies/${company.id}/entry-imports`;
const upload = (body: Buffer, fileName = 'journal.xlsx') =>
  http()
    .post(url())
    .query({ kind: 'entries', fileName })
    .set(asTenant(company.id))
    .set('Content-Type', 'application/octet-stream')
    .send(body);
const importCount = async () =>
  (
    await service.ctx.sequelize.query<{ n: number }>('SELECT count(*)::int AS n FROM accounting.entry_imports WHERE company_id = $1', {
      bind: [company.id],
      type: QueryTypes.SELECT,
    })
  )[0].n;

/** The process's peak RSS while `work` runs (sampled every 10 ms), above the RSS before it. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

const SHEET_START = '<?xml version="1.0" encoding="UTF-8"?><worksheet><sheetData><row r="1">';

beforeAll(async () => {
  // Every temporary file the service would write (main thread or parse worker) lands here.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-upload-limits-'));
  process.env.TMPDIR = tmp;
  service = await start({ port: 0 });
  worker = await startWorker();
  ({ company } = await companyWithChart(service));
});

afterAll(async () => {
  await worker?.close();
  await service?.close();
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('zip bombs', () => {
  it('refuses a workbook of under 1 MB that inflates to over 1 GB, from its directory, within seconds', async () => {
    const bomb = buildXlsx({ deflated: deflateBomb(954, '<c/>', SHEET_START) });
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = await importCount();
    const t0 = Date.now();
    const { result: res, growthMb } = await peakRss(() => upload(bomb));
    const ms = Date.now() - t0;
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 413, message: MESSAGES_ENTRY_IMPORT.tooLargeUncompressed });
    expect(ms).toBeLessThan(5000);
    expect(growthMb).toBeLessThan(100);
    expect(await importCount()).toBe(before);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('catches a directory that lies about the sizes while inflating; the service answers meanwhile', async () => {
    // Declares 50 MB (ratio 50:1, under the limit), inflates to 1 GB: the inflate stops at 50 MB.
    const liar = buildXlsx({ deflated: deflateBomb(954, '<c/>', SHEET_START), declaredSize: 50 * 1024 * 1024 });
    expect(liar.length).toBeLessThan(1_000_000);
    const t0 = Date.now();
    const { result, growthMb } = await peakRss(async () => {
      const refused = upload(liar).then((res) => ({ res, ms: Date.now() - t0 }));
      // Other requests are served while the worker reads the bomb.
      await new Promise((r) => setTimeout(r, 100));
      const t1 = Date.now();
      const list = await http().get(url()).set(asTenant(company.id));
      return { list, listMs: Date.now() - t1, ...(await refused) };
    });
    expect({ status: result.res.status, message: result.res.body.message }).toEqual({
      status: 413,
      message: MESSAGES_ENTRY_IMPORT.tooLargeUncompressed,
    });
    expect(result.ms).toBeLessThan(10_000);
    expect(result.list.status).toBe(200);
    expect(result.listMs).toBeLessThan(5000);
    expect(growthMb).toBeLessThan(300);
    expect(fs.readdirSync(tmp)).toEqual([]);
    // And after it, too.
    expect((await http().get('/health')).status).toBe(200);
  });

  it('refuses an abnormal compression ratio, an entity reference, and a truncated workbook in French', async () => {
    const dense = buildXlsx({ deflated: deflateBomb(20, '<c/>', SHEET_START) });
    const ratio = await upload(dense);
    expect({ status: ratio.status, message: ratio.body.message }).toEqual({ status: 422, message: MESSAGES_ENTRY_IMPORT.compressionRatio });
    const entity = buildXlsx('<row r="1"><c t="inlineStr"><is><t>&x;</t></is></c></row>');
    const forbidden = await upload(entity);
    expect({ status: forbidden.status, message: forbidden.body.message }).toEqual({
      status: 422,
      message: MESSAGES_ENTRY_IMPORT.unreadableXlsx,
    });
    const ok = buildXlsx('<row r="1"><c t="inlineStr"><is><t>Date</t></is></c></row>');
    const res = await upload(ok.subarray(0, ok.length - 30));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MESSAGES_ENTRY_IMPORT.unreadableXlsx);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});

describe('a normal workbook', () => {
  it('of 100 000 lines still imports', async () => {
    // As Excel writes it: texts in the shared strings, dates as serial numbers under a date style (s="1").
    const strings = ['Date', 'Journal', 'N° pièce', 'Compte', 'Libellé', 'Débit', 'Crédit', 'BQ', '6222', '521'];
    const text = (value: string) => strings.push(value) - 1;
    const cell = (ref: string, v: string | number, kind: 's' | 'n' | 'date') =>
      kind === 's' ? `<c r="${ref}" t="s"><v>${v}</v></c>` : `<c r="${ref}"${kind === 'date' ? ' s="1"' : ''}><v>${v}</v></c>`;
    const rows = [
      '<row r="1">' +
        strings
          .slice(0, 7)
          .map((_, i) => cell(`${'ABCDEFG'[i]}1`, i, 's'))
          .join('') +
        '</row>',
    ];
    for (let k = 1; k <= 50_000; k++) {
      const serial = 46023 + (k % 90); // 2026-01-01 … 2026-03-31
      const amount = 1000 + (k % 9000) + (k % 100) / 100;
      const piece = text(`B${k}`);
      for (const [n, account, label, side] of [
        [2 * k, 8, `Loyer ${k}`, 'F'],
        [2 * k + 1, 9, `Virement ${k}`, 'G'],
      ] as const)
        rows.push(
          `<row r="${n}">${cell(`A${n}`, serial, 'date')}${cell(`B${n}`, 7, 's')}${cell(`C${n}`, piece, 's')}` +
            `${cell(`D${n}`, account, 's')}${cell(`E${n}`, text(label), 's')}${cell(`${side}${n}`, amount, 'n')}</row>`,
        );
    }
    const xlsx = buildXlsx(rows.join(''), strings);
    const t0 = Date.now();
    const res = await upload(xlsx, 'journal 100k.xlsx');
    const uploadMs = Date.now() - t0;
    expect(res.status).toBe(201);
    const preview = res.body as EntryImportPreview;
    expect(preview).toMatchObject({ status: 'ready', entryCount: 50_000, lineCount: 100_000, errorCount: 0 });
    expect(preview.entries[0]).toMatchObject({ journal: 'BQ', date: '2026-01-01', totalDebit: preview.entries[0].totalCredit });
    expect(uploadMs).toBeLessThan(20_000);
    expect(fs.readdirSync(tmp)).toEqual([]);

    await http().post(`${url()}/${preview.id}/run`).set(asTenant(company.id)).send({ validate: true }).expect(202);
    // GET …/:id answers the one job-status shape (lines done / total), the import as its result.
    let job: EntryImportJobStatus = { state: 'queued', done: 0, total: preview.lineCount, result: preview };
    for (let i = 0; i < 900 && (job.state === 'queued' || job.state === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await http().get(`${url()}/${preview.id}`).set(asTenant(company.id)).expect(200)).body as EntryImportJobStatus;
    }
    expect(job).toMatchObject({ state: 'completed', done: 100_000, total: 100_000, result: { status: 'imported' } });
  });
});
