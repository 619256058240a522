import { PERIOD_PATTERN } from './dates';
import { Decimal, MONEY_PATTERN, ROUND_DOWN, dec, francs, money, type DecimalValue } from './money';

/*
 * Senegalese payroll calculator (spec 02-modules.md §9 "Payroll computation"), pure and exact.
 *
 * Arithmetic: exact decimals (./money); rates are integers (basis points, 1/10 000) so each
 * product is exact, rounded once where the spec says "rounded".
 * Rounding rule: to the whole franc, half away from zero (all figures here are non-negative,
 * so half up): 1 234.50 -> 1 235, 1 234.49 -> 1 234. Inputs may carry cents (money strings);
 * overtime, every contribution and the income tax are whole francs.
 */

// ---------------------------------------------------------------------------------------------
// Parameter sets

export const PAYROLL_SET_IDS = ['xaalis', 'senegal-official'] as const;
export type PayrollSetId = (typeof PAYROLL_SET_IDS)[number];

/** Same values as MARITAL_STATUSES of employees.ts (kept local: that module is owned elsewhere). */
export type PayrollMaritalStatus = 'single' | 'married' | 'divorced' | 'widowed';

/** Work-accident risk class of the company (CSS): 1, 2 or 3 -> 1 %, 3 % or 5 % employer. */
export const PAYROLL_RISK_CLASSES = [1, 2, 3] as const;
export type PayrollRiskClass = (typeof PAYROLL_RISK_CLASSES)[number];
export const PAYROLL_RISK_CLASS_LABELS: Record<PayrollRiskClass, string> = {
  1: 'Risque faible (1 %)',
  2: 'Risque moyen (3 %)',
  3: 'Risque élevé (5 %)',
};

/** One marginal bracket of an annual scale: up to `upTo` francs (null: no upper bound), at `ratePercent`. */
export interface TaxBracket {
  upTo: number | null;
  ratePercent: number;
}

/** One social contribution: employee and employer rates in basis points (560 = 5.60 %) on min(base, ceiling). */
export interface ContributionRule {
  code: string;
  label: string;
  organism: 'IPRES' | 'CSS';
  employeeBp: number;
  employerBp: number;
  /** Monthly ceiling in francs; null: uncapped. */
  ceiling: number | null;
  /** 'cadre': only for employees flagged as cadres. */
  appliesTo: 'all' | 'cadre';
  /** When set, the employer rate comes from the company's risk class instead of employerBp. */
  employerBpByRiskClass?: Record<PayrollRiskClass, number>;
}

/** The spec's income tax: annualise, marginal brackets, minus a flat deduction, /12. */
export interface FlatDeductionIncomeTax {
  method: 'flat-deduction';
  brackets: TaxBracket[];
  /** Francs subtracted from the annual tax (floor 0). */
  annualDeduction: number;
}

/** The CGI's income tax: 30 % professional allowance, scale, family-parts reduction. */
export interface FamilyPartsIncomeTax {
  method: 'family-parts';
  brackets: TaxBracket[];
  professionalAllowanceBp: number;
  /** Annual cap of the professional allowance, francs. */
  professionalAllowanceCap: number;
  /** The annual taxable income is rounded down to a multiple of this (francs). */
  roundDownTo: number;
  /** Indexed by the number of half parts (2 = 1 part ... 10 = 5 parts). */
  familyReduction: Array<{ halfParts: number; ratePercent: number; min: number; max: number }>;
  maxHalfParts: number;
  /** The tax cannot exceed this share of the taxable income. */
  capPercentOfTaxable: number;
}

export interface PayrollParameterSet {
  id: PayrollSetId;
  label: string;
  /** First day the set applies (YYYY-MM-DD); a slip uses the latest set in force on its period's first day. */
  effectiveFrom: string;
  /** Monthly hours: overtime hourly rate = base / this. */
  monthlyHours: string;
  defaults: { overtimeRate: string; overtimeHours: string; transportAllowance: string };
  /** What social contributions are computed on. */
  contributionBase: 'baseSalary' | 'grossExcludingTransport';
  contributions: ContributionRule[];
  incomeTax: FlatDeductionIncomeTax | FamilyPartsIncomeTax;
  /** TRIMF annual scale: amount due when the annual gross is at least `from` (francs). */
  trimf: Array<{ from: number; annual: number }> | null;
  /** CFCE employer rate in basis points on the fiscal gross. */
  cfceBp: number | null;
}

