import fc from 'fast-check';
import { add, compare, neg, sum } from '@xaalis/domain';
import { autoMatch, type MatchLine } from './matching';

const line = (id: string, date: string, amount: string, label = '', reference: string | null = null): MatchLine => ({
  id,
  date,
  amount,
  label,
  reference,
});

describe('autoMatch', () => {
  it('matches one to one by amount within the date window', () => {
    const r = autoMatch([line('s1', '2026-03-05', '150000.00', 'VIR CLIENT DIOP')], [line('l1', '2026-03-02', '150000.00')], 5);
    expect(r.matches).toEqual([{ statementLineIds: ['s1'], entryLineIds: ['l1'] }]);
  });

  it('leaves a line outside the window, and another amount, alone', () => {
    const r = autoMatch(
      [line('s1', '2026-03-20', '150000.00'), line('s2', '2026-03-02', '-2500.00')],
      [line('l1', '2026-03-02', '150000.00'), line('l2', '2026-03-02', '2500.00')],
      5,
    );
    expect(r.matches).toEqual([]);
  });

  it('prefers the ledger line whose reference the statement names', () => {
    const r = autoMatch(
      [line('s1', '2026-03-05', '50000.00', 'REGLEMENT FAC-2026-0012')],
      [
        line('l1', '2026-03-05', '50000.00', 'Paiement', 'FAC-2026-0011'),
        line('l2', '2026-03-07', '50000.00', 'Paiement', 'FAC-2026-0012'),
      ],
      5,
    );
    expect(r.matches).toEqual([{ statementLineIds: ['s1'], entryLineIds: ['l2'] }]);
  });

  it('proposes rather than chooses between two equally good candidates', () => {
    const r = autoMatch(
      [line('s1', '2026-03-05', '50000.00')],
      [line('l1', '2026-03-04', '50000.00'), line('l2', '2026-03-06', '50000.00')],
      5,
    );
    expect(r.matches).toEqual([]);
    expect(r.ambiguous).toBe(1);
  });

  it('ties a deposit of several cheques to the cheques of its date', () => {
    const r = autoMatch(
      [line('s1', '2026-03-10', '75000.00', 'REMISE CHEQUES 0042')],
      [line('l1', '2026-03-08', '25000.00'), line('l2', '2026-03-08', '50000.00'), line('l3', '2026-03-09', '10000.00')],
      5,
    );
    expect(r.matches).toEqual([{ statementLineIds: ['s1'], entryLineIds: ['l1', 'l2'] }]);
  });

  it('ties several statement lines (a payment and its fee) to one ledger line', () => {
    const r = autoMatch(
      [line('s1', '2026-03-10', '-100000.00', 'WAVE', 'T1'), line('s2', '2026-03-10', '-1000.00', 'WAVE FEES', 'T1')],
      [line('l1', '2026-03-10', '-101000.00', 'Fournisseur')],
      5,
    );
    expect(r.matches).toEqual([{ statementLineIds: ['s1', 's2'], entryLineIds: ['l1'] }]);
  });
});

// ─── Properties ──────────────────────────────────────────────────────────────

const amounts = fc.constantFrom('1000.00', '2500.00', '-2500.00', '10000.00', '-10000.00', '15000.00', '-500.00', '12345.67');
const dates = fc.integer({ min: 1, max: 28 }).map((d) => `2026-04-${String(d).padStart(2, '0')}`);
const refs = fc.option(fc.constantFrom('FAC-1', 'FAC-2', 'CHQ-77', 'T9'), { nil: null });
const lines = (prefix: string) =>
  fc
    .array(fc.record({ date: dates, amount: amounts, reference: refs }), { maxLength: 40 })
    .map((rows) => rows.map((r, i) => line(`${prefix}${i}`, r.date, r.amount, '', r.reference)));

describe('autoMatch properties', () => {
  const cases = fc.tuple(lines('s'), lines('l'), fc.integer({ min: 0, max: 7 }));

  it('a match always has equal sums on both sides, dates within the window', () => {
    fc.assert(
      fc.property(cases, ([s, l, w]) => {
        const byId = new Map([...s, ...l].map((x) => [x.id, x]));
        for (const m of autoMatch(s, l, w).matches) {
          const st = sum(m.statementLineIds.map((id) => byId.get(id)?.amount ?? 'x'));
          const le = sum(m.entryLineIds.map((id) => byId.get(id)?.amount ?? 'x'));
          expect(compare(st, le)).toBe(0);
          expect(m.statementLineIds.length).toBeGreaterThan(0);
          expect(m.entryLineIds.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('never matches a line twice', () => {
    fc.assert(
      fc.property(cases, ([s, l, w]) => {
        const seen = new Set<string>();
        for (const m of autoMatch(s, l, w).matches)
          for (const id of [...m.statementLineIds, ...m.entryLineIds]) {
            expect(seen.has(id)).toBe(false);
            seen.add(id);
          }
      }),
    );
  });

  it('running it again on what is left matches nothing more', () => {
    fc.assert(
      fc.property(cases, ([s, l, w]) => {
        const used = new Set(autoMatch(s, l, w).matches.flatMap((m) => [...m.statementLineIds, ...m.entryLineIds]));
        const again = autoMatch(
          s.filter((x) => !used.has(x.id)),
          l.filter((x) => !used.has(x.id)),
          w,
        );
        expect(again.matches).toEqual([]);
      }),
    );
  });

  it('matches every line of a statement that mirrors the ledger line for line (distinct amounts)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 50 }), dates, (values, date) => {
        const l = values.map((v, i) => line(`l${i}`, date, add(String(v), '0')));
        const s = values.map((v, i) => line(`s${i}`, date, neg(neg(String(v)))));
        expect(autoMatch(s, l, 0).matches).toHaveLength(values.length);
      }),
    );
  });
});
