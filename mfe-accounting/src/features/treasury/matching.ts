import { ISO_DATE_PATTERN, isZero, MONEY_PATTERN, sub, sum } from '@xaalis/domain';

/** The lines ticked on one side of the matching screen: id → signed amount (kept across pages and filters). */
export type Selection = ReadonlyMap<string, string>;

export const EMPTY_SELECTION: Selection = new Map();

/** The selection with `line` ticked, or unticked when it was. */
export function toggleLine(selection: Selection, line: { id: string; amount: string }): Selection {
  const next = new Map(selection);
  if (next.has(line.id)) next.delete(line.id);
  else next.set(line.id, line.amount);
  return next;
}

/** Σ of the amounts ticked. */
export const selectionTotal = (selection: Selection): string => sum(selection.values());

/** The running difference: Σ statement lines ticked − Σ ledger lines ticked. */
export const selectionDifference = (statement: Selection, ledger: Selection): string =>
  sub(selectionTotal(statement), selectionTotal(ledger));

/** Lines may be reconciled: something ticked on both sides, and both sums equal. */
export const canReconcile = (statement: Selection, ledger: Selection): boolean =>
  statement.size > 0 && ledger.size > 0 && isZero(selectionDifference(statement, ledger));

/**
 * The amount filter as the API reads it (`-1234.50`), from what the user typed (`1 234,50`):
 * '' when empty, null when unreadable.
 */
export function amountFilter(input: string): string | null {
  const text = input.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (text === '') return '';
  return MONEY_PATTERN.test(text) ? text : null;
}

/** A date filter sent only once complete (`YYYY-MM-DD`). */
export const dateFilter = (input: string): string | undefined => (ISO_DATE_PATTERN.test(input) ? input : undefined);
