import { z } from 'zod';
import { PERCENT_PATTERN, nullableText } from './fields';
import { text } from './text';

/**
 * Paramètres → Fiscalité (issue 30): what the company's tax returns need.
 *
 * - Régime réel normal: VAT return every month, by the 15th of the next month;
 *   régime simplifié: every quarter (DESIGN.md §6, from the DGID's calendar).
 * - NINEA and RCCM are the company's `taxNumber` and `registrationNumber`
 *   (Paramètres → Entreprise): one value, shown in both places.
 */
export const TAX_REGIMES = ['reel_normal', 'simplifie'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];
export const TAX_REGIME_LABELS: Record<TaxRegime, string> = { reel_normal: 'Réel normal', simplifie: 'Simplifié' };

export const VAT_PERIODICITIES = ['monthly', 'quarterly'] as const;
export type VatPeriodicity = (typeof VAT_PERIODICITIES)[number];
export const VAT_PERIODICITY_LABELS: Record<VatPeriodicity, string> = { monthly: 'Mensuelle', quarterly: 'Trimestrielle' };

/**
 * The rate withheld from a prestataire personne physique when paid (retenue à
 * la source, 5 % by default as the issue states). The article of the CGI that
 * sets it could not be checked from a reliable source here: the rate is
 * per third party, so a different one is typed in.
 */
export const DEFAULT_WITHHOLDING_RATE = '5';

export const MESSAGES_TAX_SETTINGS = {
  regimeInvalid: 'Régime fiscal invalide : réel normal ou simplifié',
  periodicityInvalid: 'Périodicité de TVA invalide : mensuelle ou trimestrielle',
  withholdingRateInvalid: 'Taux de retenue invalide (entre 0,01 et 100 %)',
  saved: 'Paramètres fiscaux enregistrés',
} as const;

/** `PUT /api/companies/:id/tax-settings`. */
export const taxSettingsSchema = z.object({
  ninea: nullableText(255),
  rccm: nullableText(255),
  regime: z.enum(TAX_REGIMES, { error: MESSAGES_TAX_SETTINGS.regimeInvalid }),
  vatPeriodicity: z.enum(VAT_PERIODICITIES, { error: MESSAGES_TAX_SETTINGS.periodicityInvalid }),
});
export type TaxSettingsInput = z.input<typeof taxSettingsSchema>;

export interface TaxSettings {
  ninea: string | null;
  rccm: string | null;
  regime: TaxRegime;
  vatPeriodicity: VatPeriodicity;
}

/** A third party's withholding rate: a percentage above 0, or null / '' for none. */
export const withholdingRateSchema = z
  .union([text(), z.number()])
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => v === '' || (PERCENT_PATTERN.test(v) && Number(v) > 0 && Number(v) <= 100), {
    error: MESSAGES_TAX_SETTINGS.withholdingRateInvalid,
  })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
