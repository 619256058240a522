import request from 'supertest';
import { QueryTypes } from 'sequelize';
import type {
  BalanceSheet,
  CashFlowStatement,
  DashboardData,
  GeneralLedger,
  IncomeStatement,
  ReportLine,
  ReportYears,
  TrialBalance,
} from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, createCompany, pinDate } from '../../test-support';
import { credit, debit, ensureAccounts, entryOn, postSql, storedAndRebuiltBalances, type EntrySpec } from '../../test-support/ledger';

let service: RunningService;

beforeAll(async () => {
  service = await start({ port: 0 });
});

afterAll(async () => {
  jest.useRealTimers();
  await service.close();
});

const CODES = ['101', '162', '2441', '2844', '4011', '4111', '4431', '4452', '521', '571', '601', '6813', '6712', '661', '701', '706'];

/** A small year of a workshop: capital, a loan, equipment and its depreciation, sales, purchases, payments, wages. */
const YEAR_2025: EntrySpec[] = [
  entryOn('2025-01-02', debit('521', 5_000_000), credit('101', 5_000_000)),
  entryOn('2025-02-01', debit('521', 3_000_000), credit('162', 3_000_000)),
  entryOn('2025-03-10', debit('2441', 2_400_000), credit('521', 2_400_000)),
  entryOn('2025-04-15', debit('4111', 1_180_000), credit('701', 1_000_000), credit('4431', 180_000)),
  entryOn('2025-05-20', debit('521', 1_180_000), credit('4111', 1_180_000)),
  entryOn('2025-06-30', debit('601', 400_000), debit('4452', 72_000), credit('4011', 472_000)),
  entryOn('2025-12-31', debit('6813', 480_000), credit('2844', 480_000)),
];
const YEAR_2026: EntrySpec[] = [
  entryOn('2026-01-31', debit('162', 500_000), debit('6712', 20_000), credit('521', 520_000)),
  entryOn('2026-03-15', debit('4111', 2_360_000), credit('706', 2_000_000), credit('4431', 360_000)),
  entryOn('2026-04-10', debit('571', 800_000), credit('4111', 800_000)),
  entryOn('2026-05-31', debit('661', 300_000), credit('571', 300_000)),
  entryOn('2026-06-15', debit('4011', 472_000), credit('521', 472_000)),
  // Cancelled: it and its reversal both count, and net to zero.
  { ...entryOn('2026-07-01', debit('4111', 99_000), credit('706', 99_000)), fate: 'cancelled', reversalDate: '2026-07-05' },
  // Drafts never count.
  { ...entryOn('2026-08-01', debit('521', 7_777_000), credit('706', 7_777_000)), fate: 'draft' },
  // Another, on a day that also has posted lines of the same accounts.
  { ...entryOn('2026-04-10', credit('4111', 5_555), debit('571', 5_555)), fate: 'draft' },
];

async function seededCompany() {
  const company = await createCompany(service, { name: 'Atelier Ndiaye SARL' });
  const ids = await ensureAccounts(service.ctx.sequelize, company.id, CODES);
  for (const spec of [...YEAR_2025, ...YEAR_2026]) await postSql(service.ctx.sequelize, company.id, ids, spec);
  return { company, ids, tenant: asTenant(company.id) };
}

const get = async <T>(path: string, tenant: Record<string, string>, status = 200) =>
  (await request(service.app).get(path).set(tenant).expect(status)).body as T;
const line = (lines: ReportLine[], ref: string) => lines.find((l) => l.ref === ref)!;

let seeded: Awaited<ReturnType<typeof seededCompany>>;
let api: string;

beforeAll(async () => {
  pinDate('2026-11-24T10:00:00Z');
  seeded = await seededCompany();
  api = `/api/companies/${seeded.company.id}/reports`;
});

