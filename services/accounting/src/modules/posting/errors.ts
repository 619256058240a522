import { MESSAGES_ENTRY } from '@xaalis/contracts';
import { HttpError, isUniqueViolation } from '@xaalis/service-kit';

/** The SQLSTATEs raised by the ledger triggers (migration 0002). */
export const LEDGER_SQLSTATE = {
  /** Unbalanced, fewer than two lines, or total ≠ sum of debits, at commit. */
  unbalanced: 'XA001',
  /** A change to a validated or cancelled entry (or its lines), or a forbidden status change. */
  frozen: 'XA002',
  /** An entry created, validated, cancelled or edited with a date in a closed fiscal year (migration 0012). */
  closedYear: 'XA010',
  /** An entry created, validated, cancelled or edited with a date in a declared VAT period (migration 0031). */
  vatDeclared: 'XA011',
} as const;

type PgError = { code?: string; message?: string; constraint?: string };
const pgErrorOf = (err: unknown): PgError => (err as { parent?: PgError })?.parent ?? (err as PgError) ?? {};

/**
 * Turns the database's refusals into the API's answers: the triggers' French
 * messages become 400 (balance) or 409 (frozen entry), a duplicate entry number
 * 409. Anything else is returned unchanged (500 if it reaches the handler).
 */
export function ledgerError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const pg = pgErrorOf(err);
  if (pg.code === LEDGER_SQLSTATE.unbalanced) return new HttpError(400, pg.message || MESSAGES_ENTRY.unbalanced);
  if (pg.code === LEDGER_SQLSTATE.frozen) return new HttpError(409, pg.message || MESSAGES_ENTRY.notDraft);
  if (pg.code === LEDGER_SQLSTATE.closedYear || pg.code === LEDGER_SQLSTATE.vatDeclared)
    return new HttpError(409, pg.message || MESSAGES_ENTRY.notDraft);
  if (isUniqueViolation(err) && pg.constraint === 'accounting_entries_company_number_key')
    return new HttpError(409, MESSAGES_ENTRY.duplicateNumber);
  // A journal the company does not have (0022: entries reference the company's journals).
  if (pg.code === '23503' && pg.constraint === 'accounting_entries_journal_fkey')
    return new HttpError(400, MESSAGES_ENTRY.journalInvalid, [{ path: 'entry.journal', message: MESSAGES_ENTRY.journalInvalid }]);
  return err;
}