/**
 * The annual income-tax scale of CGI art. 173-1 (verified); the spec's set uses the same brackets.
 * (The "rectifié" text adds 43 % above 50 000 000, from a later finance law whose date was not
 * verified: not applied.)
 */
const INCOME_TAX_BRACKETS: TaxBracket[] = [
  { upTo: 630_000, ratePercent: 0 },
  { upTo: 1_500_000, ratePercent: 20 },
  { upTo: 4_000_000, ratePercent: 30 },
  { upTo: 8_000_000, ratePercent: 35 },
  { upTo: 13_500_000, ratePercent: 37 },
  { upTo: null, ratePercent: 40 },
];

/** The spec's figures exactly ("Barème Xaalis", spec 02-modules.md §9). */
const XAALIS: PayrollParameterSet = {
  id: 'xaalis',
  label: 'Barème Xaalis',
  // The spec's figures carry no date: in force for any period.
  effectiveFrom: '2000-01-01',
  monthlyHours: '173.33',
  defaults: { overtimeRate: '1.5', overtimeHours: '0', transportAllowance: '20000' },
  contributionBase: 'baseSalary',
  contributions: [
    { code: 'IPRES', label: 'IPRES retraite', organism: 'IPRES', employeeBp: 560, employerBp: 880, ceiling: 360_000, appliesTo: 'all' },
    { code: 'IPRES_AT', label: 'IPRES accident', organism: 'IPRES', employeeBp: 0, employerBp: 100, ceiling: null, appliesTo: 'all' },
    {
      code: 'CSS_PF',
      label: 'CSS prestations familiales',
      organism: 'CSS',
      employeeBp: 250,
      employerBp: 350,
      ceiling: 63_000,
      appliesTo: 'all',
    },
    { code: 'CSS_MALADIE', label: 'CSS maladie', organism: 'CSS', employeeBp: 0, employerBp: 300, ceiling: null, appliesTo: 'all' },
  ],
  incomeTax: {
    method: 'flat-deduction',
    brackets: INCOME_TAX_BRACKETS,
    annualDeduction: 100_000,
  },
  trimf: null,
  cfceBp: null,
};

/**
 * The official Senegalese set. Sources (consulted with the project's search tool):
 * [IPRES] http://www.ipres.sn/institut/index.php?option=com_content&view=article&id=142&Itemid=70
 *         ("14 % au régime général réparti en 8,4 % part employeur et 5,6 % part du salarié et 6 % au
 *         régime complémentaire des cadres réparti en 3,6 % part employeur et 2,4 % part du salarié";
 *         assiette = rémunération brute à l'exception des frais professionnels, dont l'indemnité de transport).
 * [CSS]   https://senmedicalactu.com/?p=732 (prestations familiales: 7 % employeur, plafond 63 000) and
 *         https://entreprendre.reverberelemag.com/combien-vous-coute-un-salarie-au-senegal/ (accidents du
 *         travail 1, 3 ou 5 % selon l'activité, plafond 63 000; CFCE 3 % de la masse salariale brute).
 * [CGI]   Code général des impôts 2013, art. 173 (barème) and 174 (réduction pour charges de famille,
 *         nombre de parts), text at https://fr.scribd.com/document/724544596/Article-173-rectifie;
 *         scale cross-checked with https://www.objectif-import-export.fr/fr/marches-internationaux/fiche-pays/senegal/le-risque-pays-social
 * [TRIMF] Annual scale at https://www.objectif-import-export.fr/fr/marches-internationaux/fiche-pays/senegal/le-risque-pays-social
 *         (900 / 3 600 / 4 800 / 12 000 / 18 000 / 36 000); 75 F a month (900 / 12) on a 31 916 F salary
 *         cross-checked at https://sn.talent.com/tax-calculator?from=month&region=senegal&salary=31916
 * [ABT]   30 % professional allowance, max 900 000 a year: https://africarrieres.com/senegal/fr/guide/employeur-entreprise/employer-taxes
 *         (secondary source; the CGI article itself was not found).
 */
