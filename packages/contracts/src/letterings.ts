import { z } from 'zod';
import { ISO_DATE_PATTERN } from '@xaalis/domain';
import { text } from './text';

/**
 * Lettrage: lines of one account and one third party matched under a code
 * (AA, AB… per company; shown in lower case while partial), the aged balance
 * built from what is not lettered, and a third party's statement of account.
 */
export const MESSAGES_LETTERING = {
  twoLines: 'Sélectionnez au moins deux lignes à lettrer',
  lineNotFound: 'Ligne introuvable',
  notValidated: 'Seules les lignes d’écritures validées se lettrent',
  alreadyLettered: 'Une des lignes est déjà lettrée : délettrez-la d’abord',
  oneAccount: 'Les lignes à lettrer doivent être sur un même compte',
  oneThirdParty: 'Les lignes à lettrer doivent être d’un même tiers',
  notLettrable: 'Ce compte n’est pas lettrable',
  unbalanced: 'Le lettrage doit être équilibré (débits = crédits), ou marqué partiel',
  notFound: 'Lettrage introuvable',
  lettered: (code: string) => `Lignes lettrées (${code})`,
  unlettered: 'Lettrage supprimé',
} as const;

/** `POST /api/companies/:id/letterings`. */
export const letteringInputSchema = z.object({
  lineIds: z
    .array(z.uuid({ error: MESSAGES_LETTERING.lineNotFound }), { error: MESSAGES_LETTERING.twoLines })
    .min(2, { error: MESSAGES_LETTERING.twoLines })
    .max(10_000),
  /** Keep an unbalanced set as a partial lettering. */
  partial: z.boolean().optional().default(false),
});

export interface Lettering {
  code: string;
  partial: boolean;
  accountId: string;
  thirdPartyId: string | null;
  lineIds: string[];
  /** Debits − credits of its lines (zero unless partial). */
  balance: string;
}

const DATE = text().regex(ISO_DATE_PATTERN, { error: 'Date invalide' });

/** Aged balance buckets: by days past the due date at `date`. */
export const agedBalanceQuerySchema = z.object({
  type: z.enum(['receivable', 'payable'], { error: 'Type invalide : receivable ou payable' }).default('receivable'),
  date: DATE.optional(),
  format: z.enum(['json', 'pdf', 'xlsx']).default('json'),
});

export interface AgedBalanceRow {
  thirdPartyId: string;
  name: string;
  notDue: string;
  d0_30: string;
  d31_60: string;
  d61_90: string;
  over90: string;
  total: string;
}

export interface AgedBalance {
  type: 'receivable' | 'payable';
  date: string;
  rows: AgedBalanceRow[];
  totals: Omit<AgedBalanceRow, 'thirdPartyId' | 'name'>;
}

export const AGED_BUCKETS = [
  ['notDue', 'Non échu'],
  ['d0_30', '0 – 30 j'],
  ['d31_60', '31 – 60 j'],
  ['d61_90', '61 – 90 j'],
  ['over90', '> 90 j'],
] as const;

/** The open items behind a row of the aged balance (drill-down). */
export interface AgedItem {
  lineId: string;
  entryId: string;
  date: string;
  dueDate: string;
  number: string;
  reference: string | null;
  description: string;
  amount: string;
  daysOverdue: number;
  letteringCode: string | null;
}

export const accountStatementQuerySchema = z.object({
  from: DATE.optional(),
  to: DATE.optional(),
  format: z.enum(['json', 'pdf']).default('json'),
});

export interface AccountStatementLine {
  lineId: string;
  date: string;
  number: string;
  reference: string | null;
  description: string;
  accountCode: string;
  debit: string;
  credit: string;
  balance: string;
  letteringCode: string | null;
}

export interface AccountStatement {
  thirdParty: { id: string; name: string; type: string };
  from: string;
  to: string;
  opening: string;
  lines: AccountStatementLine[];
  totalDebit: string;
  totalCredit: string;
  closing: string;
}
