import { z } from 'zod';
import { paymentMethodSchema, type PaymentMethod } from './invoices';
import type { JobStatus } from './jobs';
import {
  MESSAGES_PAYROLL,
  PAYROLL_DECIMAL_PATTERN,
  PAYROLL_SET_IDS,
  PERIOD_PATTERN,
  isCalendarDate,
  type PayrollSetId,
  type PayslipBreakdown,
} from '@xaalis/domain';
import { pagedListQuerySchema, type Paged } from './fields';
import { moneySchema } from './money';
import { text } from './text';

/*
 * Payslips as the HR service stores and serves them (spec 02-modules.md §3, §5, §7 "payrolls").
 * The figures come from the pure calculator of @xaalis/domain (payroll.ts); the service
 * recomputes every slip.
 */

// The parameter sets' ids and labels, the breakdown's types and the calculator's messages.
export {
  DEFAULT_PAYROLL_SET_ID,
  MESSAGES_PAYROLL,
  PAYROLL_RISK_CLASSES,
  PAYROLL_RISK_CLASS_LABELS,
  PAYROLL_SET_IDS,
  PAYROLL_SET_LABELS,
  type PayrollMaritalStatus,
  type PayrollRiskClass,
  type PayrollSetId,
  type PayslipBreakdown,
  type PayslipLine,
  type PayslipLineSection,
  type PayslipTotals,
} from '@xaalis/domain';

// ---------------------------------------------------------------------------------------------
// The pay slip form

/** Hours and rates: a non-negative decimal with at most two decimals, at most 999.99. */
const DECIMAL_2 = PAYROLL_DECIMAL_PATTERN;

const optionalMoney = z.union([text(), z.number()]).optional().pipe(moneySchema.optional());

const optionalDecimal = (error: string) =>
  z
    .union([text(), z.number()], { error })
    .optional()
    .transform((v) => (v === undefined ? undefined : String(v).trim()))
    .refine((v) => v === undefined || v === '' || DECIMAL_2.test(v), { error })
    .transform((v) => (v === '' ? undefined : v));

/** The pay slip form (spec §5): required employee, period, base salary; the rest optional strings. */
export const payslipInputSchema = z.object({
  employeeId: text({ error: MESSAGES_PAYROLL.employeeRequired }).trim().min(1, { error: MESSAGES_PAYROLL.employeeRequired }),
  period: text({ error: MESSAGES_PAYROLL.periodRequired }).trim().regex(PERIOD_PATTERN, { error: MESSAGES_PAYROLL.periodRequired }),
  baseSalary: z
    .union([text(), z.number()], { error: MESSAGES_PAYROLL.baseSalaryRequired })
    .refine((v) => String(v).trim() !== '', { error: MESSAGES_PAYROLL.baseSalaryRequired, abort: true })
    .pipe(moneySchema),
  transportAllowance: optionalMoney,
  housingAllowance: optionalMoney,
  otherAllowances: optionalMoney,
  overtimeHours: optionalDecimal(MESSAGES_PAYROLL.overtimeHoursInvalid),
  overtimeRate: optionalDecimal(MESSAGES_PAYROLL.overtimeRateInvalid),
});
export type PayslipFormInput = z.input<typeof payslipInputSchema>;
export type PayslipFormValues = z.output<typeof payslipInputSchema>;

export const PAYSLIP_STATUSES = ['draft', 'validated', 'paid', 'cancelled'] as const;
export type PayslipStatus = (typeof PAYSLIP_STATUSES)[number];
export const PAYSLIP_STATUS_LABELS: Record<PayslipStatus, string> = {
  draft: 'Brouillon',
  validated: 'Validée',
  paid: 'Payée',
  cancelled: 'Annulée',
};

/**
 * The label shown instead of a payroll entry's own (which names the employee) to a role without the
 * `payroll` capability, where the amount must still show: Grand livre lines, the dashboard's
 * treasury movements.
 */
export const PAYROLL_MASKED_LABEL = 'Paie (détail confidentiel)';

