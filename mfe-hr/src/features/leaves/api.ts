import type { Leave, LeaveBalance, LeaveInput, Paged } from '@xaalis/contracts';
import { baseApi, companyCreate, companyDelete, companyListQuery, companyQuery, type CompanyBodyArgs } from '@xaalis/web-kit';

/** The absences and the balances they change: every leave write refreshes both. */
const leavesTag = { type: 'Payroll' as const, id: 'LEAVES' };

/** Absences per page of the 'Absences' tab. */
export const LEAVES_PAGE_SIZE = 20;

/** One page of absences, newest first, as the server answers it. */
export type LeaveList = Paged<Leave> & { totalPages?: number };

/** The list's query: `page` from 1, one employee's absences when `employeeId` is given. */
export interface LeaveListQuery {
  page: number;
  pageSize: number;
  employeeId?: string;
}

/**
 * Paid leave and absences (issue 31): the company's absences (list, record, delete) and the paid-leave
 * balances of its employees (months paid, days earned, taken, left).
 */
export const leavesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/leaves?page&pageSize&employeeId → one page of absences, newest first. */
    listLeaves: companyListQuery<LeaveList, LeaveListQuery>(build, '/leaves', [leavesTag]),
    /** GET /api/companies/:id/leaves/balances → each employee's paid leave earned, taken and left. */
    getLeaveBalances: companyQuery<LeaveBalance[]>(build, '/leaves/balances', [leavesTag]),
    /** POST /api/companies/:id/leaves {employeeId, kind, startDate, endDate, note} → 201 Leave (400 invalid, 409 overlap or month settled). */
    createLeave: companyCreate<Leave, CompanyBodyArgs<LeaveInput>>(build, '/leaves', [leavesTag]),
    /** DELETE /api/companies/:id/leaves/:leaveId → 204 (409 when a validated slip counted it). */
    deleteLeave: companyDelete(build, '/leaves', [leavesTag]),
  }),
});

export const { useListLeavesQuery, useGetLeaveBalancesQuery, useCreateLeaveMutation, useDeleteLeaveMutation } = leavesApi;
