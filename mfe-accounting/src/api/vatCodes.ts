import type { VatCode, VatCodeInput } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyUrl, formatPercent } from '@xaalis/web-kit';

// The company's VAT codes, read by two features: Paramètres → Fiscalité (the table and
// 'Nouveau code TVA') and the invoice dialog (each line's 'TVA'). It sits below both.

/** GET/POST /api/companies/:id/vat-codes. */
export const vatCodesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/vat-codes → VatCode[] */
    listVatCodes: build.query<VatCode[], string>({
      query: (companyId) => companyUrl(companyId, '/vat-codes'),
      providesTags: [COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/vat-codes {code, label, rate, kind} → 201 VatCode (409 when the code or the rate is taken). */
    createVatCode: build.mutation<VatCode, { companyId: string; body: VatCodeInput }>({
      query: ({ companyId, body }) => ({ url: companyUrl(companyId, '/vat-codes'), method: 'POST', body }),
      invalidatesTags: [COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListVatCodesQuery, useCreateVatCodeMutation } = vatCodesApi;

/** A VAT code as a line's choice shows it: '18 %', '10 %', 'Export 0 %', 'Exonéré', 'Non imposable'. */
export function vatCodeChoiceLabel(code: Pick<VatCode, 'kind' | 'rate'>): string {
  switch (code.kind) {
    case 'export':
      return `Export ${formatPercent(code.rate)}`;
    case 'exempt':
      return 'Exonéré';
    case 'out_of_scope':
      return 'Non imposable';
    default:
      return formatPercent(code.rate);
  }
}
