import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UnrecoverableError } from 'bullmq';
import type { Router } from 'express';
import { QueryTypes, type Sequelize } from 'sequelize';
import {
  JOBS,
  LEDGER_EXPORT_TTL_HOURS,
  MAX_LEDGER_EXPORT_PDF_LINES,
  MAX_LEDGER_XLSX_LINES,
  MESSAGES_REPORTS,
  generalLedgerExportInputSchema,
  reportFileName,
  roleCan,
  type ExportGeneralLedgerJob,
  type GeneralLedgerExportCreated,
  type GeneralLedgerExportInput,
  type GeneralLedgerExportStatus,
  type GeneralLedgerRow,
  type JobState,
  type ReportFormat,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  HttpError,
  isDatabaseUnavailable,
  isUuid,
  notFound,
  reportJobProgress,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type Job,
  type JobSchedule,
  type ServiceContext,
} from '@xaalis/service-kit';
import { generalLedgerPdf, generalLedgerXlsx } from './exports';
import { allLedgerRows, ledgerAccounts, ledgerHeading, type LedgerRange } from './general-ledger';
import { CONTENT_TYPES, rangePeriod, reportHeader } from './headers';
import { reportsService } from './service';

/** The progress stored on the row every so many lines (one UPDATE each). */
export const EXPORT_PROGRESS_EVERY = 2_000;
/**
 * pdfmake lays a Grand livre out at about 1 ms a line (infra/bench/ledger-export-size.js: 100 000
 * lines in 97 s) and says nothing meanwhile: the layout half of a PDF's progress is estimated
 * from the time elapsed at this pace, stored every LAYOUT_TICK_MS, never reaching the end before
 * the file is stored.
 */
const LAYOUT_MS_PER_LINE = 1;
const LAYOUT_TICK_MS = 2_000;

/** What the export job reads from its row: the range as the request gave it, masking decided then. */
interface ExportParams extends LedgerRange {
  format: ReportFormat;
}

interface ExportRow {
  id: string;
  format: ReportFormat;
  params: ExportParams;
  state: JobState;
  done: number;
  total: number;
  error: string | null;
  file_name: string | null;
}

const jobIdOf = (id: string) => `ledger-export-${id}`;

/** Daily sweep of expired exports (each export job also sweeps them first). */
export const PURGE_REPORT_EXPORTS_SCHEDULE: JobSchedule = {
  id: 'report-exports-purge-daily',
  name: JOBS.purgeReportExports,
  pattern: '20 2 * * *',
};

/** Deletes the exports past their expiry, every company's (a sweep); answers how many. */
export async function purgeExpiredExports(sequelize: Sequelize): Promise<number> {
  const rows = await sequelize.query<{ id: string }>('DELETE FROM accounting.report_exports WHERE expires_at < now() RETURNING id', {
    type: QueryTypes.SELECT,
  });
  return rows.length;
}

export function purgeReportExportsHandler(ctx: Pick<ServiceContext, 'sequelize'>) {
  return async (): Promise<{ deleted: number }> => ({ deleted: await purgeExpiredExports(ctx.sequelize) });
}

async function readRow(sequelize: Sequelize, companyId: string, id: string): Promise<ExportRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await sequelize.query<ExportRow>(
    `SELECT id, format, params, state, done, total, error, file_name FROM accounting.report_exports
      WHERE company_id = :companyId AND id = :id AND expires_at >= now()`,
    { type: QueryTypes.SELECT, replacements: { companyId, id: id.toLowerCase() } },
  );
  return row ?? null;
}

const statusOf = (row: ExportRow): GeneralLedgerExportStatus => {
  const status: GeneralLedgerExportStatus = { id: row.id, format: row.format, state: row.state, done: row.done, total: row.total };
  if (row.state === 'completed' && row.file_name) status.result = { fileName: row.file_name };
  if (row.state === 'failed') status.error = row.error ?? MESSAGES_REPORTS.exportFailed;
  return status;
};

