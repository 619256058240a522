import fc from 'fast-check';
import request from 'supertest';
import { type BalanceSheet, type CashFlowStatement, type IncomeStatement, type ReportYears, type TrialBalance } from '@xaalis/contracts';
import { fromCents } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, createCompany, pinDate } from '../../test-support';
import { ensureAccounts, naiveBalances, postSql, storedAndRebuiltBalances, type EntrySpec, type Fate } from '../../test-support/ledger';

// Property: on random journals (any accounts, including ones the SYSCOHADA
// tables do not name, creditor cash, transit accounts; drafts, cancellations
// with reversals in another month or year), the reports' identities hold and
// the trial balance is the naive sum of the lines, for any date range.
let service: RunningService;

beforeAll(async () => {
  pinDate('2026-11-24T10:00:00Z');
  service = await start({ port: 0 });
});

afterAll(async () => {
  jest.useRealTimers();
  await service.close();
});

const CODES = [
  '101',
  '109',
  '121',
  '129',
  '131',
  '162',
  '185',
  '186',
  '2181',
  '2441',
  '2845',
  '2918',
  '3111',
  '391',
  '409',
  '4111',
  '419',
  '4011',
  '4431',
  '4452',
  '4726',
  '478',
  '485',
  '521',
  '531',
  '571',
  '585',
  '5521',
  '601',
  '6031',
  '609',
  '6813',
  '701',
  '706',
  '754',
  '812',
  '826',
  '89',
  '9001',
];

// Days on and around month boundaries, where the monthly balances meet the lines.
const day = fc
  .record({ year: fc.constantFrom(2025, 2026), month: fc.integer({ min: 1, max: 12 }), d: fc.constantFrom(1, 2, 15, 28, 31) })
  .map(({ year, month, d }) =>
    new Date(Date.UTC(year, month - 1, Math.min(d, new Date(Date.UTC(year, month, 0)).getUTCDate()))).toISOString().slice(0, 10),
  );

const entry: fc.Arbitrary<EntrySpec> = fc
  .record({
    date: day,
    reversalDate: day,
    debits: fc.array(fc.bigInt({ min: 1n, max: 5_000_000_00n }), { minLength: 1, maxLength: 3 }),
    accounts: fc.array(fc.constantFrom(...CODES), { minLength: 4, maxLength: 4 }),
    fate: fc.constantFrom<Fate>('validated', 'validated', 'validated', 'cancelled', 'draft'),
  })
  .map(({ date, reversalDate, debits, accounts, fate }) => {
    const total = debits.reduce((a, b) => a + b, 0n);
    const lines: [string, bigint, bigint][] = debits.map((d, i) => [accounts[i], d, 0n]);
    // One or two credit lines for the same total.
    const half = total / 2n;
    if (half > 0n && accounts[3] !== accounts[2]) lines.push([accounts[3], 0n, half], [accounts[2], 0n, total - half]);
    else lines.push([accounts[3], 0n, total]);
    return { date, reversalDate: reversalDate < date ? date : reversalDate, lines, fate };
  });

