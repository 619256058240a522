import { z } from 'zod';
import { fromCents, moneySchema, toCents } from './money';
import { text, tooLong } from './text';

/**
 * Investments (immobilisations) and their depreciation plans (spec 02 §2–§5,
 * issue 9). Everything here is pure and shared: the server validates and
 * computes the plan with it, the dialog previews the same plan before saving.
 */

export const INVESTMENT_CATEGORIES = ['material', 'immaterial', 'financial'] as const;
export type InvestmentCategory = (typeof INVESTMENT_CATEGORIES)[number];
export const INVESTMENT_CATEGORY_LABELS: Record<InvestmentCategory, string> = {
  material: 'Matériel',
  immaterial: 'Immatériel',
  financial: 'Financier',
};

export const DEPRECIATION_METHODS = ['linear', 'declining'] as const;
export type DepreciationMethod = (typeof DEPRECIATION_METHODS)[number];
export const DEPRECIATION_METHOD_LABELS: Record<DepreciationMethod, string> = { linear: 'Linéaire', declining: 'Dégressif' };

/** Useful life bounds, in whole years. */
export const MIN_USEFUL_LIFE = 1;
export const MAX_USEFUL_LIFE = 100;
/** The declining method needs at least this many years (the SYSCOHADA coefficients start at 3 years). */
export const MIN_DECLINING_LIFE = 3;

/**
 * Asset accounts by category: the dialog offers the company's class-2 accounts
 * with these prefixes, defaulting to the first code (DESIGN §6, issue 9).
 */
export const INVESTMENT_ACCOUNT_PREFIXES: Record<InvestmentCategory, readonly string[]> = {
  immaterial: ['21'],
  material: ['22', '23', '24'],
  financial: ['26', '27'],
};
export const INVESTMENT_DEFAULT_ACCOUNTS: Record<InvestmentCategory, string> = { material: '244', immaterial: '213', financial: '274' };
/** Credit of the acquisition: Fournisseurs d'investissements. */
export const INVESTMENT_SUPPLIER_ACCOUNT = '481';
/** Debit of a year's depreciation: 6812 for intangible assets, 6813 otherwise. */
export const DEPRECIATION_EXPENSE_ACCOUNTS: Record<Exclude<InvestmentCategory, 'financial'>, string> = {
  immaterial: '6812',
  material: '6813',
};

export const accountFitsCategory = (code: string, category: InvestmentCategory): boolean =>
  INVESTMENT_ACCOUNT_PREFIXES[category].some((p) => code.startsWith(p));

/**
 * The amortisation accounts (28x) that match an asset account, most specific
 * first: 2441 → 28441, 2844, 284, 28. The first one the chart (or the SYSCOHADA
 * reference) holds is used.
 */
export function depreciationAccountCandidates(assetCode: string): string[] {
  const rest = assetCode.slice(1);
  const out: string[] = [];
  for (let n = rest.length; n >= 1; n--) out.push(`28${rest.slice(0, n)}`);
  out.push('28');
  return [...new Set(out)];
}

