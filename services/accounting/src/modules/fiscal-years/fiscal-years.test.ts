import request from 'supertest';
import { QueryTypes } from 'sequelize';
import {
  MESSAGES_FISCAL_YEAR,
  type Account,
  type BalanceSheet,
  type DashboardData,
  type GeneralLedger,
  type IncomeStatement,
  type TrialBalance,
  type TreasuryData,
  type FiscalYear,
  type FiscalYearCloseRefusal,
  type FiscalYearJobStatus,
  type FiscalYearListResponse,
} from '@xaalis/contracts';
import { mustExist, type RunningService, type RunningWorker } from '@xaalis/service-kit';
import { start } from '../../server';
import { startWorker } from '../../worker';
import { invoicePayload, invoicingWorld, createInvoice, type InvoicingWorld } from '../../test-support/invoicing';
import { asTenant, companyWithChart } from '../../test-support';
import { ledgerWrite, postEntry } from '../posting';
import { portfolioService } from '../portfolio';
import { closeFiscalYear } from '.';

// Fiscal-year closing end to end: real service, Postgres and BullMQ worker.
let service: RunningService;
let worker: RunningWorker;
/** Profit case (2024), invoices. */
let a: InvoicingWorld;
/** Loss case (2023), then 2024: order, drafts, reopen rules. */
let b: { id: string; accounts: Map<string, Account> };

const http = () => request(service.app);
const db = () => service.ctx.sequelize;
const base = (companyId: string) => `/api/companies/${companyId}/fiscal-years`;
/** Closes or reopens the year starting `start`, as `tenant` (by default the company itself). */
const yearAction = (companyId: string, start: string, action: 'close' | 'reopen', tenant = asTenant(companyId)) =>
  http()
    .post(`${base(companyId)}/${start}/${action}`)
    .set(tenant);
const CLOSED = /^L'exercice 2024 est clôturé : aucune écriture ne peut y être passée, validée ou annulée\.$/;

async function post(companyId: string, date: string, lines: [string, string, string][]) {
  // [account code, debit, credit]
  return ledgerWrite(
    db(),
    (transaction) =>
      postEntry(transaction, {
        companyId,
        journal: 'OD',
        date,
        description: `Test ${date}`,
        lines: lines.map(([accountCode, debit, credit]) => ({ accountCode, description: 'x', debit, credit })),
      }),
    (e) => e,
  );
}

const list = async (companyId: string) =>
  ((await http().get(base(companyId)).set(asTenant(companyId)).expect(200)).body as FiscalYearListResponse).items;
const year = async (companyId: string, start: string) =>
  mustExist(
    (await list(companyId)).find((y) => y.start === start),
    'year',
  );

