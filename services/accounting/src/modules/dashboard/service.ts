import { QueryTypes, type Sequelize } from 'sequelize';
import { type CashFlowData, type CashFlowPeriod, type DashboardData, type RevenueBreakdownData, type Urgency } from '@xaalis/contracts';
import { Decimal, abs, add, isPositive, isZero, money, sum } from '@xaalis/domain';
import { isUuid, notFound } from '@xaalis/service-kit';
import { addDays, addMonths, addYears, fiscalYearOf, monthLabel, monthStart, weekLabel, weekStart } from './dates';
import { firstDueItems, type DueItem } from './due-items';
import { accountSets, cashFlowBuckets, latestTreasuryMovements, ledgerTotals, revenueByAccount, type AccountSets } from './ledger-figures';

/** Dashboard lists are capped at 5 rows (spec 01 §9). */
export const DASHBOARD_LIST_SIZE = 5;
/** Treasury trend: the balance now against the balance this many days ago. */
export const TREASURY_TREND_DAYS = 30;
/** Upcoming payments: urgent when overdue or due within 7 days, soon within 30. */
export const URGENT_DAYS = 7;
export const SOON_DAYS = 30;
/** The revenue accounts shown on their own in the breakdown; the rest of class 70 is 'other'. */
export const REVENUE_KEYS = ['701', '702', '706', '707'] as const;
const REVENUE_LABELS: Record<string, string> = {
  '701': 'Ventes de marchandises',
  '702': 'Ventes de produits finis',
  '706': 'Services vendus',
  '707': 'Produits accessoires',
  other: 'Autres ventes',
};

/**
 * Percent change of `current` against `previous`, one decimal ("12.5",
 * "-2.1"); null when there is no basis (previous is zero). Against a negative
 * basis the change is relative to its size: from -100 to 50 is +150.0 %.
 */
export function percentChange(current: string, previous: string): string | null {
  const prev = new Decimal(previous);
  if (prev.isZero()) return null;
  return new Decimal(current).minus(prev).times(100).dividedBy(prev.abs()).toFixed(1, Decimal.ROUND_HALF_UP);
}

export function urgencyOf(dueDate: string, today: string): Urgency {
  if (dueDate <= addDays(today, URGENT_DAYS)) return 'urgent';
  if (dueDate <= addDays(today, SOON_DAYS)) return 'soon';
  return 'planned';
}

function describe(item: DueItem): string {
  if (item.kind === 'loan') return `Échéance emprunt — ${item.party ?? 'Prêteur'}`;
  return item.party ? `Facture ${item.number} — ${item.party}` : `Facture ${item.number}`;
}

/** The periods of the cash-flow chart: ISO weeks for one month, calendar months otherwise; the last bucket holds today. */
export function cashFlowWindow(
  period: CashFlowPeriod,
  today: string,
): { first: string; lastStart: string; last: string; unit: 'week' | 'month' } {
  if (period === '1month') {
    const lastStart = weekStart(today);
    return { first: addDays(lastStart, -7 * 4), lastStart, last: addDays(lastStart, 6), unit: 'week' };
  }
  const months = { '3months': 3, '6months': 6, '1year': 12 }[period];
  const lastStart = monthStart(today);
  return { first: addMonths(lastStart, -(months - 1)), lastStart, last: addDays(addMonths(lastStart, 1), -1), unit: 'month' };
}

/** The company's fiscal-year start (MM-DD); 404 when the company does not exist. */
export async function companyFiscalStart(sequelize: Sequelize, companyId: string): Promise<string> {
  if (!isUuid(companyId)) throw notFound();
  const rows = await sequelize.query<{ fiscal_year: string }>('SELECT fiscal_year FROM accounting.companies WHERE id = $1', {
    bind: [companyId],
    type: QueryTypes.SELECT,
  });
  if (!rows[0]) throw notFound();
  return rows[0].fiscal_year;
}

/** The company's fiscal-year start and the accounts the reports read (404 when the company does not exist). */
export async function reportingContext(sequelize: Sequelize, companyId: string): Promise<{ fiscalStart: string; sets: AccountSets }> {
  if (!isUuid(companyId)) throw notFound();
  const [fiscalStart, sets] = await Promise.all([companyFiscalStart(sequelize, companyId), accountSets(sequelize, companyId)]);
  return { fiscalStart, sets };
}