export const MESSAGES_INVESTMENT = {
  nameRequired: 'Nom requis',
  purchaseDateRequired: "Date d'achat requise",
  purchasePriceRequired: "Prix d'achat requis",
  purchasePricePositive: "Le prix d'achat doit être supérieur à zéro",
  depreciationRateRequired: "Taux d'amortissement requis",
  depreciationRateInvalid: "Le taux d'amortissement doit être compris entre 0 et 100 % (au plus deux décimales)",
  usefulLifeRequired: "Durée d'utilité requise",
  usefulLifeRange: `La durée d'utilité doit être un nombre entier d'années entre ${MIN_USEFUL_LIFE} et ${MAX_USEFUL_LIFE}`,
  categoryInvalid: 'Catégorie invalide (matériel, immatériel ou financier)',
  methodInvalid: "Méthode d'amortissement invalide (linéaire ou dégressif)",
  rateInconsistent: (expected: string) => `Taux incohérent avec la durée d'utilité : ${expected.replace('.', ',')} % attendu`,
  decliningTooShort: `L'amortissement dégressif exige une durée d'utilité d'au moins ${MIN_DECLINING_LIFE} ans`,
  residualAbovePrice: "La valeur résiduelle doit être inférieure au prix d'achat",
  accountInvalid: "Compte d'immobilisation invalide pour cette catégorie",
  notFound: 'Investissement introuvable',
  alreadyRecorded: "Des dotations sont déjà enregistrées : l'investissement ne peut plus être modifié",
  rowNotFound: "Ligne du plan d'amortissement introuvable",
  rowAlreadyRecorded: 'Cette dotation est déjà enregistrée',
  rowOutOfOrder: "Les dotations s'enregistrent dans l'ordre : enregistrez d'abord les années précédentes",
  planComputing: "Le plan d'amortissement est en cours de calcul",
  rowNotStarted: "Cet exercice n'a pas encore commencé : sa dotation ne peut pas être enregistrée",
  created: 'Investissement créé avec succès',
  updated: 'Investissement modifié avec succès',
  recorded: 'Dotation enregistrée avec succès',
  createError: "Erreur lors de la création de l'investissement",
  updateError: "Erreur lors de la modification de l'investissement",
  recordError: "Erreur lors de l'enregistrement de la dotation",
  empty: 'Aucun investissement enregistré',
  emptyPlan: "Aucun plan d'amortissement disponible",
  computing: 'Plan en cours de calcul…',
  financialNote:
    "Les immobilisations financières (titres, prêts, dépôts) ne s'amortissent pas : aucun plan d'amortissement. Une perte de valeur se constate par une dépréciation (29x).",
  convention:
    'Amortissement linéaire : prorata temporis en jours (mois de 30 jours, année de 360 jours) la première année, à partir de la date d’achat. Dégressif : prorata en mois à partir du premier jour du mois d’achat. Montants arrondis au franc, la dernière annuité absorbe les arrondis.',
} as const;

/** SYSCOHADA declining coefficients: 1.5 for 3–4 years, 2 for 5–6 years, 2.5 above 6 years. */
export function decliningCoefficient(usefulLife: number): number {
  if (usefulLife <= 4) return 1.5;
  if (usefulLife <= 6) return 2;
  return 2.5;
}

/** Hundredths of a percent, exact: "33.33" → 3333. */
const rateHundredths = (rate: string): bigint => {
  const [i, f = ''] = rate.split('.');
  return BigInt(i) * 100n + BigInt(f.padEnd(2, '0').slice(0, 2));
};
const rateString = (h: bigint) => `${h / 100n}.${(h % 100n).toString().padStart(2, '0')}`;

/**
 * The rate derived from the useful life, two decimals, half up:
 * linear 100 / life; declining the linear rate × the coefficient.
 * Computed in integers (ten-thousandths of a percent), no float rounding surprises.
 */
export function deriveDepreciationRate(method: DepreciationMethod, usefulLife: number): string {
  if (!Number.isInteger(usefulLife) || usefulLife < MIN_USEFUL_LIFE || usefulLife > MAX_USEFUL_LIFE) return '';
  // coefficient × 10 is an integer (15, 20, 25).
  const coef10 = method === 'declining' ? BigInt(Math.round(decliningCoefficient(usefulLife) * 10)) : 10n;
  // rate in hundredths = 10000 × coef10 / (10 × life), rounded half up.
  const num = 10000n * coef10;
  const den = 10n * BigInt(usefulLife);
  return rateString((2n * num + den) / (2n * den));
}