describe('monthly balances', () => {
  it('are exactly the posted lines, rebuilt from scratch', async () => {
    const { stored, rebuilt, storedDays, rebuiltDays } = await storedAndRebuiltBalances(service.ctx.sequelize, seeded.company.id);
    expect(stored.length).toBeGreaterThan(10);
    expect(stored).toEqual(rebuilt);
    expect(storedDays.length).toBeGreaterThan(stored.length);
    expect(storedDays).toEqual(rebuiltDays);
  });

  it('are what rebuild_account_balances recomputes, months and days', async () => {
    const { sequelize } = service.ctx;
    const before = await storedAndRebuiltBalances(sequelize, seeded.company.id);
    const transaction = await sequelize.transaction();
    try {
      await sequelize.query('SELECT accounting.rebuild_account_balances($1)', { bind: [seeded.company.id], transaction });
      const q = (sql: string) => sequelize.query(sql, { bind: [seeded.company.id], transaction, type: QueryTypes.SELECT });
      expect(
        await q(`SELECT account_id, month::text, debit::text, credit::text, line_count::text FROM accounting.account_balances
                  WHERE company_id = $1 ORDER BY account_id, month`),
      ).toEqual(before.stored);
      expect(
        await q(`SELECT account_id, day::text, debit::text, credit::text, line_count::text FROM accounting.account_day_balances
                  WHERE company_id = $1 ORDER BY account_id, day`),
      ).toEqual(before.storedDays);
    } finally {
      await transaction.rollback();
    }
  });

  it("follow a draft's date on its lines, and refuse re-dating an entry while validating it", async () => {
    const { sequelize } = service.ctx;
    const id = await postSql(sequelize, seeded.company.id, seeded.ids, {
      ...entryOn('2026-09-01', debit('521', 1), credit('706', 1)),
      fate: 'draft',
    });
    await sequelize.query(`UPDATE accounting.accounting_entries SET date = '2026-09-20' WHERE id = $1`, { bind: [id] });
    const [dates] = await sequelize.query(
      `SELECT DISTINCT entry_date::text AS d FROM accounting.accounting_entry_lines WHERE entry_id = $1`,
      {
        bind: [id],
      },
    );
    expect(dates).toEqual([{ d: '2026-09-20' }]);
    await expect(
      sequelize.query(`UPDATE accounting.accounting_entries SET date = '2026-10-01', status = 'validated' WHERE id = $1`, { bind: [id] }),
    ).rejects.toThrow(/date/);
    await sequelize.query(`DELETE FROM accounting.accounting_entries WHERE id = $1`, { bind: [id] });
  });
});

describe('GET /reports/years', () => {
  it('lists the fiscal years holding entries, current first', async () => {
    const body = await get<ReportYears>(`${api}/years`, seeded.tenant);
    expect(body.years.map((y) => [y.year, y.label, y.start, y.end])).toEqual([
      [2026, '2026', '2026-01-01', '2026-12-31'],
      [2025, '2025', '2025-01-01', '2025-12-31'],
    ]);
  });
});

describe('GET /reports/trial-balance', () => {
  it('gives opening, period and closing per account, and balances', async () => {
    const tb = await get<TrialBalance>(`${api}/trial-balance?from=2026-01-01&to=2026-12-31`, seeded.tenant);
    expect(tb.checks).toEqual({ balanced: true });
    const row = (code: string) => tb.rows.find((r) => r.accountCode === code)!;
    // 521: 5 000 000 + 3 000 000 − 2 400 000 + 1 180 000 = 6 780 000 at the start of 2026, then − 520 000 − 472 000.
    expect(row('521')).toMatchObject({
      openingDebit: '6780000.00',
      periodCredit: '992000.00',
      closingDebit: '5788000.00',
      closingCredit: '0.00',
    });
    // The cancelled sale and its reversal both show in the movements of 706; the draft does not.
    expect(row('706')).toMatchObject({ periodDebit: '99000.00', periodCredit: '2099000.00', closingCredit: '2000000.00' });
    expect(tb.totals.openingDebit).toBe(tb.totals.openingCredit);
    expect(tb.totals.periodDebit).toBe('4650000.00');
    expect(tb.rows.map((r) => r.accountCode)).toEqual([...tb.rows.map((r) => r.accountCode)].sort());
  });

  it('reads a range that cuts months the same as the lines', async () => {
    const tb = await get<TrialBalance>(`${api}/trial-balance?from=2026-03-16&to=2026-07-03`, seeded.tenant);
    const row = (code: string) => tb.rows.find((r) => r.accountCode === code)!;
    // Opening of 4111 on 16 March: 2 360 000 (sale of 15 March); then 800 000 received, the cancelled sale of 1 July.
    expect(row('4111')).toMatchObject({ openingDebit: '2360000.00', periodDebit: '99000.00', periodCredit: '800000.00' });
    // The reversal (5 July) is after the range.
    expect(row('706')).toMatchObject({ periodDebit: '0.00', periodCredit: '99000.00' });
    expect(tb.checks.balanced).toBe(true);
    // A cut month holding a draft (10 April): its lines are read, the draft's are not.
    const april = await get<TrialBalance>(`${api}/trial-balance?from=2026-04-02&to=2026-04-12`, seeded.tenant);
    expect(april.rows.find((r) => r.accountCode === '4111')).toMatchObject({ periodDebit: '0.00', periodCredit: '800000.00' });
  });
});

