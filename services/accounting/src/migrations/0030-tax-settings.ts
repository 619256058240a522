import { sqlStep } from '@xaalis/service-kit';

/**
 * Fiscalité (issue 30, first part): the company's tax regime and VAT
 * periodicity beside its NINEA (tax_number) and RCCM (registration_number),
 * and the rate of tax a client withholds when paying a third party
 * (prestataire personne physique: retenue à la source, BRS). NULL: not
 * subject to withholding.
 */
export const up = sqlStep(
  (s) => `
    ALTER TABLE ${s}.companies
      ADD COLUMN tax_regime text NOT NULL DEFAULT 'reel_normal' CHECK (tax_regime IN ('reel_normal', 'simplifie')),
      ADD COLUMN vat_periodicity text NOT NULL DEFAULT 'monthly' CHECK (vat_periodicity IN ('monthly', 'quarterly'));
    ALTER TABLE ${s}.third_parties
      ADD COLUMN withholding_rate numeric(5,2) CHECK (withholding_rate > 0 AND withholding_rate <= 100);
  `,
);

export const down = sqlStep(
  (s) => `
    ALTER TABLE ${s}.third_parties DROP COLUMN withholding_rate;
    ALTER TABLE ${s}.companies DROP COLUMN vat_periodicity, DROP COLUMN tax_regime;
  `,
);
