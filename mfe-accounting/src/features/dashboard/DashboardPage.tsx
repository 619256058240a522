import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { APP_ROUTES, CASH_FLOW_PERIOD_LABELS, CASH_FLOW_PERIODS, type CashFlowPeriod, type Urgency } from '@xaalis/contracts';
import {
  AddButton,
  AddIcon,
  EmptyState,
  ErrorState,
  FilterSelect,
  formatDate,
  formatMoney,
  LoadingState,
  PageHeader,
  sessionPreamble,
  useDialog,
  useSession,
} from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { InvoiceDialog, useInvoiceRights } from '../invoices';
import { PaymentDialog, useCanRecordPayment, type PaymentDialogDefaults } from '../payments';
import { useGetCashFlowQuery, useGetDashboardQuery, useGetRevenueBreakdownQuery, type RevenueYear } from './api';
import { CashFlowChart } from './CashFlowChart';
import { fiscalYearText, formatTrend, signedMoney, toAmount } from './figures';
import { Grid, listRowSx, listSx, Panel, StatCard } from './parts';
import { RevenueChart } from './RevenueChart';
import { paymentDefaultsFor, urgencyLabel } from './upcoming';

const ROUTE = APP_ROUTES.find((r) => r.path === '/');
/** Dashboard lists are capped at 5 rows (spec §9). */
export const DASHBOARD_LIST_SIZE = 5;
export const DEFAULT_CASH_FLOW_PERIOD: CashFlowPeriod = '3months';
export const REVENUE_YEAR_LABELS: Record<RevenueYear, string> = { current: 'Exercice en cours', previous: 'Exercice précédent' };
export const MESSAGES_DASHBOARD = {
  noRevenue: "Aucun chiffre d'affaires sur cet exercice",
  noTransactions: 'Aucune transaction récente',
  noUpcoming: 'Aucune échéance à venir',
  noCashFlow: 'Aucun mouvement de trésorerie sur la période',
} as const;

const URGENCY_COLORS: Record<Urgency, 'error' | 'warning' | 'default'> = { urgent: 'error', soon: 'warning', planned: 'default' };