const SENEGAL_OFFICIAL: PayrollParameterSet = {
  id: 'senegal-official',
  label: 'Barème officiel sénégalais',
  // Date of the 432 000 / 1 296 000 IPRES ceilings: NOT VERIFIED (the search found only the
  // 1 April 2016 ceilings, 300 000 / 900 000, at http://istaffingcompany.net/blog/laugmentation-des-plafonds-de-lipres-quel-impact-pour-les-salaries).
  effectiveFrom: '2024-01-01',
  monthlyHours: '173.33', // Legal 40-hour week: 40 x 52 / 12 (same divisor as the spec).
  defaults: { overtimeRate: '1.5', overtimeHours: '0', transportAllowance: '20000' },
  // [IPRES]: the base is the gross pay except professional expenses (the transport allowance).
  contributionBase: 'grossExcludingTransport',
  contributions: [
    // Rates: [IPRES], verified. Ceiling 432 000: the figure, NOT VERIFIED.
    {
      code: 'IPRES_RG',
      label: 'IPRES régime général',
      organism: 'IPRES',
      employeeBp: 560,
      employerBp: 840,
      ceiling: 432_000,
      appliesTo: 'all',
    },
    // Rates: [IPRES], verified. Ceiling 1 296 000: the figure, NOT VERIFIED.
    {
      code: 'IPRES_RC',
      label: 'IPRES régime cadres',
      organism: 'IPRES',
      employeeBp: 240,
      employerBp: 360,
      ceiling: 1_296_000,
      appliesTo: 'cadre',
    },
    // 7 % employer on 63 000: [CSS], verified.
    {
      code: 'CSS_PF',
      label: 'CSS prestations familiales',
      organism: 'CSS',
      employeeBp: 0,
      employerBp: 700,
      ceiling: 63_000,
      appliesTo: 'all',
    },
    // 1 / 3 / 5 % employer: [CSS] (reverberelemag), verified; its 63 000 ceiling is from the same table.
    {
      code: 'CSS_AT',
      label: 'CSS accidents du travail',
      organism: 'CSS',
      employeeBp: 0,
      employerBp: 100,
      ceiling: 63_000,
      appliesTo: 'all',
      employerBpByRiskClass: { 1: 100, 2: 300, 3: 500 },
    },
  ],
  incomeTax: {
    method: 'family-parts',
    // CGI art. 173-1, verified.
    brackets: INCOME_TAX_BRACKETS,
    professionalAllowanceBp: 3000, // [ABT]: secondary source only.
    professionalAllowanceCap: 900_000, // [ABT]: secondary source only.
    roundDownTo: 1000, // CGI art. 173-1: "arrondi au millier de franc inférieur", verified.
    // CGI art. 174-1, verified (rate, minimum, maximum by number of parts).
    familyReduction: [
      { halfParts: 2, ratePercent: 0, min: 0, max: 0 },
      { halfParts: 3, ratePercent: 10, min: 100_000, max: 300_000 },
      { halfParts: 4, ratePercent: 15, min: 200_000, max: 650_000 },
      { halfParts: 5, ratePercent: 20, min: 300_000, max: 1_100_000 },
      { halfParts: 6, ratePercent: 25, min: 400_000, max: 1_650_000 },
      { halfParts: 7, ratePercent: 30, min: 500_000, max: 2_030_000 },
      { halfParts: 8, ratePercent: 35, min: 600_000, max: 2_459_000 },
      { halfParts: 9, ratePercent: 40, min: 700_000, max: 2_755_000 },
      { halfParts: 10, ratePercent: 45, min: 800_000, max: 3_180_000 },
    ],
    maxHalfParts: 10, // CGI art. 174: the table stops at 5 parts.
    capPercentOfTaxable: 40, // CGI art. 174-1: "ne peut excéder 40 % du revenu imposable", verified.
  },
  // [TRIMF], verified (annual amounts by annual gross income).
  trimf: [
    { from: 0, annual: 900 },
    { from: 600_000, annual: 3_600 },
    { from: 1_000_000, annual: 4_800 },
    { from: 2_000_000, annual: 12_000 },
    { from: 7_000_000, annual: 18_000 },
    { from: 12_000_000, annual: 36_000 },
  ],
  cfceBp: 300, // [CSS] reverberelemag (CFCE 3 %) and CGI art. 195 (the contribution exists); rate from secondary sources.
};