async function closeAndWait(companyId: string, start: string): Promise<FiscalYearJobStatus> {
  const res = await yearAction(companyId, start, 'close');
  expect(res.status).toBe(202);
  const { jobId } = res.body as { jobId: string };
  for (let i = 0; i < 200; i++) {
    const s = (
      await http()
        .get(`${base(companyId)}/jobs/${jobId}`)
        .set(asTenant(companyId))
        .expect(200)
    ).body as FiscalYearJobStatus;
    if (s.state === 'completed' || s.state === 'failed') return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('closing still running');
}

/** An entry's lines as "code D|C amount", sorted. */
async function linesOf(number: string | null, companyId: string): Promise<string[]> {
  const rows = await db().query<{ code: string; debit: string; credit: string }>(
    `SELECT a.code, l.debit, l.credit FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id JOIN accounting.accounts a ON a.id = l.account_id
      WHERE e.company_id = $1 AND e.number = $2`,
    { bind: [companyId, number], type: QueryTypes.SELECT },
  );
  return rows.map((r) => (Number(r.debit) > 0 ? `${r.code} D ${r.debit}` : `${r.code} C ${r.credit}`)).sort();
}

const entryCount = async (companyId: string) =>
  Number(
    (
      await db().query<{ n: string }>('SELECT count(*) AS n FROM accounting.accounting_entries WHERE company_id = $1', {
        bind: [companyId],
        type: QueryTypes.SELECT,
      })
    )[0].n,
  );

async function sqlState(promise: Promise<unknown>): Promise<{ code?: string; message?: string }> {
  const err = (await promise.then(
    () => ({}),
    (e: unknown) => e,
  )) as { parent?: { code?: string; message?: string } };
  return err.parent ?? {};
}

beforeAll(async () => {
  service = await start({ port: 0 });
  worker = await startWorker();
  a = await invoicingWorld(service);
  const cb = await companyWithChart(service);
  b = { id: cb.company.id, accounts: cb.accounts };
  // A, 2024: capital 1 000 000, sales 500 000, rent 200 000 → profit 300 000.
  await post(a.company.id, '2024-01-10', [
    ['521', '1000000.00', '0'],
    ['101', '0', '1000000.00'],
  ]);
  await post(a.company.id, '2024-03-01', [
    ['521', '500000.00', '0'],
    ['706', '0', '500000.00'],
  ]);
  await post(a.company.id, '2024-06-30', [
    ['6222', '200000.00', '0'],
    ['521', '0', '200000.00'],
  ]);
  // B, 2023: capital 1 000 000, rent 100 000 → loss 100 000; 2024: one sale.
  await post(b.id, '2023-02-01', [
    ['521', '1000000.00', '0'],
    ['101', '0', '1000000.00'],
  ]);
  await post(b.id, '2023-05-01', [
    ['6222', '100000.00', '0'],
    ['521', '0', '100000.00'],
  ]);
  await post(b.id, '2024-04-01', [
    ['521', '50000.00', '0'],
    ['706', '0', '50000.00'],
  ]);
});

afterAll(async () => {
  await worker?.close();
  await service?.close();
});

describe('fiscal-year closing', () => {
  it('closes a profitable year: OD closing entry to 131, AN entry carrying classes 1–5 with 131 → 130; the year is closed', async () => {
    const before = await year(a.company.id, '2024-01-01');
    expect(before).toMatchObject({ status: 'open', result: '300000.00', entryCount: 3, draftCount: 0, canClose: true, label: '2024' });
    const status = await closeAndWait(a.company.id, '2024-01-01');
    // The one job-status shape: percent done, the result, no error.
    expect(status).toMatchObject({ state: 'completed', done: 100, total: 100 });
    expect(status.error).toBeUndefined();
    const result = mustExist(status.result, 'result');
    expect(result).toMatchObject({ applied: true, result: '300000.00' });
    expect(await linesOf(result.closingEntryNumber, a.company.id)).toEqual(['131 C 300000.00', '6222 C 200000.00', '706 D 500000.00']);
    expect(await linesOf(result.openingEntryNumber, a.company.id)).toEqual(['101 C 1000000.00', '130 C 300000.00', '521 D 1300000.00']);
    const [closing, opening] = await db().query<{ number: string; journal: string; date: string; status: string }>(
      `SELECT number, journal, to_char(date, 'YYYY-MM-DD') AS date, status FROM accounting.accounting_entries
        WHERE company_id = $1 AND number = ANY($2::text[]) ORDER BY date`,
      { bind: [a.company.id, [result.closingEntryNumber, result.openingEntryNumber]], type: QueryTypes.SELECT },
    );
    expect(closing).toMatchObject({ journal: 'OD', date: '2024-12-31', status: 'validated' });
    expect(opening).toMatchObject({ journal: 'AN', date: '2025-01-01', status: 'validated' });
    const after = await year(a.company.id, '2024-01-01');
    expect(after).toMatchObject({ status: 'closed', result: '300000.00', canClose: false, canReopen: true });
    expect(after.closedAt).not.toBeNull();
    const audit = await db().query<{ action: string }>(
      `SELECT action FROM accounting.audit_events WHERE company_id = $1 AND object_type = 'fiscal-year'`,
      { bind: [a.company.id], type: QueryTypes.SELECT },
    );
    expect(audit.map((e) => e.action)).toEqual(['closed']);
  });

  it('is applied once: the same job delivered again changes nothing; closing again is a 409', async () => {
    const n = await entryCount(a.company.id);
    const jobId = `fiscal-year-${a.company.id}-2024-01-01-1`;
    const again = await closeFiscalYear(db(), { companyId: a.company.id, start: '2024-01-01', userId: null, jobId }, async () => {});
    expect(again.applied).toBe(false);
    expect(await entryCount(a.company.id)).toBe(n);
    const res = await yearAction(a.company.id, '2024-01-01', 'close').expect(409);
    expect(res.body.message).toBe(MESSAGES_FISCAL_YEAR.alreadyClosed('2024'));
  });

  it('the database refuses, in SQL, an entry inserted, redated or cancelled into the closed year', async () => {
    const insert = await sqlState(
      db().query(
        `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description) VALUES ($1, 'X-1', 'OD', '2024-06-01', 'x')`,
        { bind: [a.company.id] },
      ),
    );
    expect(insert).toMatchObject({ code: 'XA010' });
    expect(insert.message).toMatch(CLOSED);
    const [draft] = await db().query<{ id: string }>(
      `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description) VALUES ($1, 'X-2', 'OD', '2025-06-01', 'x') RETURNING id`,
      { bind: [a.company.id], type: QueryTypes.SELECT },
    );
    expect(
      (await sqlState(db().query(`UPDATE accounting.accounting_entries SET date = '2024-06-01' WHERE id = $1`, { bind: [draft.id] }))).code,
    ).toBe('XA010');
    await db().query('DELETE FROM accounting.accounting_entries WHERE id = $1', { bind: [draft.id] });
    const [inYear, later] = await db().query<{ id: string }>(
      `SELECT id FROM accounting.accounting_entries WHERE company_id = $1 AND date IN ('2024-03-01', '2025-01-01') ORDER BY date`,
      { bind: [a.company.id], type: QueryTypes.SELECT },
    );
    const cancel = await sqlState(
      db().query(`UPDATE accounting.accounting_entries SET status = 'cancelled', reversed_by_id = $2 WHERE id = $1`, {
        bind: [inYear.id, later.id],
      }),
    );
    expect(cancel.code).toBe('XA010');
    // Through the API: the cancellation (reversal dated today) is a 409 with the French message, nothing written.
    const n = await entryCount(a.company.id);
    const res = await http().post(`/api/accounting-entries/${inYear.id}/cancel`).set(asTenant(a.company.id)).expect(409);
    expect(res.body.message).toMatch(CLOSED);
    expect(await entryCount(a.company.id)).toBe(n);
  });

  it('an invoice validated with a date in the closed year is a 409 with the French message, and nothing is written', async () => {
    const invoice = await createInvoice(
      service,
      a.company.id,
      invoicePayload(a, { number: 'FV-2024-0099', date: '2024-11-02', dueDate: '2024-12-02' }),
    );
    const n = await entryCount(a.company.id);
    const res = await http().patch(`/api/invoices/${invoice.id}/validate`).set(asTenant(a.company.id)).expect(409);
    expect(res.body.message).toMatch(CLOSED);
    expect(await entryCount(a.company.id)).toBe(n);
    const [row] = await db().query<{ status: string }>('SELECT status FROM accounting.invoices WHERE id = $1', {
      bind: [invoice.id],
      type: QueryTypes.SELECT,
    });
    expect(row.status).toBe('draft');
  });

  it('reopens the last closed year: both entries reversed at their dates, the year open with its result back; it closes again', async () => {
    const closed = await year(a.company.id, '2024-01-01');
    const res = await yearAction(a.company.id, '2024-01-01', 'reopen').expect(200);
    expect(res.body as FiscalYear).toMatchObject({ status: 'open', result: '300000.00', canClose: true });
    const reversals = await db().query<{ date: string; status: string }>(
      `SELECT to_char(r.date, 'YYYY-MM-DD') AS date, o.status FROM accounting.accounting_entries r
         JOIN accounting.accounting_entries o ON o.id = r.reversal_of_id
        WHERE o.number = ANY($1::text[]) AND o.company_id = $2 ORDER BY r.date`,
      { bind: [[closed.closingEntryNumber, closed.openingEntryNumber], a.company.id], type: QueryTypes.SELECT },
    );
    expect(reversals).toEqual([
      { date: '2024-12-31', status: 'cancelled' },
      { date: '2025-01-01', status: 'cancelled' },
    ]);
    const again = await closeAndWait(a.company.id, '2024-01-01');
    expect(again.result).toMatchObject({ applied: true, result: '300000.00' });
    expect(await linesOf(mustExist(again.result, 'result').openingEntryNumber, a.company.id)).toEqual([
      '101 C 1000000.00',
      '130 C 300000.00',
      '521 D 1300000.00',
    ]);
    const audit = await db().query<{ action: string }>(
      `SELECT action FROM accounting.audit_events WHERE company_id = $1 AND object_type = 'fiscal-year' ORDER BY id`,
      { bind: [a.company.id], type: QueryTypes.SELECT },
    );
    expect(audit.map((e) => e.action)).toEqual(['closed', 'reopened', 'closed']);
  });

  it('every figure counts a closed year once: statements, Balance, Grand livre, dashboard, treasury, portfolio', async () => {
    // A: 2024 closed (profit 300 000, AN 2025-01-01: 521 D 1 300 000, 101 C 1 000 000, 130 C 300 000), nothing after.
    const id = a.company.id;
    const get = async <T>(path: string) => (await http().get(`/api/companies/${id}/${path}`).set(asTenant(id)).expect(200)).body as T;
    const row = (tb: TrialBalance, code: string) => tb.rows.find((r) => r.accountCode === code);

    // The closed year reads as before its closing: its revenue, its result, no 131.
    const tb2024 = await get<TrialBalance>('reports/trial-balance?from=2024-01-01&to=2024-12-31');
    expect(row(tb2024, '706')).toMatchObject({ periodDebit: '0.00', periodCredit: '500000.00', closingCredit: '500000.00' });
    expect(row(tb2024, '131')?.closingCredit ?? '0.00').toBe('0.00');
    expect((await get<IncomeStatement>('reports/income-statement?year=2024')).netResult).toBe('300000.00');
    // The next year starts from the AN entry, once.
    const tb2025 = await get<TrialBalance>('reports/trial-balance?from=2025-01-01&to=2025-12-31');
    expect(row(tb2025, '521')).toMatchObject({ openingDebit: '1300000.00', periodDebit: '0.00', closingDebit: '1300000.00' });
    expect(row(tb2025, '101')).toMatchObject({ openingCredit: '1000000.00', closingCredit: '1000000.00' });
    expect(row(tb2025, '130')).toMatchObject({ openingCredit: '300000.00', closingCredit: '300000.00' });
    expect(row(tb2025, '706')?.openingCredit ?? '0.00').toBe('0.00');
    expect(tb2025.totals).toMatchObject({ openingDebit: '1300000.00', openingCredit: '1300000.00', periodDebit: '0.00' });
    // A range inside the next year, after a month cut: the same opening.
    const mid = await get<TrialBalance>('reports/trial-balance?from=2025-03-15&to=2025-04-10');
    expect(row(mid, '521')).toMatchObject({ openingDebit: '1300000.00' });
    for (const y of [2024, 2025, 2026]) {
      for (const kind of ['balance-sheet', 'income-statement', 'cash-flow-statement']) {
        const checks = (await get<{ checks: Record<string, boolean> }>(`reports/${kind}?year=${y}`)).checks;
        expect({ y, kind, checks }).toEqual({ y, kind, checks: Object.fromEntries(Object.keys(checks).map((k) => [k, true])) });
      }
    }
    expect((await get<IncomeStatement>('reports/income-statement?year=2025')).netResult).toBe('0.00');
    const sheet = JSON.stringify(await get<BalanceSheet>('reports/balance-sheet?year=2025'));
    expect(sheet).toContain('"1300000.00"');
    expect(sheet).not.toContain('"2600000.00"');

    // Grand livre: the AN is the opening, not a line; the OD closing is no line of 706.
    const gl2025 = await get<GeneralLedger>('reports/general-ledger?from=2025-01-01&to=2025-12-31&accountFrom=521&accountTo=521');
    expect(gl2025.accounts).toEqual([expect.objectContaining({ accountCode: '521', openingBalance: '1300000.00', lineCount: 0 })]);
    expect(gl2025.rows).toEqual([]);
    const gl706 = await get<GeneralLedger>('reports/general-ledger?from=2024-01-01&to=2024-12-31&accountFrom=706&accountTo=706');
    expect(gl706.rows.map((r) => r.credit)).toEqual(['500000.00']);

    // Dashboard, treasury and portfolio: the bank holds 1 300 000, not twice that.
    expect((await get<DashboardData>('dashboard')).treasury).toBe('1300000.00');
    expect((await get<TreasuryData>('treasury')).balance).toBe('1300000.00');
    const [figures] = await portfolioService(db()).figures([id], '2026-01-01');
    expect(figures.treasury).toBe('1300000.00');

    // The balances kept by the triggers (closing, reopening, closing again) are what a rebuild computes.
    const balances = () =>
      db().query<{ account_id: string; month: string; debit: string; credit: string; line_count: number }>(
        `SELECT account_id, month::text, debit, credit, line_count FROM accounting.account_balances
          WHERE company_id = $1 AND line_count > 0 ORDER BY account_id, month`,
        { bind: [id], type: QueryTypes.SELECT },
      );
    const kept = await balances();
    await db().query('SELECT accounting.rebuild_account_balances($1)', { bind: [id] });
    expect(await balances()).toEqual(kept);
  });

  it('refuses a year out of order, and while drafts remain (409 with their list); closes a loss to 139 → 130', async () => {
    const outOfOrder = await yearAction(b.id, '2024-01-01', 'close').expect(409);
    expect(outOfOrder.body.message).toBe(MESSAGES_FISCAL_YEAR.earlierOpen('2023'));
    const [draft] = await db().query<{ id: string }>(
      `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description) VALUES ($1, 'BR-1', 'OD', '2023-08-01', 'Brouillon') RETURNING id`,
      { bind: [b.id], type: QueryTypes.SELECT },
    );
    const refused = await yearAction(b.id, '2023-01-01', 'close').expect(409);
    expect(refused.body as FiscalYearCloseRefusal).toEqual({
      message: MESSAGES_FISCAL_YEAR.drafts('2023', 1),
      drafts: [{ id: draft.id, number: 'BR-1', date: '2023-08-01', description: 'Brouillon' }],
    });
    await db().query('DELETE FROM accounting.accounting_entries WHERE id = $1', { bind: [draft.id] });
    const status = await closeAndWait(b.id, '2023-01-01');
    const result = mustExist(status.result, 'result');
    expect(result.result).toBe('-100000.00');
    expect(await linesOf(result.closingEntryNumber, b.id)).toEqual(['139 D 100000.00', '6222 C 100000.00']);
    expect(await linesOf(result.openingEntryNumber, b.id)).toEqual(['101 C 1000000.00', '130 D 100000.00', '521 D 900000.00']);
  });

  it('reopens only the last closed year, and not while the next year holds another validated entry', async () => {
    const blocked = await yearAction(b.id, '2023-01-01', 'reopen').expect(409);
    expect(blocked.body.message).toBe(MESSAGES_FISCAL_YEAR.laterEntries('2023'));
    const status = await closeAndWait(b.id, '2024-01-01');
    expect(status.state).toBe('completed');
    // 2024 carried the AN of 2023 (130 D 100 000) and earned 50 000.
    expect(await linesOf(mustExist(status.result, 'result').openingEntryNumber, b.id)).toEqual([
      '101 C 1000000.00',
      '130 D 50000.00',
      '521 D 950000.00',
    ]);
    const notLast = await yearAction(b.id, '2023-01-01', 'reopen').expect(409);
    expect(notLast.body.message).toBe(MESSAGES_FISCAL_YEAR.notLastClosed);
    await yearAction(b.id, '2024-01-01', 'reopen').expect(200);
    expect((await year(b.id, '2023-01-01')).status).toBe('closed');
    expect((await year(b.id, '2024-01-01')).status).toBe('open');
  });

  it("another company's years and jobs are a 404 on every route", async () => {
    const own = a.company.id;
    const other = asTenant(b.id);
    await http().get(base(own)).set(other).expect(404);
    await yearAction(own, '2024-01-01', 'close', other).expect(404);
    await yearAction(own, '2024-01-01', 'reopen', other).expect(404);
    await http()
      .get(`${base(own)}/jobs/fiscal-year-${own}-2024-01-01-1`)
      .set(other)
      .expect(404);
    // Through its own path, the other company still cannot read A's job.
    await http()
      .get(`${base(b.id)}/jobs/fiscal-year-${own}-2024-01-01-1`)
      .set(other)
      .expect(404);
    // A date that starts no fiscal year is a 404 too.
    await yearAction(own, '2024-02-01', 'close').expect(404);
  });
});
