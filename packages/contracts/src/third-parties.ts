import { z } from 'zod';
import { text, tooLong } from './text';

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
} as const;

const optionalText = text()
  .trim()
  .max(255, { error: tooLong(255) })
  .optional()
  .nullable();

export const thirdPartyInputSchema = z.object({
  type: z.enum(THIRD_PARTY_TYPES, { error: MESSAGES_THIRD_PARTY.typeInvalid }),
  name: text({ error: MESSAGES_THIRD_PARTY.nameRequired })
    .trim()
    .min(1, { error: MESSAGES_THIRD_PARTY.nameRequired })
    .max(255, { error: tooLong(255) }),
  code: optionalText,
  address: optionalText,
  phone: optionalText,
  email: z
    .union([z.literal(''), z.email({ error: MESSAGES_THIRD_PARTY.emailInvalid }).max(254, { error: tooLong(254) })], {
      error: MESSAGES_THIRD_PARTY.emailInvalid,
    })
    .optional()
    .nullable(),
  taxNumber: optionalText,
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
  paymentTerms: number;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}