/** Every dated parameter set; several versions may share an id (the latest in force wins). */
export const PAYROLL_PARAMETER_SETS: readonly PayrollParameterSet[] = [XAALIS, SENEGAL_OFFICIAL];

export const DEFAULT_PAYROLL_SET_ID: PayrollSetId = 'xaalis';

export const PAYROLL_SET_LABELS: Record<PayrollSetId, string> = {
  xaalis: 'Barème Xaalis',
  'senegal-official': 'Barème officiel sénégalais',
};

/** The set of that id in force in a period 'YYYY-MM' (on its first day); undefined when none is. */
export function parameterSetFor(setId: PayrollSetId, period: string): PayrollParameterSet | undefined {
  if (!PERIOD_PATTERN.test(period)) return undefined;
  const day = `${period}-01`;
  return PAYROLL_PARAMETER_SETS.filter((s) => s.id === setId && s.effectiveFrom <= day).reduce<PayrollParameterSet | undefined>(
    (best, s) => (best === undefined || s.effectiveFrom > best.effectiveFrom ? s : best),
    undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// Messages (the calculator's errors and the form's, in one table)

export const MESSAGES_PAYROLL = {
  employeeRequired: 'Sélectionnez un employé',
  periodRequired: 'Entrez la période (ex: 2024-01)',
  baseSalaryRequired: 'Entrez le salaire de base',
  baseSalaryInvalid: 'Salaire de base invalide (nombre positif avec au plus deux décimales)',
  amountInvalid: 'Montant invalide (nombre positif avec au plus deux décimales)',
  overtimeHoursInvalid: 'Heures supplémentaires invalides (nombre positif, au plus deux décimales)',
  overtimeRateInvalid: 'Taux des heures supplémentaires invalide (nombre positif, au plus deux décimales)',
  childrenInvalid: "Nombre d'enfants invalide",
  noParameterSet: 'Aucun barème de paie en vigueur pour cette période',
  daysInvalid: 'Nombre de jours invalide (nombre positif, au plus deux décimales)',
} as const;

/** Hours and rates: a non-negative decimal with at most two decimals, at most 999.99. */
export const PAYROLL_DECIMAL_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

// ---------------------------------------------------------------------------------------------
// Computation

/** What the calculator needs: the form's amounts (strings), and the employee's situation for the official set. */
export interface PayslipComputationInput {
  baseSalary: string;
  /** Undefined or blank: the set's default (20 000). */
  transportAllowance?: string;
  housingAllowance?: string;
  otherAllowances?: string;
  /** Undefined or blank: 0. */
  overtimeHours?: string;
  /** Undefined or blank: 1.5. */
  overtimeRate?: string;
  /**
   * The overtime pay as an amount (the payroll screen sends it as a total): when given, it is
   * taken as is and the hours and rate are not used.
   */
  overtimePay?: string;
  /** Official set: IPRES cadres regime. Default false. */
  isCadre?: boolean;
  /** Official set: family parts. Default single, no children. */
  maritalStatus?: PayrollMaritalStatus;
  children?: number;
  /** Official set: the company's work-accident risk class. Default 1. */
  riskClass?: PayrollRiskClass;
  /** Paid leave and unpaid absence in the period (issue 31); none when absent. */
  absences?: PayslipAbsences;
}

/**
 * Paid leave and absences of a slip's period, in working days (jours ouvrables, Monday to Saturday).
 *
 * Rules (Code du travail du Sénégal, loi 97-17, art. L.148 to L.155, as summarised by the labour
 * inspectorate's course "Congés au Sénégal" and africapaierh.com; the articles' own text was not
 * found): paid leave accrues at 2 working days per month of effective service (a company setting
 * here); the leave allowance is 1/12 of the sums received over the reference period, expense
 * reimbursements (the transport allowance) excluded. So one day of leave is paid
 * referenceSums / 12 / (referenceMonths × leaveDaysPerMonth): a full year's 24 days bring 1/12 of
 * the year's pay. Without any reference month (a first month of service) the day's base is kept.
 * The product's convention (not the law's): a month has 26 working days; a day of unpaid absence,
 * or of leave, takes base / 26 off the base salary, and the leave allowance is paid in its place.
 */
export interface PayslipAbsences {
  /** Paid leave days taken in the period. */
  leaveDays: string;
  /** Days of unpaid absence in the period. */
  unpaidDays: string;
  /** Gross less transport of the counted slips of the 12 months before the period. */
  leaveReferenceSums: string;
  /** How many months those slips cover (0 to 12). */
  leaveReferenceMonths: number;
  /** Leave earned per month worked (2 by default). */
  leaveDaysPerMonth: string;
}

/** Working days of a month, for the pro rata of an absence or a day of leave (see PayslipAbsences). */
export const WORKING_DAYS_PER_MONTH = 26;

export type PayslipLineSection = 'earning' | 'contribution' | 'tax';

/** One line of the breakdown; amounts are two-decimal strings. */
export interface PayslipLine {
  section: PayslipLineSection;
  code: string;
  label: string;
  /** Organism a contribution or tax is owed to (ledger mapping); null for earnings. */
  organism: 'IPRES' | 'CSS' | 'DGID' | null;
  base: string | null;
  /** Employee and employer rates as percentages ("5.60"); null for earnings and scales (income tax, TRIMF). */
  employeeRate: string | null;
  employerRate: string | null;
  employee: string;
  employer: string;
}

export interface PayslipTotals {
  gross: string;
  employeeContributions: string;
  employerContributions: string;
  /** Employer taxes on pay (CFCE); 0 in the spec's set. */
  employerTaxes: string;
  taxable: string;
  incomeTax: string;
  /** TRIMF withheld; 0 in the spec's set. */
  trimf: string;
  net: string;
  employerCost: string;
}

export interface PayslipBreakdown {
  setId: PayrollSetId;
  setLabel: string;
  effectiveFrom: string;
  /** The figures the slip was computed with, defaults applied. */
  inputs: {
    baseSalary: string;
    transportAllowance: string;
    housingAllowance: string;
    otherAllowances: string;
    overtimeHours: string;
    overtimeRate: string;
    isCadre: boolean;
    maritalStatus: PayrollMaritalStatus;
    children: number;
    riskClass: PayrollRiskClass;
    /** Income-tax parts (official set), e.g. 2.5. */
    parts: number;
    /** The leave and absences the slip was computed with (absent: none). */
    absences?: PayslipAbsences;
  };
  lines: PayslipLine[];
  totals: PayslipTotals;
}

/** Thrown on an invalid calculator input; the message is French, for the user. */
export class PayrollInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'PayrollInputError';
  }
}

