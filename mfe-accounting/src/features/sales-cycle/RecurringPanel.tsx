import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  MESSAGES_RECURRING,
  RECURRING_FREQUENCIES,
  RECURRING_FREQUENCY_LABELS,
  type RecurringFrequency,
  type RecurringInvoice,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  moneyColumn,
  todayIso,
  DataTable,
  ListPage,
  toastFailure,
  toastSuccess,
  useCan,
  useSession,
  type Column,
} from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { ClientSelect } from './ClientSelect';
import { SimpleLines, emptyLine, type SimpleLine } from './SimpleLines';
import { useCreateRecurringInvoiceMutation, useDeleteRecurringInvoiceMutation, useListRecurringInvoicesQuery } from './api';

const PAGE_SIZE = 25;
const COLUMNS: Column<RecurringInvoice>[] = [
  { header: 'Client', cell: (r) => r.clientName ?? 'N/A' },
  { header: 'Fréquence', cell: (r) => `${RECURRING_FREQUENCY_LABELS[r.frequency]} (le ${r.day})` },
  moneyColumn('Montant TTC', (r) => r.total),
  { header: 'Prochaine facture', cell: (r) => (r.nextDate ? formatDate(r.nextDate) : 'Terminée'), nowrap: true },
  {
    header: 'Factures créées',
    cell: (r) => `${r.invoicesCreated}${r.lastInvoices.length ? ` (dernière : ${r.lastInvoices[0].number})` : ''}`,
  },
];

function RecurringDialog({ companyId, onClose }: { companyId: string | null; onClose: () => void }) {
  const titleId = useId();
  const [create, state] = useCreateRecurringInvoiceMutation();
  const [clientId, setClientId] = useState('');
  const [frequency, setFrequency] = useState<RecurringFrequency>('monthly');
  const [day, setDay] = useState('1');
  const [startDate, setStartDate] = useState(todayIso());
  const [endDate, setEndDate] = useState('');
  const [validate, setValidate] = useState(false);
  const [vatRate, setVatRate] = useState('18');
  const [lines, setLines] = useState<SimpleLine[]>([emptyLine()]);
  const submit = async () => {
    if (!companyId) return;
    try {
      await create({
        companyId,
        body: {
          clientId,
          frequency,
          day: Number(day),
          startDate,
          endDate: endDate || null,
          validate,
          vatRate,
          lines: lines.map((l) => ({ ...l, quantity: l.quantity.replace(',', '.'), unitPrice: l.unitPrice.replace(',', '.') })),
        },
      }).unwrap();
      toastSuccess('Succès', 'Facture récurrente créée');
      onClose();
    } catch (error) {
      toastFailure(error, 'Erreur lors de la création de la facture récurrente');
    }
  };
  return (
    <Dialog open onClose={state.isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Nouvelle facture récurrente</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' }, mb: 2 }}>
          <ClientSelect companyId={companyId} value={clientId} onChange={setClientId} />
          <TextField select label="Fréquence" value={frequency} onChange={(e) => setFrequency(e.target.value as RecurringFrequency)}>
            {RECURRING_FREQUENCIES.map((f) => (
              <MenuItem key={f} value={f}>
                {RECURRING_FREQUENCY_LABELS[f]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Jour du mois" value={day} onChange={(e) => setDay(e.target.value)} helperText="1 à 28" />
          <TextField
            type="date"
            label="Début"
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label="Fin (facultative)"
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField label="TVA (%)" value={vatRate} onChange={(e) => setVatRate(e.target.value)} />
        </Box>
        <SimpleLines lines={lines} onChange={setLines} vatRate={vatRate} />
        <FormControlLabel
          control={<Checkbox checked={validate} onChange={(e) => setValidate(e.target.checked)} />}
          label="Valider chaque facture à sa création"
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state.isLoading}>
          Annuler
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={state.isLoading || !clientId}>
          {state.isLoading ? 'Création...' : 'Créer'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The 'Récurrentes' tab: templates, their next date and the invoices they created. */
export function RecurringPanel({ tabs }: { tabs: ReactNode }) {
  const session = useSession();
  const { companyId } = session;
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const list = useListRecurringInvoicesQuery(companyId ? { companyId, page: page + 1, pageSize: PAGE_SIZE } : skipToken);
  const [remove, removeState] = useDeleteRecurringInvoiceMutation();
  const canWrite = useCan('/api/companies/:id/recurring-invoices');
  return (
    <ListPage
      path="/factures"
      title="Factures"
      session={session}
      list={list}
      above={tabs}
      create={canWrite ? { label: 'Nouvelle facture récurrente', onClick: () => setCreating(true), disabled: !companyId } : undefined}
      errorTitle="Impossible de charger les factures récurrentes"
      count={list.data?.items.length ?? 0}
      filtered={false}
      empty={{
        title: MESSAGES_RECURRING.empty,
        description: 'Loyers, abonnements, contrats : une facture créée automatiquement à chaque période.',
      }}
      emptyFiltered={MESSAGES_RECURRING.empty}
      pagination={{ page, pageSize: PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage }}
      dialogs={creating ? <RecurringDialog companyId={companyId} onClose={() => setCreating(false)} /> : null}
    >
      <DataTable
        label="Factures récurrentes"
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.id}
        fetching={list.isFetching}
        actions={(r) =>
          canWrite ? (
            <Button
              size="small"
              color="error"
              disabled={removeState.isLoading}
              onClick={() =>
                void remove(r.id)
                  .unwrap()
                  .then(() => toastSuccess('Succès', 'Facture récurrente supprimée'))
                  .catch((error: unknown) => toastFailure(error, 'Erreur lors de la suppression'))
              }
            >
              Supprimer
            </Button>
          ) : null
        }
      />
    </ListPage>
  );
}
