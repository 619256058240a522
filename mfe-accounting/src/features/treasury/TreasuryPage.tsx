import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  APP_ROUTES,
  MESSAGES_PAYMENT,
  type TreasuryAccount,
  PAYMENT_METHOD_SHORT_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_TYPE_LABELS,
  type Payment,
  type TreasuryAccountKind,
} from '@xaalis/contracts';
import {
  formatDate,
  formatMoney,
  PageHeader,
  sessionPreamble,
  useDialog,
  useSession,
  AddButton,
  EmptyState,
  ErrorState,
  LoadingState,
  DataTable,
  ListPagination,
  ListState,
  moneyColumn,
  useLastPageFallback,
  type Column,
} from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Grid, listRowSx, listSx, Panel, signedMoney, StatCard, toAmount, useGetDashboardQuery, type Upcoming } from '../dashboard';
import { PaymentDialog, useCanRecordPayment } from '../payments';
import { useGetTreasuryQuery, useListTreasuryPaymentsQuery } from './api';
import { ForecastChart } from './ForecastChart';
import ReconciliationPage from './ReconciliationPage';
import { ReconciliationReportDialog } from './ReconciliationReportDialog';
import { useCanManageTreasury } from './rights';
import { StatementImportDialog } from './StatementImportDialog';
import { StatementLineDialog } from './StatementLineDialog';
import { TransferDialog } from './TransferDialog';
import { TreasuryAccountCards, type TreasuryAccountActions } from './TreasuryAccountCards';
import { TreasuryAccountDialog } from './TreasuryAccountDialog';

const ROUTE = APP_ROUTES.find((r) => r.path === '/tresorerie');

export const TREASURY_VIEWS = [
  { value: 'overview', label: "Vue d'ensemble" },
  { value: 'payments', label: 'Paiements' },
  { value: 'forecast', label: 'Prévisions' },
] as const;
export type TreasuryView = (typeof TREASURY_VIEWS)[number]['value'];

/** Rows per page of the payments view (server-side pages). */
export const PAYMENTS_PAGE_SIZE = 25;
/** Forecast horizon in days (spec 02 §9). */
export const FORECAST_HORIZON_DAYS = 30;

export const TREASURY_KIND_LABELS: Record<TreasuryAccountKind, string> = {
  bank: 'Banque',
  cash: 'Caisse',
  mobile: 'Orange Money',
  cheque: 'Chèques',
  other: 'Trésorerie',
};

export const MESSAGES_TREASURY = {
  noAccount: 'Aucun compte de trésorerie',
  noInflow: 'Aucun encaissement prévu',
  noOutflow: 'Aucun décaissement prévu',
} as const;

/** Facture (invoice_payment), Emprunt (loan_payment), otherwise Dépense. */
export function paymentTypeLabel(type: string): string {
  return type === 'invoice_payment' || type === 'loan_payment' ? PAYMENT_TYPE_LABELS[type] : PAYMENT_TYPE_LABELS.expense;
}

/** Banque, Orange Money, Espèces, otherwise Chèque. */
export function paymentMethodLabel(method: string): string {
  return method === 'bank' || method === 'orange' || method === 'cash'
    ? PAYMENT_METHOD_SHORT_LABELS[method]
    : PAYMENT_METHOD_SHORT_LABELS.check;
}

/** Terminé (completed), otherwise En attente. */
export function paymentStatusLabel(status: string): string {
  return status === 'completed' ? PAYMENT_STATUS_LABELS.completed : PAYMENT_STATUS_LABELS.pending;
}

function OverviewView({ companyId }: { companyId: string }) {
  const treasury = useGetTreasuryQuery(companyId);
  const data = treasury.data;

  let chart: ReactNode;
  let accounts: ReactNode;
  if (treasury.isError && !data) {
    chart = <ErrorState error={treasury.error} onRetry={() => void treasury.refetch()} title="Impossible de charger les prévisions" />;
    accounts = <ErrorState error={treasury.error} onRetry={() => void treasury.refetch()} title="Impossible de charger les soldes" />;
  } else if (!data) {
    chart = <LoadingState rows={1} height={260} />;
    accounts = <LoadingState rows={3} height={48} />;
  } else {
    chart = data.forecast.length ? <ForecastChart forecast={data.forecast} /> : <EmptyState title="Aucune prévision disponible" />;
    accounts =
      data.accounts.length === 0 ? (
        <EmptyState
          title={MESSAGES_TREASURY.noAccount}
          description="Générez le plan comptable dans Paramètres : les comptes de trésorerie (classe 5) y sont créés."
        />
      ) : (
        <Box component="ul" aria-label="Soldes par compte" sx={listSx}>
          {data.accounts.map((a) => (
            <Box component="li" key={a.code} sx={listRowSx}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
                    {a.code}
                  </Box>
                  {a.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {TREASURY_KIND_LABELS[a.kind] ?? TREASURY_KIND_LABELS.other}
                </Typography>
              </Box>
              <Typography
                variant="body2"
                sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: toAmount(a.balance) < 0 ? 'error.main' : 'text.primary' }}
              >
                {formatMoney(a.balance)}
              </Typography>
              <Chip size="small" label="Actif" color="success" variant="outlined" />
            </Box>
          ))}
        </Box>
      );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
      <Panel title="Prévisions de Trésorerie" subtitle={`Solde prévu sur les ${FORECAST_HORIZON_DAYS} prochains jours (XOF)`}>
        {chart}
      </Panel>
      <Panel title="Soldes par Compte">{accounts}</Panel>
    </Box>
  );
}

