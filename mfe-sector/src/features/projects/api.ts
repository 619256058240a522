import type {
  EmployeeList,
  Project,
  ProjectBillingResult,
  ProjectInput,
  ProjectList,
  ProjectStatus,
  ServicesSummary,
  ThirdParty,
  Timesheet,
  TimesheetInput,
  TimesheetList,
} from '@xaalis/contracts';
import { EMPLOYEE_CHOICE_PAGE_SIZE } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyCreate, companyQuery, companyRecordAction, companyUrl } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';
import { companyPageQuery, type CompanyPageArgs } from '../../ui/paged';

const PROJECTS = { type: 'Services' as const, id: 'PROJECTS' };
const TIMESHEETS = { type: 'Services' as const, id: 'TIMESHEETS' };
const SUMMARY = { type: 'Services' as const, id: 'SUMMARY' };
// The HR and accounting lists share their owners' tags, so a write there refreshes them here.
const EMPLOYEES = { type: 'Employee' as const, id: 'LIST' };

export interface TimesheetPageArgs {
  companyId: string;
  page: number;
  pageSize: number;
  /** Description or project name contains. */
  search?: string;
}

/**
 * 'Gestion des Services': projects and timesheets (sector service), the
 * company's clients (accounting's third parties) and active employees (HR), read
 * through their public routes. A timesheet changes its project's totals and the
 * cards; billing changes both lists and the invoices.
 */
export const projectsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/projects → {items, clientsAvailable}. */
    /** GET /api/companies/:id/projects?page=&pageSize=&search=&status=: a page and the company's active projects. */
    listServiceProjects: companyPageQuery<ProjectList, CompanyPageArgs & { status?: ProjectStatus }>(build, '/projects', [PROJECTS]),
    /** GET /api/companies/:id/projects/summary: the cards. */
    getProjectsSummary: companyQuery<ServicesSummary>(build, '/projects/summary', [SUMMARY]),
    /** POST /api/companies/:id/projects → 201 Project. */
    createServiceProject: companyCreate<Project, CompanyBodyArgs<ProjectInput>>(build, '/projects', [PROJECTS, SUMMARY]),
    /** POST /api/companies/:id/projects/:projectId/invoice: 'Facturer les heures' (201 billed, 202 pending). */
    billServiceProject: companyRecordAction<ProjectBillingResult>(build, '/projects', 'invoice', [
      PROJECTS,
      TIMESHEETS,
      SUMMARY,
      { type: 'Invoice' as const },
    ]),
    /** GET /api/companies/:id/timesheets?page&pageSize (newest first, paginated by the server). */
    listServiceTimesheets: build.query<TimesheetList, TimesheetPageArgs>({
      query: ({ companyId, page, pageSize, search }) => ({
        url: companyUrl(companyId, '/timesheets'),
        params: { page, pageSize, search: search?.trim() || undefined },
      }),
      providesTags: [TIMESHEETS, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/timesheets → 201 Timesheet (hours computed by the server). */
    createServiceTimesheet: companyCreate<Timesheet, CompanyBodyArgs<TimesheetInput>>(build, '/timesheets', [
      TIMESHEETS,
      PROJECTS,
      SUMMARY,
    ]),
    /**
     * HR's GET /api/companies/:id/employees?status=active&pageSize=100: the employee choice (the first
     * EMPLOYEE_CHOICE_PAGE_SIZE active employees by name) and the 'Employés actifs' card (its totalItems).
     */
    listServiceEmployees: build.query<EmployeeList, string>({
      query: (companyId) => ({
        url: companyUrl(companyId, '/employees'),
        params: { status: 'active', pageSize: EMPLOYEE_CHOICE_PAGE_SIZE },
      }),
      providesTags: [EMPLOYEES, COMPANY_DATA_TAG],
    }),
    /** Accounting's GET /api/companies/:id/third-parties?role=client: the client choice (types client and both), the first 100 by name. */
    listServiceClients: build.query<ThirdParty[], string>({
      query: (companyId) => ({ url: companyUrl(companyId, '/third-parties'), params: { role: 'client', pageSize: 100 } }),
      transformResponse: (page: { items: ThirdParty[] }) => page.items,
      providesTags: (_result, _error, companyId) => [{ type: 'ThirdParty', id: companyId }, COMPANY_DATA_TAG],
    }),
  }),
});

export const {
  useListServiceProjectsQuery,
  useGetProjectsSummaryQuery,
  useCreateServiceProjectMutation,
  useBillServiceProjectMutation,
  useListServiceTimesheetsQuery,
  useCreateServiceTimesheetMutation,
  useListServiceEmployeesQuery,
  useListServiceClientsQuery,
} = projectsApi;