describe('Balance to a date inside a month', () => {
  it('equals the plain sums over the posted lines to every day of a month (days added or taken off the month)', async () => {
    const { sequelize } = service.ctx;
    const company = await createCompany(service, { name: 'Boutique Diop' });
    const tenant = asTenant(company.id);
    const ids = await ensureAccounts(sequelize, company.id, ['101', '4111', '521', '571', '701']);
    const specs: EntrySpec[] = [
      entryOn('2025-12-31', debit('521', 1_000_000), credit('101', 1_000_000)),
      entryOn('2026-02-28', debit('4111', 7_000), credit('701', 7_000)),
      entryOn('2026-03-01', debit('4111', 11_000), credit('701', 11_000)),
      entryOn('2026-03-10', debit('521', 11_000), credit('4111', 11_000)),
      entryOn('2026-03-10', debit('571', 3_000), credit('521', 3_000)),
      // Cancelled on the 12th, reversed on the 24th: both count from their own day.
      { ...entryOn('2026-03-12', debit('4111', 50_000), credit('701', 50_000)), fate: 'cancelled', reversalDate: '2026-03-24' },
      entryOn('2026-03-15', debit('4111', 13_000), credit('701', 13_000)),
      entryOn('2026-03-16', debit('521', 500), credit('571', 500)),
      entryOn('2026-03-20', debit('4111', 17_000), credit('701', 17_000)),
      entryOn('2026-03-20', debit('521', 17_000), credit('4111', 17_000)),
      { ...entryOn('2026-03-22', debit('521', 999_000), credit('701', 999_000)), fate: 'draft' },
      entryOn('2026-03-31', debit('4111', 31_000), credit('701', 31_000)),
      entryOn('2026-04-01', debit('4111', 41_000), credit('701', 41_000)),
    ];
    for (const spec of specs) await postSql(sequelize, company.id, ids, spec);
    const from = '2026-01-01';
    for (let d = 1; d <= 31; d++) {
      const to = `2026-03-${String(d).padStart(2, '0')}`;
      const tb = await get<TrialBalance>(`/api/companies/${company.id}/reports/trial-balance?from=${from}&to=${to}`, tenant);
      const plain = await sequelize.query<Record<string, string>>(
        `SELECT code, greatest(o, 0)::numeric(20,2)::text AS "openingDebit", greatest(-o, 0)::numeric(20,2)::text AS "openingCredit",
                d::numeric(20,2)::text AS "periodDebit", c::numeric(20,2)::text AS "periodCredit"
           FROM (SELECT a.code, coalesce(sum(l.debit - l.credit) FILTER (WHERE e.date < $2), 0) AS o,
                        coalesce(sum(l.debit) FILTER (WHERE e.date >= $2), 0) AS d, coalesce(sum(l.credit) FILTER (WHERE e.date >= $2), 0) AS c
                   FROM accounting.accounting_entry_lines l
                   JOIN accounting.accounting_entries e ON e.id = l.entry_id
                   JOIN accounting.accounts a ON a.id = l.account_id
                  WHERE l.company_id = $1 AND e.status <> 'draft' AND e.date <= $3
                  GROUP BY a.code) x
          ORDER BY code`,
        { bind: [company.id, from, to], type: QueryTypes.SELECT },
      );
      const got = plain.map((p) => {
        const r = tb.rows.find((row) => row.accountCode === p.code);
        return {
          code: p.code,
          openingDebit: r?.openingDebit,
          openingCredit: r?.openingCredit,
          periodDebit: r?.periodDebit,
          periodCredit: r?.periodCredit,
        };
      });
      expect({ to, rows: got }).toEqual({ to, rows: plain });
      expect(tb.checks.balanced).toBe(true);
    }
    // Spot checks of the sums themselves: on the 20th, its own lines count; the reversal (24th) does not yet.
    const tb20 = await get<TrialBalance>(`/api/companies/${company.id}/reports/trial-balance?from=${from}&to=2026-03-20`, tenant);
    expect(tb20.rows.find((r) => r.accountCode === '701')).toMatchObject({ periodCredit: '98000.00', periodDebit: '0.00' });
    const tb31 = await get<TrialBalance>(`/api/companies/${company.id}/reports/trial-balance?from=${from}&to=2026-03-31`, tenant);
    expect(tb31.rows.find((r) => r.accountCode === '701')).toMatchObject({ periodCredit: '129000.00', periodDebit: '50000.00' });
  });
});

