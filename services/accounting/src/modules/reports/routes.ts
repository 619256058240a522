import type { Readable } from 'node:stream';
import type { Router, Response } from 'express';
import {
  MAX_LEDGER_PDF_LINES,
  MAX_LEDGER_XLSX_LINES,
  MESSAGES_REPORTS,
  generalLedgerQuerySchema,
  reportFileName,
  roleCan,
  statementQuerySchema,
  trialBalanceQuerySchema,
  type FiscalYearInfo,
  type ReportFormat,
  type ReportKind,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  HttpError,
  readRouting,
  requireSameCompany,
  streamDownload,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { todayInDakar } from '../posting';
import {
  balanceSheetPdf,
  balanceSheetXlsx,
  cashFlowPdf,
  cashFlowXlsx,
  generalLedgerPdf,
  generalLedgerXlsx,
  incomeStatementPdf,
  incomeStatementXlsx,
  trialBalancePdf,
  trialBalanceXlsx,
  type ReportHeader,
} from './exports';
import { allLedgerRows, ledgerAccounts, ledgerHeading } from './general-ledger';
import { reportsService, type ReportsService } from './service';
import { CONTENT_TYPES, rangePeriod, reportHeader as header, yearPeriod } from './headers';
import { ledgerExportsApi } from './ledger-export';

/** A PDF (a Buffer from the worker pool) or a workbook (streamed from it as it is written). */
async function sendFile(res: Response, kind: ReportKind, period: string, format: ReportFormat, body: Buffer | Readable): Promise<void> {
  if (!Buffer.isBuffer(body)) return streamDownload(res, CONTENT_TYPES[format], reportFileName(kind, period, format), body);
  res
    .status(200)
    .set('Content-Type', CONTENT_TYPES[format])
    .set('Content-Disposition', `attachment; filename="${reportFileName(kind, period, format)}"`)
    .set('Cache-Control', 'no-store')
    .send(body);
}

/**
 * The SYSCOHADA statements and ledger reports of the Rapports page, JSON or
 * (format=pdf|xlsx) a download. All scoped to the caller's company
 * (requireSameCompany: another company's id is a 404).
 */
export function reportsApi(ctx: ServiceContext): Router {
  // Heavy reads: on the replica when there is one (and it has this session's writes).
  const reportsFor = readRouting(ctx, (db) => ({ db, reports: reportsService(db) }));
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId/reports';

  router.get(`${base}/years`, requireSameCompany, async (req, res) => {
    const { reports } = await reportsFor(req, res);
    res.json(await reports.years(tenantOf(req).companyId, todayInDakar()));
  });

  /** A statement of one fiscal year (`?year=`): JSON, or (format=pdf|xlsx) its file. */
  function statementRoute<R extends { fiscalYear: FiscalYearInfo }>(
    kind: ReportKind,
    build: (reports: ReportsService, companyId: string, year: number, today: string) => Promise<R>,
    pdf: (h: ReportHeader, report: R) => Promise<Buffer>,
    xlsx: (h: ReportHeader, report: R) => Readable,
  ): void {
    router.get(`${base}/${kind}`, requireSameCompany, validate({ query: statementQuerySchema }), async (req, res) => {
      const { companyId } = tenantOf(req);
      const { year, format } = validated(req, 'query', statementQuerySchema);
      const { reports } = await reportsFor(req, res);
      const report = await build(reports, companyId, year, todayInDakar());
      if (!format) return void res.json(report);
      const h = header(await reports.company(companyId), kind, yearPeriod(report.fiscalYear));
      await sendFile(res, kind, report.fiscalYear.label, format, format === 'pdf' ? await pdf(h, report) : xlsx(h, report));
    });
  }
  statementRoute('balance-sheet', (reports, ...args) => reports.balanceSheet(...args), balanceSheetPdf, balanceSheetXlsx);
  statementRoute('income-statement', (reports, ...args) => reports.incomeStatement(...args), incomeStatementPdf, incomeStatementXlsx);
  statementRoute('cash-flow-statement', (reports, ...args) => reports.cashFlowStatement(...args), cashFlowPdf, cashFlowXlsx);

  router.get(`${base}/trial-balance`, requireSameCompany, validate({ query: trialBalanceQuerySchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const { from, to, format } = validated(req, 'query', trialBalanceQuerySchema);
    const { reports } = await reportsFor(req, res);
    const report = await reports.trialBalance(companyId, from, to);
    if (!format) return void res.json(report);
    const h = header(await reports.company(companyId), 'trial-balance', rangePeriod(from, to));
    await sendFile(
      res,
      'trial-balance',
      `${from}-${to}`,
      format,
      format === 'pdf' ? await trialBalancePdf(h, report) : trialBalanceXlsx(h, report),
    );
  });

  router.get(`${base}/general-ledger`, requireSameCompany, validate({ query: generalLedgerQuerySchema }), async (req, res) => {
    const { companyId } = tenantOf(req);
    const { from, to, accountFrom, accountTo, page, pageSize, format } = validated(req, 'query', generalLedgerQuerySchema);
    // Payroll entries' labels name the employee: masked for a role without `payroll`.
    const range = { from, to, accountFrom, accountTo, maskPayroll: !roleCan(tenantOf(req).role, 'payroll') };
    const { db, reports } = await reportsFor(req, res);
    if (!format) return void res.json(await reports.generalLedger(companyId, range, page, pageSize));
    const company = await reports.company(companyId);
    const accounts = await ledgerAccounts(db, companyId, range);
    const lineCount = accounts.reduce((s, a) => s + a.lines, 0);
    // pdfmake lays out ~1 ms per line synchronously: a bounded PDF keeps the service responsive.
    if (format === 'pdf' && lineCount > MAX_LEDGER_PDF_LINES) throw new HttpError(400, MESSAGES_REPORTS.ledgerTooLongForPdf);
    if (format === 'xlsx' && lineCount > MAX_LEDGER_XLSX_LINES) throw new HttpError(400, MESSAGES_REPORTS.ledgerTooLongForXlsx);
    const h = header(company, 'general-ledger', rangePeriod(from, to));
    const rows = allLedgerRows(db, companyId, range, accounts);
    const headings = accounts.map(ledgerHeading);
    const body = format === 'pdf' ? await generalLedgerPdf(h, headings, rows) : generalLedgerXlsx(h, headings, rows);
    await sendFile(res, 'general-ledger', `${from}-${to}`, format, body);
  });

  router.use(ledgerExportsApi(ctx));
  return router;
}
