import { z } from 'zod';
import { pageQueryFields, nullableText } from './fields';
import { text } from './text';
import { vatPeriodLabel, vatPeriodRange } from './vat';

/*
 * What a Senegalese employer files from its validated payslips (issue 31): the social declaration
 * to IPRES and CSS (monthly, or quarterly below 10 employees), the statement of tax withheld on
 * salaries (VRS: IR, TRIMF, CFCE, monthly by the 15th), the payroll journal and the annual
 * declaration of salaries. Declaring freezes the figures and locks the payslips of the period.
 */

export const PAYROLL_DECLARATION_KINDS = ['social', 'salary-tax'] as const;
export type PayrollDeclarationKind = (typeof PAYROLL_DECLARATION_KINDS)[number];
export const PAYROLL_DECLARATION_KIND_LABELS: Record<PayrollDeclarationKind, string> = {
  social: 'Déclaration sociale IPRES et CSS',
  'salary-tax': 'État des retenues sur salaires (IR, TRIMF, CFCE)',
};

/** The API segment of each kind. */
export const PAYROLL_DECLARATION_SEGMENTS: Record<PayrollDeclarationKind, string> = {
  social: 'social-declarations',
  'salary-tax': 'salary-tax-statements',
};

export const MESSAGES_PAYROLL_DECLARATION = {
  periodInvalid: 'Période invalide (ex: 2026-03 ou 2026-T1)',
  monthInvalid: 'Période invalide (ex: 2026-03)',
  journalPeriodInvalid: 'Période invalide (ex: 2026-03 ou 2026)',
  yearInvalid: 'Année invalide (ex: 2026)',
  filedOnRequired: 'Date de dépôt requise (AAAA-MM-JJ)',
  filedOnBeforeEnd: 'La date de dépôt ne peut précéder la fin de la période',
  nothingToDeclare: 'Aucun bulletin validé sur cette période',
  alreadyDeclared: 'Cette période est déjà déclarée : rouvrez la déclaration pour la rectifier',
  overlap: 'Une déclaration déposée couvre déjà une partie de cette période',
  notFound: 'Déclaration introuvable',
  reopenOnlyDeclared: 'Seule une déclaration déposée peut être rouverte',
  declared: 'Déclaration enregistrée',
  reopened: 'Déclaration rouverte : les bulletins de la période peuvent être rectifiés',
  /** A payslip of a declared period: cancel, validate or change (the database refuses it too). */
  periodLocked: 'Période de paie déclarée : ses bulletins ne peuvent plus être validés, modifiés ni annulés',
  ledgerUnavailable: 'Comptabilité indisponible : le rapprochement avec les écritures n’a pas pu être fait',
  matchesLedger: 'Les totaux correspondent aux soldes des comptes 431 et 447 des écritures de paie',
  mismatchLedger: 'Écart avec les soldes des comptes 431 et 447 des écritures de paie',
  empty: 'Aucune déclaration déposée',
} as const;

/** 2026-03 (a month) or 2026-Q1 / 2026-T1 (a quarter): the social declaration's periods. */
export const socialPeriodSchema = text({ error: MESSAGES_PAYROLL_DECLARATION.periodInvalid })
  .trim()
  .refine((v) => vatPeriodRange(v) !== null, { error: MESSAGES_PAYROLL_DECLARATION.periodInvalid })
  .transform((v) => (vatPeriodRange(v) as { period: string }).period);

/** A month only: the salary-tax statement's period. */
export const monthPeriodSchema = text({ error: MESSAGES_PAYROLL_DECLARATION.monthInvalid })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MESSAGES_PAYROLL_DECLARATION.monthInvalid });

/** The period schema of a kind. */
export const declarationPeriodSchema = (kind: PayrollDeclarationKind) => (kind === 'social' ? socialPeriodSchema : monthPeriodSchema);

/** The months 'YYYY-MM' a period covers (first and last) and its dates. */
export function payrollPeriodRange(
  period: string,
): { period: string; firstMonth: string; lastMonth: string; start: string; end: string } | null {
  const r = vatPeriodRange(period);
  if (!r) return null;
  return { period: r.period, firstMonth: r.start.slice(0, 7), lastMonth: r.end.slice(0, 7), start: r.start, end: r.end };
}

