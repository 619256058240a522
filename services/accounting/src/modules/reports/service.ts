import type { Sequelize } from 'sequelize';
import {
  MESSAGES_REPORTS,
  type BalanceSheet,
  type CashFlowStatement,
  type FiscalYearInfo,
  type IncomeStatement,
  type ReportYear,
  type ReportYears,
  type TrialBalance,
  type TrialBalanceAmounts,
} from '@xaalis/contracts';
import { fromCents } from '@xaalis/domain';
import { HttpError } from '@xaalis/service-kit';
import { companiesService } from '../companies';
import { addDays, fiscalYearOf } from '../dashboard';
import { generalLedgerPage, type LedgerRange } from './general-ledger';
import {
  balanceSheetOf,
  cashFlowChecks,
  cashFlowLines,
  cashFlowOf,
  closingOf,
  incomeChecks,
  incomeStatementLines,
  incomeStatementOf,
  sides,
} from './statements';
import { accountTotals, postedMonths } from './totals';

const fiscalYearStarting = (fiscalStart: string, year: number): FiscalYearInfo => fiscalYearOf(fiscalStart, `${year}-12-31`);

const YEAR_COLUMNS = [
  { key: 'current', label: 'Exercice N' },
  { key: 'previous', label: 'Exercice N-1' },
];

export function reportsService(sequelize: Sequelize) {
  const companies = companiesService(sequelize);

  async function company(companyId: string) {
    const found = await companies.get(companyId);
    if (!found) throw new HttpError(404, 'Entreprise introuvable');
    return found;
  }

  /** Fiscal years holding posted entries, and the current one, newest first (for a company's fiscal-year start). */
  async function yearsOf(companyId: string, fiscalYear: string, today: string): Promise<ReportYear[]> {
    const current = fiscalYearOf(fiscalYear, today);
    const list = new Set<number>([Number(current.start.slice(0, 4))]);
    const months = await postedMonths(sequelize, companyId);
    if (months) {
      const first = Number(fiscalYearOf(fiscalYear, months.first).start.slice(0, 4));
      const last = Number(fiscalYearOf(fiscalYear, addDays(months.last, 27)).start.slice(0, 4));
      for (let y = first; y <= Math.max(last, first); y++) list.add(y);
    }
    return [...list].sort((a, b) => b - a).map((year) => ({ year, ...fiscalYearStarting(fiscalYear, year) }));
  }

  async function years(companyId: string, today: string): Promise<ReportYears> {
    const { fiscalYear } = await company(companyId);
    return { years: await yearsOf(companyId, fiscalYear, today) };
  }

  /** The two fiscal years of a statement (N and N−1); an unknown year is a 400. One read of the company. */
  async function statementYears(companyId: string, year: number, today: string) {
    const { fiscalYear } = await company(companyId);
    const known = await yearsOf(companyId, fiscalYear, today);
    if (year < known[known.length - 1].year || year > known[0].year) throw new HttpError(400, MESSAGES_REPORTS.yearUnknown);
    return { current: fiscalYearStarting(fiscalYear, year), previous: fiscalYearStarting(fiscalYear, year - 1) };
  }

  async function yearTotals(companyId: string, year: number, today: string) {
    const fy = await statementYears(companyId, year, today);
    const [current, previous] = await Promise.all([
      accountTotals(sequelize, companyId, fy.current.start, fy.current.end),
      accountTotals(sequelize, companyId, fy.previous.start, fy.previous.end),
    ]);
    return { fy, current, previous };
  }

  return {
    company,
    years,

    async balanceSheet(companyId: string, year: number, today: string): Promise<BalanceSheet> {
      const { fy, current, previous } = await yearTotals(companyId, year, today);
      const income = { current: incomeStatementOf(current), previous: incomeStatementOf(previous, 'previous') };
      const sheet = balanceSheetOf(current, previous, { current: income.current.netResult, previous: income.previous.netResult });
      return {
        ...yearFields(year, fy),
        actifColumns: [
          { key: 'gross', label: 'Brut' },
          { key: 'depreciation', label: 'Amort. et dépréc.' },
          { key: 'net', label: 'Net' },
          { key: 'previousNet', label: 'Net N-1' },
        ],
        passifColumns: YEAR_COLUMNS,
        actif: sheet.actif,
        passif: sheet.passif,
        checks: sheet.checks,
        unmappedAccounts: sheet.unmapped,
      };
    },

    async incomeStatement(companyId: string, year: number, today: string): Promise<IncomeStatement> {
      const { fy, current, previous } = await yearTotals(companyId, year, today);
      const n = incomeStatementOf(current);
      const p = incomeStatementOf(previous, 'previous');
      return {
        ...yearFields(year, fy),
        columns: YEAR_COLUMNS,
        lines: incomeStatementLines(n, p),
        netResult: fromCents(n.netResult),
        checks: incomeChecks(n, p),
        unmappedAccounts: [...new Set([...n.unmapped, ...p.unmapped])].sort(),
      };
    },

    async cashFlowStatement(companyId: string, year: number, today: string): Promise<CashFlowStatement> {
      const { fy, current, previous } = await yearTotals(companyId, year, today);
      const n = cashFlowOf(current);
      const p = cashFlowOf(previous, 'previous');
      return {
        ...yearFields(year, fy),
        columns: YEAR_COLUMNS,
        lines: cashFlowLines(n, p),
        checks: cashFlowChecks(n, p),
        unmappedAccounts: [],
      };
    },

    async trialBalance(companyId: string, from: string, to: string): Promise<TrialBalance> {
      await company(companyId);
      const accounts = await accountTotals(sequelize, companyId, from, to);
      const sum = { openingDebit: 0n, openingCredit: 0n, periodDebit: 0n, periodCredit: 0n, closingDebit: 0n, closingCredit: 0n };
      const rows = accounts.map((a) => {
        const [openingDebit, openingCredit] = sides(a.opening);
        const [closingDebit, closingCredit] = sides(closingOf(a));
        const cents = { openingDebit, openingCredit, periodDebit: a.debit, periodCredit: a.credit, closingDebit, closingCredit };
        for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += cents[k];
        return { accountCode: a.code, accountName: a.name, ...asMoney(cents) };
      });
      return {
        from,
        to,
        rows,
        totals: asMoney(sum),
        checks: {
          balanced:
            sum.openingDebit === sum.openingCredit && sum.periodDebit === sum.periodCredit && sum.closingDebit === sum.closingCredit,
        },
      };
    },

    async generalLedger(companyId: string, range: LedgerRange, page: number, pageSize: number) {
      await company(companyId);
      return generalLedgerPage(sequelize, companyId, range, page, pageSize);
    },
  };
}

const yearFields = (year: number, fy: { current: FiscalYearInfo; previous: FiscalYearInfo }) => ({
  year,
  fiscalYear: fy.current,
  previousFiscalYear: fy.previous,
});

function asMoney(c: Record<keyof TrialBalanceAmounts, bigint>): TrialBalanceAmounts {
  return {
    openingDebit: fromCents(c.openingDebit),
    openingCredit: fromCents(c.openingCredit),
    periodDebit: fromCents(c.periodDebit),
    periodCredit: fromCents(c.periodCredit),
    closingDebit: fromCents(c.closingDebit),
    closingCredit: fromCents(c.closingCredit),
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
