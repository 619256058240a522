import { z } from 'zod';
import { isCalendarDate } from '@xaalis/domain';
import { money, mul } from '@xaalis/domain';
import { moneySchema } from './money';
import { optionalCalendarDate, optionalText, requiredDate } from './sector-fields';
import { text } from './text';
import { pageQueryFields, pagedListQuerySchema, requiredText, searchText, type Paged } from './fields';

/*
 * Services module (spec 02 §2 'Gestion des Services', §3 projects/timesheets,
 * §5, §7, §8, §9; issue 13). Projects and timesheets live in the sector
 * service; a project's client is an accounting third party and a timesheet's
 * employee an HR employee, both read through internal batched calls (one per
 * list page per service). 'Facturer les heures' creates a draft service
 * invoice in the accounting service.
 *
 * Routes (all under /api/companies/:companyId, module 'services'):
 *   GET  /projects[?status=active]          → ProjectList
 *   POST /projects                          → 201 Project
 *   GET  /projects/summary                  → ServicesSummary
 *   GET  /projects/:id                      → Project
 *   PUT  /projects/:id                      → Project
 *   POST /projects/:id/invoice              → 201 ProjectBillingResult (202 when pending)
 *   GET  /timesheets[?page&pageSize&projectId&employeeId&month] → TimesheetList (newest first)
 *   POST /timesheets                        → 201 Timesheet
 *   GET  /timesheets/:id                    → Timesheet
 *
 * Where the UI reads the rest: the client choice from accounting's public
 * `GET /api/companies/:cid/third-parties` (types client/both), the employee
 * choice and the 'active employees' card from HR's public
 * `GET /api/companies/:cid/employees?status=active&pageSize=100` (the card is that list's
 * totalItems; 'Nouvelle feuille de temps' is disabled when it is 0).
 */

export const PROJECT_STATUSES = ['planning', 'active', 'on_hold', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planning: 'Planification',
  active: 'Actif',
  on_hold: 'En pause',
  completed: 'Terminé',
  cancelled: 'Annulé',
};

/**
 * pending: recorded, not invoiced (spec default); billing: part of a billing
 * whose invoice the accounting service has not confirmed yet (settled by a
 * job); billed: on an invoice (invoiceId/invoiceNumber set).
 */
