import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { APP_ROUTES, CASH_FLOW_PERIOD_LABELS, CASH_FLOW_PERIODS, type CashFlowPeriod, type Urgency } from '@xaalis/contracts';
import {
  formatDate,
  formatMoney,
  PageHeader,
  useSession,
  AccountErrorState,
  EmptyState,
  ErrorState,
  LoadingState,
  NoCompanyState,
  AddIcon,
} from '@xaalis/web-kit';
import { useCallback, useState, type ReactNode } from 'react';
import { FilterSelect } from '@xaalis/web-kit';
import { InvoiceDialog, useInvoiceRights } from '../invoices';
import { PaymentDialog, useCanRecordPayment, type PaymentDialogDefaults } from '../payments';
import { useGetCashFlowQuery, useGetDashboardQuery, useGetRevenueBreakdownQuery, type RevenueYear } from './api';
import { CashFlowChart } from './CashFlowChart';
import { fiscalYearText, formatTrend, signedMoney, toAmount } from './figures';
import { Grid, Panel, StatCard } from './parts';
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

function ChartSkeleton({ height }: { height: number }) {
  return <LoadingState rows={1} height={height} />;
}

/** A row of the dashboard lists: text on the left, figures on the right. */
function Row({ primary, secondary, children }: { primary: ReactNode; secondary: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
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

const listSx = { listStyle: 'none', p: 0, m: 0 } as const;

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
  const [payment, setPayment] = useState<{ open: boolean; key: number; defaults?: PaymentDialogDefaults }>({ open: false, key: 0 });
  const openPayment = useCallback((defaults?: PaymentDialogDefaults) => setPayment((p) => ({ open: true, key: p.key + 1, defaults })), []);
  const closePayment = useCallback(() => setPayment((p) => ({ ...p, open: false })), []);

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
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setInvoiceOpen(true)} disabled={!companyId}>
              Nouvelle Saisie
            </Button>
          ) : null}
        </>
      }
    />
  );

  if (!userLoading && !user)
    return (
      <Box component="section" aria-label={title}>
        {header}
        <AccountErrorState error={userError} />
      </Box>
    );
  if (!userLoading && !companyId)
    return (
      <Box component="section" aria-label={title}>
        {header}
        <NoCompanyState />
      </Box>
    );

  const dashboardError = dashboard.isError && !data;

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
        <StatCard
          title="Chiffre d'Affaires"
          value={formatMoney(data?.revenue)}
          loading={loading}
          trend={formatTrend(data?.revenueTrend)}
          caption="vs exercice précédent"
          captionNeedsTrend
        />
        <StatCard
          title="Trésorerie"
          value={formatMoney(data?.treasury)}
          loading={loading}
          trend={formatTrend(data?.treasuryTrend)}
          caption="vs il y a 30 jours"
          captionNeedsTrend
        />
        <StatCard title="Dettes Fournisseurs" value={formatMoney(data?.payables)} loading={loading} caption="À régler sous 30j" />
        <StatCard title="Créances Clients" value={formatMoney(data?.receivables)} loading={loading} caption="À encaisser" />
      </Grid>
    );

  // Cash flow.
  const cashFlowData = cashFlow.currentData ?? cashFlow.data;
  let cashFlowContent: ReactNode;
  if (cashFlow.isError)
    cashFlowContent = (
      <ErrorState error={cashFlow.error} onRetry={() => void cashFlow.refetch()} title="Impossible de charger les flux de trésorerie" />
    );
  else if (!cashFlowData) cashFlowContent = <ChartSkeleton height={260} />;
  else if (cashFlowData.points.length === 0) cashFlowContent = <EmptyState title={MESSAGES_DASHBOARD.noCashFlow} />;
  else
    cashFlowContent = (
      <Box sx={{ opacity: cashFlow.isFetching ? 0.5 : 1, transition: 'opacity 150ms' }} aria-busy={cashFlow.isFetching}>
        <CashFlowChart points={cashFlowData.points} />
      </Box>
    );

  // Revenue breakdown.
  const revenueData = revenue.currentData ?? revenue.data;
  let revenueContent: ReactNode;
  if (revenue.isError)
    revenueContent = (
      <ErrorState
        error={revenue.error}
        onRetry={() => void revenue.refetch()}
        title="Impossible de charger la répartition du chiffre d'affaires"
      />
    );
  else if (!revenueData) revenueContent = <ChartSkeleton height={220} />;
  else if (toAmount(revenueData.total) === 0) revenueContent = <EmptyState title={MESSAGES_DASHBOARD.noRevenue} />;
  else
    revenueContent = (
      <Box sx={{ opacity: revenue.isFetching ? 0.5 : 1, transition: 'opacity 150ms' }} aria-busy={revenue.isFetching}>
        <RevenueChart data={revenueData} />
      </Box>
    );

  // Recent transactions.
  let transactions: ReactNode;
  if (dashboardError)
    transactions = (
      <ErrorState error={dashboard.error} onRetry={() => void retryDashboard()} title="Impossible de charger les transactions" />
    );
  else if (loading || !data) transactions = <LoadingState rows={DASHBOARD_LIST_SIZE} height={36} />;
  else if (data.recentTransactions.length === 0) transactions = <EmptyState title={MESSAGES_DASHBOARD.noTransactions} />;
  else
    transactions = (
      <Box component="ul" aria-label="Transactions récentes" sx={listSx}>
        {data.recentTransactions.slice(0, DASHBOARD_LIST_SIZE).map((t) => {
          const income = t.type === 'income';
          return (
            <Row key={t.id} primary={t.description} secondary={formatDate(t.date)}>
              <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: income ? 'success.main' : 'error.main' }}>
                {signedMoney(t.amount, income)}
              </Typography>
            </Row>
          );
        })}
      </Box>
    );

  // Upcoming payments.
  let upcoming: ReactNode;
  if (dashboardError)
    upcoming = <ErrorState error={dashboard.error} onRetry={() => void retryDashboard()} title="Impossible de charger les échéances" />;
  else if (loading || !data) upcoming = <LoadingState rows={DASHBOARD_LIST_SIZE} height={36} />;
  else if (data.upcomingPayments.length === 0) upcoming = <EmptyState title={MESSAGES_DASHBOARD.noUpcoming} />;
  else
    upcoming = (
      <Box component="ul" aria-label="Échéances à venir" sx={listSx}>
        {data.upcomingPayments.slice(0, DASHBOARD_LIST_SIZE).map((p) => {
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
                  onClick={() => openPayment(paymentDefaultsFor(p))}
                >
                  Nouveau
                </Button>
              ) : null}
            </Row>
          );
        })}
      </Box>
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
              <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => openPayment()} disabled={!companyId}>
                Nouveau
              </Button>
            ) : undefined
          }
        >
          {upcoming}
        </Panel>
      </Grid>
      <InvoiceDialog open={invoiceOpen} onClose={() => setInvoiceOpen(false)} />
      <PaymentDialog key={payment.key} open={payment.open} onClose={closePayment} defaults={payment.defaults} />
    </Box>
  );
}
