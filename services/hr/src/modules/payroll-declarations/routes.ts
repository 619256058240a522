import type { Router } from 'express';
import {
  PAYROLL_DECLARATION_KINDS,
  PAYROLL_DECLARATION_SEGMENTS,
  declarationInputSchema,
  declarationListQuerySchema,
  declarationPreviewQuerySchema,
  FORMAT_QUERY,
  MESSAGES_PAYROLL_DECLARATION,
  payrollJournalQuerySchema,
  payrollPeriodRange,
  yearParamSchema,
  type PayrollDeclaration,
  type PayrollDeclarationKind,
  type SalaryTaxFigures,
  type SocialDeclarationFigures,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  HttpError,
  internalClient,
  requireSameCompany,
  sendReport,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { accountingEmployerLookup } from '../payroll';
import { annualTable, journalTable, salaryTaxTable, socialTable, tableReportPdf, tableReportWorkbook, type TableReport } from './export';
import { annualSalaries, payrollJournal } from './figures';
import { payrollBalancesLookup, payrollDeclarationsService } from './service';

/**
 * The payroll declarations (issue 31), under the company: for each kind (social-declarations,
 * salary-tax-statements) the preview of a period (`?period=&format=json|pdf|xlsx`), 'Déclarer'
 * (POST), the list, one declaration (`?format=`) and its reopening; the payroll journal and the
 * annual declaration of salaries. All payroll-confidential (the gateway asks for `payroll`).
 */
export function payrollDeclarationsApi(ctx: ServiceContext): Router {
  const declarations = payrollDeclarationsService(
    ctx.sequelize,
    payrollBalancesLookup(internalClient('accounting', ctx.config.internalToken), ctx.log),
  );
  const employer = accountingEmployerLookup(ctx.config.internalToken, ctx.log);
  const router = caseSensitiveRouter();

  async function identity(companyId: string) {
    const c = await employer(companyId);
    return { companyName: c?.name ?? '—', ninea: c?.taxNumber ?? null };
  }

  function tableOf(
    kind: PayrollDeclarationKind,
    companyName: string,
    ninea: string | null,
    figures: unknown,
    d: PayrollDeclaration | null,
  ) {
    return kind === 'social'
      ? socialTable(companyName, ninea, figures as SocialDeclarationFigures, d)
      : salaryTaxTable(companyName, ninea, figures as SalaryTaxFigures, d);
  }

  const files = (table: () => Promise<TableReport>) => ({
    pdf: async () => tableReportPdf(await table()),
    xlsx: async () => tableReportWorkbook(await table()),
  });

  for (const kind of PAYROLL_DECLARATION_KINDS) {
    const base = `/companies/:companyId/${PAYROLL_DECLARATION_SEGMENTS[kind]}`;
    const previewQuery = declarationPreviewQuerySchema(kind);
    const input = declarationInputSchema(kind);
    const fileName = (period: string, version?: number) =>
      `${PAYROLL_DECLARATION_SEGMENTS[kind]}-${period}${version && version > 1 ? `-v${version}` : ''}`;

    router.get(`${base}/preview`, requireSameCompany, validate({ query: previewQuery }), async (req, res) => {
      const { companyId } = tenantOf(req);
      const { period, format } = validated(req, 'query', previewQuery);
      const preview = await declarations.preview(companyId, kind, period);
      await sendReport(res, format, fileName(preview.period), {
        json: preview,
        ...files(async () => {
          const { companyName, ninea } = await identity(companyId);
          return tableOf(kind, companyName, ninea, preview, null);
        }),
      });
    });

    router.get(base, requireSameCompany, validate({ query: declarationListQuerySchema }), async (req, res) => {
      res.json(await declarations.list(tenantOf(req).companyId, kind, validated(req, 'query', declarationListQuerySchema)));
    });

    router.post(base, requireSameCompany, validate({ body: input }), async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      res.status(201).json(await declarations.declare(companyId, kind, validated(req, 'body', input), userId));
    });

    router.get(`${base}/:declarationId`, requireSameCompany, validate({ query: FORMAT_QUERY }), async (req, res) => {
      const { companyId } = tenantOf(req);
      const d = await declarations.get(companyId, kind, String(req.params.declarationId));
      await sendReport(res, validated(req, 'query', FORMAT_QUERY).format, fileName(d.period, d.version), {
        json: d,
        ...files(async () => {
          const { companyName, ninea } = await identity(companyId);
          return tableOf(kind, companyName, ninea, d.figures, d);
        }),
      });
    });

    router.post(`${base}/:declarationId/reopen`, requireSameCompany, async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      res.json(await declarations.reopen(companyId, kind, String(req.params.declarationId), userId));
    });
  }

  router.get(
    '/companies/:companyId/payroll-journal',
    requireSameCompany,
    validate({ query: payrollJournalQuerySchema }),
    async (req, res) => {
      const { companyId } = tenantOf(req);
      const { period, format } = validated(req, 'query', payrollJournalQuerySchema);
      const range =
        period.length === 4
          ? { period, firstMonth: `${period}-01`, lastMonth: `${period}-12`, start: `${period}-01-01`, end: `${period}-12-31` }
          : payrollPeriodRange(period);
      if (!range) throw new HttpError(400, MESSAGES_PAYROLL_DECLARATION.journalPeriodInvalid);
      const journal = await payrollJournal(ctx.sequelize, companyId, range);
      await sendReport(res, format, `livre-de-paie-${period}`, {
        json: journal,
        ...files(async () => journalTable((await identity(companyId)).companyName, journal)),
      });
    },
  );

  router.get(
    '/companies/:companyId/annual-salary-declarations/:year',
    requireSameCompany,
    validate({ query: FORMAT_QUERY }),
    async (req, res) => {
      const { companyId } = tenantOf(req);
      const parsed = yearParamSchema.safeParse(String(req.params.year));
      if (!parsed.success) throw new HttpError(400, MESSAGES_PAYROLL_DECLARATION.yearInvalid);
      const year = Number(parsed.data);
      const annual = await annualSalaries(ctx.sequelize, companyId, year);
      await sendReport(res, validated(req, 'query', FORMAT_QUERY).format, `declaration-annuelle-salaires-${year}`, {
        json: annual,
        ...files(async () => {
          const { companyName, ninea } = await identity(companyId);
          return annualTable(companyName, ninea, annual);
        }),
      });
    },
  );

  return router;
}
