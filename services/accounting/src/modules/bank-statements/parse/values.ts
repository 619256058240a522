import { MESSAGES_STATEMENT, parseFrenchAmount, type StatementDateOrder } from '@xaalis/contracts';
import { fromCents, isCalendarDate, neg } from '@xaalis/domain';

/** A statement amount (two decimals, signed), or the French error of the line. */
export type Amount = { ok: true; amount: string } | { ok: false; message: string };

/**
 * An amount as banks write it: French or international marks (1 234 567,50 or 1,234,567.50),
 * a leading or trailing sign, a trailing currency (XOF, FCFA, F CFA) or parentheses for a negative.
 */
export function amountOf(raw: string): Amount {
  let s = raw.trim().replace(/\s*(?:XOF|F\s?CFA|FCFA|CFA)$/i, '');
  let negative = false;
  const paren = /^\((.*)\)$/.exec(s);
  if (paren) {
    negative = true;
    s = paren[1].trim();
  }
  if (/[-+]$/.test(s)) {
    negative = negative !== s.endsWith('-');
    s = s.slice(0, -1).trim();
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1).trim();
  } else if (s.startsWith('+')) s = s.slice(1).trim();
  const parsed = parseFrenchAmount(s);
  // One sign at most: parseFrenchAmount would read a second one.
  if (!parsed.ok || s === '' || /^[-+]/.test(s)) return { ok: false, message: MESSAGES_STATEMENT.amountMalformed(raw.trim()) };
  const amount = fromCents(parsed.cents);
  return { ok: true, amount: negative ? neg(amount) : amount };
}

const ymd = (y: string, m: string, d: string) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
const fullYear = (y: string) => (y.length === 2 ? `20${y}` : y);

/**
 * An ISO date from a statement cell, or null: AAAA-MM-JJ (a time part is dropped), AAAAMMJJ,
 * and JJ/MM/AAAA or JJ/MM/AA (also - and .; MM/JJ when `order` is 'mdy').
 */
export function statementDate(raw: string, order: StatementDateOrder = 'dmy'): string | null {
  const s = raw.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  let iso: string | null = null;
  if (m) iso = ymd(m[1], m[2], m[3]);
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T,].*)?$/.exec(s)))
    iso = order === 'dmy' ? ymd(fullYear(m[3]), m[2], m[1]) : ymd(fullYear(m[3]), m[1], m[2]);
  else if ((m = /^(\d{4})(\d{2})(\d{2})/.exec(s))) iso = ymd(m[1], m[2], m[3]);
  return iso && isCalendarDate(iso) ? iso : null;
}

/** 'mdy' only when some date cannot be day-first (a first part above 12) and all can be month-first. */
export function dateOrderOf(values: string[]): StatementDateOrder {
  let dayFirstImpossible = false;
  for (const v of values) {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-]/.exec(v.trim());
    if (!m) continue;
    if (Number(m[2]) > 12) dayFirstImpossible = true;
    if (Number(m[1]) > 12) return 'dmy';
  }
  return dayFirstImpossible ? 'mdy' : 'dmy';
}

/** Text collapsed to one line, at most `max` characters. */
export function clean(value: string | null | undefined, max: number): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
}
