import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  MESSAGES_REPORTS,
  PAYROLL_MASKED_LABEL,
  isJobEnded,
  type Company,
  type GeneralLedgerExportCreated,
  type GeneralLedgerExportStatus,
  type Role,
} from '@xaalis/contracts';
import { pdfPageCount, pdfText, type RunningService, type RunningWorker } from '@xaalis/service-kit';
import { PAYROLL_PARAMETER_SETS, computePayslip } from '@xaalis/domain';
import { start } from '../../server';
import { startWorker } from '../../worker';
import { TOKEN, binaryBody, companyWithChart, createCompany, payslipJobOf, workbookOf } from '../../test-support';
import { credit, debit, ensureAccounts, entryOn, postSql } from '../../test-support/ledger';
import { postPayslip, postPayslipJobSchema } from '../payroll-posting';
import { EXPORT_PROGRESS_EVERY, purgeExpiredExports } from './ledger-export';

// The Grand livre export job end to end: real service, Postgres, BullMQ worker and worker pool
// (compiled code: `npx tsc -b` first).

let service: RunningService;
let worker: RunningWorker;
let company: Company;
let other: Company;
const LINES = 6_000;

const as = (companyId: string, role: Role = 'owner') => ({
  'X-Internal-Token': TOKEN,
  'X-Company-Id': companyId,
  'X-User-Role': role,
  'X-User-Id': randomUUID(),
});
const exportsUrl = (companyId: string) => `/api/companies/${companyId}/reports/general-ledger/exports`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startExport(companyId: string, body: object, role: Role = 'owner'): Promise<GeneralLedgerExportCreated> {
  return (await request(service.app).post(exportsUrl(companyId)).set(as(companyId, role)).send(body).expect(202))
    .body as GeneralLedgerExportCreated;
}

/** Polls the export until it ends; answers every status seen. */
async function untilEnded(companyId: string, id: string): Promise<GeneralLedgerExportStatus[]> {
  const seen: GeneralLedgerExportStatus[] = [];
  for (let i = 0; i < 1200; i++) {
    const status = (
      await request(service.app)
        .get(`${exportsUrl(companyId)}/${id}`)
        .set(as(companyId))
        .expect(200)
    ).body as GeneralLedgerExportStatus;
    seen.push(status);
    if (isJobEnded(status.state)) return seen;
    await sleep(50);
  }
  throw new Error('export not ended in time');
}

const download = (companyId: string, id: string, role: Role = 'owner') =>
  request(service.app)
    .get(`${exportsUrl(companyId)}/${id}/file`)
    .set(as(companyId, role))
    .buffer(true)
    .parse(binaryBody);

beforeAll(async () => {
  service = await start({ port: 0 });
  worker = await startWorker();
  ({ company } = await companyWithChart(service));
  const ids = await ensureAccounts(service.ctx.sequelize, company.id, ['571', '706']);
  // 60 entries of 100 lines: 6 000 lines, more than the direct PDF's 5 000.
  for (let e = 0; e < LINES / 100; e++) {
    const day = String((e % 28) + 1).padStart(2, '0');
    const lines = Array.from({ length: 50 }, (_, i) => [debit('571', 1_000 + i), credit('706', 1_000 + i)]).flat();
    await postSql(service.ctx.sequelize, company.id, ids, entryOn(`2026-03-${day}`, ...lines));
  }
  // A payroll entry: its labels name the employee.
  const slip = computePayslip(
    { baseSalary: '450000' },
    PAYROLL_PARAMETER_SETS.find((s) => s.id === 'xaalis')!,
  );
  await postPayslip(service.ctx.sequelize, postPayslipJobSchema.parse(payslipJobOf(company.id, slip, { userId: null })));
  other = await createCompany(service, { name: 'Autre SARL' });
}, 180_000);

afterAll(async () => {
  await worker?.close();
  await service?.close();
});

const YEAR = { from: '2026-01-01', to: '2026-12-31' };

