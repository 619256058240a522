import fc from 'fast-check';
import { QueryTypes } from 'sequelize';
import request from 'supertest';
import { ENTRY_NUMBER_PATTERN, JOURNALS, type AccountingEntry, type EntryListResponse, type Journal } from '@xaalis/contracts';
import { fromCents } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, createCompany } from '../../test-support';
import { insertMissingAccounts } from '../accounts';
import { referenceAccount } from '../chart';

// Property: whatever sequence of entries users type, validate and cancel (run
// concurrently through the API), the ledger stays consistent: debits equal
// credits over everything posted, every cancelled entry nets to zero with its
// reversal on every account, account balances are those of the entries still
// standing, numbers have no gaps, and the list's counters agree.
let service: RunningService;

const CODES = ['4111', '4011', '521', '571', '601', '701', '706', '4431', '6222'];

/** One entry of a scenario: balanced lines in cents, and what happens to it. */
interface EntrySpec {
  journal: Journal;
  date: string;
  lines: { account: number; debit: bigint; credit: bigint }[];
  fate: 'draft' | 'validated' | 'cancelled';
}

const amount = fc.bigInt({ min: 1n, max: 10_000_000_000n }); // up to 100 000 000.00 XOF per line

/** Debits drawn at random, the same total split at random cut points on the credit side. */
const balancedLines = fc
  .array(amount, { minLength: 1, maxLength: 3 })
  .chain((debits) => {
    const total = debits.reduce((a, b) => a + b, 0n);
    const cuts = total > 1n ? fc.uniqueArray(fc.bigInt({ min: 1n, max: total - 1n }), { maxLength: 2 }) : fc.constant([] as bigint[]);
    return fc.record({
      debits: fc.constant(debits),
      total: fc.constant(total),
      cuts,
      accounts: fc.array(fc.nat(CODES.length - 1), { minLength: 6, maxLength: 6 }),
    });
  })
  .map(({ debits, total, cuts, accounts }) => {
    const bounds = [0n, ...[...cuts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), total];
    const credits = bounds.slice(1).map((b, i) => b - bounds[i]);
    return [
      ...debits.map((d, i) => ({ account: accounts[i], debit: d, credit: 0n })),
      ...credits.map((c, i) => ({ account: accounts[3 + i], debit: 0n, credit: c })),
    ];
  });

