import { entryTotals, MONEY_PATTERN, type AccountingEntry, type entryInputSchema, type Journal } from '@xaalis/contracts';
import { abs, isPositive, sub } from '@xaalis/domain';
import type { z } from 'zod';
import { formatNumber, todayIso } from '@xaalis/web-kit';

/** What the form's resolver hands to submit: the contract's parsed entry. */
export type EntryOutput = z.output<typeof entryInputSchema>;

export interface EntryLineFormValues {
  accountId: string;
  description: string;
  debit: string;
  credit: string;
  thirdPartyId: string | null;
}

export interface EntryFormValues {
  entry: { number: string; journal: Journal; date: string; description: string; reference: string };
  lines: EntryLineFormValues[];
}

/** A line as a new entry starts with (debit and credit 0.00, specification §5). */
export function emptyLine(description = ''): EntryLineFormValues {
  return { accountId: '', description, debit: '0.00', credit: '0.00', thirdPartyId: null };
}

/** A new entry: journal OD, today's date, two empty lines. */
export function newEntryValues(today = todayIso()): EntryFormValues {
  return {
    entry: { number: '', journal: 'OD', date: today, description: '', reference: '' },
    lines: [emptyLine(), emptyLine()],
  };
}

/** An existing entry (with its lines) as form values. */
export function entryToFormValues(entry: AccountingEntry): EntryFormValues {
  const lines = (entry.lines ?? []).map((l) => ({
    accountId: l.accountId ?? l.account?.id ?? '',
    description: l.description ?? '',
    debit: l.debit ?? '0.00',
    credit: l.credit ?? '0.00',
    thirdPartyId: l.thirdPartyId ?? null,
  }));
  while (lines.length < 2) lines.push(emptyLine(entry.description));
  return {
    entry: {
      number: entry.number,
      journal: entry.journal ?? 'OD',
      date: entry.date,
      description: entry.description,
      reference: entry.reference ?? '',
    },
    lines,
  };
}

/** A typed amount, normalised, or null when it is not a non-negative amount with at most two decimals. */
export function parseAmount(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return '0';
  if (!MONEY_PATTERN.test(text) || text.startsWith('-')) return null;
  return text;
}

/** True when the amount is a valid amount above zero. */
export function isPositiveAmount(value: string | null | undefined): boolean {
  const amount = parseAmount(value);
  return amount !== null && isPositive(amount);
}

export interface LiveTotals {
  debit: string;
  credit: string;
  /** Debit = credit (exact cents), above zero, and every amount readable. */
  balanced: boolean;
  /** |debit - credit| as a money string. */
  difference: string;
  invalid: boolean;
}

/** The dialog's running totals with {@link entryTotals} (exact cents); unreadable amounts count as 0 and unbalance. */
export function liveTotals(lines: readonly Partial<EntryLineFormValues>[] | undefined): LiveTotals {
  let invalid = false;
  const clean = (lines ?? []).map((l) => {
    const debit = parseAmount(l?.debit);
    const credit = parseAmount(l?.credit);
    if (debit === null || credit === null) invalid = true;
    return { debit: debit ?? '0', credit: credit ?? '0' };
  });
  const totals = entryTotals(clean);
  const difference = abs(sub(totals.debit, totals.credit));
  return {
    debit: totals.debit,
    credit: totals.credit,
    balanced: totals.balanced && !invalid && isPositive(totals.debit),
    difference,
    invalid,
  };
}

/** An exact amount for display: `1 234 567 XOF`, with the cents when there are any (`1 234,50 XOF`). */
export function formatExactMoney(amount: string): string {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!m) return `${formatNumber(amount)} XOF`;
  const units = `${m[1]}${formatNumber(m[2])}`;
  return m[3] === '00' ? `${units} XOF` : `${units},${m[3]} XOF`;
}