describe('statements', () => {
  it('Compte de résultat: lines, intermediate balances and net result, N and N−1', async () => {
    const cr = await get<IncomeStatement>(`${api}/income-statement?year=2026`, seeded.tenant);
    expect(line(cr.lines, 'TC').amounts).toEqual({ current: '2000000.00', previous: '0.00' });
    expect(line(cr.lines, 'TA').amounts).toEqual({ current: '0.00', previous: '1000000.00' });
    expect(line(cr.lines, 'XA').amounts.previous).toBe('600000.00'); // 1 000 000 − 400 000
    expect(line(cr.lines, 'RK').amounts.current).toBe('300000.00');
    expect(line(cr.lines, 'RM').amounts.current).toBe('20000.00');
    // 2026: 2 000 000 − 300 000 − 20 000; 2025: 1 000 000 − 400 000 − 480 000.
    expect(line(cr.lines, 'XI').amounts).toEqual({ current: '1680000.00', previous: '120000.00' });
    expect(cr.netResult).toBe('1680000.00');
    expect(cr.checks).toEqual({ resultMatchesLedger: true });
    expect(line(cr.lines, 'TC').accounts).toEqual([
      { accountCode: '706', accountName: 'Compte 706', amounts: { current: '2000000.00', previous: '0.00' } },
    ]);
  });

  it('Bilan: gross, depreciation and net, result of the year in the passif, actif = passif', async () => {
    const bs = await get<BalanceSheet>(`${api}/balance-sheet?year=2026`, seeded.tenant);
    expect(bs.checks).toEqual({ assetsEqualLiabilities: true, previousAssetsEqualLiabilities: true, resultMatchesIncomeStatement: true });
    expect(line(bs.actif, 'AM').amounts).toEqual({
      gross: '2400000.00',
      depreciation: '480000.00',
      net: '1920000.00',
      previousNet: '1920000.00',
    });
    expect(line(bs.passif, 'CJ').amounts).toEqual({ current: '1680000.00', previous: '120000.00' });
    // The 2025 result is not allocated yet: it stays in "Report à nouveau".
    expect(line(bs.passif, 'CH').amounts).toEqual({ current: '120000.00', previous: '0.00' });
    expect(line(bs.passif, 'DA').amounts).toEqual({ current: '2500000.00', previous: '3000000.00' });
    expect(line(bs.actif, 'BZ').amounts.net).toBe(line(bs.passif, 'DZ').amounts.current);
    expect(line(bs.actif, 'BZ').amounts.previousNet).toBe(line(bs.passif, 'DZ').amounts.previous);
    // Treasury: 521 5 788 000 + 571 500 000.
    expect(line(bs.actif, 'BS').amounts.net).toBe('6288000.00');
    expect(bs.unmappedAccounts).toEqual([]);
  });

  it('TFT: CAFG, flows by activity, closing cash = opening + flows = treasury accounts', async () => {
    const tft = await get<CashFlowStatement>(`${api}/cash-flow-statement?year=2026`, seeded.tenant);
    expect(tft.checks).toEqual({ flowsReconcile: true, closingMatchesTreasury: true });
    expect(line(tft.lines, 'ZA').amounts).toEqual({ current: '6780000.00', previous: '0.00' });
    expect(line(tft.lines, 'ZH').amounts).toEqual({ current: '6288000.00', previous: '6780000.00' });
    // 2025: the equipment bought for 2 400 000 is an investment outflow; the CAFG adds back the 480 000 depreciation.
    expect(line(tft.lines, 'FG').amounts.previous).toBe('-2400000.00');
    expect(line(tft.lines, 'FA').amounts.previous).toBe('600000.00');
    expect(line(tft.lines, 'FK').amounts.previous).toBe('5000000.00');
    expect(line(tft.lines, 'FO').amounts.previous).toBe('3000000.00');
    expect(line(tft.lines, 'FQ').amounts.current).toBe('-500000.00');
    // The same closing cash as the dashboard's treasury (its own query over the class 5 accounts).
    const dashboard = await get<DashboardData>(`/api/companies/${seeded.company.id}/dashboard`, seeded.tenant);
    expect(line(tft.lines, 'ZH').amounts.current).toBe(dashboard.treasury);
  });

  it('an unknown year or a malformed one is a 400 in French', async () => {
    expect((await get<{ message: string }>(`${api}/balance-sheet?year=2019`, seeded.tenant, 400)).message).toBe(
      'Exercice inconnu : aucune écriture pour cet exercice',
    );
    expect((await get<{ message: string }>(`${api}/income-statement?year=20x6`, seeded.tenant, 400)).message).toMatch(/Exercice invalide/);
  });
});

