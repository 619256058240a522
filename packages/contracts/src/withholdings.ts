import { z } from 'zod';
import { ISO_DATE_PATTERN } from '@xaalis/domain';
import { nullableText, pageQueryFields } from './fields';
import { text } from './text';
import { vatPeriodRange } from './vat';

/*
 * Withholding at source on payments to third parties (retenue à la source,
 * BRS; issue 30). A third party with a withholding rate (Paramètres → Tiers:
 * a prestataire personne physique, 5 % by default) has that rate of each
 * payment of its purchase invoices withheld: D 401 gross / C treasury net /
 * C 4471 État, impôt général sur le revenu (a sub-account of 447 État, impôts
 * retenus à la source).
 *
 * Sources and what could not be checked:
 * - The rate (5 %), the threshold of 25 000 F per invoice, the monthly
 *   payment by the 15th, or quarterly when the month's withholdings are under
 *   20 000 F: a tax calendar newsletter (2015) quoting CGI art. 185 and the
 *   issue. The official text was not available here: the threshold is not
 *   applied (the accountant decides whom to mark), the period is chosen.
 * - The base: the amount paid (what settles the invoice). Whether the
 *   withholding applies to the amount before VAT could not be checked.
 * - The account 4471: the SYSCOHADA chart's sub-account of 447 for income tax
 *   withheld; the issue names 447.
 */

export const WITHHOLDING_ACCOUNT = '4471';

export const MESSAGES_WITHHOLDING = {
  tooLarge: 'La retenue ne peut pas dépasser le montant payé',
  supplierOnly: 'La retenue à la source porte sur le paiement d’une facture fournisseur',
  periodInvalid: 'Période invalide : AAAA-MM (mois) ou AAAA-Tn (trimestre, ex. 2026-T1)',
  periodNotOver: 'La période n’est pas terminée : le bordereau se dépose à partir du lendemain de son dernier jour',
  filedOnRequired: 'Date de dépôt requise',
  filedOnBeforeEnd: 'La date de dépôt ne peut pas précéder la fin de la période',
  alreadyDeclared: 'Un bordereau de retenue à la source est déjà déposé pour cette période',
  overlaps: 'Un bordereau déposé couvre déjà une partie de cette période',
  notFound: 'Bordereau de retenue introuvable',
  empty: 'Aucun bordereau déposé',
  nothing: 'Aucune retenue à la source sur la période',
  declared: 'Bordereau de retenue à la source déposé',
} as const;

/** A period: a month (2026-03) or a quarter (2026-T1), as for the VAT return. */
const periodSchema = text({ error: MESSAGES_WITHHOLDING.periodInvalid })
  .trim()
  .refine((v) => vatPeriodRange(v) !== null, { error: MESSAGES_WITHHOLDING.periodInvalid });

export const withholdingPreviewQuerySchema = z.object({ period: periodSchema });

/** `POST /api/companies/:id/withholding-statements`: files the bordereau (nothing is posted: the payment pays it). */
export const withholdingStatementInputSchema = z.object({
  period: periodSchema,
  filedOn: text({ error: MESSAGES_WITHHOLDING.filedOnRequired }).regex(ISO_DATE_PATTERN, { error: MESSAGES_WITHHOLDING.filedOnRequired }),
  reference: nullableText(80),
});
export type WithholdingStatementInput = z.input<typeof withholdingStatementInputSchema>;

export const withholdingListQuerySchema = z.object({ ...pageQueryFields(50, 200) });
export const withholdingFormatQuerySchema = z.object({ format: z.enum(['json', 'pdf', 'xlsx']).default('json') });

/** One beneficiary of the bordereau. */
export interface WithholdingBeneficiary {
  thirdPartyId: string;
  name: string;
  ninea: string | null;
  /** Gross paid in the period (the payments' amounts). */
  gross: string;
  withheld: string;
  payments: number;
}

export interface WithholdingFigures {
  period: string;
  start: string;
  end: string;
  beneficiaries: WithholdingBeneficiary[];
  totalGross: string;
  totalWithheld: string;
}

export interface WithholdingPreview extends WithholdingFigures {
  /** The bordereau filed for the period, if any. */
  declared: WithholdingStatementSummary | null;
  declarable: boolean;
}

export interface WithholdingStatementSummary {
  id: string;
  period: string;
  filedOn: string;
  reference: string | null;
  totalGross: string;
  totalWithheld: string;
  createdAt: string;
}

export interface WithholdingStatement extends WithholdingStatementSummary, WithholdingFigures {
  ninea: string | null;
}
