import { z } from 'zod';
import { resourceOf } from './resources';
import { requiredText } from './fields';

// A user belongs to one or more companies, each with a role. The gateway decides the tenant and
// checks the membership on every request; services enforce the role on every write.

export const ROLES = ['owner', 'accountant', 'collaborator', 'reader'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Propriétaire',
  accountant: 'Comptable',
  collaborator: 'Collaborateur',
  reader: 'Lecture seule',
};

/**
 * What a call needs:
 * - `documents`: invoices, payments, stock, sector modules, draft entries (writes);
 * - `accounting`: everything else (validating or cancelling entries, closing, imports,
 *   investments, loans, staff, settings: company, chart, third parties, modules) (writes);
 * - `payroll`: payroll data, which is confidential — reading or writing payslips and bulletins,
 *   reading salaries on employee records;
 * - `members`: the company's members and invitations (gateway).
 */
export type Capability = 'documents' | 'accounting' | 'payroll' | 'members';

export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  owner: ['documents', 'accounting', 'payroll', 'members'],
  accountant: ['documents', 'accounting', 'payroll'],
  collaborator: ['documents'],
  reader: [],
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Whether `role` may perform writes that need `capability` (no role: nothing). */
export const roleCan = (role: Role | null | undefined, capability: Capability | null): boolean =>
  !!role && (capability === null || ROLE_CAPABILITIES[role].includes(capability));

// The one canonical form of a path segment: what every route, id, date and job id is made of
// (and a file name such as `export.xlsx`: dots only between such words).
const CANONICAL_SEGMENT = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/**
 * Whether `path` (query string excluded) is in canonical form: segments of lower-case letters,
 * digits, '-' and '_', with dots only between them (`export.xlsx`) — no upper case, no
 * percent-encoding (encoded slashes or dots), no dot segments, leading or trailing dots, no doubled
 * slash; one trailing slash is tolerated. Routers match
 * case-sensitively, and the gateway and the services refuse (404) any other form, so the role rule,
 * the ownership table and the route matcher all see the same string.
 */
export function isCanonicalPath(path: string): boolean {
  const parts = path.split('?')[0].split('/');
  if (parts[0] !== '') return false;
  const last = parts.length - 1;
  return parts.slice(1).every((part, i) => CANONICAL_SEGMENT.test(part) || (part === '' && i + 1 === last && last > 1));
}

/** The resource segment and the parts after it of an `/api/...` path (`companies/:id` skipped). */
function resourceParts(path: string): string[] {
  const parts = path.split('?')[0].split('/').filter(Boolean);
  const rest = parts[0] === 'api' ? parts.slice(1) : parts;
  return rest[0] === 'companies' ? rest.slice(2) : rest;
}

/**
 * The capability a write (any method but GET/HEAD) to an `/api/...` path needs, from the path
 * alone (`/api/companies/:companyId/<segment>/...` or `/api/<segment>/...`), from the segment's
 * entry in RESOURCES: one rule for the services, the generated role matrix and the front ends. Unknown paths need `accounting`, and so
 * does a path not in canonical form (which no router matches anyway). Null: a write that only reads
 * (starting an export), every member may make it.
 */
export function writeCapability(path: string): Capability | null {
  if (!isCanonicalPath(path)) return 'accounting';
  const rest = resourceParts(path);
  const resource = resourceOf(rest[0]);
  if (!resource) return 'accounting';
  const action = rest.length > 1 ? rest[rest.length - 1] : undefined;
  const actions = resource.actions ?? {};
  return action !== undefined && Object.prototype.hasOwnProperty.call(actions, action) ? actions[action] : resource.write;
}

/**
 * The capability a read (GET/HEAD) of an `/api/...` path needs: null for the ordinary reads every
 * member may make, `payroll` for payroll data. Salaries on employee records are not a path of their
 * own: the HR service leaves them out for a role without `payroll`.
 */
export function readCapability(path: string): Capability | null {
  return resourceOf(resourceParts(path)[0])?.read ?? null;
}