const MARITAL: readonly PayrollMaritalStatus[] = ['single', 'married', 'divorced', 'widowed'];

/** Income-tax parts (CGI art. 174-2): 1, or 1.5 when married (or widowed with children), + 0.5 a child, at most 5. */
export function familyParts(maritalStatus: PayrollMaritalStatus, children: number): number {
  return halfPartsOf(maritalStatus, children, 10) / 2;
}

function halfPartsOf(maritalStatus: PayrollMaritalStatus, children: number, max: number): number {
  const couple = maritalStatus === 'married' || (maritalStatus === 'widowed' && children > 0);
  return Math.min(max, (couple ? 3 : 2) + children);
}

const min = (a: Decimal, b: DecimalValue): Decimal => Decimal.min(a, b);
const max = (a: Decimal, b: DecimalValue): Decimal => Decimal.max(a, b);
const ZERO = new Decimal(0);
/** Basis points as a percentage string: 560 -> "5.60". */
const percentOfBp = (bp: number) => money(dec(bp).div(100));
/** `amount` × `bp` basis points, rounded to the franc. */
const francsOfBp = (amount: Decimal, bp: number) => francs(amount.times(bp).div(10_000));

/** A money input: blank or undefined -> fallback; otherwise a non-negative amount with at most two decimals. */
function moneyInput(value: string | undefined, fallback: string, field: string, message: string): Decimal {
  const v = typeof value === 'string' ? value.trim() : '';
  const s = v === '' ? fallback : v;
  if (!MONEY_PATTERN.test(s) || s.startsWith('-')) throw new PayrollInputError(message, field);
  return dec(s);
}

