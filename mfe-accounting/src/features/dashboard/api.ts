import type { CashFlowData, CashFlowPeriod, DashboardData, RevenueBreakdownData } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;

export type RevenueYear = RevenueBreakdownData['year'];

/**
 * The dashboard's computed figures (DESIGN.md §6). Every query carries the company's
 * `CompanyData` tag: any write (invoice, payment, entry...) refreshes them.
 */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/dashboard: cards, recent transactions, upcoming payments, fiscal year. */
    getDashboard: build.query<DashboardData, string>({
      query: (companyId) => `/api/companies/${enc(companyId)}/dashboard`,
      providesTags: (_result, _error, companyId) => [{ type: 'Dashboard', id: companyId }, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/cash-flow/:period (1month, 3months, 6months, 1year). */
    getCashFlow: build.query<CashFlowData, { companyId: string; period: CashFlowPeriod }>({
      query: ({ companyId, period }) => `/api/companies/${enc(companyId)}/cash-flow/${enc(period)}`,
      providesTags: (_result, _error, { companyId }) => [{ type: 'Dashboard', id: companyId }, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/revenue-breakdown?year=current|previous */
    getRevenueBreakdown: build.query<RevenueBreakdownData, { companyId: string; year: RevenueYear }>({
      query: ({ companyId, year }) => ({ url: `/api/companies/${enc(companyId)}/revenue-breakdown`, params: { year } }),
      providesTags: (_result, _error, { companyId }) => [{ type: 'Dashboard', id: companyId }, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useGetDashboardQuery, useGetCashFlowQuery, useGetRevenueBreakdownQuery } = dashboardApi;
