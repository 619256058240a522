import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import {
  INVOICE_CREDIT_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  MESSAGES_INVOICE,
  type Invoice,
  type InvoiceStatus,
  type InvoiceType,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  moneyColumn,
  todayIso,
  DataTable,
  FilterSelect,
  ListPage,
  RowAction,
  useDebouncedSearch,
  useFilteredPage,
  useDialog,
  useSession,
  EditIcon,
  PrintIcon,
  ViewIcon,
  type Column,
} from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { downloadWithToast } from '../../ui/download';
import { PaymentDialog, type PaymentDialogDefaults } from '../payments';
import {
  AgedBalancePanel,
  CreditNotesPanel,
  QuotesPanel,
  RecurringPanel,
  RemindersPanel,
  SalesTabBar,
  StatementPanel,
  useSalesTab,
} from '../sales-cycle';
import { invoicesExportUrl, useListInvoicesQuery } from './api';
import { downloadInvoicePdf, InvoiceDetailDialog } from './InvoiceDetailDialog';
import { InvoiceDialog } from './InvoiceDialog';
import { INVOICE_MESSAGES_EXTRA, INVOICE_STATUS_COLORS, INVOICE_TYPE_COLORS, invoiceStatusLabel, invoiceTypeLabel } from './labels';
import { useInvoiceRights } from './rights';

/** Rows per page (server-side pagination). */
export const INVOICES_PAGE_SIZE = 25;
const STATUS_OPTIONS = INVOICE_STATUSES.map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] }));
const TYPE_OPTIONS = INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_LABELS[value] }));

const COLUMNS: Column<Invoice>[] = [
  { header: 'Numéro', cell: (invoice) => invoice.number, nowrap: true, sx: { fontFamily: 'monospace' } },
  {
    header: 'Type',
    cell: (invoice) => (
      <Chip size="small" variant="outlined" label={invoiceTypeLabel(invoice.type)} color={INVOICE_TYPE_COLORS[invoice.type] ?? 'default'} />
    ),
  },
  { header: 'Client / Fournisseur', cell: (invoice) => invoice.thirdParty?.name || 'N/A' },
  { header: 'Date', cell: (invoice) => formatDate(invoice.date), nowrap: true },
  moneyColumn('Montant', (invoice) => invoice.total),
  {
    header: 'Statut',
    cell: (invoice) => (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Chip size="small" label={invoiceStatusLabel(invoice.status)} color={INVOICE_STATUS_COLORS[invoice.status] ?? 'default'} />
        {invoice.creditStatus && invoice.creditStatus !== 'none' ? (
          <Chip size="small" variant="outlined" color="warning" label={INVOICE_CREDIT_STATUS_LABELS[invoice.creditStatus]} />
        ) : null}
      </Box>
    ),
  },
];

/** Route /factures (exposed as './Invoices'): the invoices, and in its tabs the quotes, credit notes, recurring invoices and reminders. */
export default function InvoicesPage() {
  const [tab, setTab] = useSalesTab();
  const tabs = <SalesTabBar value={tab} onChange={setTab} />;
  if (tab === 'devis') return <QuotesPanel tabs={tabs} />;
  if (tab === 'avoirs') return <CreditNotesPanel tabs={tabs} />;
  if (tab === 'recurrentes') return <RecurringPanel tabs={tabs} />;
  if (tab === 'relances') return <RemindersPanel tabs={tabs} />;
  if (tab === 'balance-agee') return <AgedBalancePanel tabs={tabs} />;
  if (tab === 'lettrage') return <StatementPanel tabs={tabs} />;
  return <InvoicesList tabs={tabs} />;
}

