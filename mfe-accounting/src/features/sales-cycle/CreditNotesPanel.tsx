import Button from '@mui/material/Button';
import { MESSAGES_CREDIT_NOTE, type CreditNote } from '@xaalis/contracts';
import { isPositive } from '@xaalis/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
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
import { useState, type ReactNode } from 'react';
import { downloadWithToast } from '../../ui/download';
import { creditNotePdfUrl, useListCreditNotesQuery, useRefundCreditNoteMutation } from './api';

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

/** The 'Avoirs' tab: every credit note, its PDF, and the refund of a client's credit left. */
export function CreditNotesPanel({ tabs }: { tabs: ReactNode }) {
  const session = useSession();
  const { companyId } = session;
  const [page, setPage] = useState(0);
  const list = useListCreditNotesQuery(companyId ? { companyId, page: page + 1, pageSize: PAGE_SIZE } : skipToken);
  const [refund, refundState] = useRefundCreditNoteMutation();
  const canRefund = useCan('/api/credit-notes/:id/refund');

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
              <Button size="small" onClick={() => void onRefund(n)} disabled={refundState.isLoading}>
                Rembourser (virement)
              </Button>
            ) : null}
          </>
        )}
      />
    </ListPage>
  );
}
