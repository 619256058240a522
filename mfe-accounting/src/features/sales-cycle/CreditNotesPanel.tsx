import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES_CREDIT_NOTE, type CreditNote } from '@xaalis/contracts';
import { isPositive } from '@xaalis/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  formatMoney,
  moneyColumn,
  DataTable,
  ListPage,
  RowAction,
  PrintIcon,
  toastFailure,
  toastSuccess,
  useCan,
  useSession,
  type Column,
} from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { downloadWithToast } from '../../ui/download';
import {
  creditNotePdfUrl,
  useApplyCreditNoteMutation,
  useListCreditNotesQuery,
  useOpenInvoicesOfQuery,
  useRefundCreditNoteMutation,
} from './api';

const PAGE_SIZE = 25;
const COLUMNS: Column<CreditNote>[] = [
  { header: 'Numéro', cell: (n) => n.number, nowrap: true, sx: { fontFamily: 'monospace' } },
  { header: 'Date', cell: (n) => formatDate(n.date), nowrap: true },
  { header: 'Facture', cell: (n) => n.invoiceNumber, nowrap: true },
  { header: 'Client / Fournisseur', cell: (n) => n.thirdPartyName ?? 'N/A' },
  { header: 'Motif', cell: (n) => n.reason },
  moneyColumn('Montant', (n) => n.total),
  moneyColumn('Crédit restant', (n) => n.remaining),
];

export const downloadCreditNotePdf = (n: Pick<CreditNote, 'id' | 'number'>) =>
  downloadWithToast(creditNotePdfUrl(n.id), `${n.number}.pdf`, 'Erreur lors du téléchargement');

/** 'Imputer': the credit left set against another open invoice of the same third party. */
function ApplyCreditDialog({ companyId, note, onClose }: { companyId: string; note: CreditNote; onClose: () => void }) {
  const titleId = useId();
  const invoices = useOpenInvoicesOfQuery({ companyId, thirdPartyId: note.thirdPartyId });
  const open = (invoices.data?.items ?? []).filter((i) => i.id !== note.invoiceId);
  const [invoiceId, setInvoiceId] = useState('');
  const [apply, state] = useApplyCreditNoteMutation();
  const submit = async () => {
    try {
      await apply({ id: note.id, invoiceId }).unwrap();
      toastSuccess('Succès', MESSAGES_CREDIT_NOTE.applied);
      onClose();
    } catch (error) {
      toastFailure(error, 'Erreur lors de l’imputation');
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{`Imputer l'avoir ${note.number}`}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {`Crédit restant : ${formatMoney(note.remaining)}, imputé sur une facture à régler de ${note.thirdPartyName ?? 'ce tiers'}.`}
        </Typography>
        {invoices.isLoading ? <Typography>Chargement...</Typography> : null}
        {invoices.data && !open.length ? (
          <Typography variant="body2" color="text.secondary">
            Aucune facture à régler pour ce tiers
          </Typography>
        ) : null}
        {open.length ? (
          <TextField select fullWidth label="Facture" value={invoiceId} onChange={(e) => setInvoiceId(e.target.value)}>
            {open.map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {`${i.number} du ${formatDate(i.date)} — reste ${formatMoney(i.balanceDue)}`}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" disabled={!invoiceId || state.isLoading} onClick={() => void submit()}>
          Imputer
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The 'Avoirs' tab: every credit note, its PDF, and a client's credit left, refunded or set against another invoice. */
export function CreditNotesPanel({ tabs }: { tabs: ReactNode }) {
  const session = useSession();
  const { companyId } = session;
  const [page, setPage] = useState(0);
  const list = useListCreditNotesQuery(companyId ? { companyId, page: page + 1, pageSize: PAGE_SIZE } : skipToken);
  const [refund, refundState] = useRefundCreditNoteMutation();
  const canRefund = useCan('/api/credit-notes/:id/refund');
  const [applying, setApplying] = useState<CreditNote | null>(null);

  const onRefund = async (n: CreditNote) => {
    try {
      await refund({ id: n.id, method: 'bank' }).unwrap();
      toastSuccess('Succès', MESSAGES_CREDIT_NOTE.refunded);
    } catch (error) {
      toastFailure(error, 'Erreur lors du remboursement');
    }
  };

  return (
    <ListPage
      path="/factures"
      title="Factures"
      session={session}
      list={list}
      above={tabs}
      errorTitle="Impossible de charger les avoirs"
      count={list.data?.items.length ?? 0}
      filtered={false}
      empty={{ title: MESSAGES_CREDIT_NOTE.empty }}
      emptyFiltered={MESSAGES_CREDIT_NOTE.empty}
      pagination={{ page, pageSize: PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage }}
      dialogs={applying && companyId ? <ApplyCreditDialog companyId={companyId} note={applying} onClose={() => setApplying(null)} /> : null}
    >
      <DataTable
        label="Avoirs"
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        rowKey={(n) => n.id}
        fetching={list.isFetching}
        actions={(n) => (
          <>
            <RowAction label={`Télécharger l'avoir ${n.number}`} onClick={() => void downloadCreditNotePdf(n)}>
              <PrintIcon fontSize="small" />
            </RowAction>
            {canRefund && isPositive(n.remaining) ? (
              <>
                <Button size="small" onClick={() => setApplying(n)} aria-label={`Imputer l'avoir ${n.number}`}>
                  Imputer
                </Button>
                <Button size="small" onClick={() => void onRefund(n)} disabled={refundState.isLoading}>
                  Rembourser (virement)
                </Button>
              </>
            ) : null}
          </>
        )}
      />
    </ListPage>
  );
}
