export const CASH_FLOW_PERIODS = ['1month', '3months', '6months', '1year'] as const;
export type CashFlowPeriod = (typeof CASH_FLOW_PERIODS)[number];
export const CASH_FLOW_PERIOD_LABELS: Record<CashFlowPeriod, string> = {
  '1month': '1 mois',
  '3months': '3 mois',
  '6months': '6 mois',
  '1year': '1 an',
};

export type Urgency = 'urgent' | 'soon' | 'planned';
export const URGENCY_LABELS: Record<Urgency, string> = { urgent: 'Urgent', soon: 'Bientôt', planned: 'Planifié' };

export interface FiscalYearInfo {
  /** e.g. "2026" or "2026-2027" when the year does not start on 01-01. */
  label: string;
  start: string;
  end: string;
}

export interface DashboardData {
  fiscalYear: FiscalYearInfo;
  revenue: string;
  /** Percent change against the same span of the previous fiscal year ("12.5", "-2.1"), null when no basis. */
  revenueTrend: string | null;
  treasury: string;
  treasuryTrend: string | null;
  payables: string;
  receivables: string;
  recentTransactions: { id: string; type: 'income' | 'expense'; description: string; date: string; amount: string }[];
  /** amount > 0: expected inflow (customer invoice), < 0: outflow (supplier invoice, loan instalment). */
  upcomingPayments: {
    id: string;
    kind: 'invoice' | 'loan';
    description: string;
    dueDate: string;
    amount: string;
    urgency: Urgency;
    invoiceId?: string;
    loanPaymentId?: string;
  }[];
}

export interface CashFlowData {
  period: CashFlowPeriod;
  points: { label: string; start: string; end: string; inflow: string; outflow: string; net: string }[];
}

export interface RevenueBreakdownData {
  year: 'current' | 'previous';
  fiscalYear: FiscalYearInfo;
  total: string;
  items: { key: string; label: string; amount: string }[];
}

export type TreasuryAccountKind = 'bank' | 'cash' | 'mobile' | 'cheque' | 'other';
export interface TreasuryData {
  balance: string;
  expectedInflows: string;
  expectedOutflows: string;
  accounts: { code: string; name: string; kind: TreasuryAccountKind; balance: string }[];
  /** Day-by-day projected balance over the next 30 days (due invoices and instalments). */
  forecast: { date: string; balance: string }[];
}