describe('GET /reports/general-ledger', () => {
  it('pages the lines of a range of accounts with running balances', async () => {
    const all = await get<GeneralLedger>(
      `${api}/general-ledger?from=2025-01-01&to=2026-12-31&accountFrom=4111&accountTo=4111`,
      seeded.tenant,
    );
    expect(all.total).toBe(6);
    expect(all.accounts).toEqual([
      expect.objectContaining({ accountCode: '4111', openingBalance: '0.00', closingBalance: '1560000.00', lineCount: 6 }),
    ]);
    expect(all.rows.map((r) => r.balance)).toEqual(['1180000.00', '0.00', '2360000.00', '1560000.00', '1659000.00', '1560000.00']);
    const page2 = await get<GeneralLedger>(
      `${api}/general-ledger?from=2025-01-01&to=2026-12-31&accountFrom=4111&accountTo=4111&page=2&pageSize=4`,
      seeded.tenant,
    );
    expect(page2.rows.map((r) => r.balance)).toEqual(['1659000.00', '1560000.00']);
  });

  it('gives any page the same lines and balances as one long page (deep pages start from their month)', async () => {
    // Cut months at both ends; and a whole period holding a draft (on 521 in August), which never counts.
    for (const [from, to] of [
      ['2025-01-01', '2026-07-03'],
      ['2025-04-10', '2026-07-03'],
      ['2025-01-01', '2026-12-31'],
      ['2026-08-01', '2026-08-31'],
    ]) {
      const q = `from=${from}&to=${to}&accountFrom=4&accountTo=5`;
      const all = await get<GeneralLedger>(`${api}/general-ledger?${q}&pageSize=500`, seeded.tenant);
      expect(all.rows.filter((r) => ['7777000.00', '5555.00'].includes(r.debit) || r.credit === '5555.00')).toEqual([]);
      for (const pageSize of [1, 2, 3]) {
        const pages = Math.ceil(all.total / pageSize);
        const rows = [];
        for (let page = 1; page <= pages; page++)
          rows.push(...(await get<GeneralLedger>(`${api}/general-ledger?${q}&pageSize=${pageSize}&page=${page}`, seeded.tenant)).rows);
        expect(rows).toEqual(all.rows);
      }
    }
  });

  it('spans accounts in code order, a page crossing from one to the next', async () => {
    const gl = await get<GeneralLedger>(
      `${api}/general-ledger?from=2026-01-01&to=2026-12-31&accountFrom=52&accountTo=57&pageSize=2&page=2`,
      seeded.tenant,
    );
    expect(gl.accounts.map((a) => [a.accountCode, a.lineCount, a.openingBalance])).toEqual([
      ['521', 2, '6780000.00'],
      ['571', 2, '0.00'],
    ]);
    expect(gl.total).toBe(4);
    expect(gl.rows.map((r) => [r.accountCode, r.date, r.balance])).toEqual([
      ['571', '2026-04-10', '800000.00'],
      ['571', '2026-05-31', '500000.00'],
    ]);
  });

  it('refuses bad ranges and page sizes with French messages', async () => {
    const bad = async (query: string) => (await get<{ message: string }>(`${api}/general-ledger?${query}`, seeded.tenant, 400)).message;
    expect(await bad('from=2026-12-31&to=2026-01-01')).toMatch(/date de début/);
    expect(await bad('from=2010-01-01&to=2026-01-01')).toMatch(/10 ans/);
    expect(await bad('from=2026-01-01&to=2026-12-31&pageSize=501')).toMatch(/taille de page/);
    expect(await bad('from=2026-02-30&to=2026-12-31')).toMatch(/Date invalide/);
    expect(await bad('from=2026-01-01&to=2026-12-31&accountFrom=abc')).toMatch(/compte invalide/i);
  });
});

