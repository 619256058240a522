import { z } from 'zod';
import { ISO_DATE_PATTERN } from '@xaalis/domain';
import { PERCENT_PATTERN, nullableText, pageQueryFields, requiredText } from './fields';
import { text } from './text';

/*
 * VAT (issue 30): the company's VAT codes, the rate of each invoice line, and
 * the monthly (or quarterly) VAT return with its settlement.
 *
 * Sources and what could not be checked:
 * - Rates: 18 % normal rate and 10 % reduced rate for hébergement and
 *   restauration (Code général des impôts du Sénégal, loi 2012-31, art. 369,
 *   as amended), exports at 0 %, exempt and non-taxable operations: as the
 *   issue lists them. The article numbers were not checked against the
 *   official text here.
 * - Accounts: SYSCOHADA révisé 4431 TVA facturée sur ventes, 4451 TVA
 *   récupérable sur immobilisations, 4452 TVA récupérable sur achats, 4441
 *   État, TVA due, 4449 État, crédit de TVA à reporter (the chart's own labels).
 * - VAT withheld by a client (précompte / retenue de TVA): posted on 4492
 *   "État, avances et acomptes versés sur impôts" (the VAT the client paid
 *   to the State on our behalf, an advance on our return). No reliable source
 *   named the account: chosen here, one place to change.
 * - The return's lines follow the headings of the DGID's monthly VAT return
 *   as the issue lists them; the form's box numbers could not be checked, so
 *   lines carry our own codes.
 */

export const VAT_CODE_KINDS = ['taxable', 'export', 'exempt', 'out_of_scope'] as const;
export type VatCodeKind = (typeof VAT_CODE_KINDS)[number];
export const VAT_CODE_KIND_LABELS: Record<VatCodeKind, string> = {
  taxable: 'Taxable',
  export: 'Exportation',
  exempt: 'Exonéré',
  out_of_scope: 'Non imposable',
};

/** The codes every company starts with (created with the company; migration 0031 for existing ones). */
export const DEFAULT_VAT_CODES: readonly { code: string; label: string; rate: string; kind: VatCodeKind }[] = [
  { code: 'TVA18', label: 'Taux normal 18 %', rate: '18.00', kind: 'taxable' },
  { code: 'TVA10', label: 'Taux réduit 10 % (hébergement et restauration)', rate: '10.00', kind: 'taxable' },
  { code: 'EXPORT', label: 'Exportations 0 %', rate: '0.00', kind: 'export' },
  { code: 'EXO', label: 'Exonéré', rate: '0.00', kind: 'exempt' },
  { code: 'HORS', label: 'Non imposable', rate: '0.00', kind: 'out_of_scope' },
];

/** The accounts of the settlement (D 4431 / C 4452, 4451, 4492 / C 4441 or D 4449). */
export const VAT_ACCOUNTS = {
  collected: '4431',
  deductibleGoods: '4452',
  deductibleAssets: '4451',
  withheld: '4492',
  due: '4441',
  credit: '4449',
} as const;

export interface VatCode {
  id: string;
  code: string;
  label: string;
  /** '18.00' */
  rate: string;
  kind: VatCodeKind;
  collectedAccount: string;
  deductibleAccount: string;
  fixedAssetsAccount: string;
}

export const MESSAGES_VAT = {
  codeRequired: 'Code requis',
  codeInvalid: 'Code invalide : lettres majuscules, chiffres, tiret ou point, 20 caractères au plus',
  labelRequired: 'Libellé requis',
  rateInvalid: 'Taux de TVA invalide',
  kindInvalid: 'Nature invalide : taxable, exportation, exonéré ou non imposable',
  zeroRateKind: 'Une exportation, une opération exonérée ou non imposable a un taux de 0 %',
  codeTaken: 'Ce code TVA existe déjà',
  rateTaken: 'Un code TVA taxable a déjà ce taux',
  codeNotFound: 'Code TVA introuvable',
  codeCreated: 'Code TVA créé',
  periodInvalid: 'Période invalide : AAAA-MM (mois) ou AAAA-Tn (trimestre, ex. 2026-T1)',
  periodMonthly: 'La TVA de cette société se déclare chaque mois : choisissez un mois (Paramètres → Fiscalité)',
  periodQuarterly: 'La TVA de cette société se déclare chaque trimestre : choisissez un trimestre (Paramètres → Fiscalité)',
  periodNotOver: 'La période n’est pas terminée : elle se déclare à partir du lendemain de son dernier jour',
  filedOnRequired: 'Date de dépôt requise',
  filedOnBeforeEnd: 'La date de dépôt ne peut pas précéder la fin de la période',
  alreadyDeclared: 'Cette période est déjà déclarée : rouvrez la déclaration pour en déposer une rectificative',
  notDeclared: 'Cette déclaration n’est pas la déclaration en vigueur de sa période',
  notFound: 'Déclaration de TVA introuvable',
  declared: 'Déclaration de TVA enregistrée et écriture de liquidation passée',
  reopened: 'Déclaration rouverte : les écritures de la période peuvent être corrigées, puis une déclaration rectificative déposée',
  empty: 'Aucune déclaration de TVA déposée',
  lineInvalid: 'Ligne de déclaration inconnue',
  draftInvoices: 'Des factures de la période ne sont pas validées : elles ne figurent pas dans la déclaration',
  mismatch: 'Écart avec la comptabilité : des écritures manuelles ont mouvementé les comptes de TVA de la période',
  vatWithheldTooLarge: 'La TVA retenue ne peut pas dépasser la TVA de la facture',
  vatWithheldCustomerOnly: 'Seul un client retient la TVA : pas de TVA retenue sur un paiement fournisseur',
} as const;