/** Sales, purchases and services. */
function InvoicesList({ tabs }: { tabs: ReactNode }) {
  const session = useSession();
  const { companyId } = session;
  const rights = useInvoiceRights();
  const searchBox = useDebouncedSearch();
  const { search } = searchBox;
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [type, setType] = useState<InvoiceType | ''>('');
  const [page, setPage] = useFilteredPage(search, status, type);

  const list = useListInvoicesQuery(
    companyId
      ? {
          companyId,
          page: page + 1,
          pageSize: INVOICES_PAGE_SIZE,
          search: search || undefined,
          status: status || undefined,
          type: type || undefined,
        }
      : skipToken,
  );

  const editor = useDialog<string | undefined>('invoice', undefined);
  const [viewing, setViewing] = useState<string | null>(null);
  const payment = useDialog<PaymentDialogDefaults | undefined>('payment', undefined);
  const [exporting, setExporting] = useState(false);

  const openCreate = () => editor.show(undefined);

  const onExport = async () => {
    if (!companyId) return;
    setExporting(true);
    try {
      await downloadWithToast(
        invoicesExportUrl(companyId, { status, type, search }),
        `factures-${todayIso()}.xlsx`,
        INVOICE_MESSAGES_EXTRA.exportError,
        {
          preferServerName: true,
        },
      );
    } finally {
      setExporting(false);
    }
  };

  const counters = list.data?.counters;

  return (
    <ListPage
      path="/factures"
      title="Factures"
      session={session}
      list={list}
      above={tabs}
      errorTitle="Impossible de charger les factures"
      create={rights.create ? { label: 'Nouvelle Facture', onClick: openCreate, disabled: !companyId } : undefined}
      counters={[
        { label: 'Total des factures', value: counters?.total ?? 0 },
        { label: 'Ventes', value: counters?.sales ?? 0 },
        { label: 'Achats', value: counters?.purchases ?? 0 },
        { label: 'En attente', value: counters?.pending ?? 0 },
      ]}
      search={{
        label: 'Rechercher une facture',
        placeholder: 'Numéro ou client / fournisseur',
        value: searchBox.input,
        onChange: searchBox.setInput,
      }}
      toolbar={
        <>
          <FilterSelect label="Statut" value={status} onChange={setStatus} allLabel="Tous" options={STATUS_OPTIONS} minWidth={160} />
          <FilterSelect label="Type" value={type} onChange={setType} allLabel="Tous" options={TYPE_OPTIONS} minWidth={140} />
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" onClick={() => void onExport()} disabled={!companyId || exporting}>
            {exporting ? 'Export...' : 'Exporter'}
          </Button>
        </>
      }
      count={list.data?.items.length ?? 0}
      filtered={Boolean(search || status || type)}
      empty={{
        title: MESSAGES_INVOICE.empty,
        create: rights.create
          ? {
              description: "Créez votre première facture de vente, d'achat ou de prestation de services.",
              label: 'Créer la première facture',
              onClick: openCreate,
            }
          : undefined,
      }}
      emptyFiltered={MESSAGES_INVOICE.emptyFiltered}
      pagination={{ page, pageSize: INVOICES_PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage }}
      dialogs={
        <>
          <InvoiceDialog key={editor.key} {...editor.props} invoiceId={editor.value} companyId={companyId} />
          <InvoiceDetailDialog
            invoiceId={viewing}
            onClose={() => setViewing(null)}
            onEdit={(id) => {
              setViewing(null);
              editor.show(id);
            }}
            onPay={payment.show}
          />
          <PaymentDialog key={payment.key} {...payment.props} defaults={payment.value} companyId={companyId} />
        </>
      }
    >
      <DataTable
        label="Factures"
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        rowKey={(invoice) => invoice.id}
        fetching={list.isFetching}
        actions={(invoice) => (
          <>
            <RowAction label={`Voir la facture ${invoice.number}`} onClick={() => setViewing(invoice.id)}>
              <ViewIcon fontSize="small" />
            </RowAction>
            {rights.edit && invoice.status === 'draft' ? (
              <RowAction label={`Modifier la facture ${invoice.number}`} onClick={() => editor.show(invoice.id)}>
                <EditIcon fontSize="small" />
              </RowAction>
            ) : null}
            <RowAction label={`Télécharger la facture ${invoice.number}`} onClick={() => void downloadInvoicePdf(invoice)}>
              <PrintIcon fontSize="small" />
            </RowAction>
          </>
        )}
      />
    </ListPage>
  );
}