export function dashboardService(sequelize: Sequelize) {
  const context = (companyId: string) => reportingContext(sequelize, companyId);

  return {
    /**
     * GET /api/companies/:companyId/dashboard, as of `today` (Dakar); `maskPayroll` for a role
     * without `payroll` (payslip payments listed under a masked label).
     */
    async dashboard(companyId: string, today: string, maskPayroll = false): Promise<DashboardData> {
      const { fiscalStart, sets } = await context(companyId);
      const fiscalYear = fiscalYearOf(fiscalStart, today);
      const previous = fiscalYearOf(fiscalStart, today, -1);
      // The same span of the previous fiscal year: its start to a year before today.
      const prevEnd = [addYears(today, -1), previous.end].sort()[0];
      const [totals, movements, due] = await Promise.all([
        ledgerTotals(sequelize, companyId, sets, {
          today,
          fyStart: fiscalYear.start,
          prevStart: previous.start,
          prevEnd,
          treasuryBefore: addDays(today, -TREASURY_TREND_DAYS),
        }),
        latestTreasuryMovements(
          sequelize,
          companyId,
          sets.treasury.map((a) => a.id),
          today,
          DASHBOARD_LIST_SIZE,
          maskPayroll,
        ),
        firstDueItems(sequelize, companyId, DASHBOARD_LIST_SIZE),
      ]);
      return {
        fiscalYear,
        revenue: totals.revenue,
        revenueTrend: percentChange(totals.revenue, totals.revenuePrevious),
        treasury: totals.treasury,
        treasuryTrend: percentChange(totals.treasury, totals.treasuryPrevious),
        payables: totals.payables,
        receivables: totals.receivables,
        recentTransactions: movements.map((m) => {
          return {
            id: m.id,
            type: isPositive(m.net) ? 'income' : 'expense',
            description: m.description,
            date: m.date,
            amount: abs(m.net),
          };
        }),
        upcomingPayments: due.map((item) => ({
          id: item.id,
          kind: item.kind,
          description: describe(item),
          dueDate: item.dueDate,
          amount: item.amount,
          urgency: urgencyOf(item.dueDate, today),
          ...(item.kind === 'invoice' ? { invoiceId: item.id } : { loanPaymentId: item.id }),
        })),
      };
    },

    /** GET /api/companies/:companyId/cash-flow/:period. */
    async cashFlow(companyId: string, period: CashFlowPeriod, today: string): Promise<CashFlowData> {
      const window = cashFlowWindow(period, today);
      const { sets } = await context(companyId);
      const buckets = await cashFlowBuckets(
        sequelize,
        companyId,
        sets.treasury.map((a) => a.id),
        window,
      );
      return {
        period,
        points: buckets.map((b) => ({ label: window.unit === 'week' ? weekLabel(b.start) : monthLabel(b.start), ...b })),
      };
    },

    /**
     * GET /api/companies/:companyId/revenue-breakdown?year=current|previous:
     * the current fiscal year to date (its total is the dashboard's revenue),
     * or the whole previous fiscal year.
     */
    async revenueBreakdown(companyId: string, year: 'current' | 'previous', today: string): Promise<RevenueBreakdownData> {
      const { fiscalStart, sets } = await context(companyId);
      const fiscalYear = fiscalYearOf(fiscalStart, today, year === 'current' ? 0 : -1);
      const window = { from: fiscalYear.start, to: year === 'current' ? today : fiscalYear.end };
      const rows = await revenueByAccount(
        sequelize,
        companyId,
        sets.revenue.map((a) => a.id),
        { currentFrom: window.from, currentTo: window.to, previousFrom: window.from, previousTo: window.to },
      );
      const codeOf = new Map(sets.revenue.map((a) => [a.id, a.code]));
      const amounts = new Map<string, string>();
      for (const r of rows) {
        const prefix = (codeOf.get(r.accountId) ?? '').slice(0, 3);
        const key = (REVENUE_KEYS as readonly string[]).includes(prefix) ? prefix : 'other';
        amounts.set(key, add(amounts.get(key) ?? '0', r.current));
      }
      const items = [...REVENUE_KEYS, 'other']
        .filter((key) => !isZero(amounts.get(key) ?? '0'))
        .map((key) => ({
          key,
          label: sets.revenue.find((a) => a.code === key)?.name ?? REVENUE_LABELS[key],
          amount: money(amounts.get(key) ?? '0'),
        }));
      return { year, fiscalYear, total: sum(items.map((i) => i.amount)), items };
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
