import { toCents } from '@xaalis/domain';

/**
 * Automatic matching of a treasury account's statement lines with its ledger
 * lines: pure, so the rules are tested as properties and the job only reads
 * and writes.
 *
 * 1. One to one: same amount, dates at most `windowDays` apart. A pair is
 *    chosen only when each line is the other's single best candidate (a
 *    matching reference or label first, then the nearest date); lines with
 *    several equally good candidates are left to the user (`ambiguous`).
 * 2. One statement line for several ledger lines (a deposit slip of several
 *    cheques): the ledger lines of one date and direction (or of one date,
 *    direction and reference) whose sum is the statement line's amount.
 * 3. Several statement lines for one ledger line, the same way round.
 * The three passes repeat until nothing changes, so running the matching again
 * on what is left finds nothing more.
 */

export interface MatchLine {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** Signed, two decimals (positive = money in): a statement line's amount, a ledger line's debit − credit. */
  amount: string;
  label: string;
  reference: string | null;
}

export interface Match {
  statementLineIds: string[];
  entryLineIds: string[];
}

export interface MatchResult {
  matches: Match[];
  /** Statement lines left with several equally good one-to-one candidates. */
  ambiguous: number;
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const normalized = (v: string | null) => (v ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');

interface Line {
  id: string;
  date: string;
  amount: string;
  /** The amount in integer cents: groups are summed exactly, and fast, over 100 000 lines. */
  cents: bigint;
  label: string;
  day: number;
  ref: string;
  /** Reference and label normalised, computed when first compared. */
  text: string | null;
  used: boolean;
}

const prepare = (lines: readonly MatchLine[]): Line[] =>
  lines.map((l) => ({
    id: l.id,
    date: l.date,
    amount: l.amount,
    cents: toCents(l.amount),
    label: l.label,
    day: dayOf(l.date),
    ref: normalized(l.reference),
    text: null,
    used: false,
  }));

const textOf = (l: Line) => (l.text ??= `${l.ref} ${normalized(l.label)}`);

/** One side's reference (at least 3 characters) appears in the other's reference or label. */
const referencesMatch = (a: Line, b: Line) =>
  (a.ref.length >= 3 && textOf(b).includes(a.ref)) || (b.ref.length >= 3 && textOf(a).includes(b.ref));
const byDayThenId = (a: Line, b: Line) => a.day - b.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Lower is better: a matching reference first, then the nearest date. */
const rank = (a: Line, b: Line) => (referencesMatch(a, b) ? 0 : 1_000) + Math.abs(a.day - b.day);

function byAmount(lines: Line[]): Map<string, Line[]> {
  const map = new Map<string, Line[]>();
  for (const l of lines) {
    const list = map.get(l.amount);
    if (list) list.push(l);
    else map.set(l.amount, [l]);
  }
  return map;
}

/** The single best unused candidate of `line` among `candidates` within the window; 'tie' when two rank first. */
function bestOf(line: Line, candidates: readonly Line[] | undefined, windowDays: number): Line | 'tie' | null {
  let best: Line | null = null;
  let bestRank = Infinity;
  let tie = false;
  for (const c of candidates ?? []) {
    if (c.used || Math.abs(c.day - line.day) > windowDays) continue;
    const r = rank(line, c);
    if (r < bestRank) {
      best = c;
      bestRank = r;
      tie = false;
    } else if (r === bestRank) tie = true;
  }
  return tie ? 'tie' : best;
}

function oneToOne(statement: Line[], ledger: Line[], windowDays: number, out: Match[]): { changed: boolean; ambiguous: number } {
  const ledgerByAmount = byAmount(ledger.filter((l) => !l.used));
  const statementByAmount = byAmount(statement.filter((s) => !s.used));
  let changed = false;
  let ambiguous = 0;
  for (const s of statement) {
    if (s.used) continue;
    const l = bestOf(s, ledgerByAmount.get(s.amount), windowDays);
    if (l === 'tie') ambiguous++;
    if (!l || l === 'tie') continue;
    // Mutual: the ledger line's own best statement line is this one.
    if (bestOf(l, statementByAmount.get(l.amount), windowDays) !== s) {
      ambiguous++;
      continue;
    }
    s.used = true;
    l.used = true;
    out.push({ statementLineIds: [s.id], entryLineIds: [l.id] });
    changed = true;
  }
  return { changed, ambiguous };
}

/** Groups of at least two unused lines of one date and direction, and of one date, direction and reference. */
function groupsOf(lines: Line[]): Line[][] {
  const groups = new Map<string, Line[]>();
  const put = (key: string, l: Line) => {
    const g = groups.get(key);
    if (g) g.push(l);
    else groups.set(key, [l]);
  };
  for (const l of lines) {
    if (l.used) continue;
    const direction = l.amount.startsWith('-') ? '-' : '+';
    put(`${l.date}${direction}`, l);
    if (l.ref) put(`${l.date}${direction}#${l.ref}`, l);
  }
  // A date's lines that all share one reference make the same group twice: keep it once.
  const distinct = new Map<string, Line[]>();
  for (const g of groups.values()) if (g.length >= 2) distinct.set(g.map((l) => l.id).join(','), g);
  return [...distinct.values()];
}

/** One `single` line for a group of `many` lines of equal sum, when exactly one group fits and it fits no other single line. */
function oneToMany(singles: Line[], many: Line[], windowDays: number, emit: (single: Line, group: Line[]) => void): boolean {
  const fits = new Map<Line, Line[][]>();
  const takers = new Map<Line[], Line[]>();
  const bySum = new Map<bigint, Line[][]>();
  for (const g of groupsOf(many)) {
    let total = 0n;
    for (const l of g) total += l.cents;
    const list = bySum.get(total);
    if (list) list.push(g);
    else bySum.set(total, [g]);
  }
  if (bySum.size === 0) return false;
  for (const s of singles) {
    if (s.used) continue;
    for (const g of bySum.get(s.cents) ?? []) {
      if (Math.abs(g[0].day - s.day) > windowDays) continue;
      fits.set(s, [...(fits.get(s) ?? []), g]);
      takers.set(g, [...(takers.get(g) ?? []), s]);
    }
  }
  let changed = false;
  for (const [s, groups] of fits) {
    const distinct = groups.filter((g) => !g.some((l) => l.used));
    if (distinct.length !== 1 || takers.get(distinct[0])?.length !== 1) continue;
    const g = distinct[0];
    s.used = true;
    for (const l of g) l.used = true;
    emit(s, g);
    changed = true;
  }
  return changed;
}

export function autoMatch(statementLines: readonly MatchLine[], ledgerLines: readonly MatchLine[], windowDays: number): MatchResult {
  const statement = prepare(statementLines).sort(byDayThenId);
  const ledger = prepare(ledgerLines).sort(byDayThenId);
  const matches: Match[] = [];
  let ambiguous = 0;
  for (let round = 0; round < 10; round++) {
    const one = oneToOne(statement, ledger, windowDays, matches);
    ambiguous = one.ambiguous;
    const many = oneToMany(statement, ledger, windowDays, (s, g) =>
      matches.push({ statementLineIds: [s.id], entryLineIds: g.map((l) => l.id) }),
    );
    const several = oneToMany(ledger, statement, windowDays, (l, g) =>
      matches.push({ statementLineIds: g.map((s) => s.id), entryLineIds: [l.id] }),
    );
    if (!one.changed && !many && !several) break;
  }
  return { matches, ambiguous };
}
