import { z } from 'zod';
import { nullableText, optionalEmail, pagedListQuerySchema, requiredText, type Paged } from './fields';
import { withholdingRateSchema } from './tax-settings';

export const THIRD_PARTY_TYPES = ['client', 'supplier', 'both'] as const;
export type ThirdPartyType = (typeof THIRD_PARTY_TYPES)[number];
export const THIRD_PARTY_TYPE_LABELS: Record<ThirdPartyType, string> = {
  client: 'Client',
  supplier: 'Fournisseur',
  both: 'Client et fournisseur',
};

export const MESSAGES_THIRD_PARTY = {
  nameRequired: 'Nom requis',
  typeInvalid: 'Type de tiers invalide',
  emailInvalid: 'Email invalide',
  paymentTerms: 'Délai de paiement invalide (jours, entier positif)',
  duplicateCode: 'Un tiers avec ce code existe déjà',
  created: 'Tiers créé avec succès',
  createError: 'Erreur lors de la création du tiers',
  empty: 'Aucun tiers configuré',
  emptyFiltered: 'Aucun tiers trouvé avec ces critères',
} as const;

export const thirdPartyInputSchema = z.object({
  type: z.enum(THIRD_PARTY_TYPES, { error: MESSAGES_THIRD_PARTY.typeInvalid }),
  name: requiredText(MESSAGES_THIRD_PARTY.nameRequired, 255),
  code: nullableText(255),
  address: nullableText(255),
  phone: nullableText(255),
  email: optionalEmail(MESSAGES_THIRD_PARTY.emailInvalid),
  taxNumber: nullableText(255),
  /** The NINEA: the same value as `taxNumber` (its name in the tax returns); when sent, it wins. */
  ninea: nullableText(255),
  /** Subject to withholding (retenue à la source) at this rate (%), or null. */
  withholdingRate: withholdingRateSchema,
  paymentTerms: z.coerce
    .number({ error: MESSAGES_THIRD_PARTY.paymentTerms })
    .int({ error: MESSAGES_THIRD_PARTY.paymentTerms })
    .min(0, { error: MESSAGES_THIRD_PARTY.paymentTerms })
    .max(365, { error: MESSAGES_THIRD_PARTY.paymentTerms })
    .default(30),
});
export type ThirdPartyInput = z.input<typeof thirdPartyInputSchema>;

export interface ThirdParty {
  id: string;
  type: ThirdPartyType;
  name: string;
  code: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  taxNumber: string | null;
  /** = taxNumber. */
  ninea: string | null;
  withholdingRate: string | null;
  paymentTerms: number;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

/** Who may stand on a document's side: a client (types client and both) or a supplier (supplier and both). */
export const THIRD_PARTY_ROLES = ['client', 'supplier'] as const;
export type ThirdPartyRole = (typeof THIRD_PARTY_ROLES)[number];

/**
 * GET /api/companies/:id/third-parties?page=&pageSize=&search=&type=&role=&id=: by name, `search` in
 * the name or the code, `type` exactly, `role` a client or a supplier (both counts as each), `id`
 * one third party (a select box's chosen value).
 */
export const thirdPartyListQuerySchema = pagedListQuerySchema(25, {
  type: z.enum(THIRD_PARTY_TYPES, { error: MESSAGES_THIRD_PARTY.typeInvalid }).optional(),
  role: z.enum(THIRD_PARTY_ROLES, { error: MESSAGES_THIRD_PARTY.typeInvalid }).optional(),
  id: z.uuid().optional(),
});
export type ThirdPartyListQuery = z.input<typeof thirdPartyListQuerySchema>;

/** One page of third parties; `counters` count the whole company, whatever the filters. */
export interface ThirdPartyListResponse extends Paged<ThirdParty> {
  counters: { total: number; clients: number; suppliers: number };
}