const PAYMENT_COLUMNS: Column<Payment>[] = [
  { header: 'Date', cell: (p) => formatDate(p.date), nowrap: true },
  {
    header: 'Type',
    cell: (p) => (
      <>
        {paymentTypeLabel(p.type)}
        {p.invoice?.number ? (
          <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
            {p.invoice.number}
          </Typography>
        ) : null}
      </>
    ),
  },
  { header: 'Mode', cell: (p) => paymentMethodLabel(p.method) },
  { header: 'Référence', cell: (p) => p.reference || '-' },
  moneyColumn('Montant', (p) => p.amount),
  {
    header: 'Statut',
    cell: (p) => <Chip size="small" label={paymentStatusLabel(p.status)} color={p.status === 'completed' ? 'success' : 'warning'} />,
  },
];

function PaymentsView({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(0);
  const list = useListTreasuryPaymentsQuery({ companyId, page: page + 1, pageSize: PAYMENTS_PAGE_SIZE });
  const data = list.currentData ?? list.data;
  const totalItems = data?.totalItems ?? 0;
  useLastPageFallback(Boolean(data?.paginated), page, totalItems, PAYMENTS_PAGE_SIZE, setPage);

  return (
    <Panel title="Historique des Paiements">
      <ListState
        list={{ ...list, data }}
        errorTitle="Impossible de charger les paiements"
        // A page left empty by a change elsewhere is not an empty history: the pager brings it back.
        count={totalItems === 0 ? (data?.items.length ?? 0) : totalItems}
        empty={{ title: MESSAGES_PAYMENT.empty }}
      >
        <DataTable label="Paiements" columns={PAYMENT_COLUMNS} rows={data?.items ?? []} rowKey={(p) => p.id} fetching={list.isFetching} />
        {data?.paginated ? <ListPagination count={totalItems} page={page} pageSize={PAYMENTS_PAGE_SIZE} onPageChange={setPage} /> : null}
      </ListState>
    </Panel>
  );
}

function UpcomingList({ label, items, empty }: { label: string; items: Upcoming[]; empty: string }) {
  if (items.length === 0) return <EmptyState title={empty} />;
  return (
    <Box component="ul" aria-label={label} sx={listSx}>
      {items.map((item) => {
        const inflow = toAmount(item.amount) > 0;
        return (
          <Box component="li" key={item.id} sx={listRowSx}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {item.description}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {`Échéance : ${formatDate(item.dueDate)}`}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: inflow ? 'success.main' : 'error.main' }}>
              {signedMoney(item.amount, inflow)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

function ForecastView({ companyId }: { companyId: string }) {
  const dashboard = useGetDashboardQuery(companyId);
  const data = dashboard.data;
  let inflows: ReactNode;
  let outflows: ReactNode;
  if (dashboard.isError && !data) {
    inflows = <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} title="Impossible de charger les échéances" />;
    outflows = inflows;
  } else if (!data) {
    inflows = <LoadingState rows={3} height={40} />;
    outflows = inflows;
  } else {
    inflows = (
      <UpcomingList
        label="Encaissements prévus"
        items={data.upcomingPayments.filter((p) => toAmount(p.amount) > 0)}
        empty={MESSAGES_TREASURY.noInflow}
      />
    );
    outflows = (
      <UpcomingList
        label="Décaissements prévus"
        items={data.upcomingPayments.filter((p) => toAmount(p.amount) < 0)}
        empty={MESSAGES_TREASURY.noOutflow}
      />
    );
  }
  return (
    <Grid columns={2} mb={0}>
      <Panel title="Encaissements Prévus">{inflows}</Panel>
      <Panel title="Décaissements Prévus">{outflows}</Panel>
    </Grid>
  );
}

/** The dialogs a treasury account's card opens, and the page-level 'Nouveau compte' and 'Virement interne'. */
function useAccountDialogs() {
  const importStatement = useDialog<TreasuryAccount | null>('import-statement', null);
  const manualLine = useDialog<TreasuryAccount | null>('manual-line', null);
  const report = useDialog<TreasuryAccount | null>('reconciliation-report', null);
  const newAccount = useDialog('new-account');
  const transfer = useDialog('transfer');
  const actions: TreasuryAccountActions = {
    onImport: (account) => importStatement.show(account),
    onManualLine: (account) => manualLine.show(account),
    onReport: (account) => report.show(account),
  };
  return { importStatement, manualLine, report, newAccount, transfer, actions };
}

/**
 * Route /tresorerie (exposed as './Treasury'): balances, payments and forecast, the treasury accounts
 * and, at `?rapprochement=<accountId>`, the matching screen of one of them.
 */
export default function TreasuryPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const treasury = useGetTreasuryQuery(companyId ?? skipToken);
  const [view, setView] = useState<TreasuryView>('overview');
  const [searchParams] = useSearchParams();
  const reconciling = searchParams.get('rapprochement');
  // A new key per opening: the dialog starts empty every time.
  const payment = useDialog('payment');
  const canPay = useCanRecordPayment();
  const canManage = useCanManageTreasury();
  const dialogs = useAccountDialogs();

  const title = ROUTE?.title ?? 'Trésorerie';
  const header = (
    <PageHeader
      title={title}
      subtitle={ROUTE?.subtitle}
      actions={
        <>
          {canManage ? (
            <>
              <Button variant="outlined" onClick={() => dialogs.transfer.show()} disabled={!companyId}>
                Virement interne
              </Button>
              <AddButton variant="outlined" onClick={() => dialogs.newAccount.show()} disabled={!companyId}>
                Nouveau compte
              </AddButton>
            </>
          ) : null}
          {canPay ? (
            <AddButton onClick={() => payment.show()} disabled={!companyId}>
              Nouveau Paiement
            </AddButton>
          ) : null}
        </>
      }
    />
  );

  let body = sessionPreamble({ user, userLoading, userError, companyId, rows: 4 });
  if (!body && companyId && reconciling) {
    body = <ReconciliationPage key={reconciling} companyId={companyId} accountId={reconciling} canManage={canManage} />;
  } else if (!body && companyId) {
    const data = treasury.data;
    const loading = !data && !treasury.isError;
    body = (
      <>
        {treasury.isError && !data ? (
          <Box sx={{ mb: 3 }}>
            <ErrorState
              error={treasury.error}
              onRetry={() => void treasury.refetch()}
              title="Impossible de charger les soldes de trésorerie"
            />
          </Box>
        ) : (
          <Grid columns={3}>
            <StatCard title="Solde actuel" value={formatMoney(data?.balance)} loading={loading} />
            <StatCard
              title="Encaissements prévus"
              value={formatMoney(data?.expectedInflows)}
              loading={loading}
              caption={`Prochains ${FORECAST_HORIZON_DAYS} jours`}
            />
            <StatCard
              title="Décaissements prévus"
              value={formatMoney(data?.expectedOutflows)}
              loading={loading}
              caption={`Prochains ${FORECAST_HORIZON_DAYS} jours`}
            />
          </Grid>
        )}
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={view}
            onChange={(_event, next: TreasuryView) => setView(next)}
            aria-label="Vues de la trésorerie"
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {TREASURY_VIEWS.map((v) => (
              <Tab
                key={v.value}
                value={v.value}
                label={v.label}
                id={`treasury-tab-${v.value}`}
                aria-controls={`treasury-panel-${v.value}`}
              />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={`treasury-panel-${view}`} aria-labelledby={`treasury-tab-${view}`}>
          {view === 'overview' ? (
            <>
              <OverviewView companyId={companyId} />
              <Box sx={{ mt: 2 }}>
                <Panel title="Comptes de trésorerie" subtitle="Banques, portefeuilles mobile money et caisses : relevés et rapprochement">
                  <TreasuryAccountCards companyId={companyId} actions={dialogs.actions} canManage={canManage} />
                </Panel>
              </Box>
            </>
          ) : view === 'payments' ? (
            <PaymentsView companyId={companyId} />
          ) : (
            <ForecastView companyId={companyId} />
          )}
        </Box>
      </>
    );
  }

  return (
    <Box component="section" aria-label={title}>
      {header}
      {body}
      <PaymentDialog key={payment.key} {...payment.props} />
      <TreasuryAccountDialog key={dialogs.newAccount.key} {...dialogs.newAccount.props} companyId={companyId} />
      <TransferDialog key={dialogs.transfer.key} {...dialogs.transfer.props} companyId={companyId} />
      <StatementImportDialog
        key={dialogs.importStatement.key}
        {...dialogs.importStatement.props}
        companyId={companyId}
        account={dialogs.importStatement.value}
      />
      <StatementLineDialog
        key={dialogs.manualLine.key}
        {...dialogs.manualLine.props}
        companyId={companyId}
        account={dialogs.manualLine.value}
      />
      <ReconciliationReportDialog key={dialogs.report.key} {...dialogs.report.props} companyId={companyId} account={dialogs.report.value} />
    </Box>
  );
}
