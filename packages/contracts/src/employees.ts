import { z } from 'zod';
import { isCalendarDate } from '@xaalis/domain';
import { moneySchema } from './money';
import { text } from './text';
import { nullableText, optionalEmail, pagedListQuerySchema, requiredText, type Paged } from './fields';

export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatus, string> = { active: 'Actif', inactive: 'Inactif' };

export const SALARY_TYPES = ['monthly', 'hourly', 'daily'] as const;
export type SalaryType = (typeof SALARY_TYPES)[number];
export const SALARY_TYPE_LABELS: Record<SalaryType, string> = { monthly: 'Mensuel', hourly: 'Horaire', daily: 'Journalier' };

/** Family situation, read by the payroll's income-tax parts (official parameter set). */
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export const MARITAL_STATUS_LABELS: Record<MaritalStatus, string> = {
  single: 'Célibataire',
  married: 'Marié(e)',
  divorced: 'Divorcé(e)',
  widowed: 'Veuf / veuve',
};

/** At most this many dependent children on an employee card. */
export const MAX_EMPLOYEE_CHILDREN = 20;
/**
 * At most this many ids in one internal read (`?ids=a,b,c`): 200 uuids keep
 * the request line well under Node's 16 KB header limit; callers batch beyond.
 */
export const MAX_EMPLOYEE_IDS = 200;

/** Length caps of the employee's texts (the database checks the same). */
export const EMPLOYEE_TEXT_LIMITS = {
  employeeNumber: 50,
  firstName: 100,
  lastName: 100,
  position: 100,
  department: 100,
  bankAccount: 64,
  ipresNumber: 30,
  cssNumber: 30,
  phone: 30,
  email: 254,
  address: 255,
} as const;

export const MESSAGES_EMPLOYEE = {
  employeeNumberRequired: 'Matricule requis',
  firstNameRequired: 'Prénom requis',
  lastNameRequired: 'Nom requis',
  positionRequired: 'Poste requis',
  hireDateRequired: "Date d'embauche requise",
  hireDateInvalid: "Date d'embauche invalide",
  salaryRequired: 'Salaire requis',
  salaryPositive: 'Le salaire doit être supérieur à zéro',
  salaryTypeInvalid: 'Type de salaire invalide',
  statusInvalid: 'Statut invalide',
  maritalStatusInvalid: 'Situation matrimoniale invalide',
  childrenInvalid: `Nombre d'enfants invalide (entier de 0 à ${MAX_EMPLOYEE_CHILDREN})`,
  isCadreInvalid: 'Statut cadre invalide',
  emailInvalid: 'Email invalide',
  duplicateNumber: 'Ce matricule existe déjà',
  tooManyIds: `Au plus ${MAX_EMPLOYEE_IDS} employés par demande`,
  notFound: 'Employé introuvable',
  created: 'Employé créé',
  updated: 'Employé modifié',
  statusChanged: "Statut de l'employé modifié",
  createError: "Impossible de créer l'employé.",
  updateError: "Impossible de modifier l'employé.",
  empty: 'Aucun employé enregistré',
  emptyFiltered: 'Aucun employé ne correspond à la recherche',
} as const;

