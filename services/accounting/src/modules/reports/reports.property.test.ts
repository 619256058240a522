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

function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