export const MESSAGES_MEMBERS = {
  loginRequired: "Nom d'utilisateur ou email requis",
  roleRequired: 'Rôle requis',
  alreadyMember: 'Cet utilisateur est déjà membre de l’entreprise',
  alreadyInvited: 'Une invitation est déjà en attente pour cet utilisateur',
  invitationNotFound: 'Invitation introuvable ou déjà traitée',
  memberNotFound: 'Membre introuvable',
  lastOwner: 'L’entreprise doit garder au moins un propriétaire',
  noAccess: 'Vous n’avez plus accès à cette entreprise',
  noCompany: 'Aucune entreprise sélectionnée',
  invited: 'Invitation envoyée',
  tooManyInvitations: 'Trop d’invitations envoyées : réessayez dans une heure',
  tooManyCompanies: 'Trop d’entreprises créées : réessayez demain',
  invitationCancelled: 'Invitation annulée',
  accepted: 'Invitation acceptée',
  declined: 'Invitation refusée',
  roleChanged: 'Rôle modifié',
  removed: 'Membre retiré',
  companyCreated: 'Entreprise créée',
  switchError: "Impossible de changer d'entreprise",
  membersUnavailable: 'Liste des membres indisponible',
  portfolioUnavailable: 'Chiffres indisponibles : service comptabilité injoignable',
} as const;

/** 403 of a write the caller's role does not allow. */
export const roleForbiddenMessage = (role: Role | null | undefined): string =>
  role ? `Action non autorisée pour votre rôle (${ROLE_LABELS[role]})` : 'Action non autorisée';

const roleSchema = z.enum(ROLES, { error: MESSAGES_MEMBERS.roleRequired });

/** POST /api/companies/:companyId/invitations */
export const invitationInputSchema = z.object({
  /** The invitee's username or email. */
  login: requiredText(MESSAGES_MEMBERS.loginRequired, 254),
  role: roleSchema,
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

/** PATCH /api/companies/:companyId/members/:userId */
export const memberRoleSchema = z.object({ role: roleSchema });
export type MemberRoleInput = z.input<typeof memberRoleSchema>;

/** POST /api/session/company: switch the session to another of the user's companies. */
export const switchCompanySchema = z.object({ companyId: z.uuid({ error: MESSAGES_MEMBERS.noCompany }) });
export type SwitchCompanyInput = z.input<typeof switchCompanySchema>;

/** GET /api/memberships: the signed-in user's companies (the switcher's menu), by name. */
export interface Membership {
  companyId: string;
  /** null when the accounting service could not be read. */
  companyName: string | null;
  sector: string | null;
  role: Role;
  /** The session's current company. */
  current: boolean;
}

/** GET /api/companies/:companyId/members (owners only). */
export interface Member {
  userId: string;
  username: string;
  /** "Prénom Nom", or the username when both are empty. */
  name: string;
  email: string;
  role: Role;
  since: string;
}

/** A pending invitation: GET /api/companies/:companyId/invitations (owners), GET /api/invitations (invitee). */
export interface Invitation {
  id: string;
  companyId: string;
  companyName: string | null;
  role: Role;
  /** The invitee (the invitee's own view only). */
  userId: string;
  /** The invitee's username; in the owners' view, the login as the owner typed it. */
  username: string;
  /** Name of the member who invited. */
  invitedBy: string;
  createdAt: string;
}

/**
 * An invitation as the company's owners see it (POST and GET …/invitations): no invitee id, and the
 * login as typed, so that inviting never tells whether an account exists.
 */
export type CompanyInvitation = Omit<Invitation, 'userId'>;

/**
 * GET /api/portfolio: one row per company of the user, from each company's own ledger. Money as
 * two-decimal strings; null figures when the accounting service could not be read.
 */
export interface PortfolioRow {
  companyId: string;
  companyName: string | null;
  sector: string | null;
  role: Role;
  current: boolean;
  /** Balance of the treasury accounts (class 5). */
  treasury: string | null;
  /** Customers' balance (411…). */
  receivables: string | null;
  /** Suppliers' balance (401…), as a positive amount owed. */
  payables: string | null;
  /** Validated sale invoices past their due date with a balance due. */
  overdueInvoices: number | null;
  overdueAmount: string | null;
  /** Date (YYYY-MM-DD) of the company's last validated entry. */
  lastEntryDate: string | null;
}

export interface Portfolio {
  rows: PortfolioRow[];
  /** False when the figures could not be read (accounting down): names and roles still show. */
  figuresAvailable: boolean;
}

/** Accounting's `GET /internal/portfolio?companies=a,b,c`: the figures of several companies in one call. */
export type PortfolioFigures = Pick<
  PortfolioRow,
  'companyId' | 'treasury' | 'receivables' | 'payables' | 'overdueInvoices' | 'overdueAmount' | 'lastEntryDate'
>;

/** Accounting's `GET /internal/companies?ids=a,b,c`: names and sectors of several companies. */
export interface CompanySummary {
  id: string;
  name: string;
  sector: string;
}