/** `POST /api/companies/:id/vat-codes`: a code of the company's own (a rate the defaults lack). */
export const vatCodeInputSchema = z
  .object({
    code: requiredText(MESSAGES_VAT.codeRequired, 20).pipe(text().regex(/^[A-Z0-9][A-Z0-9.-]*$/, { error: MESSAGES_VAT.codeInvalid })),
    label: requiredText(MESSAGES_VAT.labelRequired, 120),
    rate: z
      .union([text(), z.number()], { error: MESSAGES_VAT.rateInvalid })
      .transform((v) => String(v).trim().replace(',', '.'))
      .refine((v) => PERCENT_PATTERN.test(v) && Number(v) <= 100, { error: MESSAGES_VAT.rateInvalid }),
    kind: z.enum(VAT_CODE_KINDS, { error: MESSAGES_VAT.kindInvalid }).default('taxable'),
  })
  .refine((v) => v.kind === 'taxable' || Number(v.rate) === 0, { error: MESSAGES_VAT.zeroRateKind, path: ['rate'] });
export type VatCodeInput = z.input<typeof vatCodeInputSchema>;

/**
 * A line's VAT as the API takes it: a rate ('18', '10', '0', any rate one of
 * the company's taxable codes has) or the id of one of its VAT codes.
 * A bare '0' is the exempt code (EXO); an export is chosen by its code's id.
 */
export const lineVatRateSchema = z
  .union([text(), z.number()], { error: MESSAGES_VAT.rateInvalid })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => (PERCENT_PATTERN.test(v) && Number(v) <= 100) || z.uuid().safeParse(v).success, { error: MESSAGES_VAT.rateInvalid });

// ---------------------------------------------------------------------------
// The VAT return

/** 2026-03 (a month) or 2026-T1 / 2026-Q1 (a quarter). */
export const VAT_PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2]|[TQ][1-4])$/;

/** The period's canonical form (quarters as YYYY-Qn) and its first and last days; null when not a period. */
export function vatPeriodRange(period: string): { period: string; start: string; end: string; quarterly: boolean } | null {
  const m = VAT_PERIOD_PATTERN.exec(period.trim().toUpperCase());
  if (!m) return null;
  const year = Number(m[1]);
  const quarterly = m[2].startsWith('T') || m[2].startsWith('Q');
  const firstMonth = quarterly ? (Number(m[2].slice(1)) - 1) * 3 + 1 : Number(m[2]);
  const lastMonth = quarterly ? firstMonth + 2 : firstMonth;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const mm = (n: number) => String(n).padStart(2, '0');
  return {
    period: quarterly ? `${year}-Q${m[2].slice(1)}` : `${year}-${m[2]}`,
    start: `${year}-${mm(firstMonth)}-01`,
    end: `${year}-${mm(lastMonth)}-${mm(lastDay)}`,
    quarterly,
  };
}

/** "mars 2026", "1er trimestre 2026". */
export function vatPeriodLabel(period: string): string {
  const r = vatPeriodRange(period);
  if (!r) return period;
  const year = r.start.slice(0, 4);
  if (r.quarterly) {
    const q = Number(r.period.slice(-1));
    return `${q === 1 ? '1er' : `${q}e`} trimestre ${year}`;
  }
  const months = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
  return `${months[Number(r.start.slice(5, 7)) - 1]} ${year}`;
}

export const vatPeriodSchema = text({ error: MESSAGES_VAT.periodInvalid })
  .trim()
  .refine((v) => vatPeriodRange(v) !== null, { error: MESSAGES_VAT.periodInvalid });

