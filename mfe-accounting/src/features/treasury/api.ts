import type { Payment, PaymentListResponse, TreasuryData } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;

/** A page of payments; `paginated` is false when the server sent the whole list. */
export interface TreasuryPaymentsPage {
  items: Payment[];
  page: number;
  pageSize: number;
  totalItems: number;
  paginated: boolean;
}

/** GET …/payments answers a page ({items, page, pageSize, totalItems}); a plain array is accepted too. */
export function toPaymentsPage(
  body: PaymentListResponse | Payment[] | null | undefined,
  page: number,
  pageSize: number,
): TreasuryPaymentsPage {
  if (Array.isArray(body)) return { items: body, page: 1, pageSize: body.length, totalItems: body.length, paginated: false };
  const items = body?.items ?? [];
  return {
    items,
    page: body?.page ?? page,
    pageSize: body?.pageSize ?? pageSize,
    totalItems: body?.totalItems ?? items.length,
    paginated: true,
  };
}

/** The treasury screen: balances and 30-day forecast, and the payments list. Both refresh after any write. */
export const treasuryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/treasury */
    getTreasury: build.query<TreasuryData, string>({
      query: (companyId) => `/api/companies/${enc(companyId)}/treasury`,
      providesTags: (_result, _error, companyId) => [{ type: 'Treasury', id: companyId }, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/payments?page&pageSize (newest first). */
    listTreasuryPayments: build.query<TreasuryPaymentsPage, { companyId: string; page: number; pageSize: number }>({
      query: ({ companyId, page, pageSize }) => ({ url: `/api/companies/${enc(companyId)}/payments`, params: { page, pageSize } }),
      transformResponse: (body: PaymentListResponse | Payment[], _meta, { page, pageSize }) => toPaymentsPage(body, page, pageSize),
      providesTags: (_result, _error, { companyId }) => [{ type: 'Payment', id: companyId }, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useGetTreasuryQuery, useListTreasuryPaymentsQuery } = treasuryApi;