export const MESSAGES_PAYSLIP = {
  created: 'Bulletin de paie créé avec succès',
  createdShort: 'Paie créée',
  createError: 'Impossible de créer le bulletin de paie.',
  duplicatePeriod: 'Un bulletin existe déjà pour cet employé et cette période',
  beforeHire: "Période antérieure à l'embauche",
  inactiveEmployee: 'Employé inactif',
  employeeNotFound: 'Employé introuvable',
  mismatch: 'Le calcul ne correspond pas au barème (recalculez)',
  parameterSetInvalid: 'Barème de paie invalide',
  notFound: 'Bulletin introuvable',
  empty: 'Aucun bulletin de paie',
  validated: 'Bulletin validé',
  paid: 'Bulletin payé',
  cancelled: 'Bulletin annulé',
  validateOnlyDraft: 'Seul un bulletin en brouillon peut être validé',
  payOnlyValidated: 'Seul un bulletin validé peut être payé',
  cancelPaid: 'Un bulletin payé ne peut pas être annulé',
  alreadyCancelled: 'Ce bulletin est déjà annulé',
  paymentDateRequired: 'Date de paiement requise',
  paymentDateInvalid: 'Date de paiement invalide',
  paymentDateOnDraft: 'Un bulletin est créé en brouillon, sans date de paiement',
  paymentDateBeforePeriod: 'La date de paiement ne peut précéder la période du bulletin',
  paymentMethodInvalid: 'Mode de paiement invalide',
  periodInvalid: 'Période invalide (ex: 2024-01)',
  yearInvalid: 'Année invalide (ex: 2024)',
  employeeInvalid: 'Employé invalide',
  statusInvalid: 'Statut invalide',
  emptyFiltered: 'Aucun bulletin ne correspond aux filtres',
  posted: 'Comptabilisé',
  postingPending: 'En attente de comptabilisation',
  generateStarted: 'Génération de la paie lancée',
  generateDone: 'Paie du mois générée',
  generate: 'Générer la paie du mois',
  generateSubmit: 'Générer les bulletins',
  generateHint:
    'Un bulletin en brouillon pour chaque employé actif, payé au mois et embauché avant la fin de la période ; ceux qui en ont déjà un sont laissés tels quels.',
  generateProgress: 'Bulletins créés',
  generateFailed: 'La génération de la paie a échoué',
  /** What a role without the `payroll` capability (collaborator, reader) sees instead of payroll data. */
  restricted: 'La paie est réservée aux propriétaires et aux comptables',
  restrictedHint: 'Les bulletins et les salaires sont confidentiels : demandez à un propriétaire de la société si vous en avez besoin.',
} as const;

const optionalComputed = z.union([text(), z.number()]).optional().pipe(moneySchema.optional());

/**
 * `POST /api/companies/:companyId/payrolls`: the form's fields, an optional parameter set
 * (default: the company's, 'xaalis' for now), and the figures the client computed: the server
 * recomputes and answers 400 MESSAGES_PAYSLIP.mismatch when they differ.
 */
export const payslipCreateSchema = payslipInputSchema.extend({
  parameterSetId: z.enum(PAYROLL_SET_IDS, { error: MESSAGES_PAYSLIP.parameterSetInvalid }).optional(),
  grossSalary: optionalComputed,
  netSalary: optionalComputed,
  // The payroll screen's body (spec §"payrolls"): allowances and overtime as totals, and the
  // figures it shows. Used when the split allowances and the overtime hours are absent.
  allowances: optionalComputed,
  overtimePay: optionalComputed,
  socialCharges: optionalComputed,
  incomeTax: optionalComputed,
  otherDeductions: optionalComputed,
  /** A slip is created as a draft: 'draft' or nothing. */
  status: z.literal('draft', { error: MESSAGES_PAYSLIP.statusInvalid }).nullish(),
  /** A draft is not paid: null, empty or nothing. */
  paymentDate: z.union([z.null(), z.literal('')], { error: MESSAGES_PAYSLIP.paymentDateOnDraft }).optional(),
});
export type PayslipCreateInput = z.input<typeof payslipCreateSchema>;
export type PayslipCreateValues = z.output<typeof payslipCreateSchema>;

/** `PATCH /api/payrolls/:id/pay`. */
export const payslipPaySchema = z.object({
  paymentDate: text({ error: MESSAGES_PAYSLIP.paymentDateRequired })
    .trim()
    .min(1, { error: MESSAGES_PAYSLIP.paymentDateRequired, abort: true })
    .refine(isCalendarDate, { error: MESSAGES_PAYSLIP.paymentDateInvalid }),
  paymentMethod: paymentMethodSchema,
  /** The treasury account the net is paid from (issue 28); the method names its kind's default account otherwise. */
  treasuryAccountId: z.uuid().optional().nullable(),
});
export type PayslipPayInput = z.input<typeof payslipPaySchema>;

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Pay slips per page of Gestion de la Paie. */
export const PAYSLIPS_PAGE_SIZE = 25;