interface ChartRead {
  isError: boolean;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A chart's panel body: its error, a skeleton until the first data, its empty message, then the chart, faded while another period loads. */
function chartContent<T>(
  read: ChartRead,
  data: T | undefined,
  { errorTitle, height, empty, chart }: { errorTitle: string; height: number; empty?: string; chart: (data: T) => ReactNode },
): ReactNode {
  if (read.isError) return <ErrorState error={read.error} onRetry={() => void read.refetch()} title={errorTitle} />;
  if (!data) return <LoadingState rows={1} height={height} />;
  if (empty) return <EmptyState title={empty} />;
  return (
    <Box sx={{ opacity: read.isFetching ? 0.5 : 1, transition: 'opacity 150ms' }} aria-busy={read.isFetching}>
      {chart(data)}
    </Box>
  );
}

/** A row of the dashboard lists: text on the left, figures on the right. */
function Row({ primary, secondary, children }: { primary: ReactNode; secondary: ReactNode; children: ReactNode }) {
  return (
    <Box component="li" sx={listRowSx}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {primary}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {secondary}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/** Route / (exposed as './Dashboard'): the computed figures of the current fiscal year. */
export default function DashboardPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const dashboard = useGetDashboardQuery(companyId ?? skipToken);
  const [period, setPeriod] = useState<CashFlowPeriod>(DEFAULT_CASH_FLOW_PERIOD);
  const [year, setYear] = useState<RevenueYear>('current');
  const cashFlow = useGetCashFlowQuery(companyId ? { companyId, period } : skipToken);
  const revenue = useGetRevenueBreakdownQuery(companyId ? { companyId, year } : skipToken);
  const canInvoice = useInvoiceRights().create;
  const canPay = useCanRecordPayment();

  const [invoiceOpen, setInvoiceOpen] = useState(false);
  // A new key per opening: the dialog starts from the row's defaults every time.
  const payment = useDialog<PaymentDialogDefaults | undefined>('payment', undefined);

  const data = dashboard.data;
  const loading = userLoading || (Boolean(companyId) && !data && (dashboard.isLoading || dashboard.isUninitialized));
  const retryDashboard = () => dashboard.refetch();

  const title = ROUTE?.title ?? 'Tableau de Bord';
  const header = (
    <PageHeader
      title={title}
      subtitle={ROUTE?.subtitle ?? "Vue d'ensemble de votre comptabilité"}
      actions={
        <>
          {data ? (
            <Chip
              label={fiscalYearText(data.fiscalYear.label)}
              variant="outlined"
              color="primary"
              data-testid="fiscal-year"
              sx={{ alignSelf: 'center', fontWeight: 600 }}
            />
          ) : loading ? (
            <Skeleton variant="rounded" width={120} height={32} sx={{ alignSelf: 'center' }} />
          ) : null}
          {canInvoice ? (
            <AddButton onClick={() => setInvoiceOpen(true)} disabled={!companyId}>
              Nouvelle Saisie
            </AddButton>
          ) : null}
        </>
      }
    />
  );

  // While the session loads, the cards and lists show their own placeholders.
  const preamble = userLoading ? null : sessionPreamble({ user, userLoading, userError, companyId });
  if (preamble)
    return (
      <Box component="section" aria-label={title}>
        {header}
        {preamble}
      </Box>
    );

  const dashboardError = dashboard.isError && !data;
  /** A figure set against a past one: its trend, and the caption only beside a trend. */
  const trendCard = (title: string, value: unknown, trend: Parameters<typeof formatTrend>[0], caption: string) => (
    <StatCard title={title} value={formatMoney(value)} loading={loading} trend={formatTrend(trend)} caption={caption} captionNeedsTrend />
  );

  // Cards.
  let cards: ReactNode;
  if (dashboardError)
    cards = (
      <Box sx={{ mb: 3 }}>
        <ErrorState error={dashboard.error} onRetry={() => void retryDashboard()} title="Impossible de charger les indicateurs" />
      </Box>
    );
  else
    cards = (
      <Grid columns={4}>
        {trendCard("Chiffre d'Affaires", data?.revenue, data?.revenueTrend, 'vs exercice précédent')}
        {trendCard('Trésorerie', data?.treasury, data?.treasuryTrend, 'vs il y a 30 jours')}
        <StatCard title="Dettes Fournisseurs" value={formatMoney(data?.payables)} loading={loading} caption="À régler sous 30j" />
        <StatCard title="Créances Clients" value={formatMoney(data?.receivables)} loading={loading} caption="À encaisser" />
      </Grid>
    );

  // Cash flow.
  const cashFlowData = cashFlow.currentData ?? cashFlow.data;
  const cashFlowContent = chartContent(cashFlow, cashFlowData, {
    errorTitle: 'Impossible de charger les flux de trésorerie',
    height: 260,
    empty: cashFlowData?.points.length === 0 ? MESSAGES_DASHBOARD.noCashFlow : undefined,
    chart: (d) => <CashFlowChart points={d.points} />,
  });

  // Revenue breakdown.
  const revenueData = revenue.currentData ?? revenue.data;
  const revenueContent = chartContent(revenue, revenueData, {
    errorTitle: "Impossible de charger la répartition du chiffre d'affaires",
    height: 220,
    empty: revenueData && toAmount(revenueData.total) === 0 ? MESSAGES_DASHBOARD.noRevenue : undefined,
    chart: (d) => <RevenueChart data={d} />,
  });

  /** One of the two lists read with the figures: their error, their placeholder rows, empty, then the first rows. */
  const dashboardList = <T extends { id: string }>(
    items: T[] | undefined,
    texts: { label: string; errorTitle: string; empty: string },
    row: (item: T) => ReactNode,
  ): ReactNode => {
    if (dashboardError) return <ErrorState error={dashboard.error} onRetry={() => void retryDashboard()} title={texts.errorTitle} />;
    if (loading || !items) return <LoadingState rows={DASHBOARD_LIST_SIZE} height={36} />;
    if (items.length === 0) return <EmptyState title={texts.empty} />;
    return (
      <Box component="ul" aria-label={texts.label} sx={listSx}>
        {items.slice(0, DASHBOARD_LIST_SIZE).map(row)}
      </Box>
    );
  };

  // Recent transactions.
  const transactions = dashboardList(
    data?.recentTransactions,
    { label: 'Transactions récentes', errorTitle: 'Impossible de charger les transactions', empty: MESSAGES_DASHBOARD.noTransactions },
    (t) => {
      const income = t.type === 'income';
      return (
        <Row key={t.id} primary={t.description} secondary={formatDate(t.date)}>
          <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: income ? 'success.main' : 'error.main' }}>
            {signedMoney(t.amount, income)}
          </Typography>
        </Row>
      );
    },
  );