const entrySpec: fc.Arbitrary<EntrySpec> = fc.record({
  journal: fc.constantFrom(...JOURNALS),
  date: fc.integer({ min: 0, max: 729 }).map((d) => new Date(Date.UTC(2025, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)),
  lines: balancedLines,
  fate: fc.constantFrom('draft', 'validated', 'cancelled'),
});

beforeAll(async () => {
  service = await start({ port: 0 });
});

afterAll(async () => {
  await service.close();
});

it('keeps the ledger balanced through random entries, validations and cancellations', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(entrySpec, { minLength: 1, maxLength: 8 }), async (specs) => {
      const company = await createCompany(service);
      const tenant = asTenant(company.id);
      const accountIds = await service.ctx.sequelize.transaction(async (t) => {
        await insertMissingAccounts(
          service.ctx.sequelize,
          t,
          company.id,
          CODES.map((c) => referenceAccount(c)!),
        );
        const rows = await service.ctx.sequelize.query<{ id: string; code: string }>(
          'SELECT id, code FROM accounting.accounts WHERE company_id = $1',
          {
            bind: [company.id],
            type: QueryTypes.SELECT,
            transaction: t,
          },
        );
        return CODES.map((code) => rows.find((r) => r.code === code)!.id);
      });

      // Every entry's life runs concurrently with the others'.
      await Promise.all(
        specs.map(async (spec) => {
          const created = await request(service.app)
            .post(`/api/companies/${company.id}/accounting-entries`)
            .set(tenant)
            .send({
              entry: {
                number: `${spec.journal}-${spec.date.slice(0, 4)}-00001`,
                journal: spec.journal,
                date: spec.date,
                description: 'Écriture aléatoire',
              },
              lines: spec.lines.map((l, i) => ({
                accountId: accountIds[l.account],
                description: `ligne ${i + 1}`,
                debit: fromCents(l.debit),
                credit: fromCents(l.credit),
              })),
            })
            .expect(201);
          const entry = created.body as AccountingEntry;
          if (spec.fate === 'draft') return;
          await request(service.app).patch(`/api/accounting-entries/${entry.id}/validate`).set(tenant).expect(200);
          // Once validated, edits are refused.
          await request(service.app).delete(`/api/accounting-entries/${entry.id}`).set(tenant).expect(409);
          if (spec.fate === 'cancelled')
            await request(service.app).post(`/api/accounting-entries/${entry.id}/cancel`).set(tenant).expect(200);
        }),
      );

      const sql = <T extends object>(text: string) => service.ctx.sequelize.query<T>(text, { bind: [company.id], type: QueryTypes.SELECT });

      // 1. Debits = credits over everything posted (validated, cancelled and their reversals).
      const [posted] = await sql<{ debit: string; credit: string }>(
        `SELECT coalesce(sum(l.debit), 0)::text AS debit, coalesce(sum(l.credit), 0)::text AS credit
           FROM accounting.accounting_entry_lines l JOIN accounting.accounting_entries e ON e.id = l.entry_id
          WHERE e.company_id = $1 AND e.status IN ('validated', 'cancelled')`,
      );
      expect(posted.debit).toBe(posted.credit);

      // 2. Each cancelled entry has one reversal, and the pair nets to zero on every account.
      const pairs = await sql<{ id: string; reversals: number; linked: boolean }>(
        `SELECT e.id, count(r.id)::int AS reversals, bool_and(r.id = e.reversed_by_id) AS linked
           FROM accounting.accounting_entries e LEFT JOIN accounting.accounting_entries r ON r.reversal_of_id = e.id
          WHERE e.company_id = $1 AND e.status = 'cancelled' GROUP BY e.id`,
      );
      expect(pairs).toHaveLength(specs.filter((s) => s.fate === 'cancelled').length);
      for (const p of pairs) expect(p).toMatchObject({ reversals: 1, linked: true });
      const notNetted = await sql(
        `SELECT e.id, l.account_id
           FROM accounting.accounting_entries e
           JOIN accounting.accounting_entry_lines l ON l.entry_id IN (e.id, e.reversed_by_id)
          WHERE e.company_id = $1 AND e.status = 'cancelled'
          GROUP BY e.id, l.account_id HAVING sum(l.debit - l.credit) <> 0`,
      );
      expect(notNetted).toEqual([]);

      // 3. Account balances are those of the entries still standing (validated, not cancelled).
      const expected = new Map<string, bigint>();
      for (const s of specs.filter((x) => x.fate === 'validated')) {
        for (const l of s.lines) expected.set(accountIds[l.account], (expected.get(accountIds[l.account]) ?? 0n) + l.debit - l.credit);
      }
      const balances = await sql<{ account_id: string; balance: string }>(
        `SELECT l.account_id, sum(l.debit - l.credit)::text AS balance
           FROM accounting.accounting_entry_lines l JOIN accounting.accounting_entries e ON e.id = l.entry_id
          WHERE e.company_id = $1 AND e.status IN ('validated', 'cancelled') GROUP BY l.account_id`,
      );
      for (const id of accountIds) {
        const actual = balances.find((b) => b.account_id === id)?.balance ?? '0.00';
        expect(actual).toBe(fromCents(expected.get(id) ?? 0n));
      }

      // 4. Numbers: per journal and year, exactly 1..n.
      const numbers = await sql<{ number: string }>('SELECT number FROM accounting.accounting_entries WHERE company_id = $1');
      const series = new Map<string, number[]>();
      for (const { number } of numbers) {
        const m = ENTRY_NUMBER_PATTERN.exec(number)!;
        expect(m).not.toBeNull();
        const key = `${m[1]}-${m[2]}`;
        series.set(key, [...(series.get(key) ?? []), Number(m[3])]);
      }
      for (const seqs of series.values()) expect(seqs.sort((a, b) => a - b)).toEqual(seqs.map((_, i) => i + 1));

      // 5. The list's counters agree with the scenario.
      const list = (await request(service.app).get(`/api/companies/${company.id}/accounting-entries`).set(tenant).expect(200))
        .body as EntryListResponse;
      const count = (fate: EntrySpec['fate']) => specs.filter((s) => s.fate === fate).length;
      const totalOf = (s: EntrySpec) => s.lines.reduce((a, l) => a + l.debit, 0n);
      // Validated entries plus the reversals, each equal to its cancelled original.
      const validatedAmount = specs.filter((s) => s.fate !== 'draft').reduce((a, s) => a + totalOf(s), 0n);
      expect(list.counters).toEqual({
        total: specs.length + count('cancelled'),
        validated: count('validated') + count('cancelled'), // the reversals are validated entries
        draft: count('draft'),
        cancelled: count('cancelled'),
        totalAmount: fromCents(validatedAmount),
      });
    }),
    { numRuns: 20 },
  );
}, 120_000);
