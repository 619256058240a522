import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES_REMINDER, REMINDER_STATUS_LABELS, type Reminder, type ReminderDue } from '@xaalis/contracts';
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
import { reminderPdfUrl, useCreateReminderMutation, useListRemindersDueQuery, useListRemindersQuery } from './api';

const PAGE_SIZE = 25;
const DUE_COLUMNS: Column<ReminderDue>[] = [
  { header: 'Client', cell: (d) => d.name },
  { header: 'Factures en retard', cell: (d) => d.invoices.map((i) => `${i.number} (${i.daysOverdue} j)`).join(', ') },
  { header: 'Retard maximal', cell: (d) => `${d.maxDaysOverdue} j`, nowrap: true },
  moneyColumn('Total dû', (d) => d.total),
  { header: 'Niveau à envoyer', cell: (d) => (d.suggestedLevel ? String(d.suggestedLevel) : '-') },
];
const HISTORY_COLUMNS: Column<Reminder>[] = [
  { header: 'Date', cell: (r) => formatDate(r.date), nowrap: true },
  { header: 'Client', cell: (r) => r.thirdPartyName ?? 'N/A' },
  { header: 'Niveau', cell: (r) => r.levelName },
  moneyColumn('Total', (r) => r.total),
  {
    header: 'Envoi',
    cell: (r) => (r.status === 'failed' ? `${REMINDER_STATUS_LABELS.failed} : ${r.error ?? ''}` : REMINDER_STATUS_LABELS[r.status]),
  },
];

const downloadLetter = (r: Reminder) => downloadWithToast(reminderPdfUrl(r.id), `relance-${r.date}.pdf`, 'Erreur lors du téléchargement');

/** The 'Relances' tab: clients to remind (the level due suggested), and the reminders made. */
export function RemindersPanel({ tabs }: { tabs: ReactNode }) {
  const session = useSession();
  const { companyId } = session;
  const [page, setPage] = useState(0);
  const due = useListRemindersDueQuery(companyId ? { companyId, page: page + 1, pageSize: PAGE_SIZE } : skipToken);
  const history = useListRemindersQuery(companyId ? { companyId, pageSize: 10 } : skipToken);
  const [create, state] = useCreateReminderMutation();
  const canWrite = useCan('/api/companies/:id/reminders');

  const remind = async (d: ReminderDue, level: number) => {
    if (!companyId) return;
    try {
      const r = await create({ companyId, thirdPartyId: d.thirdPartyId, level }).unwrap();
      if (r.status === 'sent' && r.email) toastSuccess('Succès', MESSAGES_REMINDER.sentTo(r.email));
      else if (r.status === 'failed')
        toastFailure(new Error(MESSAGES_REMINDER.failed(r.error ?? '')), MESSAGES_REMINDER.failed(r.error ?? ''));
      else {
        toastSuccess('Succès', MESSAGES_REMINDER.toDownload);
        await downloadLetter(r);
      }
    } catch (error) {
      toastFailure(error, 'Erreur lors de la relance');
    }
  };

  return (
    <ListPage
      path="/factures"
      title="Factures"
      session={session}
      list={due}
      above={tabs}
      errorTitle="Impossible de charger les clients à relancer"
      count={due.data?.items.length ?? 0}
      filtered={false}
      empty={{ title: MESSAGES_REMINDER.emptyDue, description: 'Aucune facture client n’est en retard de paiement.' }}
      emptyFiltered={MESSAGES_REMINDER.emptyDue}
      pagination={{ page, pageSize: PAGE_SIZE, totalItems: due.data?.totalItems ?? 0, onPageChange: setPage }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        À relancer
      </Typography>
      <DataTable
        label="Clients à relancer"
        columns={DUE_COLUMNS}
        rows={due.data?.items ?? []}
        rowKey={(d) => d.thirdPartyId}
        fetching={due.isFetching}
        actions={(d) =>
          canWrite ? (
            <Button
              size="small"
              variant="outlined"
              disabled={state.isLoading}
              onClick={() => void remind(d, d.suggestedLevel ?? 1)}
              aria-label={`Relancer ${d.name}`}
            >
              Relancer
            </Button>
          ) : null
        }
      />
      <Box sx={{ mt: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Relances envoyées
        </Typography>
        {history.data?.items.length ? (
          <DataTable
            label="Relances envoyées"
            columns={HISTORY_COLUMNS}
            rows={history.data.items}
            rowKey={(r) => r.id}
            fetching={history.isFetching}
            actions={(r) => (
              <RowAction label={`Télécharger la lettre de relance du ${formatDate(r.date)}`} onClick={() => void downloadLetter(r)}>
                <PrintIcon fontSize="small" />
              </RowAction>
            )}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {MESSAGES_REMINDER.empty}
          </Typography>
        )}
      </Box>
    </ListPage>
  );
}