  // Upcoming payments.
  const upcoming = dashboardList(
    data?.upcomingPayments,
    { label: 'Échéances à venir', errorTitle: 'Impossible de charger les échéances', empty: MESSAGES_DASHBOARD.noUpcoming },
    (p) => {
      const inflow = toAmount(p.amount) > 0;
      return (
        <Row key={p.id} primary={p.description} secondary={`Échéance : ${formatDate(p.dueDate)}`}>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: inflow ? 'success.main' : 'error.main' }}>
              {signedMoney(p.amount, inflow)}
            </Typography>
            <Chip size="small" label={urgencyLabel(p.urgency)} color={URGENCY_COLORS[p.urgency] ?? 'default'} sx={{ mt: 0.5 }} />
          </Box>
          {canPay ? (
            <Button
              size="small"
              variant="outlined"
              aria-label={`Nouveau paiement : ${p.description}`}
              onClick={() => payment.show(paymentDefaultsFor(p))}
            >
              Nouveau
            </Button>
          ) : null}
        </Row>
      );
    },
  );

  return (
    <Box component="section" aria-label={title}>
      {header}
      {cards}
      <Grid columns={2}>
        <Panel
          title="Flux de Trésorerie"
          subtitle="Encaissements, décaissements et flux net (XOF)"
          actions={
            <FilterSelect
              label="Période"
              value={period}
              onChange={setPeriod}
              minWidth={160}
              options={CASH_FLOW_PERIODS.map((p) => ({ value: p, label: CASH_FLOW_PERIOD_LABELS[p] }))}
            />
          }
        >
          {cashFlowContent}
        </Panel>
        <Panel
          title="Répartition du Chiffre d'Affaires"
          subtitle={revenueData && !revenue.isError ? fiscalYearText(revenueData.fiscalYear.label) : undefined}
          actions={
            <FilterSelect
              label="Exercice"
              value={year}
              onChange={setYear}
              minWidth={160}
              options={(['current', 'previous'] as const).map((y) => ({ value: y, label: REVENUE_YEAR_LABELS[y] }))}
            />
          }
        >
          {revenueContent}
        </Panel>
      </Grid>
      <Grid columns={2} mb={0}>
        <Panel title="Transactions Récentes">{transactions}</Panel>
        <Panel
          title="Échéances à Venir"
          actions={
            canPay ? (
              <Button
                size="small"
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => payment.show(undefined)}
                disabled={!companyId}
              >
                Nouveau
              </Button>
            ) : undefined
          }
        >
          {upcoming}
        </Panel>
      </Grid>
      <InvoiceDialog open={invoiceOpen} onClose={() => setInvoiceOpen(false)} />
      <PaymentDialog key={payment.key} {...payment.props} defaults={payment.value} />
    </Box>
  );
}