describe('downloads', () => {
  it('PDF and XLSX with safe file names', async () => {
    const pdf = await request(service.app).get(`${api}/balance-sheet?year=2026&format=pdf`).set(seeded.tenant).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="balance-sheet-2026.pdf"');
    const xlsx = await request(service.app)
      .get(`${api}/trial-balance?from=2026-01-01&to=2026-12-31&format=xlsx`)
      .set(seeded.tenant)
      .buffer(true)
      .expect(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="trial-balance-2026-01-01-2026-12-31.xlsx"');
    const gl = await request(service.app)
      .get(`${api}/general-ledger?from=2026-01-01&to=2026-12-31&format=pdf`)
      .set(seeded.tenant)
      .expect(200);
    expect(gl.headers['content-type']).toBe('application/pdf');
    expect((await get<{ message: string }>(`${api}/balance-sheet?year=2026&format=doc`, seeded.tenant, 400)).message).toMatch(
      /Format invalide/,
    );
  });
});

describe('tenancy', () => {
  it("answers 404 for another company's reports", async () => {
    const other = await createCompany(service);
    const paths = [
      'years',
      'balance-sheet?year=2026',
      'income-statement?year=2026',
      'cash-flow-statement?year=2026',
      'trial-balance?from=2026-01-01&to=2026-12-31',
      'general-ledger?from=2026-01-01&to=2026-12-31',
      'balance-sheet?year=2026&format=pdf',
    ];
    for (const path of paths) await request(service.app).get(`${api}/${path}`).set(asTenant(other.id)).expect(404);
  });

  it("another company's lines never show", async () => {
    const other = await createCompany(service);
    const tb = await get<TrialBalance>(
      `/api/companies/${other.id}/reports/trial-balance?from=2026-01-01&to=2026-12-31`,
      asTenant(other.id),
    );
    expect(tb.rows.every((r) => r.periodDebit === '0.00' && r.openingDebit === '0.00')).toBe(true);
  });
});

describe('fiscal years that do not start on 1 January', () => {
  it('follow company.fiscalYear, mid-month starts included (read from the lines of the cut months)', async () => {
    const { company, ids, tenant } = await seededCompany();
    await service.ctx.sequelize.query(`UPDATE accounting.companies SET fiscal_year = '04-15' WHERE id = $1`, { bind: [company.id] });
    await postSql(service.ctx.sequelize, company.id, ids, entryOn('2026-04-14', debit('571', 1_000), credit('706', 1_000)));
    await postSql(service.ctx.sequelize, company.id, ids, entryOn('2026-04-15', debit('571', 2_000), credit('706', 2_000)));
    const base = `/api/companies/${company.id}/reports`;
    const { years } = await get<ReportYears>(`${base}/years`, tenant);
    expect(years.map((y) => [y.year, y.label, y.start, y.end])).toEqual([
      [2026, '2026-2027', '2026-04-15', '2027-04-14'],
      [2025, '2025-2026', '2025-04-15', '2026-04-14'],
      [2024, '2024-2025', '2024-04-15', '2025-04-14'],
    ]);
    const cr = await get<IncomeStatement>(`${base}/income-statement?year=2026`, tenant);
    // 2026-2027 holds the sale of 15 April 2026 (and the cancelled one, netted); 2025-2026 the 14 April and 15 March ones.
    expect(line(cr.lines, 'TC').amounts).toEqual({ current: '2000.00', previous: '2001000.00' });
    const bs = await get<BalanceSheet>(`${base}/balance-sheet?year=2026`, tenant);
    expect(Object.values(bs.checks).every(Boolean)).toBe(true);
    const tft = await get<CashFlowStatement>(`${base}/cash-flow-statement?year=2025`, tenant);
    expect(Object.values(tft.checks).every(Boolean)).toBe(true);
  });
});