export const TIMESHEET_STATUSES = ['pending', 'billing', 'billed'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = {
  pending: 'Non facturée',
  billing: 'Facturation en cours',
  billed: 'Facturée',
};

/** Text caps (the database checks the same). */
export const SERVICES_TEXT_LIMITS = {
  name: 255,
  description: 2000,
} as const;

/** Timesheet list page size: default and maximum. */
export const DEFAULT_TIMESHEET_PAGE_SIZE = 25;
export const MAX_TIMESHEET_PAGE_SIZE = 100;
/** Longest break accepted, in minutes (a day). */
export const MAX_BREAK_MINUTES = 1440;

export const MESSAGES_SERVICES = {
  nameRequired: 'Nom requis',
  clientRequired: 'Sélectionnez un client',
  clientNotFound: 'Client introuvable parmi les tiers de l’entreprise',
  startDateRequired: 'Date de début requise',
  dateInvalid: 'Date invalide',
  endBeforeStart: 'La date de fin prévue doit être postérieure ou égale à la date de début',
  statusInvalid: 'Statut invalide',
  projectNotFound: 'Projet introuvable',
  projectNotActive: 'Seuls les projets actifs acceptent des feuilles de temps',
  employeeRequired: 'Sélectionnez un employé',
  employeeNotFound: 'Employé introuvable parmi le personnel de l’entreprise',
  timesheetNotFound: 'Feuille de temps introuvable',
  timesheetDateRequired: 'Date requise',
  timeInvalid: 'Heure invalide (format HH:MM)',
  endTimeBeforeStart: 'L’heure de fin doit être postérieure à l’heure de début',
  breakInvalid: `Pause invalide (minutes entières, de 0 à ${MAX_BREAK_MINUTES})`,
  noHoursWorked: 'Aucune heure travaillée : la pause couvre toute la plage horaire',
  hoursMismatch: 'Les heures travaillées ne correspondent pas aux heures de début, de fin et à la pause',
  monthInvalid: 'Mois invalide (format AAAA-MM)',
  // Spec §8 toasts and errors.
  projectCreated: 'Projet créé',
  projectCreatedDescription: 'Le projet a été créé avec succès.',
  timesheetCreated: 'Feuille de temps créée',
  timesheetCreatedDescription: 'La feuille de temps a été enregistrée avec succès.',
  projectCreateError: 'Impossible de créer le projet.',
  timesheetCreateError: 'Impossible de créer la feuille de temps.',
  // Beyond the spec.
  projectUpdated: 'Projet modifié',
  projectUpdateError: 'Impossible de modifier le projet.',
  billAction: 'Facturer les heures',
  billError: 'Impossible de facturer les heures.',
  nothingToBill: 'Aucune heure à facturer pour ce projet',
  billingInProgress: 'Une facturation de ce projet est déjà en cours : réessayez dans un instant.',
  billPending: 'Facturation enregistrée : la facture sera créée dès que la comptabilité répondra.',
  accountingDown: 'Le service Comptabilité est momentanément indisponible : les noms des clients ne peuvent pas être affichés.',
  hrDown: 'Le service Personnel est momentanément indisponible : les noms des employés ne peuvent pas être affichés.',
  noProject: 'Aucun projet',
  noEndDate: 'Non définie',
  /** What a cell shows when a name is unknown (other service down, record deleted). */
  unknownValue: '—',
  emptyProjects: 'Aucun projet enregistré',
  emptyTimesheets: 'Aucune feuille de temps enregistrée',
} as const;

/** "Heures facturées : facture N° FS-2026-0001" (the billing success toast). */
export const hoursBilled = (invoiceNumber: string): string => `Heures facturées : facture N° ${invoiceNumber}`;

/** "Awa Ndiaye — 7,5 h" (French decimals, printed on the invoice): a line of 'Facturer les heures' (one per employee and rate). */
export const billedHoursLine = (employeeName: string, hours: string): string => `${employeeName} — ${trimHours(hours).replace('.', ',')} h`;

// ---------------------------------------------------------------------------
// Hours arithmetic (exact, integer minutes and cents; no float).

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for "HH:MM" between 00:00 and 23:59. */
export const isClockTime = (value: string): boolean => TIME.test(value);

/** Minutes since midnight of "HH:MM" (throws on anything else). */
export function minutesOfDay(value: string): number {
  const m = TIME.exec(value);
  if (!m) throw new Error(`Not a time: ${value}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * Hours worked, spec §9 'hours step 0.25': (end − start − break) rounded to
 * the nearest quarter hour (7 min or less rounds down, 8 or more up), as a
 * two-decimal string ("7.75"); null when the end is not after the start or
 * nothing is left after the break (or rounding leaves 0). The server stores
 * this figure; the dialog shows the same.
 */
export function computeHoursWorked(startTime: string, endTime: string, breakMinutes: number): string | null {
  if (!isClockTime(startTime) || !isClockTime(endTime) || !Number.isInteger(breakMinutes) || breakMinutes < 0) return null;
  const worked = minutesOfDay(endTime) - minutesOfDay(startTime) - breakMinutes;
  if (minutesOfDay(endTime) <= minutesOfDay(startTime) || worked <= 0) return null;
  const quarters = Math.floor((worked + 7) / 15);
  if (quarters <= 0) return null;
  return money(quarters / 4);
}

/** hours × hourly rate rounded half away from zero to the cent ("7.75" × "5000.00" → "38750.00"). */
export function timesheetCost(hours: string, hourlyRate: string): string {
  return mul(hours, hourlyRate);
}

/** "7.50" → "7.5", "8.00" → "8". */
export function trimHours(hours: string): string {
  return hours.includes('.') ? hours.replace(/0+$/, '').replace(/\.$/, '') : hours;
}

// ---------------------------------------------------------------------------
// Input schemas.

const requiredName = requiredText(MESSAGES_SERVICES.nameRequired, SERVICES_TEXT_LIMITS.name);

const optionalDate = optionalCalendarDate(MESSAGES_SERVICES.dateInvalid);

/**
 * `POST /api/companies/:companyId/projects` and `PUT .../projects/:id` (whole
 * record). The client must be one of the company's third parties (accounting);
 * 404 clientNotFound otherwise, 503 when accounting is down (nothing saved).
 */
export const projectInputSchema = z
  .object({
    name: requiredName,
    description: optionalText(SERVICES_TEXT_LIMITS.description),
    clientId: z.uuid({ error: MESSAGES_SERVICES.clientRequired }),
    startDate: requiredDate(MESSAGES_SERVICES.startDateRequired),
    /** Planned end ('Non définie' when null). */
    endDate: optionalDate,
    budget: moneySchema.default('0.00'),
    hourlyRate: moneySchema.default('0.00'),
    /** Spec §9: planning on creation. */
    status: z.enum(PROJECT_STATUSES, { error: MESSAGES_SERVICES.statusInvalid }).default('planning'),
  })
  .superRefine((v, ctx) => {
    if (v.endDate && isCalendarDate(v.startDate) && v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES_SERVICES.endBeforeStart });
    }
  });
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectValues = z.output<typeof projectInputSchema>;

/** `?page=&pageSize=&search=&status=&id=` (newest first; name contains; `id` one project, a select box's chosen value). */
export const projectListQuerySchema = pagedListQuerySchema(25, {
  /** `?status=active`: the timesheet dialog's project choice (spec §5: only active projects). */
  status: z.enum(PROJECT_STATUSES, { error: MESSAGES_SERVICES.statusInvalid }).optional(),
  id: z.uuid().optional(),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;
export type ProjectListQueryValues = z.output<typeof projectListQuerySchema>;

const clockTime = text({ error: MESSAGES_SERVICES.timeInvalid }).trim().refine(isClockTime, { error: MESSAGES_SERVICES.timeInvalid });

/** Break in minutes: a number or a numeric string (forms send strings); '' is 0. */
const breakMinutes = z
  .union([z.number(), text().trim()], { error: MESSAGES_SERVICES.breakInvalid })
  .transform((v) => (typeof v === 'string' ? (v === '' ? 0 : Number(v)) : v))
  .pipe(
    z
      .number({ error: MESSAGES_SERVICES.breakInvalid })
      .int({ error: MESSAGES_SERVICES.breakInvalid })
      .min(0, { error: MESSAGES_SERVICES.breakInvalid })
      .max(MAX_BREAK_MINUTES, { error: MESSAGES_SERVICES.breakInvalid }),
  );

/**
 * `POST /api/companies/:companyId/timesheets`. The server computes
 * hoursWorked = computeHoursWorked(startTime, endTime, breakTime); a client
 * figure, when sent, must equal it (400 hoursMismatch). hourlyRate defaults to
 * the project's rate (0.00 without a project). projectId null/absent = 'Aucun
 * projet'; otherwise an active project of the company (404 / 400
 * projectNotActive). The employee must be an HR employee of the company (404
 * employeeNotFound; 503 when HR is down, nothing saved).
 */
export const timesheetInputSchema = z
  .object({
    employeeId: z.uuid({ error: MESSAGES_SERVICES.employeeRequired }),
    projectId: z
      .union([z.uuid({ error: MESSAGES_SERVICES.projectNotFound }), z.literal(''), z.literal('none')])
      .nullish()
      .transform((v) => (v && v !== 'none' ? v : null)),
    date: requiredDate(MESSAGES_SERVICES.timesheetDateRequired),
    startTime: clockTime,
    endTime: clockTime,
    /** Minutes (spec 'breakTime (default 0)'). */
    breakTime: breakMinutes.default(0),
    description: optionalText(SERVICES_TEXT_LIMITS.description),
    hourlyRate: moneySchema.optional(),
    /** Optional check only: the server's computed figure is what is stored. */
    hoursWorked: z
      .union([text(), z.number()])
      .transform((v) => String(v).trim())
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!isClockTime(v.startTime) || !isClockTime(v.endTime)) return;
    if (minutesOfDay(v.endTime) <= minutesOfDay(v.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: MESSAGES_SERVICES.endTimeBeforeStart });
      return;
    }
    const hours = computeHoursWorked(v.startTime, v.endTime, v.breakTime);
    if (hours === null) {
      ctx.addIssue({ code: 'custom', path: ['breakTime'], message: MESSAGES_SERVICES.noHoursWorked });
      return;
    }
    if (v.hoursWorked !== undefined && v.hoursWorked !== '') {
      const sent = /^\d{1,3}(\.\d{1,2})?$/.test(v.hoursWorked) ? money(v.hoursWorked) : null;
      if (sent !== hours) ctx.addIssue({ code: 'custom', path: ['hoursWorked'], message: MESSAGES_SERVICES.hoursMismatch });
    }
  });
export type TimesheetInput = z.input<typeof timesheetInputSchema>;
export type TimesheetValues = z.output<typeof timesheetInputSchema>;

export const timesheetListQuerySchema = z.object({
  ...pageQueryFields(DEFAULT_TIMESHEET_PAGE_SIZE, MAX_TIMESHEET_PAGE_SIZE),
  projectId: z.uuid({ error: MESSAGES_SERVICES.projectNotFound }).optional(),
  employeeId: z.uuid({ error: MESSAGES_SERVICES.employeeNotFound }).optional(),
  /** "YYYY-MM": timesheets dated in that month. */
  month: text()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MESSAGES_SERVICES.monthInvalid })
    .optional(),
  status: z.enum(TIMESHEET_STATUSES, { error: MESSAGES_SERVICES.statusInvalid }).optional(),
  /** Description or project name contains. */
  search: searchText(),
});
export type TimesheetListQuery = z.input<typeof timesheetListQuerySchema>;

// ---------------------------------------------------------------------------
// Responses.

export interface Project {
  id: string;
  name: string;
  description: string | null;
  clientId: string;
  /** name null when accounting is down or the third party is gone (shown "—"). */
  client: { id: string; name: string | null };
  startDate: string;
  endDate: string | null;
  budget: string;
  hourlyRate: string;
  status: ProjectStatus;
  /** Σ of the project's timesheet totals (all statuses). */
  totalCost: string;
  totalHours: string;
  /** Hours / cost of timesheets not yet on an invoice (status pending). */
  unbilledHours: string;
  unbilledCost: string;
  /** totalCost / budget in percent, one decimal ("42.5"), may exceed 100; null when the budget is 0. */
  progress: string | null;
  /** True while a billing awaits the accounting service's answer. */
  billingPending: boolean;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * `GET /api/companies/:companyId/projects`. clientsAvailable false when the
 * accounting service is down: projects still listed, client names null; the
 * UI shows MESSAGES_SERVICES.accountingDown and "—".
 */
export interface ProjectList extends Paged<Project> {
  clientsAvailable: boolean;
  /** The company's active projects (all of them, not the page). */
  activeCount: number;
}

export interface Timesheet {
  id: string;
  employeeId: string;
  /** Names null when HR is down or the employee is gone (shown "—"). */
  employee: { id: string; firstName: string | null; lastName: string | null; position: string | null };
  projectId: string | null;
  /** null = 'Aucun projet'. */
  project: { id: string; name: string } | null;
  date: string;
  startTime: string;
  endTime: string;
  /** Minutes. */
  breakTime: number;
  /** Computed by the server (quarter hours, "7.75"). */
  hoursWorked: string;
  description: string | null;
  hourlyRate: string;
  /** hoursWorked × hourlyRate, two decimals. */
  totalCost: string;
  status: TimesheetStatus;
  invoiceId: string | null;
  invoiceNumber: string | null;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * `GET /api/companies/:companyId/timesheets` (newest date first). employeesAvailable
 * false when HR is down: names null, the UI shows MESSAGES_SERVICES.hrDown.
 */
export interface TimesheetList {
  items: Timesheet[];
  page: number;
  pageSize: number;
  totalItems: number;
  employeesAvailable: boolean;
}

/**
 * `GET /api/companies/:companyId/projects/summary`: the cards (spec §2).
 * The 'active employees' card is the totalItems of HR's public
 * `GET /api/companies/:cid/employees?status=active` (not served here: it is
 * HR's data and the dialog reads that list anyway).
 */
export interface ServicesSummary {
  activeProjects: number;
  completedProjects: number;
  /** Σ of all projects' budgets. */
  totalValue: string;
  /** Σ hoursWorked of timesheets dated in the current month (Dakar = UTC). */
  hoursThisMonth: string;
}

/**
 * `POST /api/companies/:companyId/projects/:id/invoice` ('Facturer les heures',
 * no body): a draft service invoice (FS) to the project's client, one line per
 * employee and rate over the project's unbilled timesheets, which become
 * billed. 201 status 'billed'; 202 status 'pending' when the accounting
 * service's answer was lost (the timesheets stay 'billing' and a job settles
 * the same invoice later); 400 nothingToBill when nothing is unbilled; 503
 * (nothing changed) when accounting or HR is down before the call.
 */
export interface ProjectBillingResult {
  batchId: string;
  status: 'billed' | 'pending';
  invoice: { id: string; number: string; status: string; total: string } | null;
  timesheetCount: number;
  hours: string;
  amount: string;
}