/** The Grand livre export: starting it (a row, then a job), its status, its file. */
export function ledgerExportsService(ctx: Pick<ServiceContext, 'sequelize' | 'queue'>) {
  const { sequelize } = ctx;

  async function create(
    companyId: string,
    userId: string | null,
    maskPayroll: boolean,
    input: GeneralLedgerExportInput,
  ): Promise<GeneralLedgerExportCreated> {
    const id = randomUUID();
    const params: ExportParams = {
      format: input.format,
      from: input.from,
      to: input.to,
      accountFrom: input.accountFrom,
      accountTo: input.accountTo,
      maskPayroll,
    };
    await sequelize.query(
      `INSERT INTO accounting.report_exports (company_id, id, format, params, created_by, expires_at)
       VALUES (:companyId, :id, :format, :params, :userId, now() + make_interval(hours => :ttl))`,
      {
        type: QueryTypes.INSERT,
        replacements: { companyId, id, format: input.format, params: JSON.stringify(params), userId, ttl: LEDGER_EXPORT_TTL_HOURS },
      },
    );
    const job: ExportGeneralLedgerJob = { companyId, exportId: id };
    // No retry: a failed rendering (too long, out of memory) would fail again; the row says why.
    await ctx.queue.add(JOBS.exportGeneralLedger, job, { jobId: jobIdOf(id), attempts: 1 });
    // Without Redis the job has already run (inline): answer its state.
    const row = await readRow(sequelize, companyId, id);
    return { id, state: row?.state ?? 'queued' };
  }

  async function status(companyId: string, id: string): Promise<GeneralLedgerExportStatus> {
    const row = await readRow(sequelize, companyId, id);
    if (!row) throw notFound();
    return statusOf(row);
  }

  async function file(companyId: string, id: string): Promise<{ fileName: string; format: ReportFormat; file: Buffer }> {
    const row = await readRow(sequelize, companyId, id);
    if (!row) throw notFound();
    if (row.state !== 'completed' || !row.file_name) throw new HttpError(409, MESSAGES_REPORTS.exportNotReady);
    const [f] = await sequelize.query<{ file: Buffer }>(
      'SELECT file FROM accounting.report_exports WHERE company_id = :companyId AND id = :id',
      { type: QueryTypes.SELECT, replacements: { companyId, id: row.id } },
    );
    return { fileName: row.file_name, format: row.format, file: f.file };
  }

  return { create, status, file };
}

/**
 * Routes of the export (resource `reports`; starting one is a read: every member may). The POST
 * masks payroll labels as the direct download does, for a role without `payroll`.
 */
export function ledgerExportsApi(ctx: ServiceContext): Router {
  const exportsOf = ledgerExportsService(ctx);
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId/reports/general-ledger/exports';

  router.post(base, requireSameCompany, validate({ body: generalLedgerExportInputSchema }), async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    const input = validated(req, 'body', generalLedgerExportInputSchema);
    res.status(202).json(await exportsOf.create(companyId, userId, !roleCan(role, 'payroll'), input));
  });

  router.get(`${base}/:id`, requireSameCompany, async (req, res) => {
    res.json(await exportsOf.status(tenantOf(req).companyId, String(req.params.id)));
  });

  router.get(`${base}/:id/file`, requireSameCompany, async (req, res) => {
    const { fileName, format, file } = await exportsOf.file(tenantOf(req).companyId, String(req.params.id));
    res
      .status(200)
      .set('Content-Type', CONTENT_TYPES[format])
      .set('Content-Disposition', `attachment; filename="${fileName}"`)
      .set('Cache-Control', 'no-store')
      .send(file);
  });

  return router;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * `export-general-ledger`: renders the export's file (the PDF in a pool thread, the workbook
 * streamed from one) and stores it on its row. Progress: lines read out of the total; a PDF is
 * laid out once all its lines are read, so its total counts each line twice (reading, layout)
 * and the layout half is reached when the file is stored. A refusal or a failure marks the row
 * failed with a French message (no retry); a database outage is left to the worker (postponed).
 */
