import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  APP_ROUTES,
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
  formatMoney,
  PageHeader,
  todayIso,
  CounterRow,
  CounterTile,
  RowAction,
  useSession,
  EmptyState,
  listPreamble,
  AddIcon,
  EditIcon,
  PrintIcon,
  ViewIcon,
} from '@xaalis/web-kit';
import { useCallback, useState, type ReactNode } from 'react';
import { downloadWithToast } from '../../ui/download';
import { FilterSelect } from '../../ui/FilterSelect';
import { ListPagination, useFilteredPage, useLastPageFallback } from '../../ui/ListPagination';
import { SearchField } from '../../ui/SearchField';
import { useDebounced } from '../../ui/useDebounced';
import { PaymentDialog, type PaymentDialogDefaults } from '../payments';
import { invoicesExportUrl, useListInvoicesQuery } from './api';
import { downloadInvoicePdf, InvoiceDetailDialog } from './InvoiceDetailDialog';
import { InvoiceDialog } from './InvoiceDialog';
import { INVOICE_MESSAGES_EXTRA, INVOICE_STATUS_COLORS, INVOICE_TYPE_COLORS, invoiceStatusLabel, invoiceTypeLabel } from './labels';
import { useInvoiceRights } from './rights';

const ROUTE = APP_ROUTES.find((r) => r.path === '/factures');
/** Rows per page (server-side pagination). */
export const INVOICES_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;
const STATUS_OPTIONS = INVOICE_STATUSES.map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] }));
const TYPE_OPTIONS = INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_LABELS[value] }));

/** Route /factures (exposed as './Invoices'): sales, purchases and services. */
export default function InvoicesPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const rights = useInvoiceRights();
  const [searchInput, setSearchInput] = useState('');
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [type, setType] = useState<InvoiceType | ''>('');
  const search = useDebounced(searchInput.trim(), SEARCH_DELAY_MS);
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

  const [editor, setEditor] = useState<{ open: boolean; key: number; invoiceId?: string }>({ open: false, key: 0 });
  const [viewing, setViewing] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ open: boolean; key: number; defaults?: PaymentDialogDefaults }>({ open: false, key: 0 });
  const [exporting, setExporting] = useState(false);

  const openCreate = useCallback(() => setEditor((e) => ({ open: true, key: e.key + 1 })), []);
  const openEdit = useCallback((invoiceId: string) => setEditor((e) => ({ open: true, key: e.key + 1, invoiceId })), []);
  const closeEditor = useCallback(() => setEditor((e) => ({ ...e, open: false })), []);

  useLastPageFallback(Boolean(list.data), page, list.data?.totalItems ?? 0, INVOICES_PAGE_SIZE, setPage);

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
  const countersLoading = !list.data && (list.isLoading || userLoading || list.isUninitialized);
  const filtered = Boolean(search || status || type);

  const preamble = listPreamble({ user, userLoading, userError, companyId, list, errorTitle: 'Impossible de charger les factures' });
  let content: ReactNode;
  if (preamble) content = preamble;
  else if (list.data && list.data.items.length === 0)
    content = filtered ? (
      <EmptyState title={MESSAGES_INVOICE.emptyFiltered} />
    ) : (
      <EmptyState
        title={MESSAGES_INVOICE.empty}
        description={rights.create ? "Créez votre première facture de vente, d'achat ou de prestation de services." : undefined}
        action={
          rights.create ? (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate}>
              Créer la première facture
            </Button>
          ) : undefined
        }
      />
    );
  else if (list.data)
    content = (
      <>
        <TableContainer>
          <Table size="small" aria-label="Factures">
            <TableHead>
              <TableRow>
                <TableCell>Numéro</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Client / Fournisseur</TableCell>
                <TableCell>Date</TableCell>
                <TableCell align="right">Montant</TableCell>
                <TableCell>Statut</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
              {list.data.items.map((invoice: Invoice) => (
                <TableRow key={invoice.id} hover>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{invoice.number}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={invoiceTypeLabel(invoice.type)}
                      color={INVOICE_TYPE_COLORS[invoice.type] ?? 'default'}
                    />
                  </TableCell>
                  <TableCell>{invoice.thirdParty?.name || 'N/A'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.date)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(invoice.total)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={invoiceStatusLabel(invoice.status)}
                      color={INVOICE_STATUS_COLORS[invoice.status] ?? 'default'}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RowAction label={`Voir la facture ${invoice.number}`} onClick={() => setViewing(invoice.id)}>
                      <ViewIcon fontSize="small" />
                    </RowAction>
                    {rights.edit && invoice.status === 'draft' ? (
                      <RowAction label={`Modifier la facture ${invoice.number}`} onClick={() => openEdit(invoice.id)}>
                        <EditIcon fontSize="small" />
                      </RowAction>
                    ) : null}
                    <RowAction label={`Télécharger la facture ${invoice.number}`} onClick={() => void downloadInvoicePdf(invoice)}>
                      <PrintIcon fontSize="small" />
                    </RowAction>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination count={list.data.totalItems} page={page} pageSize={INVOICES_PAGE_SIZE} onPageChange={setPage} />
      </>
    );

  return (
    <Box component="section" aria-label={ROUTE?.title ?? 'Factures'}>
      <PageHeader
        title={ROUTE?.title ?? 'Factures'}
        subtitle={ROUTE?.subtitle}
        actions={
          rights.create ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} disabled={!companyId}>
              Nouvelle Facture
            </Button>
          ) : null
        }
      />
      <CounterRow>
        <CounterTile label="Total des factures" value={counters?.total ?? 0} loading={countersLoading} />
        <CounterTile label="Ventes" value={counters?.sales ?? 0} loading={countersLoading} />
        <CounterTile label="Achats" value={counters?.purchases ?? 0} loading={countersLoading} />
        <CounterTile label="En attente" value={counters?.pending ?? 0} loading={countersLoading} />
      </CounterRow>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
          <SearchField
            label="Rechercher une facture"
            placeholder="Numéro ou client / fournisseur"
            value={searchInput}
            onChange={setSearchInput}
            sx={{ minWidth: 260, flex: '1 1 260px', maxWidth: 440 }}
          />
          <FilterSelect label="Statut" value={status} onChange={setStatus} allLabel="Tous" options={STATUS_OPTIONS} minWidth={160} />
          <FilterSelect label="Type" value={type} onChange={setType} allLabel="Tous" options={TYPE_OPTIONS} minWidth={140} />
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" onClick={() => void onExport()} disabled={!companyId || exporting}>
            {exporting ? 'Export...' : 'Exporter'}
          </Button>
        </Box>
        {content}
      </Paper>
      <InvoiceDialog
        key={`invoice-${editor.key}`}
        open={editor.open}
        invoiceId={editor.invoiceId}
        companyId={companyId}
        onClose={closeEditor}
      />
      <InvoiceDetailDialog
        invoiceId={viewing}
        onClose={() => setViewing(null)}
        onEdit={(id) => {
          setViewing(null);
          openEdit(id);
        }}
        onPay={(defaults) => setPayment((p) => ({ open: true, key: p.key + 1, defaults }))}
      />
      <PaymentDialog
        key={`payment-${payment.key}`}
        open={payment.open}
        defaults={payment.defaults}
        companyId={companyId}
        onClose={() => setPayment((p) => ({ ...p, open: false }))}
      />
    </Box>
  );
}