/** "mars 2026", "1er trimestre 2026". */
export const payrollPeriodLabel = vatPeriodLabel;

export const FORMAT_QUERY = z.object({ format: z.enum(['json', 'pdf', 'xlsx']).default('json') });

export const declarationPreviewQuerySchema = (kind: PayrollDeclarationKind) =>
  FORMAT_QUERY.extend({ period: declarationPeriodSchema(kind) });

/** `POST …/social-declarations` and `…/salary-tax-statements`: declares the period as filed on `filedOn`. */
export const declarationInputSchema = (kind: PayrollDeclarationKind) =>
  z.object({
    period: declarationPeriodSchema(kind),
    filedOn: text({ error: MESSAGES_PAYROLL_DECLARATION.filedOnRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, {
      error: MESSAGES_PAYROLL_DECLARATION.filedOnRequired,
    }),
    reference: nullableText(80),
  });
export type PayrollDeclarationInput = { period: string; filedOn: string; reference?: string | null };

export const declarationListQuerySchema = z.object({ ...pageQueryFields(50, 200) });

/** `GET …/payroll-journal?period=YYYY-MM|YYYY[&format]`: a month, or a year to date. */
export const payrollJournalQuerySchema = FORMAT_QUERY.extend({
  period: text({ error: MESSAGES_PAYROLL_DECLARATION.journalPeriodInvalid })
    .trim()
    .regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, { error: MESSAGES_PAYROLL_DECLARATION.journalPeriodInvalid }),
});

export const yearParamSchema = text({ error: MESSAGES_PAYROLL_DECLARATION.yearInvalid })
  .trim()
  .regex(/^(19|20)\d{2}$/, { error: MESSAGES_PAYROLL_DECLARATION.yearInvalid });

// ---------------------------------------------------------------------------------------------
// Figures

/** Who an employee line names. */
export interface DeclarationEmployee {
  employeeId: string;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  ipresNumber: string | null;
  cssNumber: string | null;
  /** The validated or paid payslips behind the line (drill-down). */
  payslipIds: string[];
  /** Months paid in the period (one slip a month). */
  months: number;
}

/**
 * One employee of the social declaration. IPRES: both regimes, employee and employer shares
 * (ledger 4313); the régime cadre's base on its own. CSS: family benefits and the rest but work
 * accidents (4311), work accidents (4312), employee and employer shares together.
 */
export interface SocialDeclarationLine extends DeclarationEmployee {
  /** Days worked: 30 a month paid (the slips carry no attendance yet). */
  daysWorked: number;
  gross: string;
  ipresBase: string;
  ipresCadreBase: string;
  ipresEmployee: string;
  ipresEmployer: string;
  cssBase: string;
  cssFamily: string;
  cssAccident: string;
}

export interface SocialDeclarationTotals {
  employees: number;
  gross: string;
  ipresBase: string;
  ipresCadreBase: string;
  ipresEmployee: string;
  ipresEmployer: string;
  cssBase: string;
  cssFamily: string;
  cssAccident: string;
  /** To pay to each fund. */
  ipres: string;
  css: string;
}

/** One employee of the salary-tax statement (VRS). */
export interface SalaryTaxLine extends DeclarationEmployee {
  gross: string;
  taxable: string;
  incomeTax: string;
  trimf: string;
  /** The employer's contribution (CFCE), 3 % of the fiscal gross in the official set. */
  cfce: string;
  total: string;
}

export interface SalaryTaxTotals {
  employees: number;
  gross: string;
  taxable: string;
  incomeTax: string;
  trimf: string;
  cfce: string;
  total: string;
}

/** The check shown on the page: the declaration against the PA entries' balances of its accounts. */
export interface DeclarationChecks {
  /** null: the accounting service did not answer. */
  matchesLedger: boolean | null;
  /** Credit minus debit of the PA journal on the declaration's accounts over the period. */
  ledger: Record<string, string> | null;
  /** What the declaration says for the same accounts. */
  declaration: Record<string, string>;
}

