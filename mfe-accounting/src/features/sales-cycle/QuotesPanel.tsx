import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MESSAGES_QUOTE, QUOTE_STATUS_LABELS, type Quote } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  moneyColumn,
  todayIso,
  DataTable,
  ListPage,
  RowAction,
  PrintIcon,
  toastFailure,
  toastSuccess,
  useCan,
  useSession,
  type Column,
  DateField,
} from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { downloadWithToast } from '../../ui/download';
import { ClientSelect } from './ClientSelect';
import { useLoadedOrClose } from './loaded';
import { SimpleLines, editableLines, wireLines, type SimpleLine } from './SimpleLines';
import {
  quotePdfUrl,
  useConvertQuoteMutation,
  useCreateQuoteMutation,
  useDeleteQuoteMutation,
  useGetQuoteQuery,
  useListQuotesQuery,
  useQuoteActionMutation,
  useUpdateQuoteMutation,
} from './api';

const PAGE_SIZE = 25;
/** The row's buttons stay narrow (a long label wraps): the table fits 1280 px. */
const ACTION_SX = { minWidth: 0, px: 0.75, whiteSpace: 'normal', lineHeight: 1.2, textAlign: 'right' } as const;
const STATUS_COLORS = { draft: 'warning', sent: 'info', accepted: 'success', refused: 'error', expired: 'default' } as const;
const COLUMNS: Column<Quote>[] = [
  { header: 'Numéro', cell: (q) => q.number, nowrap: true, sx: { fontFamily: 'monospace' } },
  { header: 'Client', cell: (q) => q.client?.name ?? 'N/A' },
  { header: 'Date', cell: (q) => formatDate(q.date), nowrap: true },
  { header: 'Valable jusqu’au', cell: (q) => (q.validUntil ? formatDate(q.validUntil) : '-'), nowrap: true },
  moneyColumn('Montant', (q) => q.total),
  { header: 'Statut', cell: (q) => <Chip size="small" label={QUOTE_STATUS_LABELS[q.status]} color={STATUS_COLORS[q.status]} /> },
  { header: 'Facture', cell: (q) => q.invoiceNumber ?? '-', nowrap: true },
];