/** A decimal input (hours, rates): at most two decimals. */
function decimalInput(value: string | undefined, fallback: string, field: string, message: string): Decimal {
  const v = typeof value === 'string' ? value.trim() : '';
  const s = v === '' ? fallback : v;
  if (!PAYROLL_DECIMAL_PATTERN.test(s)) throw new PayrollInputError(message, field);
  return dec(s);
}

/** Annual tax by marginal brackets, exact (francs; not rounded). */
function scaleTax(annual: Decimal, brackets: TaxBracket[]): Decimal {
  let total = ZERO;
  let lower = ZERO;
  for (const b of brackets) {
    const upper = b.upTo === null ? annual : min(annual, b.upTo);
    if (upper.gt(lower)) total = total.plus(upper.minus(lower).times(b.ratePercent).div(100));
    if (b.upTo === null || annual.lte(b.upTo)) break;
    lower = dec(b.upTo);
  }
  return total;
}

/**
 * The full breakdown of one pay slip under a parameter set. Throws PayrollInputError on a
 * negative or non-numeric amount.
 */
export function computePayslip(input: PayslipComputationInput, set: PayrollParameterSet): PayslipBreakdown {
  const base = moneyInput(input.baseSalary, '', 'baseSalary', MESSAGES_PAYROLL.baseSalaryInvalid);
  const transport = moneyInput(
    input.transportAllowance,
    set.defaults.transportAllowance,
    'transportAllowance',
    MESSAGES_PAYROLL.amountInvalid,
  );
  const housing = moneyInput(input.housingAllowance, '0', 'housingAllowance', MESSAGES_PAYROLL.amountInvalid);
  const other = moneyInput(input.otherAllowances, '0', 'otherAllowances', MESSAGES_PAYROLL.amountInvalid);
  const hours = decimalInput(input.overtimeHours, set.defaults.overtimeHours, 'overtimeHours', MESSAGES_PAYROLL.overtimeHoursInvalid);
  const rate = decimalInput(input.overtimeRate, set.defaults.overtimeRate, 'overtimeRate', MESSAGES_PAYROLL.overtimeRateInvalid);
  const isCadre = input.isCadre === true;
  const maritalStatus = input.maritalStatus ?? 'single';
  if (!MARITAL.includes(maritalStatus)) throw new PayrollInputError(MESSAGES_PAYROLL.childrenInvalid, 'maritalStatus');
  const children = input.children ?? 0;
  if (!Number.isInteger(children) || children < 0 || children > 100)
    throw new PayrollInputError(MESSAGES_PAYROLL.childrenInvalid, 'children');
  const riskClass: PayrollRiskClass = input.riskClass ?? 1;
  if (!PAYROLL_RISK_CLASSES.includes(riskClass)) throw new PayrollInputError(MESSAGES_PAYROLL.amountInvalid, 'riskClass');

  // Overtime = hours x (base / monthlyHours) x rate, rounded to the franc (or the amount given):
  const overtimeGiven = typeof input.overtimePay === 'string' && input.overtimePay.trim() !== '';
  const overtime = overtimeGiven
    ? moneyInput(input.overtimePay, '0', 'overtimePay', MESSAGES_PAYROLL.amountInvalid)
    : francs(base.times(hours).times(rate).div(set.monthlyHours));
  // Absences: the base less unpaid days and leave days (base / 26 each), plus the leave allowance.
  const absences = input.absences;
  const leaveDays = absences ? decimalInput(absences.leaveDays, '0', 'leaveDays', MESSAGES_PAYROLL.daysInvalid) : ZERO;
  const unpaidDays = absences ? decimalInput(absences.unpaidDays, '0', 'unpaidDays', MESSAGES_PAYROLL.daysInvalid) : ZERO;
  const unpaidDeduction = min(base, francs(base.times(unpaidDays).div(WORKING_DAYS_PER_MONTH)));
  const leaveDeduction = min(base.minus(unpaidDeduction), francs(base.times(leaveDays).div(WORKING_DAYS_PER_MONTH)));
  let leaveAllowance = ZERO;
  if (absences && leaveDays.gt(0)) {
    const months = absences.leaveReferenceMonths;
    const perMonth = dec(absences.leaveDaysPerMonth);
    leaveAllowance =
      months > 0 && perMonth.gt(0)
        ? francs(dec(absences.leaveReferenceSums).times(leaveDays).div(dec(12).times(months).times(perMonth)))
        : leaveDeduction;
  }
  const effectiveBase = base.minus(unpaidDeduction).minus(leaveDeduction).plus(leaveAllowance);
  const gross = effectiveBase.plus(transport).plus(housing).plus(other).plus(overtime);

  const lines: PayslipLine[] = [];
  const earning = (code: string, label: string, amount: Decimal) =>
    lines.push({
      section: 'earning',
      code,
      label,
      organism: null,
      base: null,
      employeeRate: null,
      employerRate: null,
      employee: money(amount),
      employer: '0.00',
    });
  earning('BASE', 'Salaire de base', base);
  const days = (d: Decimal) => `${d.toString().replace('.', ',')} j`;
  if (unpaidDays.gt(0)) earning('ABSENCE', `Absence non rémunérée (${days(unpaidDays)})`, unpaidDeduction.negated());
  if (leaveDays.gt(0)) {
    earning('CONGE_RETENUE', `Congé payé : salaire des jours de congé (${days(leaveDays)})`, leaveDeduction.negated());
    earning('CONGE', `Allocation de congé (${days(leaveDays)})`, leaveAllowance);
  }
  earning('TRANSPORT', 'Indemnité de transport', transport);
  earning('LOGEMENT', 'Indemnité de logement', housing);
  earning('AUTRES', 'Autres indemnités', other);
  // French decimals in the label (it is printed on the bulletin as is).
  earning(
    'HEURES_SUP',
    overtimeGiven
      ? 'Heures supplémentaires'
      : `Heures supplémentaires (${money(hours).replace('.', ',')} h × ${money(rate).replace('.', ',')})`,
    overtime,
  );

  // Social contributions, each rounded to the franc.
  const contributionBase = set.contributionBase === 'baseSalary' ? effectiveBase : gross.minus(transport);
  let employeeContributions = ZERO;
  let employerContributions = ZERO;
  for (const rule of set.contributions) {
    if (rule.appliesTo === 'cadre' && !isCadre) continue;
    const ruleBase = rule.ceiling === null ? contributionBase : min(contributionBase, rule.ceiling);
    const employerBp = rule.employerBpByRiskClass ? rule.employerBpByRiskClass[riskClass] : rule.employerBp;
    const employee = francsOfBp(ruleBase, rule.employeeBp);
    const employer = francsOfBp(ruleBase, employerBp);
    employeeContributions = employeeContributions.plus(employee);
    employerContributions = employerContributions.plus(employer);
    lines.push({
      section: 'contribution',
      code: rule.code,
      label: rule.label,
      organism: rule.organism,
      base: money(ruleBase),
      employeeRate: percentOfBp(rule.employeeBp),
      employerRate: percentOfBp(employerBp),
      employee: money(employee),
      employer: money(employer),
    });
  }

  let taxable: Decimal;
  let incomeTax: Decimal;
  let trimf = ZERO;
  let employerTaxes = ZERO;
  let parts = 1;
  const tax = set.incomeTax;
  if (tax.method === 'flat-deduction') {
    // Spec: taxable = gross - employee contributions; annualise; brackets; - deduction; floor 0; /12; round.
    taxable = gross.minus(employeeContributions);
    const afterDeduction = max(ZERO, scaleTax(taxable.times(12), tax.brackets).minus(tax.annualDeduction));
    incomeTax = francs(afterDeduction.div(12));
  } else {
    // CGI: fiscal gross (transport excluded as professional expenses), minus 30 % capped, annual,
    // rounded down to the thousand; scale; family reduction within min/max; cap 40 %; /12; round.
    const fiscalGross = gross.minus(transport);
    const annualGross = fiscalGross.times(12);
    const allowance = min(annualGross.times(tax.professionalAllowanceBp).div(10_000), tax.professionalAllowanceCap);
    const annualTaxable = annualGross.minus(allowance).divToInt(tax.roundDownTo).times(tax.roundDownTo);
    taxable = dec(money(annualTaxable.div(12)));
    const halfParts = halfPartsOf(maritalStatus, children, tax.maxHalfParts);
    parts = halfParts / 2;
    const grossTax = scaleTax(annualTaxable, tax.brackets);
    const row = tax.familyReduction.find((r) => r.halfParts === halfParts) ?? tax.familyReduction[0];
    // The rate's share is cut (not rounded) at the millionth of a franc.
    const reduction = max(dec(row.min), min(grossTax.times(row.ratePercent).div(100).toDecimalPlaces(6, ROUND_DOWN), row.max));
    const capped = min(max(ZERO, grossTax.minus(reduction)), annualTaxable.times(tax.capPercentOfTaxable).div(100));
    incomeTax = francs(capped.div(12));
    if (set.trimf && fiscalGross.gt(0)) {
      const annualFrancs = annualGross.floor();
      const step = [...set.trimf].reverse().find((t) => annualFrancs.gte(t.from)) ?? set.trimf[0];
      // Never withheld beyond what is left to pay (a tiny salary).
      trimf = min(francs(dec(step.annual).div(12)), max(ZERO, gross.minus(employeeContributions).minus(incomeTax)));
    }
    if (set.cfceBp !== null) employerTaxes = francsOfBp(fiscalGross, set.cfceBp);
  }

  lines.push({
    section: 'tax',
    code: 'IR',
    label:
      tax.method === 'family-parts'
        ? `Impôt sur le revenu (${String(parts).replace('.', ',')} part${parts > 1 ? 's' : ''})`
        : 'Impôt sur le revenu',
    organism: 'DGID',
    base: money(taxable),
    employeeRate: null,
    employerRate: null,
    employee: money(incomeTax),
    employer: '0.00',
  });
  if (set.trimf) {
    lines.push({
      section: 'tax',
      code: 'TRIMF',
      label: 'TRIMF',
      organism: 'DGID',
      base: money(gross.minus(transport)),
      employeeRate: null,
      employerRate: null,
      employee: money(trimf),
      employer: '0.00',
    });
  }
  if (set.cfceBp !== null) {
    lines.push({
      section: 'tax',
      code: 'CFCE',
      label: 'Contribution forfaitaire à la charge de l’employeur (CFCE)',
      organism: 'DGID',
      base: money(gross.minus(transport)),
      employeeRate: '0.00',
      employerRate: percentOfBp(set.cfceBp),
      employee: '0.00',
      employer: money(employerTaxes),
    });
  }

  const net = gross.minus(employeeContributions).minus(incomeTax).minus(trimf);
  return {
    setId: set.id,
    setLabel: set.label,
    effectiveFrom: set.effectiveFrom,
    inputs: {
      baseSalary: money(base),
      transportAllowance: money(transport),
      housingAllowance: money(housing),
      otherAllowances: money(other),
      overtimeHours: overtimeGiven ? '0.00' : money(hours),
      overtimeRate: money(rate),
      isCadre,
      maritalStatus,
      children,
      riskClass,
      parts,
      ...(absences
        ? {
            absences: {
              leaveDays: money(leaveDays),
              unpaidDays: money(unpaidDays),
              leaveReferenceSums: money(dec(absences.leaveReferenceSums)),
              leaveReferenceMonths: absences.leaveReferenceMonths,
              leaveDaysPerMonth: money(dec(absences.leaveDaysPerMonth)),
            },
          }
        : {}),
    },
    lines,
    totals: {
      gross: money(gross),
      employeeContributions: money(employeeContributions),
      employerContributions: money(employerContributions),
      employerTaxes: money(employerTaxes),
      taxable: money(taxable),
      incomeTax: money(incomeTax),
      trimf: money(trimf),
      net: money(net),
      employerCost: money(gross.plus(employerContributions).plus(employerTaxes)),
    },
  };
}