export interface SocialDeclarationFigures {
  period: string;
  start: string;
  end: string;
  employees: SocialDeclarationLine[];
  totals: SocialDeclarationTotals;
}

export interface SalaryTaxFigures {
  period: string;
  start: string;
  end: string;
  employees: SalaryTaxLine[];
  totals: SalaryTaxTotals;
}

export type PayrollDeclarationStatus = 'declared' | 'reopened' | 'superseded';
export const PAYROLL_DECLARATION_STATUS_LABELS: Record<PayrollDeclarationStatus, string> = {
  declared: 'Déposée',
  reopened: 'Rouverte',
  superseded: 'Remplacée',
};

export interface PayrollDeclarationSummary {
  id: string;
  kind: PayrollDeclarationKind;
  period: string;
  /** 1: the original; 2, 3…: corrective declarations. */
  version: number;
  status: PayrollDeclarationStatus;
  filedOn: string;
  reference: string | null;
  /** What is paid for it: IPRES + CSS, or IR + TRIMF + CFCE. */
  total: string;
  createdAt: string;
}

/** The preview of a period: its figures (top level), the check and what is declared already. */
export type PayrollDeclarationPreview<F> = F & {
  checks: DeclarationChecks;
  /** The declaration in force for the period or overlapping it, if any. */
  declared: PayrollDeclarationSummary | null;
  /** Over and not declared (or reopened): 'Déclarer' is offered. */
  declarable: boolean;
  /** Draft slips of the period: not counted (a warning). */
  draftPayslips: number;
};

export type SocialDeclarationPreview = PayrollDeclarationPreview<SocialDeclarationFigures>;
export type SalaryTaxPreview = PayrollDeclarationPreview<SalaryTaxFigures>;

/** A declaration as filed, with for a corrective one the difference of each total. */
export interface PayrollDeclaration<F = SocialDeclarationFigures | SalaryTaxFigures> extends PayrollDeclarationSummary {
  figures: F;
  previousTotals: Record<string, string | number> | null;
  difference: Record<string, string> | null;
  /** The payments made for the period's declarations of this kind (every version), oldest first. */
  payments: { id: string; paymentDate: string; total: string; entryNumber: string | null }[];
  /** What this declaration leaves to pay: its total less those payments (0 or less: paid). */
  leftToPay: string;
}

// ---------------------------------------------------------------------------------------------
// The payroll journal and the annual declaration

export interface PayrollJournalLine {
  employeeId: string;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  position: string;
  months: number;
  baseSalary: string;
  allowances: string;
  overtimePay: string;
  gross: string;
  employeeContributions: string;
  incomeTax: string;
  trimf: string;
  net: string;
  employerContributions: string;
  employerCost: string;
}

export type PayrollJournalTotals = Omit<
  PayrollJournalLine,
  'employeeId' | 'employeeNumber' | 'firstName' | 'lastName' | 'position' | 'months'
> & {
  employees: number;
};

/** Livre de paie: a month, or the year to date; validated and paid slips. */
export interface PayrollJournal {
  period: string;
  from: string;
  to: string;
  lines: PayrollJournalLine[];
  totals: PayrollJournalTotals;
}

export interface AnnualSalaryLine {
  employeeId: string;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  position: string;
  maritalStatus: string | null;
  children: number;
  /** Income-tax parts as of the last slip of the year. */
  parts: number;
  months: number;
  gross: string;
  /** Avantages en nature: none recorded by the product yet, always '0.00'. */
  benefitsInKind: string;
  allowances: string;
  taxable: string;
  incomeTax: string;
  trimf: string;
  employeeContributions: string;
  net: string;
}

export interface AnnualSalaryDeclaration {
  year: number;
  /** Due date of the filing: 31 January of the next year. */
  dueOn: string;
  lines: AnnualSalaryLine[];
  totals: Omit<
    AnnualSalaryLine,
    'employeeId' | 'employeeNumber' | 'firstName' | 'lastName' | 'position' | 'maritalStatus' | 'children' | 'parts' | 'months'
  > & { employees: number };
}
