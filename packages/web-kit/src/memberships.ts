import {
  roleCan,
  writeCapability,
  type Capability,
  type Company,
  type CompanyInput,
  type CompanyInvitation,
  type Invitation,
  type InvitationInput,
  type Member,
  type Membership,
  type MemberRoleInput,
  type Portfolio,
  type Role,
  type User,
} from '@xaalis/contracts';
import { useAuth } from './auth';
import { baseApi } from './api';

/**
 * Memberships, members, invitations, the company switch and the portfolio (all answered by the
 * gateway). Switching company is followed by a reset of every cached datum (see the shell).
 */
export const membershipsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/memberships: the user's companies with their role (the switcher). */
    getMemberships: build.query<Membership[], void>({
      query: () => '/api/memberships',
      providesTags: ['Memberships'],
    }),
    /** POST /api/session/company: the session moves to another of the user's companies. */
    switchCompany: build.mutation<User, string>({
      query: (companyId) => ({ url: '/api/session/company', method: 'POST', body: { companyId } }),
    }),
    /** POST /api/companies: a new company, the user its owner; the session moves to it. */
    createCompany: build.mutation<Company, CompanyInput>({
      query: (body) => ({ url: '/api/companies', method: 'POST', body }),
    }),
    /** GET /api/invitations: the user's pending invitations. */
    getMyInvitations: build.query<Invitation[], void>({
      query: () => '/api/invitations',
      providesTags: ['Invitations'],
    }),
    acceptInvitation: build.mutation<Membership, string>({
      query: (id) => ({ url: `/api/invitations/${encodeURIComponent(id)}/accept`, method: 'POST' }),
      invalidatesTags: ['Invitations', 'Memberships', 'Portfolio'],
    }),
    declineInvitation: build.mutation<null, string>({
      query: (id) => ({ url: `/api/invitations/${encodeURIComponent(id)}/decline`, method: 'POST' }),
      transformResponse: () => null,
      invalidatesTags: ['Invitations'],
    }),
    /** GET /api/companies/:id/members (owners only). */
    getMembers: build.query<Member[], string>({
      query: (companyId) => `/api/companies/${encodeURIComponent(companyId)}/members`,
      providesTags: ['Members'],
    }),
    changeMemberRole: build.mutation<Member, { companyId: string; userId: string } & MemberRoleInput>({
      query: ({ companyId, userId, role }) => ({
        url: `/api/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: ['Members'],
    }),
    removeMember: build.mutation<null, { companyId: string; userId: string }>({
      query: ({ companyId, userId }) => ({
        url: `/api/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      transformResponse: () => null,
      invalidatesTags: ['Members'],
    }),
    /** GET /api/companies/:id/invitations: the company's pending invitations (owners only). */
    getCompanyInvitations: build.query<CompanyInvitation[], string>({
      query: (companyId) => `/api/companies/${encodeURIComponent(companyId)}/invitations`,
      providesTags: ['Members'],
    }),
    inviteMember: build.mutation<CompanyInvitation, { companyId: string } & InvitationInput>({
      query: ({ companyId, ...body }) => ({ url: `/api/companies/${encodeURIComponent(companyId)}/invitations`, method: 'POST', body }),
      invalidatesTags: ['Members'],
    }),
    cancelInvitation: build.mutation<null, { companyId: string; id: string }>({
      query: ({ companyId, id }) => ({
        url: `/api/companies/${encodeURIComponent(companyId)}/invitations/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      transformResponse: () => null,
      invalidatesTags: ['Members'],
    }),
    /** GET /api/portfolio: one row per company of the user. */
    getPortfolio: build.query<Portfolio, void>({
      query: () => '/api/portfolio',
      providesTags: ['Portfolio'],
    }),
  }),
});

export const {
  useGetMembershipsQuery,
  useSwitchCompanyMutation,
  useCreateCompanyMutation,
  useGetMyInvitationsQuery,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useGetMembersQuery,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useGetCompanyInvitationsQuery,
  useInviteMemberMutation,
  useCancelInvitationMutation,
  useGetPortfolioQuery,
} = membershipsApi;

/** The signed-in user's role in the current company (null while signed out or without a company). */
export function useRole(): Role | null {
  return useAuth().user?.role ?? null;
}

/**
 * The capability a write to an API path needs, the path possibly written with route parameters
 * (`/api/invoices/:id/validate`): contracts' writeCapability reads only canonical paths (anything
 * else needs `accounting`), so each `:param` segment stands for an id first.
 */
export function pathCapability(path: `/api/${string}`): Capability | null {
  return writeCapability(path.replace(/\/:[A-Za-z_]\w*/g, '/id'));
}

/**
 * Whether the current role has `capability` — `payroll` for payroll data (payslips, bulletins,
 * salaries: reads included) — or, given an API path (e.g. `/api/invoices/:id/validate`), may make
 * the write to that path. The interface hides what the role cannot do; the services refuse it anyway.
 */
export function useCan(capabilityOrPath: Capability | `/api/${string}`): boolean {
  const role = useRole();
  const capability = capabilityOrPath.startsWith('/api/')
    ? pathCapability(capabilityOrPath as `/api/${string}`)
    : (capabilityOrPath as Capability);
  return roleCan(role, capability);
}
