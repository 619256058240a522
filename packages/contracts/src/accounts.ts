import { z } from 'zod';
import { text } from './text';
import { pagedListQuerySchema, requiredText, type Paged } from './fields';
import { sectorSchema } from './sectors';

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  asset: 'Actif',
  liability: 'Passif',
  equity: 'Capitaux propres',
  revenue: 'Produit',
  expense: 'Charge',
};

export const ACCOUNT_CATEGORIES = ['actif', 'passif', 'charge', 'produit'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];
export const ACCOUNT_CATEGORY_LABELS: Record<AccountCategory, string> = {
  actif: 'Actif',
  passif: 'Passif',
  charge: 'Charge',
  produit: 'Produit',
};

/** SYSCOHADA classes (first digit of the code). */
export const ACCOUNT_CLASS_LABELS: Record<string, string> = {
  '1': 'Classe 1 — Ressources durables',
  '2': 'Classe 2 — Actif immobilisé',
  '3': 'Classe 3 — Stocks',
  '4': 'Classe 4 — Tiers',
  '5': 'Classe 5 — Trésorerie',
  '6': 'Classe 6 — Charges des activités ordinaires',
  '7': 'Classe 7 — Produits des activités ordinaires',
  '8': 'Classe 8 — Autres charges et autres produits',
};

export const MESSAGES_ACCOUNT = {
  codeRequired: 'Code compte requis',
  codeDigits: 'Le code doit contenir uniquement des chiffres (1 à 12)',
  nameRequired: 'Nom du compte requis',
  typeInvalid: 'Type de compte invalide',
  categoryInvalid: 'Catégorie invalide',
  levelRange: 'Le niveau doit être un entier entre 1 et 7',
  duplicateCode: 'Un compte avec ce code existe déjà',
  parentNotFound: 'Compte parent introuvable',
  created: 'Compte créé avec succès',
  createError: 'Erreur lors de la création du compte',
  chartGenerated: "Plan comptable généré automatiquement selon votre secteur d'activité",
  chartError: 'Erreur lors de la génération du plan comptable',
  chartTimeout: 'La génération du plan comptable prend plus de temps que prévu, réessayez dans un instant',
  sectorInvalid: "Secteur d'activité invalide",
} as const;

export const accountInputSchema = z.object({
  code: text({ error: MESSAGES_ACCOUNT.codeRequired })
    .trim()
    .min(1, { error: MESSAGES_ACCOUNT.codeRequired })
    .regex(/^\d{1,12}$/, { error: MESSAGES_ACCOUNT.codeDigits }),
  name: requiredText(MESSAGES_ACCOUNT.nameRequired, 255),
  type: z.enum(ACCOUNT_TYPES, { error: MESSAGES_ACCOUNT.typeInvalid }),
  category: z.enum(ACCOUNT_CATEGORIES, { error: MESSAGES_ACCOUNT.categoryInvalid }),
  level: z.coerce
    .number({ error: MESSAGES_ACCOUNT.levelRange })
    .int({ error: MESSAGES_ACCOUNT.levelRange })
    .min(1, { error: MESSAGES_ACCOUNT.levelRange })
    .max(7, { error: MESSAGES_ACCOUNT.levelRange }),
  parentAccountId: z.uuid().optional().nullable(),
});
export type AccountInput = z.input<typeof accountInputSchema>;

export interface Account {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  category: AccountCategory;
  level: number;
  parentAccountId: string | null;
  isActive: boolean;
  /** Its lines can be lettered (40x and 41x always; 421, 4411… when marked). */
  lettrable?: boolean;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

/** `PATCH /api/companies/:id/accounts/:accountId/lettrable`. */
export const accountLettrableSchema = z.object({ lettrable: z.boolean({ error: 'lettrable : vrai ou faux' }) });
export const MESSAGES_LETTRABLE = {
  alwaysLettrable: 'Les comptes de tiers 40 et 41 restent toujours lettrables',
  notFound: 'Compte introuvable',
} as const;

/** POST /api/companies/:id/generate-chart answers this once the BullMQ job is done. */
export interface ChartGenerationResult {
  created: number;
  total: number;
}

/** Body of POST /api/companies/:id/generate-chart; without a sector, the company's own is used. */
export const generateChartSchema = z.object({
  // An empty or null sector means "the company's own", like an absent one.
  sector: z.preprocess((v) => (v === '' || v === null ? undefined : v), sectorSchema(MESSAGES_ACCOUNT.sectorInvalid).optional()),
});
export type GenerateChartInput = z.input<typeof generateChartSchema>;

/** The largest page of accounts: a whole SYSCOHADA chart (~600 accounts) in one answer, for scripts that map codes to ids. */
export const MAX_ACCOUNTS_PAGE_SIZE = 1000;

/**
 * GET /api/companies/:id/accounts?page=&pageSize=&search=&prefix=&type=&active=&id=: in code order;
 * `search` a code that starts so or a name that contains it, `prefix` one or more code prefixes
 * (`2` for class 2, `21,22` for either), `type` exactly, `active=true` the active accounts only,
 * `id` one account (a select box's chosen value).
 */
export const accountListQuerySchema = pagedListQuerySchema(
  50,
  {
    prefix: text()
      .regex(/^\d{1,12}(,\d{1,12}){0,19}$/)
      .optional(),
    type: z.enum(ACCOUNT_TYPES, { error: MESSAGES_ACCOUNT.typeInvalid }).optional(),
    active: z.enum(['true', 'false']).optional(),
    id: z.uuid().optional(),
  },
  MAX_ACCOUNTS_PAGE_SIZE,
);
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

/** One page of the chart; `counters.total` counts the company's accounts, whatever the filters. */
export interface AccountListResponse extends Paged<Account> {
  counters: { total: number };
}
