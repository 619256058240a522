import { z } from 'zod';

/*
 * The annual statements (issue 30): the état des sommes versées à des tiers
 * and the DSF pack.
 *
 * Sources and what could not be checked:
 * - État des sommes versées: fees, commissions and rents paid to third
 *   parties above 300 000 F per beneficiary over the year, with their
 *   identifiers (the issue). The DGID's form and its exact headings were not
 *   available here. Amounts come from the ledger: the year's charges on 622
 *   (locations: rents), 6321 / 6322 (commissions et courtages) and the rest of
 *   632 (honoraires and other fees), attributed to the third party of their
 *   entry (the supplier line of the invoice); charges without one are totalled apart.
 * - DSF pack: the statements the product already computes and the notes that
 *   come straight from the books; it is not the DGID's DSF form itself.
 */

export const SUMS_PAID_THRESHOLD = '300000.00';

export const SUMS_PAID_NATURES = [
  { key: 'rents', label: 'Loyers', accounts: ['622'] },
  { key: 'commissions', label: 'Commissions et courtages', accounts: ['6321', '6322'] },
  { key: 'fees', label: 'Honoraires et autres rémunérations', accounts: ['632'] },
] as const;
export type SumsPaidNature = (typeof SUMS_PAID_NATURES)[number]['key'];

export const MESSAGES_ANNUAL = {
  yearInvalid: 'Année invalide',
  none: 'Aucun bénéficiaire au-dessus du seuil de 300 000 F sur l’année',
} as const;

export const annualQuerySchema = z.object({
  year: z.coerce
    .number({ error: MESSAGES_ANNUAL.yearInvalid })
    .int({ error: MESSAGES_ANNUAL.yearInvalid })
    .min(2000, { error: MESSAGES_ANNUAL.yearInvalid })
    .max(2100, { error: MESSAGES_ANNUAL.yearInvalid }),
  format: z.enum(['json', 'pdf', 'xlsx']).default('json'),
});

export interface SumsPaidBeneficiary {
  thirdPartyId: string;
  name: string;
  ninea: string | null;
  address: string | null;
  rents: string;
  commissions: string;
  fees: string;
  total: string;
}

export interface SumsPaidStatement {
  year: number;
  threshold: string;
  /** Beneficiaries above the threshold, by name. */
  beneficiaries: SumsPaidBeneficiary[];
  totals: { rents: string; commissions: string; fees: string; total: string };
  /** Charges of these natures whose entry names no third party (not in the statement). */
  unassigned: string;
  ninea: string | null;
}