/** `POST /api/companies/:companyId/employees` and `PUT /api/employees/:id` (spec §3, §5); `status` is kept when absent on edit. */
export const employeeInputSchema = z.object({
  employeeNumber: requiredText(MESSAGES_EMPLOYEE.employeeNumberRequired, EMPLOYEE_TEXT_LIMITS.employeeNumber),
  firstName: requiredText(MESSAGES_EMPLOYEE.firstNameRequired, EMPLOYEE_TEXT_LIMITS.firstName),
  lastName: requiredText(MESSAGES_EMPLOYEE.lastNameRequired, EMPLOYEE_TEXT_LIMITS.lastName),
  position: requiredText(MESSAGES_EMPLOYEE.positionRequired, EMPLOYEE_TEXT_LIMITS.position),
  department: nullableText(EMPLOYEE_TEXT_LIMITS.department),
  hireDate: text({ error: MESSAGES_EMPLOYEE.hireDateRequired })
    .trim()
    .min(1, { error: MESSAGES_EMPLOYEE.hireDateRequired, abort: true })
    .refine(isCalendarDate, { error: MESSAGES_EMPLOYEE.hireDateInvalid }),
  salary: z
    .union([text(), z.number()], { error: MESSAGES_EMPLOYEE.salaryRequired })
    .refine((v) => String(v).trim() !== '', { error: MESSAGES_EMPLOYEE.salaryRequired, abort: true })
    .pipe(moneySchema)
    .refine((v) => v !== '0.00', { error: MESSAGES_EMPLOYEE.salaryPositive }),
  salaryType: z.enum(SALARY_TYPES, { error: MESSAGES_EMPLOYEE.salaryTypeInvalid }).default('monthly'),
  bankAccount: nullableText(EMPLOYEE_TEXT_LIMITS.bankAccount),
  /** Numéros d'immatriculation IPRES et CSS: printed on the social declaration. */
  ipresNumber: nullableText(EMPLOYEE_TEXT_LIMITS.ipresNumber),
  cssNumber: nullableText(EMPLOYEE_TEXT_LIMITS.cssNumber),
  phone: nullableText(EMPLOYEE_TEXT_LIMITS.phone),
  email: optionalEmail(MESSAGES_EMPLOYEE.emailInvalid, EMPLOYEE_TEXT_LIMITS.email),
  address: nullableText(EMPLOYEE_TEXT_LIMITS.address),
  status: z.enum(EMPLOYEE_STATUSES, { error: MESSAGES_EMPLOYEE.statusInvalid }).optional(),
  isCadre: z
    .boolean({ error: MESSAGES_EMPLOYEE.isCadreInvalid })
    .nullish()
    .transform((v) => v ?? false),
  maritalStatus: z
    .union([z.literal(''), z.enum(MARITAL_STATUSES)], { error: MESSAGES_EMPLOYEE.maritalStatusInvalid })
    .nullish()
    .transform((v) => (v ? v : null)),
  children: z
    .union([z.number(), text().trim()], { error: MESSAGES_EMPLOYEE.childrenInvalid })
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? 0 : Number(v)))
    .pipe(
      z
        .number({ error: MESSAGES_EMPLOYEE.childrenInvalid })
        .int({ error: MESSAGES_EMPLOYEE.childrenInvalid })
        .min(0, { error: MESSAGES_EMPLOYEE.childrenInvalid })
        .max(MAX_EMPLOYEE_CHILDREN, { error: MESSAGES_EMPLOYEE.childrenInvalid }),
    ),
});
export type EmployeeInput = z.input<typeof employeeInputSchema>;
export type EmployeeValues = z.output<typeof employeeInputSchema>;

/** `PATCH /api/employees/:id/status`: set an employee inactive (or active again); employees are never deleted. */
export const employeeStatusSchema = z.object({
  status: z.enum(EMPLOYEE_STATUSES, { error: MESSAGES_EMPLOYEE.statusInvalid }),
});
export type EmployeeStatusInput = z.input<typeof employeeStatusSchema>;

/** Employee cards per page of Gestion du Personnel (three columns). */
export const EMPLOYEES_PAGE_SIZE = 24;

/**
 * The largest page of the employee list: what a select box of employees asks for at once
 * (the active ones, `?status=active&pageSize=`); beyond, its search box narrows the choice on the server.
 */
export const EMPLOYEE_CHOICE_PAGE_SIZE = 100;

/**
 * `GET /api/companies/:companyId/employees?page=&pageSize=&search=&status=`: one page by name,
 * `search` on first and last name, matricule or position, `status` active or inactive, `id` one
 * employee (a select box's chosen value).
 */
export const employeeListQuerySchema = pagedListQuerySchema(
  EMPLOYEES_PAGE_SIZE,
  { status: z.enum(EMPLOYEE_STATUSES, { error: MESSAGES_EMPLOYEE.statusInvalid }).optional(), id: z.uuid().optional() },
  EMPLOYEE_CHOICE_PAGE_SIZE,
);
export type EmployeeListQuery = z.output<typeof employeeListQuerySchema>;
/** The query as a client sends it (every field optional, `page` from 1). */
export type EmployeeListParams = Partial<EmployeeListQuery>;

/** The head counts of the whole company (whatever the filters): every employee, the active and the inactive ones. */
export interface EmployeeCounters {
  total: number;
  active: number;
  inactive: number;
}

/**
 * An employee as the API returns it (list, one, create, edit, internal read). Money as a two-decimal string.
 * Salaries are payroll data: for a caller whose role lacks the `payroll` capability, `salary` is null.
 */
export interface Employee {
  id: string;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  position: string;
  department: string | null;
  hireDate: string;
  /** The base salary; null for a role without the `payroll` capability (confidential). */
  salary: string | null;
  salaryType: SalaryType;
  bankAccount: string | null;
  ipresNumber: string | null;
  cssNumber: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  status: EmployeeStatus;
  /** Cadre (executive) status: the official set's IPRES cadres scheme applies. */
  isCadre: boolean;
  maritalStatus: MaritalStatus | null;
  children: number;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

/** The answer of the employee list: one page, the number matching the filters, and the company's head counts. */
export interface EmployeeList extends Paged<Employee> {
  counters: EmployeeCounters;
}

/** "Awa Ndiaye": how lists and payslips name an employee. */
export const employeeName = (e: Pick<Employee, 'firstName' | 'lastName'>): string => `${e.firstName} ${e.lastName}`;
