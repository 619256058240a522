import { z } from 'zod';
import {
  DEPRECIATION_METHODS,
  RATE as DEPRECIATION_RATE_PATTERN,
  MAX_USEFUL_LIFE,
  MIN_USEFUL_LIFE,
  compare,
  deriveDepreciationRate,
  isCalendarDate,
  isRateConsistent,
  sub,
  sum,
  toFixed,
  type DepreciationMethod,
  type PlannedDepreciation,
} from '@xaalis/domain';
import { moneySchema } from './money';
import { text } from './text';
import { pagedListQuerySchema, requiredText, type Paged } from './fields';

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

export { DEPRECIATION_METHODS, MAX_USEFUL_LIFE, MIN_USEFUL_LIFE, type DepreciationMethod } from '@xaalis/domain';
export const DEPRECIATION_METHOD_LABELS: Record<DepreciationMethod, string> = { linear: 'Linéaire', declining: 'Dégressif' };

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
  emptyFiltered: 'Aucun investissement trouvé avec ces critères',
  emptyPlan: "Aucun plan d'amortissement disponible",
  computing: 'Plan en cours de calcul…',
  financialNote:
    "Les immobilisations financières (titres, prêts, dépôts) ne s'amortissent pas : aucun plan d'amortissement. Une perte de valeur se constate par une dépréciation (29x).",
  convention:
    'Amortissement linéaire : prorata temporis en jours (mois de 30 jours, année de 360 jours) la première année, à partir de la date d’achat. Dégressif : prorata en mois à partir du premier jour du mois d’achat. Montants arrondis au franc, la dernière annuité absorbe les arrondis.',
} as const;

const RATE = DEPRECIATION_RATE_PATTERN;

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
    name: requiredText(MESSAGES_INVESTMENT.nameRequired, 255),
    category: z.enum(INVESTMENT_CATEGORIES, { error: MESSAGES_INVESTMENT.categoryInvalid }).default('material'),
    purchaseDate: text({ error: MESSAGES_INVESTMENT.purchaseDateRequired }).refine(isCalendarDate, {
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
      .transform((v) => toFixed(v, 2)),
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
      v.category === 'financial' ? compare(v.residualValue, v.purchasePrice) > 0 : compare(v.residualValue, v.purchasePrice) >= 0;
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
  const purchase = sum(investments.map((i) => i.purchasePrice));
  const current = sum(investments.map((i) => i.currentValue));
  return { count: investments.length, purchase, current, depreciation: sub(purchase, current) };
}

/** `compute-depreciation-plan`: stores the plan of one investment at one revision of its parameters. */
export const computeDepreciationPlanJobSchema = z.object({
  companyId: z.uuid(),
  investmentId: z.uuid(),
  revision: z.number().int().min(0),
});
export type ComputeDepreciationPlanJob = z.infer<typeof computeDepreciationPlanJobSchema>;

/** `record-depreciations`: the scheduled sweep recording the rows of ended fiscal years; `today` defaults to the Dakar date. */
export const recordDepreciationsJobSchema = z.object({ today: z.iso.date().optional() }).default({});
export type RecordDepreciationsJob = z.input<typeof recordDepreciationsJobSchema>;

/** GET /api/companies/:id/investments?page=&pageSize=&search=&category=: newest purchase first, `search` in the name or the account. */
export const investmentListQuerySchema = pagedListQuerySchema(25, {
  category: z.enum(INVESTMENT_CATEGORIES).optional(),
});
export type InvestmentListQuery = z.input<typeof investmentListQuerySchema>;

/** One page of investments (without their plans); `totals` are the page's four figures over the whole company. */
export interface InvestmentListResponse extends Paged<Investment> {
  totals: InvestmentTotals;
}
