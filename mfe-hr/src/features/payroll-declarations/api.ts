import type {
  AnnualSalaryDeclaration,
  DeclarationPaymentInput,
  Paged,
  PayrollDeclaration,
  PayrollDeclarationInput,
  PayrollDeclarationKind,
  PayrollDeclarationSummary,
  PayrollJournal,
  PayrollPayment,
  SalaryTaxPreview,
  SocialDeclarationPreview,
} from '@xaalis/contracts';
import { PAYROLL_DECLARATION_SEGMENTS } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const declarationsTag = { type: 'Payroll' as const, id: 'DECLARATIONS' };
/** Declaring locks the period's slips and reopening frees them: the slip list is refetched too. */
const slipsTag = { type: 'Payroll' as const, id: 'LIST' };

/** The files a declaration, the payroll journal or the annual declaration downloads as. */
export type FileFormat = 'pdf' | 'xlsx';

/** Filed declarations per page of the list under a preview. */
export const DECLARATIONS_PAGE_SIZE = 10;

/** /api/companies/:id/social-declarations or …/salary-tax-statements. */
const declarationsUrl = (companyId: string, kind: PayrollDeclarationKind) =>
  `/api/companies/${enc(companyId)}/${PAYROLL_DECLARATION_SEGMENTS[kind]}`;

/** One page of a kind's filed declarations, as the server answers it. */
export type PayrollDeclarationList = Paged<PayrollDeclarationSummary> & { totalPages?: number };

/**
 * What the employer files from its validated payslips (issue 31): the social declaration (IPRES
 * and CSS) and the salary-tax statement (IR, TRIMF, CFCE) with their preview, filing, list and
 * reopening; the payroll journal (livre de paie) and the annual declaration of salaries.
 */
export const payrollDeclarationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/social-declarations/preview?period=YYYY-MM|YYYY-Qn → the declaration the period would give, its checks. */
    previewSocialDeclaration: build.query<SocialDeclarationPreview, { companyId: string; period: string }>({
      query: ({ companyId, period }) => ({ url: `${declarationsUrl(companyId, 'social')}/preview`, params: { period } }),
      providesTags: [declarationsTag, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/salary-tax-statements/preview?period=YYYY-MM → the statement the month would give. */
    previewSalaryTaxStatement: build.query<SalaryTaxPreview, { companyId: string; period: string }>({
      query: ({ companyId, period }) => ({ url: `${declarationsUrl(companyId, 'salary-tax')}/preview`, params: { period } }),
      providesTags: [declarationsTag, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/{social-declarations|salary-tax-statements}?page&pageSize → the filed declarations, newest first. */
    listPayrollDeclarations: build.query<
      PayrollDeclarationList,
      { companyId: string; kind: PayrollDeclarationKind; page: number; pageSize: number }
    >({
      query: ({ companyId, kind, page, pageSize }) => ({ url: declarationsUrl(companyId, kind), params: { page, pageSize } }),
      providesTags: [declarationsTag, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/{…} {period, filedOn, reference?} → 201 PayrollDeclaration (409 declared or overlapping, 400 too early). */
    declarePayrollDeclaration: build.mutation<
      PayrollDeclaration,
      { companyId: string; kind: PayrollDeclarationKind; body: PayrollDeclarationInput }
    >({
      query: ({ companyId, kind, body }) => ({ url: declarationsUrl(companyId, kind), method: 'POST', body }),
      invalidatesTags: [declarationsTag, slipsTag, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/{…}/:declarationId/reopen → PayrollDeclaration (status 'reopened'). */
    reopenPayrollDeclaration: build.mutation<PayrollDeclaration, { companyId: string; kind: PayrollDeclarationKind; id: string }>({
      query: ({ companyId, kind, id }) => ({ url: `${declarationsUrl(companyId, kind)}/${enc(id)}/reopen`, method: 'POST' }),
      invalidatesTags: [declarationsTag, slipsTag, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/{…}/:declarationId → the declaration as filed, with its payments and what it leaves to pay. */
    getPayrollDeclaration: build.query<PayrollDeclaration, { companyId: string; kind: PayrollDeclarationKind; id: string }>({
      query: ({ companyId, kind, id }) => `${declarationsUrl(companyId, kind)}/${enc(id)}`,
      providesTags: [declarationsTag, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/{…}/:declarationId/payments {paymentDate, treasuryAccountId} → 201 PayrollPayment (409 paid or not in force). */
    payPayrollDeclaration: build.mutation<
      PayrollPayment,
      { companyId: string; kind: PayrollDeclarationKind; id: string; body: DeclarationPaymentInput }
    >({
      query: ({ companyId, kind, id, body }) => ({ url: `${declarationsUrl(companyId, kind)}/${enc(id)}/payments`, method: 'POST', body }),
      invalidatesTags: [declarationsTag, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/payroll-journal?period=YYYY-MM|YYYY → the livre de paie of a month or a year. */
    getPayrollJournal: build.query<PayrollJournal, { companyId: string; period: string }>({
      query: ({ companyId, period }) => ({ url: `/api/companies/${enc(companyId)}/payroll-journal`, params: { period } }),
      providesTags: [declarationsTag, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/annual-salary-declarations/:year → the annual declaration of salaries. */
    getAnnualSalaryDeclaration: build.query<AnnualSalaryDeclaration, { companyId: string; year: number }>({
      query: ({ companyId, year }) => `/api/companies/${enc(companyId)}/annual-salary-declarations/${year}`,
      providesTags: [declarationsTag, COMPANY_DATA_TAG],
    }),
  }),
});

export const {
  usePreviewSocialDeclarationQuery,
  usePreviewSalaryTaxStatementQuery,
  useListPayrollDeclarationsQuery,
  useDeclarePayrollDeclarationMutation,
  useReopenPayrollDeclarationMutation,
  useGetPayrollDeclarationQuery,
  usePayPayrollDeclarationMutation,
  useGetPayrollJournalQuery,
  useGetAnnualSalaryDeclarationQuery,
} = payrollDeclarationsApi;

/** GET …/{social-declarations|salary-tax-statements}/preview?period&format=pdf|xlsx: the preview as a file. */
export const declarationPreviewFileUrl = (companyId: string, kind: PayrollDeclarationKind, period: string, format: FileFormat) =>
  `${declarationsUrl(companyId, kind)}/preview?period=${enc(period)}&format=${format}`;

/** GET …/{social-declarations|salary-tax-statements}/:id?format=pdf|xlsx: a declaration as filed. */
export const declarationFileUrl = (companyId: string, kind: PayrollDeclarationKind, id: string, format: FileFormat) =>
  `${declarationsUrl(companyId, kind)}/${enc(id)}?format=${format}`;

/** GET …/payroll-journal?period&format=pdf|xlsx: the livre de paie as a file. */
export const payrollJournalFileUrl = (companyId: string, period: string, format: FileFormat) =>
  `/api/companies/${enc(companyId)}/payroll-journal?period=${enc(period)}&format=${format}`;

/** GET …/annual-salary-declarations/:year?format=pdf|xlsx: the annual declaration as a file. */
export const annualSalaryFileUrl = (companyId: string, year: number, format: FileFormat) =>
  `/api/companies/${enc(companyId)}/annual-salary-declarations/${year}?format=${format}`;