/** A submitted rate matches the life when it is the derived rate within 0.01 (a client rounding differently). */
export function isRateConsistent(method: DepreciationMethod, usefulLife: number, rate: string): boolean {
  const expected = deriveDepreciationRate(method, usefulLife);
  // Not a rate at all (the field's own check reports it): BigInt would throw, a 500.
  if (!expected || !/^\d{1,3}(\.\d{1,2})?$/.test(rate)) return false;
  const diff = rateHundredths(expected) - rateHundredths(rate);
  return diff >= -1n && diff <= 1n;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RATE = /^\d{1,3}(\.\d{1,2})?$/;
const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
const ymd = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  return y >= 1900 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** The day before an ISO date. */
function dayBefore(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (d > 1) return ymd(y, m, d - 1);
  if (m > 1) return ymd(y, m - 1, daysInMonth(y, m - 1));
  return ymd(y - 1, 12, 31);
}

/** Start of the fiscal year `year` for a start day "MM-DD" (a day the month lacks is its last day). */
function fiscalStart(startMmDd: string, year: number): string {
  const [mm, dd] = (/^\d{2}-\d{2}$/.test(startMmDd) ? startMmDd : '01-01').split('-').map(Number);
  return ymd(year, mm, Math.min(dd, daysInMonth(year, mm)));
}

/** The fiscal year holding `date`: its start year, first and last day. */
export function fiscalYearHolding(startMmDd: string, date: string): { year: number; start: string; end: string } {
  let year = Number(date.slice(0, 4));
  if (fiscalStart(startMmDd, year) > date) year -= 1;
  return { year, start: fiscalStart(startMmDd, year), end: dayBefore(fiscalStart(startMmDd, year + 1)) };
}

/** "2026" for a fiscal year starting on 1 January, "2026-2027" otherwise. */
export function fiscalYearLabel(startMmDd: string, year: number): string {
  return startMmDd === '01-01' || !/^\d{2}-\d{2}$/.test(startMmDd) ? String(year) : `${year}-${year + 1}`;
}

/**
 * Days between two dates in the European 30/360 convention (30E/360): every
 * month has 30 days (a 31st counts as the 30th), a year 360 days. From 1 January
 * to the next 1 January: 360; from 15 March to 1 January: 286.
 */
export function days360(from: string, to: string): number {
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = to.split('-').map(Number);
  return (y2 - y1) * 360 + (m2 - m1) * 30 + (Math.min(d2, 30) - Math.min(d1, 30));
}

/** What the plan is computed from. Money as decimal strings, the rate as a percent string. */
export interface DepreciationParams {
  category: InvestmentCategory;
  purchaseDate: string;
  purchasePrice: string;
  residualValue: string;
  depreciationMethod: DepreciationMethod;
  depreciationRate: string;
  usefulLife: number;
}

/** One fiscal year of a plan, before it is stored. */
export interface PlannedDepreciation {
  /** 1, 2, …: rows are recorded in this order. */
  rowNo: number;
  /** Start year of the fiscal year. */
  year: number;
  periodStart: string;
  periodEnd: string;
  beginningValue: string;
  depreciationAmount: string;
  endingValue: string;
}

/** Francs (as cents) of `num / den` cents, rounded half up; num, den ≥ 0. */
const francsOf = (num: bigint, den: bigint): bigint => ((2n * num + 100n * den) / (200n * den)) * 100n;

/**
 * The depreciation plan (issue 9), exact (BigInt cents), amounts rounded to the
 * franc, the last row absorbing every rounding: Σ depreciation = price −
 * residual, the last ending value = the residual value, no value negative.
 *
 * - Linear: annual = base × rate; the first fiscal year is prorated in days
 *   30/360 from the purchase date to the end of the fiscal year; `usefulLife`
 *   years of 360 days in all (one more row when the first year is partial).
 * - Declining: rate (linear × coefficient) on the net depreciable value, the
 *   first year prorated in months from the first day of the purchase month;
 *   switches to linear over the remaining years (the current one included) as
 *   soon as that gives a larger amount; `usefulLife` rows.
 * - Financial assets are not depreciated: no rows.
 *
 * `fiscalYearStart` is the company's fiscalYear ("MM-DD").
 */
export function depreciationPlan(p: DepreciationParams, fiscalYearStart: string): PlannedDepreciation[] {
  if (p.category === 'financial') return [];
  const price = toCents(p.purchasePrice);
  const residual = toCents(p.residualValue);
  const base = price - residual;
  if (base <= 0n || p.usefulLife < 1) return [];
  const rate = rateHundredths(p.depreciationRate); // hundredths of a percent
  const first = fiscalYearHolding(fiscalYearStart, p.purchaseDate);
  const nextStart = fiscalStart(fiscalYearStart, first.year + 1);

  const amounts: bigint[] = [];
  if (p.depreciationMethod === 'linear') {
    const firstDays = Math.min(360, Math.max(1, days360(p.purchaseDate, nextStart)));
    const rows = firstDays >= 360 ? p.usefulLife : p.usefulLife + 1;
    let left = base;
    for (let k = 0; k < rows; k++) {
      if (k === rows - 1) {
        amounts.push(left);
        break;
      }
      const days = BigInt(k === 0 ? firstDays : 360);
      // base × rate/10000 × days/360, in cents.
      let a = francsOf(base * rate * days, 10000n * 360n);
      if (a > left) a = left;
      amounts.push(a);
      left -= a;
    }
  } else {
    const monthStart = `${p.purchaseDate.slice(0, 8)}01`;
    const firstDays = BigInt(Math.min(360, Math.max(1, days360(monthStart, nextStart))));
    const life = BigInt(p.usefulLife);
    let left = base;
    let linear: bigint | null = null; // the equal amount once switched
    for (let k = 0n; k < life; k++) {
      if (k === life - 1n) {
        amounts.push(left);
        break;
      }
      const days = k === 0n ? firstDays : 360n;
      let a: bigint;
      if (linear !== null) a = linear;
      else {
        const declining = francsOf(left * rate * days, 10000n * 360n);
        // Linear over the remaining years, the current one included (prorated like it).
        const straight = francsOf(left * days, 360n * (life - k));
        if (straight > declining) {
          linear = k === 0n ? null : francsOf(left, life - k);
          a = straight;
        } else a = declining;
      }
      if (a > left) a = left;
      amounts.push(a);
      left -= a;
    }
  }

  // Trailing rows with nothing left (a rate slightly above 100 / life) are dropped.
  while (amounts.length > 1 && amounts[amounts.length - 1] === 0n) amounts.pop();
  const rows: PlannedDepreciation[] = [];
  let value = price;
  amounts.forEach((a, k) => {
    const year = first.year + k;
    const start = k === 0 ? p.purchaseDate : fiscalStart(fiscalYearStart, year);
    rows.push({
      rowNo: k + 1,
      year,
      periodStart: start,
      periodEnd: dayBefore(fiscalStart(fiscalYearStart, year + 1)),
      beginningValue: fromCents(value),
      depreciationAmount: fromCents(a),
      endingValue: fromCents(value - a),
    });
    value -= a;
  });
  return rows;
}

const intOf = (v: unknown): number | null => {
  const s = String(v).trim();
  return /^\d{1,4}$/.test(s) ? Number(s) : null;
};

/**
 * `POST /api/companies/:companyId/investments` and `PUT /api/investments/:id`
 * (spec §7). `currentValue` is accepted and ignored: a new investment is worth
 * its price, later its price less the recorded depreciation. `accountId`: one
 * of the company's class-2 accounts fitting the category (default 244, 213 or 274).
 */
export const investmentInputSchema = z
  .object({
    name: text({ error: MESSAGES_INVESTMENT.nameRequired })
      .trim()
      .min(1, { error: MESSAGES_INVESTMENT.nameRequired })
      .max(255, { error: tooLong(255) }),
    category: z.enum(INVESTMENT_CATEGORIES, { error: MESSAGES_INVESTMENT.categoryInvalid }).default('material'),
    purchaseDate: text({ error: MESSAGES_INVESTMENT.purchaseDateRequired }).refine(isDate, {
      error: MESSAGES_INVESTMENT.purchaseDateRequired,
    }),
    purchasePrice: z
      .union([text(), z.number()], { error: MESSAGES_INVESTMENT.purchasePriceRequired })
      .refine((v) => String(v).trim() !== '', { error: MESSAGES_INVESTMENT.purchasePriceRequired, abort: true })
      .refine((v) => !String(v).trim().startsWith('-'), { error: MESSAGES_INVESTMENT.purchasePricePositive, abort: true })
      .pipe(moneySchema)
      .refine((v) => v !== '0.00', { error: MESSAGES_INVESTMENT.purchasePricePositive }),
    depreciationMethod: z.enum(DEPRECIATION_METHODS, { error: MESSAGES_INVESTMENT.methodInvalid }).default('linear'),
    depreciationRate: z
      .union([text(), z.number()], { error: MESSAGES_INVESTMENT.depreciationRateRequired })
      .transform((v) => String(v).trim().replace(',', '.'))
      .refine((v) => v !== '', { error: MESSAGES_INVESTMENT.depreciationRateRequired, abort: true })
      .refine((v) => RATE.test(v) && Number(v) <= 100, { error: MESSAGES_INVESTMENT.depreciationRateInvalid })
      .transform((v) => rateString(rateHundredths(v))),
    usefulLife: z
      .union([text(), z.number()], { error: MESSAGES_INVESTMENT.usefulLifeRequired })
      .refine((v) => String(v).trim() !== '', { error: MESSAGES_INVESTMENT.usefulLifeRequired, abort: true })
      .transform((v) => intOf(v))
      .refine((v): v is number => v !== null && v >= MIN_USEFUL_LIFE && v <= MAX_USEFUL_LIFE, {
        error: MESSAGES_INVESTMENT.usefulLifeRange,
      })
      .transform((v) => v ?? 0),
    residualValue: z
      .union([text(), z.number(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined ? '0' : v))
      .pipe(moneySchema),
    accountId: z
      .union([z.uuid({ error: MESSAGES_INVESTMENT.accountInvalid }), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    currentValue: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.category !== 'financial') {
      if (v.depreciationMethod === 'declining' && v.usefulLife < MIN_DECLINING_LIFE) {
        ctx.addIssue({ code: 'custom', path: ['usefulLife'], message: MESSAGES_INVESTMENT.decliningTooShort });
      } else if (!isRateConsistent(v.depreciationMethod, v.usefulLife, v.depreciationRate)) {
        ctx.addIssue({
          code: 'custom',
          path: ['depreciationRate'],
          message: MESSAGES_INVESTMENT.rateInconsistent(deriveDepreciationRate(v.depreciationMethod, v.usefulLife)),
        });
      }
    }
    const residualTooHigh =
      v.category === 'financial'
        ? toCents(v.residualValue) > toCents(v.purchasePrice)
        : toCents(v.residualValue) >= toCents(v.purchasePrice);
    if (residualTooHigh) ctx.addIssue({ code: 'custom', path: ['residualValue'], message: MESSAGES_INVESTMENT.residualAbovePrice });
  });
export type InvestmentInput = z.input<typeof investmentInputSchema>;
export type InvestmentValues = z.output<typeof investmentInputSchema>;

/** 'computing' until the worker has stored the plan; 'none' for financial assets. */
export const PLAN_STATUSES = ['computing', 'ready', 'none'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** One row of `accounting.depreciation_schedules`. */
export interface DepreciationSchedule extends PlannedDepreciation {
  id: string;
  investmentId: string;
  /** "2026", or "2026-2027" for a fiscal year not starting on 1 January. */
  label: string;
  isRecorded: boolean;
  /** The OD posting of the recorded depreciation. */
  entryId: string | null;
  recordedAt: string | null;
}

/** GET /api/companies/:id/investments (without the plan), GET /api/investments/:id (with `depreciationSchedules`). */
export interface Investment {
  id: string;
  name: string;
  category: InvestmentCategory;
  purchaseDate: string;
  purchasePrice: string;
  depreciationMethod: DepreciationMethod;
  depreciationRate: string;
  usefulLife: number;
  residualValue: string;
  /** Price less the recorded depreciation. */
  currentValue: string;
  /** The asset account debited at acquisition. */
  accountId: string;
  accountCode: string;
  accountName: string;
  /** The acquisition posting (D 2xx / C 481). */
  entryId: string | null;
  planStatus: PlanStatus;
  /** Rows recorded so far: editing is possible while it is 0. */
  recordedCount: number;
  companyId: string;
  createdAt: string;
  updatedAt: string;
  depreciationSchedules?: DepreciationSchedule[];
}

/** The four figures of the page: count, Σ purchase prices, Σ current values, accumulated depreciation. Exact. */
export interface InvestmentTotals {
  count: number;
  purchase: string;
  current: string;
  depreciation: string;
}

export function investmentTotals(investments: Pick<Investment, 'purchasePrice' | 'currentValue'>[]): InvestmentTotals {
  let purchase = 0n;
  let current = 0n;
  for (const i of investments) {
    purchase += toCents(i.purchasePrice);
    current += toCents(i.currentValue);
  }
  return {
    count: investments.length,
    purchase: fromCents(purchase),
    current: fromCents(current),
    depreciation: fromCents(purchase - current),
  };
}

/** `compute-depreciation-plan`: stores the plan of one investment at one revision of its parameters. */
export const computeDepreciationPlanJobSchema = z.object({
  companyId: z.uuid(),
  investmentId: z.uuid(),
  revision: z.number().int().min(0),
});
export type ComputeDepreciationPlanJob = z.infer<typeof computeDepreciationPlanJobSchema>;

/** `record-depreciations`: the scheduled sweep recording the rows of ended fiscal years; `today` defaults to the Dakar date. */
export const recordDepreciationsJobSchema = z.object({ today: z.string().regex(DATE).optional() }).default({});
export type RecordDepreciationsJob = z.input<typeof recordDepreciationsJobSchema>;
