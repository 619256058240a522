import { roleCan, type AccountingEntry, type Role } from '@xaalis/contracts';
import { PAYROLL_PAYMENT_SOURCE, PAYSLIP_SOURCE } from '../payroll-posting';

/**
 * Payroll entries are payroll data (confidential, issue 24 §7): each one is one employee's payslip,
 * named in its lines, so a role without the `payroll` capability neither lists nor opens them.
 * They are the payroll journal's entries (PA: validated payslips and their reversals, and any entry
 * typed in PA) and the payslips' payments, posted in the treasury journals (BQ, CA, MM), with their
 * reversals, and the payments of payroll debts in one entry (a month's salary transfer, a declaration). Aggregate reports (balances, statements) keep their amounts.
 */
export const seesPayroll = (role: Role | null): boolean => roleCan(role, 'payroll');

/** The journal of payroll. */
export const PAYROLL_JOURNAL = 'PA';

/**
 * SQL condition, true or false (never null: it is negated): the entry aliased `e` is a payroll
 * entry. The reversal of a payslip payment has no source of its own: its original tells (one
 * primary-key lookup, only for reversals).
 */
const PAYMENT_SOURCES = [PAYSLIP_SOURCE.paid, PAYROLL_PAYMENT_SOURCE] as const;
const PAYMENT_SOURCES_SQL = PAYMENT_SOURCES.map((s) => `'${s}'`).join(', ');
const isPaymentSource = (sourceType: string | null | undefined) => PAYMENT_SOURCES.some((s) => s === sourceType);

export const payrollEntrySql = (e: string): string =>
  `(${e}.journal = '${PAYROLL_JOURNAL}' OR COALESCE(${e}.source_type IN (${PAYMENT_SOURCES_SQL}), false) OR (${e}.reversal_of_id IS NOT NULL AND EXISTS (
     SELECT 1 FROM accounting.accounting_entries AS payroll_original
      WHERE payroll_original.id = ${e}.reversal_of_id AND payroll_original.source_type IN (${PAYMENT_SOURCES_SQL}))))`;

/** Whether an entry is a payroll entry, from its own fields and, for a reversal, its original's. */
export function isPayrollEntry(
  entry: Pick<AccountingEntry, 'journal' | 'sourceType'>,
  original: Pick<AccountingEntry, 'sourceType'> | null,
): boolean {
  return entry.journal === PAYROLL_JOURNAL || isPaymentSource(entry.sourceType) || isPaymentSource(original?.sourceType);
}