export function exportGeneralLedgerHandler(ctx: Pick<ServiceContext, 'sequelize'>) {
  const { sequelize } = ctx;
  const update = (companyId: string, id: string, set: string, replacements: Record<string, unknown> = {}) =>
    sequelize.query(`UPDATE accounting.report_exports SET ${set} WHERE company_id = :companyId AND id = :id`, {
      type: QueryTypes.UPDATE,
      replacements: { companyId, id, ...replacements },
    });

  return async (data: unknown, job: Job): Promise<{ lines: number } | { skipped: true }> => {
    const d = (data ?? {}) as Partial<ExportGeneralLedgerJob>;
    if (!isUuid(d.companyId) || !isUuid(d.exportId)) throw new UnrecoverableError('export-general-ledger: malformed payload');
    const companyId = d.companyId.toLowerCase();
    const id = d.exportId.toLowerCase();
    await purgeExpiredExports(sequelize);
    const row = await readRow(sequelize, companyId, id);
    if (!row || row.state === 'completed') return { skipped: true };
    const fail = async (message: string) => {
      await update(companyId, id, "state = 'failed', error = :message", { message });
      throw new UnrecoverableError(message);
    };
    try {
      await update(companyId, id, "state = 'running', done = 0, error = NULL");
      const range = row.params;
      const company = await reportsService(sequelize).company(companyId);
      const accounts = await ledgerAccounts(sequelize, companyId, range);
      const lines = accounts.reduce((s, a) => s + a.lines, 0);
      const pdf = row.format === 'pdf';
      if (pdf && lines > MAX_LEDGER_EXPORT_PDF_LINES) return await fail(MESSAGES_REPORTS.ledgerTooLongForExportPdf);
      if (!pdf && lines > MAX_LEDGER_XLSX_LINES) return await fail(MESSAGES_REPORTS.ledgerTooLongForXlsx);
      const total = pdf ? 2 * lines : lines;
      await update(companyId, id, 'total = :total', { total });
      await reportJobProgress(job, 0, total);

      let layout: NodeJS.Timeout | undefined;
      async function* withProgress(rows: AsyncIterable<GeneralLedgerRow>): AsyncGenerator<GeneralLedgerRow> {
        let done = 0;
        for await (const r of rows) {
          yield r;
          done++;
          if (done % EXPORT_PROGRESS_EVERY === 0) {
            await update(companyId, id, 'done = :done', { done });
            await reportJobProgress(job, done, total);
          }
        }
        await update(companyId, id, 'done = :done', { done });
        if (!pdf) return;
        // Every line read: the thread lays the document out now.
        const laidOutFrom = Date.now();
        layout = setInterval(() => {
          const estimate = lines + Math.min(lines - 1, Math.floor((Date.now() - laidOutFrom) / LAYOUT_MS_PER_LINE));
          // greatest: a late tick never lowers the progress (a completed export's done = total is above any estimate).
          void update(companyId, id, 'done = greatest(done, :estimate)', { estimate }).catch(() => undefined);
        }, LAYOUT_TICK_MS);
      }

      const h = reportHeader(company, 'general-ledger', rangePeriod(range.from, range.to));
      const headings = accounts.map(ledgerHeading);
      const rows = withProgress(allLedgerRows(sequelize, companyId, range, accounts));
      let file: Buffer;
      try {
        file = pdf ? await generalLedgerPdf(h, headings, rows) : await collect(generalLedgerXlsx(h, headings, rows));
      } finally {
        clearInterval(layout);
      }
      const fileName = reportFileName('general-ledger', `${range.from}-${range.to}`, row.format);
      await update(companyId, id, "state = 'completed', done = total, file = :file, file_name = :fileName", { file, fileName });
      await reportJobProgress(job, total, total);
      return { lines };
    } catch (err) {
      if (err instanceof UnrecoverableError || isDatabaseUnavailable(err)) throw err;
      const message = err instanceof HttpError && err.status < 500 ? err.message : MESSAGES_REPORTS.exportFailed;
      return fail(message);
    }
  };
}