describe('Grand livre export job', () => {
  it('refuses the direct PDF above 5 000 lines with a French message pointing to the export', async () => {
    const res = await request(service.app)
      .get(`/api/companies/${company.id}/reports/general-ledger?from=2026-01-01&to=2026-12-31&format=pdf`)
      .set(as(company.id))
      .expect(400);
    expect((res.body as { message: string }).message).toBe(MESSAGES_REPORTS.ledgerTooLongForPdf);
  });

  it('renders a PDF above 5 000 lines in the background, reports its progress, then serves it', async () => {
    const created = await startExport(company.id, { ...YEAR, format: 'pdf' });
    expect(['queued', 'running']).toContain(created.state);
    const seen = await untilEnded(company.id, created.id);
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({
      id: created.id,
      format: 'pdf',
      state: 'completed',
      result: { fileName: 'general-ledger-2026-01-01-2026-12-31.pdf' },
    });
    // Reading counts each line, laying out counts it again: total = 2 × lines, done = total at the end.
    expect(last.total).toBeGreaterThan(2 * LINES);
    expect(last.done).toBe(last.total);
    // Progress moves in steps of EXPORT_PROGRESS_EVERY lines while the lines are read.
    for (const s of seen.filter((x) => x.state === 'running' && x.done > 0 && x.done < x.total / 2))
      expect(s.done % EXPORT_PROGRESS_EVERY).toBe(0);

    const res = await download(company.id, created.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="general-ledger-2026-01-01-2026-12-31.pdf"');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBeGreaterThan(50);
    // The owner reads the payroll labels.
    expect(pdfText(pdf)).toContain('Awa Diop');
  }, 180_000);

  it('writes a valid workbook, accounts filtered', async () => {
    const created = await startExport(company.id, { ...YEAR, accountFrom: '571', accountTo: '571', format: 'xlsx' });
    const seen = await untilEnded(company.id, created.id);
    expect(seen[seen.length - 1]).toMatchObject({ state: 'completed', done: LINES / 2, total: LINES / 2 });
    const res = await download(company.id, created.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="general-ledger-2026-01-01-2026-12-31.xlsx"');
    const sheet = (await workbookOf(res.body)).worksheets[0];
    const texts: string[] = [];
    sheet.eachRow((row) => texts.push(row.values ? JSON.stringify(row.values) : ''));
    expect(texts.join('\n')).toContain('571');
    expect(sheet.rowCount).toBeGreaterThan(LINES / 2);
  }, 120_000);

  it('lets a Lecture seule member export, with the payroll labels masked', async () => {
    const created = await startExport(company.id, { ...YEAR, accountFrom: '4', accountTo: '6', format: 'pdf' }, 'reader');
    const seen = await untilEnded(company.id, created.id);
    expect(seen[seen.length - 1].state).toBe('completed');
    const text = pdfText((await download(company.id, created.id, 'reader').expect(200)).body as Buffer);
    expect(text).not.toContain('Awa Diop');
    expect(text).toContain(PAYROLL_MASKED_LABEL);
  }, 120_000);

  it('is a 404 for another company, and an unknown or malformed id', async () => {
    const created = await startExport(company.id, { ...YEAR, accountFrom: '571', accountTo: '571', format: 'xlsx' });
    await request(service.app)
      .get(`${exportsUrl(other.id)}/${created.id}`)
      .set(as(other.id))
      .expect(404);
    await request(service.app)
      .get(`${exportsUrl(other.id)}/${created.id}/file`)
      .set(as(other.id))
      .expect(404);
    // The path's company must be the caller's.
    await request(service.app)
      .get(`${exportsUrl(company.id)}/${created.id}`)
      .set(as(other.id))
      .expect(404);
    await request(service.app)
      .get(`${exportsUrl(company.id)}/${randomUUID()}`)
      .set(as(company.id))
      .expect(404);
    await request(service.app)
      .get(`${exportsUrl(company.id)}/nope`)
      .set(as(company.id))
      .expect(404);
    await untilEnded(company.id, created.id);
  }, 60_000);

  it('refuses a bad input in French, and completes an export of a ledger without lines', async () => {
    const res = await request(service.app)
      .post(exportsUrl(company.id))
      .set(as(company.id))
      .send({ ...YEAR, format: 'doc' })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain(MESSAGES_REPORTS.formatRequired);
    const empty = await startExport(other.id, { ...YEAR, format: 'pdf' });
    const seen = await untilEnded(other.id, empty.id);
    expect(seen[seen.length - 1].state).toBe('completed');
  }, 60_000);

  it('answers 409 for the file while the export is not done, and forgets expired exports', async () => {
    const created = await startExport(company.id, { ...YEAR, format: 'pdf' });
    const early = await download(company.id, created.id);
    if (early.status !== 200) expect(early.status).toBe(409);
    await untilEnded(company.id, created.id);
    await service.ctx.sequelize.query(
      `UPDATE accounting.report_exports SET expires_at = now() - interval '1 minute' WHERE company_id = '${company.id}' AND id = '${created.id}'`,
    );
    await request(service.app)
      .get(`${exportsUrl(company.id)}/${created.id}`)
      .set(as(company.id))
      .expect(404);
    expect(await purgeExpiredExports(service.ctx.sequelize)).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