it('keeps every report identity on random journals', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(entry, { minLength: 1, maxLength: 12 }),
      fc.tuple(day, day, fc.nat(), fc.nat(), fc.boolean()),
      async (specs, [x, y, i, j, onEntries]) => {
        const company = await createCompany(service);
        const tenant = asTenant(company.id);
        const ids = await ensureAccounts(service.ctx.sequelize, company.id, CODES);
        for (const spec of specs) await postSql(service.ctx.sequelize, company.id, ids, spec);
        const api = `/api/companies/${company.id}/reports`;
        const get = async <T>(path: string) => (await request(service.app).get(`${api}/${path}`).set(tenant).expect(200)).body as T;

        // The monthly balances are the lines.
        const { stored, rebuilt } = await storedAndRebuiltBalances(service.ctx.sequelize, company.id);
        expect(stored).toEqual(rebuilt);

        // The trial balance of any range is the naive sum, and balances.
        // Ranges starting or ending on an entry's own date half of the time.
        const [a, b] = onEntries ? [specs[i % specs.length].date, specs[j % specs.length].date] : [x, y];
        const [from, to] = a <= b ? [a, b] : [b, a];
        const tb = await get<TrialBalance>(`trial-balance?from=${from}&to=${to}`);
        expect(tb.checks.balanced).toBe(true);
        const period = naiveBalances(specs, from, to);
        const before = naiveBalances(specs, '0000-01-01', addDaysIso(from, -1));
        for (const row of tb.rows) {
          const p = period.get(row.accountCode) ?? { debit: 0n, credit: 0n };
          const o = before.get(row.accountCode) ?? { debit: 0n, credit: 0n };
          const opening = o.debit - o.credit;
          expect([row.periodDebit, row.periodCredit]).toEqual([fromCents(p.debit), fromCents(p.credit)]);
          expect([row.openingDebit, row.openingCredit]).toEqual(
            opening >= 0n ? [fromCents(opening), '0.00'] : ['0.00', fromCents(-opening)],
          );
        }

        // The statements' checks, for both years.
        const known = (await get<ReportYears>('years')).years.map((y) => y.year);
        expect(known[0]).toBe(2026);
        for (const year of known) {
          const bs = await get<BalanceSheet>(`balance-sheet?year=${year}`);
          const cr = await get<IncomeStatement>(`income-statement?year=${year}`);
          const tft = await get<CashFlowStatement>(`cash-flow-statement?year=${year}`);
          expect(bs.checks).toEqual({
            assetsEqualLiabilities: true,
            previousAssetsEqualLiabilities: true,
            resultMatchesIncomeStatement: true,
          });
          expect(cr.checks).toEqual({ resultMatchesLedger: true });
          expect(tft.checks).toEqual({ flowsReconcile: true, closingMatchesTreasury: true });
          const cj = bs.passif.find((l) => l.ref === 'CJ')!;
          const has13 = specs.some((s) => s.fate !== 'draft' && s.lines.some(([code]) => code.startsWith('13')));
          if (!has13) expect(cj.amounts.current).toBe(cr.netResult);
        }
      },
    ),
    { numRuns: 25 },
  );
}, 180_000);

it('balances to a date inside a month (month total less the lines after it), on its first and last day, equal the plain sums', async () => {
  const company = await createCompany(service);
  const tenant = asTenant(company.id);
  const ids = await ensureAccounts(service.ctx.sequelize, company.id, CODES);
  const spec = (date: string, amount: bigint, fate: Fate = 'validated'): EntrySpec => ({
    date,
    reversalDate: date,
    lines: [
      ['521', amount, 0n],
      ['706', 0n, amount],
    ],
    fate,
  });
  // Lines before, on and after the 20th of March and April 2026, drafts and cancelled ones after it too.
  const specs = [
    spec('2026-01-10', 100_00n),
    spec('2026-02-28', 7_00n),
    spec('2026-03-01', 11_00n),
    spec('2026-03-19', 13_00n),
    spec('2026-03-20', 17_00n),
    spec('2026-03-21', 19_00n),
    spec('2026-03-25', 23_00n, 'draft'),
    spec('2026-03-28', 29_00n, 'cancelled'),
    spec('2026-03-31', 31_00n),
    spec('2026-04-02', 37_00n),
    spec('2026-04-30', 41_00n),
  ];
  for (const s of specs) await postSql(service.ctx.sequelize, company.id, ids, s);
  const ranges = [
    ['2026-01-01', '2026-03-20'], // subtracts 21–31 March
    ['2026-01-01', '2026-03-28'],
    ['2026-01-01', '2026-03-01'], // first day of a month: adds its lines
    ['2026-01-01', '2026-03-31'], // last day: whole months only
    ['2026-01-01', '2026-02-28'],
    ['2026-03-01', '2026-03-30'], // within one month from its 1st
    ['2026-03-15', '2026-04-29'], // cut head and a tail taken off April's total
    ['2026-03-02', '2026-03-29'], // within one month, from mid-month
  ];
  for (const [from, to] of ranges) {
    const tb = (
      await request(service.app).get(`/api/companies/${company.id}/reports/trial-balance?from=${from}&to=${to}`).set(tenant).expect(200)
    ).body as TrialBalance;
    const period = naiveBalances(specs, from, to);
    const before = naiveBalances(specs, '0000-01-01', addDaysIso(from, -1));
    for (const code of ['521', '706']) {
      const row = tb.rows.find((r) => r.accountCode === code);
      const p = period.get(code) ?? { debit: 0n, credit: 0n };
      const o = before.get(code) ?? { debit: 0n, credit: 0n };
      const opening = o.debit - o.credit;
      expect({ from, to, code, d: row?.periodDebit ?? '0.00', c: row?.periodCredit ?? '0.00' }).toEqual({
        from,
        to,
        code,
        d: fromCents(p.debit),
        c: fromCents(p.credit),
      });
      expect([row?.openingDebit ?? '0.00', row?.openingCredit ?? '0.00']).toEqual(
        opening >= 0n ? [fromCents(opening), '0.00'] : ['0.00', fromCents(-opening)],
      );
    }
  }
});

function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