/** 'Nouveau devis' (or 'Modifier' a draft, `quote` with its lines): a client, dates, VAT, notes and free lines. */
function QuoteDialog({ companyId, quote, onClose }: { companyId: string | null; quote?: Quote; onClose: () => void }) {
  const titleId = useId();
  const [create, createState] = useCreateQuoteMutation();
  const [update, updateState] = useUpdateQuoteMutation();
  const state = quote ? updateState : createState;
  const [clientId, setClientId] = useState(quote?.clientId ?? '');
  const [date, setDate] = useState(quote?.date ?? todayIso());
  const [validUntil, setValidUntil] = useState(quote?.validUntil ?? '');
  const [vatRate, setVatRate] = useState(quote ? String(Number(quote.vatRate)) : '18');
  const [notes, setNotes] = useState(quote?.notes ?? '');
  const [lines, setLines] = useState<SimpleLine[]>(editableLines(quote?.lines));
  const submit = async () => {
    if (!companyId) return;
    const body = {
      quote: { clientId, date, validUntil: validUntil || null, vatRate, notes },
      lines: wireLines(lines),
    };
    try {
      if (quote) {
        await update({ id: quote.id, body }).unwrap();
        toastSuccess('Succès', `Devis ${quote.number} modifié`);
      } else {
        const q = await create({ companyId, body }).unwrap();
        toastSuccess('Succès', `${MESSAGES_QUOTE.created} (${q.number})`);
      }
      onClose();
    } catch (error) {
      toastFailure(error, quote ? 'Erreur lors de la modification du devis' : 'Erreur lors de la création du devis');
    }
  };
  return (
    <Dialog open onClose={state.isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{quote ? `Modifier le devis ${quote.number}` : 'Nouveau devis'}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr 1fr' }, mb: 2 }}>
          <ClientSelect companyId={companyId} value={clientId} onChange={setClientId} />
          <DateField label="Date" value={date} onChange={setDate} />
          <DateField label="Valable jusqu’au" value={validUntil} onChange={setValidUntil} />
          <TextField label="TVA (%)" value={vatRate} onChange={(e) => setVatRate(e.target.value)} />
        </Box>
        <SimpleLines lines={lines} onChange={setLines} vatRate={vatRate} />
        <TextField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} fullWidth multiline minRows={2} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state.isLoading}>
          Annuler
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={state.isLoading || !clientId}>
          {quote ? (state.isLoading ? 'Enregistrement...' : 'Enregistrer') : state.isLoading ? 'Création...' : 'Créer le devis'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A draft quote read with its lines, then edited. */
function EditQuoteDialog({ companyId, id, onClose }: { companyId: string | null; id: string; onClose: () => void }) {
  const quote = useLoadedOrClose<Quote>(useGetQuoteQuery(id), 'Impossible de charger le devis', onClose);
  return quote ? <QuoteDialog companyId={companyId} quote={quote} onClose={onClose} /> : null;
}

/** The 'Devis' tab: quotes, their life (envoyer, accepter, refuser, convertir en facture), their PDF. */
export function QuotesPanel({ tabs }: { tabs: ReactNode }) {
  const session = useSession();
  const { companyId } = session;
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const list = useListQuotesQuery(companyId ? { companyId, page: page + 1, pageSize: PAGE_SIZE } : skipToken);
  const [act, actState] = useQuoteActionMutation();
  const [convert, convertState] = useConvertQuoteMutation();
  const [remove, removeState] = useDeleteQuoteMutation();
  const canWrite = useCan('/api/companies/:id/quotes');
  const busy = actState.isLoading || convertState.isLoading || removeState.isLoading;

  const run = async (fn: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await fn();
      toastSuccess('Succès', success);
    } catch (error) {
      toastFailure(error, failure);
    }
  };
  const action = (q: Quote, label: string, fn: () => Promise<unknown>, success: string) => (
    <Button
      size="small"
      sx={ACTION_SX}
      disabled={busy}
      onClick={() => void run(fn, success, `Erreur : ${label.toLowerCase()}`)}
      aria-label={`${label} le devis ${q.number}`}
    >
      {label}
    </Button>
  );

  return (
    <ListPage
      path="/factures"
      title="Factures"
      session={session}
      list={list}
      above={tabs}
      create={canWrite ? { label: 'Nouveau devis', onClick: () => setCreating(true), disabled: !companyId } : undefined}
      errorTitle="Impossible de charger les devis"
      count={list.data?.items.length ?? 0}
      filtered={false}
      empty={{
        title: MESSAGES_QUOTE.empty,
        create: canWrite
          ? {
              description: 'Proposez un prix à un client avant de facturer.',
              label: 'Créer le premier devis',
              onClick: () => setCreating(true),
            }
          : undefined,
      }}
      emptyFiltered={MESSAGES_QUOTE.empty}
      pagination={{ page, pageSize: PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage }}
      dialogs={
        <>
          {creating ? <QuoteDialog companyId={companyId} onClose={() => setCreating(false)} /> : null}
          {editing ? <EditQuoteDialog companyId={companyId} id={editing} onClose={() => setEditing(null)} /> : null}
        </>
      }
    >
      <DataTable
        label="Devis"
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        rowKey={(q) => q.id}
        fetching={list.isFetching}
        actions={(q) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5 }}>
            <RowAction
              label={`Télécharger le devis ${q.number}`}
              onClick={() => void downloadWithToast(quotePdfUrl(q.id), `${q.number}.pdf`, 'Erreur lors du téléchargement')}
            >
              <PrintIcon fontSize="small" />
            </RowAction>
            {canWrite && q.status === 'draft' ? (
              <Button
                size="small"
                sx={ACTION_SX}
                disabled={busy}
                onClick={() => setEditing(q.id)}
                aria-label={`Modifier le devis ${q.number}`}
              >
                Modifier
              </Button>
            ) : null}
            {canWrite && q.status === 'draft'
              ? action(q, 'Envoyer', () => act({ id: q.id, action: 'send' }).unwrap(), 'Devis envoyé')
              : null}
            {canWrite && q.status === 'sent'
              ? action(q, 'Accepter', () => act({ id: q.id, action: 'accept' }).unwrap(), 'Devis accepté')
              : null}
            {canWrite && q.status === 'sent'
              ? action(q, 'Refuser', () => act({ id: q.id, action: 'refuse' }).unwrap(), 'Devis refusé')
              : null}
            {canWrite && q.status === 'accepted' && !q.invoiceId
              ? action(q, 'Convertir en facture', () => convert(q.id).unwrap(), 'Facture créée à partir du devis')
              : null}
            {canWrite && q.status === 'draft' ? action(q, 'Supprimer', () => remove(q.id).unwrap(), 'Devis supprimé') : null}
          </Box>
        )}
      />
    </ListPage>
  );
}