/**
 * `GET /api/companies/:companyId/payrolls?page=&pageSize=&search=&period=YYYY-MM&year=YYYY&employeeId=&status=`:
 * one page, newest period first then by employee name; `search` on the employee's name or matricule.
 */
export const payslipListQuerySchema = pagedListQuerySchema(PAYSLIPS_PAGE_SIZE, {
  period: text().trim().regex(PERIOD, { error: MESSAGES_PAYSLIP.periodInvalid }).optional(),
  year: text()
    .trim()
    .regex(/^\d{4}$/, { error: MESSAGES_PAYSLIP.yearInvalid })
    .optional(),
  employeeId: z.uuid({ error: MESSAGES_PAYSLIP.employeeInvalid }).optional(),
  status: z.enum(PAYSLIP_STATUSES, { error: MESSAGES_PAYSLIP.statusInvalid }).optional(),
});
export type PayslipListQuery = z.output<typeof payslipListQuerySchema>;
/** The query as a client sends it (every field optional, `page` from 1). */
export type PayslipListParams = Partial<PayslipListQuery>;

/**
 * The four cards of Gestion de la Paie, summed in SQL over every slip matching the filters
 * (all pages), cancelled slips excluded: gross, social charges (employee and employer shares),
 * tax withheld (income tax + TRIMF), net. Two-decimal strings.
 */
export interface PayslipListTotals {
  gross: string;
  charges: string;
  tax: string;
  net: string;
}

/** The answer of the payslip list: one page, the number matching the filters, and their totals. */
export interface PayslipList extends Paged<Payslip> {
  totals: PayslipListTotals;
}

/** `POST /api/companies/:companyId/payrolls/generate` (202 PayrollGenerationStarted). */
export const payrollGenerateSchema = z.object({
  period: text({ error: MESSAGES_PAYSLIP.periodInvalid }).trim().regex(PERIOD, { error: MESSAGES_PAYSLIP.periodInvalid }),
});

export interface PayrollGenerationStarted {
  jobId: string;
}

/** `GET /api/companies/:companyId/payrolls/generate/:jobId`: the one job-status shape, payslips created (done) / employees (total). */
export type PayrollGenerationProgress = JobStatus;

/** The employee as nested in a payslip. */
export interface PayslipEmployee {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string;
  position: string;
}

/** A payslip as the API returns it (list, one, create, transitions). Money as two-decimal strings. */
export interface Payslip {
  id: string;
  employeeId: string;
  employee: PayslipEmployee;
  /** YYYY-MM. */
  period: string;
  parameterSetId: PayrollSetId;
  baseSalary: string;
  /** Transport + housing + other allowances. */
  allowances: string;
  overtimePay: string;
  grossSalary: string;
  /** Employee contributions. */
  socialCharges: string;
  /** Employer contributions plus employer taxes on pay (CFCE). */
  employerContributions: string;
  incomeTax: string;
  trimf: string;
  /** Always '0.00' for now. */
  otherDeductions: string;
  netSalary: string;
  employerCost: string;
  /** The calculator's full result, as stored when the slip was created. */
  breakdown: PayslipBreakdown;
  status: PayslipStatus;
  paymentDate: string | null;
  paymentMethod: PaymentMethod | null;
  /** The treasury account the net was paid from (null: its method's default account). */
  treasuryAccountId: string | null;
  /** Number of the PA entry once the accounting service posted it ("comptabilisé"); null before. */
  postedEntryNumber: string | null;
  /** Number of the payment entry once posted. */
  paymentEntryNumber: string | null;
  /** True while a ledger posting was asked for and its confirmation has not come back yet. */
  postingPending: boolean;
  createdAt: string;
}

/** "Comptabilisé" / "En attente de comptabilisation" / null (a draft: nothing to post). */
export function payslipPostingLabel(p: Pick<Payslip, 'status' | 'postedEntryNumber' | 'postingPending'>): string | null {
  if (p.status === 'draft') return null;
  if (p.postingPending) return MESSAGES_PAYSLIP.postingPending;
  return p.postedEntryNumber ? MESSAGES_PAYSLIP.posted : null;
}