export const vatPreviewQuerySchema = z.object({ period: vatPeriodSchema });

/** The lines of the return, in the form's order. */
export const VAT_RETURN_LINES = [
  { code: 'taxable_18', label: 'Opérations taxables au taux normal (18 %)' },
  { code: 'taxable_10', label: 'Opérations taxables au taux réduit (10 %)' },
  { code: 'taxable_other', label: 'Opérations taxables à un autre taux' },
  { code: 'export', label: 'Exportations' },
  { code: 'exempt', label: 'Opérations exonérées' },
  { code: 'out_of_scope', label: 'Opérations non imposables' },
  { code: 'deductible_goods', label: 'TVA déductible sur achats de biens et services' },
  { code: 'deductible_assets', label: 'TVA déductible sur immobilisations' },
  { code: 'withheld', label: 'TVA retenue à la source par les clients' },
] as const;
export type VatReturnLineCode = (typeof VAT_RETURN_LINES)[number]['code'];
const VAT_RETURN_LINE_CODES = VAT_RETURN_LINES.map((l) => l.code) as [VatReturnLineCode, ...VatReturnLineCode[]];

/** `POST /api/companies/:id/vat-returns`: declares the period and posts the settlement. */
export const vatReturnInputSchema = z.object({
  period: vatPeriodSchema,
  filedOn: text({ error: MESSAGES_VAT.filedOnRequired }).regex(ISO_DATE_PATTERN, { error: MESSAGES_VAT.filedOnRequired }),
  reference: nullableText(80),
});
export type VatReturnInput = z.input<typeof vatReturnInputSchema>;

/** `GET …/vat-returns/entries?period&line`: the entries behind one line of the return. */
export const vatDrillQuerySchema = z.object({
  period: vatPeriodSchema,
  line: z.enum(VAT_RETURN_LINE_CODES, { error: MESSAGES_VAT.lineInvalid }),
  ...pageQueryFields(50, 200),
});

/** `GET …/vat-returns[?format]`: the returns filed, newest first; one return as JSON, PDF or XLSX. */
export const vatReturnListQuerySchema = z.object({ ...pageQueryFields(50, 200) });
export const vatReturnFormatQuerySchema = z.object({ format: z.enum(['json', 'pdf', 'xlsx']).default('json') });

export interface VatReturnLine {
  code: VatReturnLineCode;
  label: string;
  base: string;
  vat: string;
}

export interface VatReturnFigures {
  /** Canonical period: 2026-03 or 2026-Q1. */
  period: string;
  start: string;
  end: string;
  lines: VatReturnLine[];
  collected: string;
  deductible: string;
  withheld: string;
  creditBroughtForward: string;
  due: string;
  creditCarriedForward: string;
}

export interface VatReturnPreview extends VatReturnFigures {
  checks: { collectedMatchesLedger: boolean; deductibleMatchesLedger: boolean };
  /** The movements of 443x and 445x (and 4492) in the period, settlements aside. */
  ledger: { collected: string; deductible: string };
  /** Invoices dated in the period still in draft (a warning: they are not in the return). */
  draftInvoices: { id: string; number: string; date: string; total: string }[];
  /** The return in force for the period, if any (a new one would be a corrective return). */
  declared: VatReturnSummary | null;
  /** True when the period can be declared now (over, not declared, or reopened). */
  declarable: boolean;
}

export type VatReturnStatus = 'declared' | 'reopened' | 'superseded';
export const VAT_RETURN_STATUS_LABELS: Record<VatReturnStatus, string> = {
  declared: 'Déclarée',
  reopened: 'Rouverte',
  superseded: 'Remplacée',
};

export interface VatReturnSummary {
  id: string;
  period: string;
  /** 1: the original return; 2, 3…: corrective returns. */
  version: number;
  status: VatReturnStatus;
  filedOn: string;
  reference: string | null;
  collected: string;
  deductible: string;
  due: string;
  creditCarriedForward: string;
  settlementEntryId: string | null;
  createdAt: string;
}

export interface VatReturn extends VatReturnSummary, VatReturnFigures {
  /** For a corrective return: the figures of the return it corrects, and the difference. */
  previous: VatReturnFigures | null;
  difference: { collected: string; deductible: string; withheld: string; due: string; creditCarriedForward: string } | null;
  /** The entries behind the figures, kept as they were declared. */
  entryIds: string[];
  ninea: string | null;
}

export interface VatDrillEntry {
  entryId: string;
  number: string;
  date: string;
  description: string;
  sourceType: string | null;
  sourceId: string | null;
  base: string;
  vat: string;
}
