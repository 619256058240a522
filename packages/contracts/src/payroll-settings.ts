import { z } from 'zod';
import {
  DEFAULT_PAYROLL_SET_ID,
  PAYROLL_PARAMETER_SETS,
  PAYROLL_RISK_CLASSES,
  PAYROLL_SET_IDS,
  parameterSetFor,
  type PayrollRiskClass,
  type PayrollSetId,
} from '@xaalis/domain';

/*
 * A company's payroll settings (Paramètres, section Paie): the parameter set its payslips use
 * and its work-accident risk class (CSS), served and stored by the HR service.
 */

export const MESSAGES_PAYROLL_SETTINGS = {
  unknownSet: 'Barème inconnu',
  riskClassInvalid: 'Classe de risque invalide (1, 2 ou 3)',
  leaveDaysInvalid: 'Jours de congé par mois invalides (de 0 à 10, au plus deux décimales)',
  saved: 'Paramètres de paie enregistrés',
  saveError: "Impossible d'enregistrer les paramètres de paie",
  loadError: 'Impossible de charger les paramètres de paie',
  /** The HR service is down (the gateway answers 502/503): Paramètres keeps working without the Paie tab. */
  unavailable: 'Le service Paie est momentanément indisponible.',
  /** Follows a set's label in the scale select: "Barème officiel sénégalais (en vigueur depuis le 01/01/2024)". */
  effectiveSince: 'en vigueur depuis le',
} as const;

/** The risk class when the company never saved its settings. */
export const DEFAULT_PAYROLL_RISK_CLASS: PayrollRiskClass = 1;

/** One parameter set a company can choose: `effectiveFrom` is the first day of its earliest version. */
export interface PayrollSetOption {
  id: PayrollSetId;
  label: string;
  effectiveFrom: string;
}

/** `GET` / `PUT /api/companies/:companyId/payroll-settings` (defaults 'xaalis' and 1 when never saved). */
export interface PayrollSettings {
  parameterSetId: PayrollSetId;
  accidentRiskClass: PayrollRiskClass;
  /** Paid leave earned per month worked, working days ('2.00' by default, Code du travail art. L.148). */
  leaveDaysPerMonth: string;
  sets: PayrollSetOption[];
}

/** Every selectable set, once per id, in the order of PAYROLL_SET_IDS. */
export const PAYROLL_SET_OPTIONS: readonly PayrollSetOption[] = PAYROLL_SET_IDS.map((id) => {
  const versions = PAYROLL_PARAMETER_SETS.filter((s) => s.id === id);
  const first = versions.reduce((a, s) => (s.effectiveFrom < a.effectiveFrom ? s : a), versions[0]);
  return { id, label: first.label, effectiveFrom: first.effectiveFrom };
});

/** The settings form: a known set id, and a risk class 1, 2 or 3 (a number, or its digit from a select). */
export const payrollSettingsInputSchema = z.object({
  parameterSetId: z.enum(PAYROLL_SET_IDS, { error: MESSAGES_PAYROLL_SETTINGS.unknownSet }),
  accidentRiskClass: z
    .union([z.number(), z.string()], { error: MESSAGES_PAYROLL_SETTINGS.riskClassInvalid })
    .transform((v) => (typeof v === 'string' && /^\s*[123]\s*$/.test(v) ? Number(v) : v))
    .pipe(z.literal(PAYROLL_RISK_CLASSES, { error: MESSAGES_PAYROLL_SETTINGS.riskClassInvalid })),
  /** Absent: unchanged (a form without the field keeps what was saved). */
  leaveDaysPerMonth: z
    .union([z.number(), z.string()], { error: MESSAGES_PAYROLL_SETTINGS.leaveDaysInvalid })
    .optional()
    .transform((v) => (v === undefined ? undefined : String(v).trim()))
    .refine((v) => v === undefined || (/^\d{1,2}(\.\d{1,2})?$/.test(v) && Number(v) <= 10), {
      error: MESSAGES_PAYROLL_SETTINGS.leaveDaysInvalid,
    })
    .transform((v) => (v === undefined ? undefined : Number(v).toFixed(2))),
});
export type PayrollSettingsInput = z.input<typeof payrollSettingsInputSchema>;
export type PayrollSettingsValues = z.output<typeof payrollSettingsInputSchema>;

/**
 * The set a slip of `period` uses when the form names none: the company's choice when a version
 * of it is in force on the period's first day, otherwise 'xaalis' (in force for any period).
 */
export function payrollSetIdFor(chosen: PayrollSetId, period: string): PayrollSetId {
  return parameterSetFor(chosen, period) ? chosen : DEFAULT_PAYROLL_SET_ID;
}
