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
import { baseApi, COMPANY_DATA_TAG, companyCreate, companyQuery, companyRecordAction, companyUrl } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';
import { companyPageQuery, type CompanyPageArgs } from '../../ui/paged';

const PROJECTS = { type: 'Services' as const, id: 'PROJECTS' };
const TIMESHEETS = { type: 'Services' as const, id: 'TIMESHEETS' };
const SUMMARY = { type: 'Services' as const, id: 'SUMMARY' };
// The HR and accounting lists share their owners' tags, so a write there refreshes them here.
const EMPLOYEES = { type: 'Employee' as const, id: 'LIST' };

/** A page of the company's clients (accounting's third parties). */
export interface ThirdPartyPage {
  items: ThirdParty[];
  totalItems: number;
}

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
     * HR's GET /api/companies/:id/employees?status=active&pageSize=1: the 'Employés actifs' card (its
     * totalItems) and, when there is only one, the timesheet's employee chosen on opening.
     */
    listServiceEmployees: build.query<EmployeeList, string>({
      query: (companyId) => ({ url: companyUrl(companyId, '/employees'), params: { status: 'active', pageSize: 1 } }),
      providesTags: [EMPLOYEES, COMPANY_DATA_TAG],
    }),
    /** HR's GET /api/companies/:id/employees?status=active&search=&id=: the timesheet's employee choice, searched as the user types. */
    searchServiceEmployees: companyPageQuery<EmployeeList, CompanyPageArgs & { status?: 'active' }>(build, '/employees', [EMPLOYEES]),
    /**
     * Accounting's GET /api/companies/:id/third-parties?role=client&search=&id=: the project's client choice
     * (types client and both), searched as the user types; with pageSize=1, whether the company has any.
     */
    listServiceClients: build.query<ThirdPartyPage, CompanyPageArgs>({
      query: ({ companyId, ...params }) => ({
        url: companyUrl(companyId, '/third-parties'),
        params: { ...params, role: 'client', search: params.search?.trim() || undefined },
      }),
      providesTags: (_result, _error, { companyId }) => [{ type: 'ThirdParty', id: companyId }, COMPANY_DATA_TAG],
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
  useSearchServiceEmployeesQuery,
  useListServiceClientsQuery,
} = projectsApi;
