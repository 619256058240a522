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
  DateField,
} from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { ClientSelect } from './ClientSelect';
import { useLoadedOrClose } from './loaded';
import { SimpleLines, editableLines, wireLines, type SimpleLine } from './SimpleLines';
import {
  useCreateRecurringInvoiceMutation,
  useDeleteRecurringInvoiceMutation,
  useGetRecurringInvoiceQuery,
  useListRecurringInvoicesQuery,
  useUpdateRecurringInvoiceMutation,
} from './api';

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

/** 'Nouvelle facture récurrente', or 'Modifier' a template (`template`, with its lines): what the next invoices will be. */
function RecurringDialog({ companyId, template, onClose }: { companyId: string | null; template?: RecurringInvoice; onClose: () => void }) {
  const titleId = useId();
  const [create, createState] = useCreateRecurringInvoiceMutation();
  const [update, updateState] = useUpdateRecurringInvoiceMutation();
  const state = template ? updateState : createState;
  const [clientId, setClientId] = useState(template?.clientId ?? '');
  const [frequency, setFrequency] = useState<RecurringFrequency>(template?.frequency ?? 'monthly');
  const [day, setDay] = useState(String(template?.day ?? 1));
  const [startDate, setStartDate] = useState(template?.startDate ?? todayIso());
  const [endDate, setEndDate] = useState(template?.endDate ?? '');
  const [validate, setValidate] = useState(template?.validate ?? false);
  const [active, setActive] = useState(template?.active ?? true);
  const [vatRate, setVatRate] = useState(template ? String(Number(template.vatRate)) : '18');
  const [lines, setLines] = useState<SimpleLine[]>(editableLines(template?.lines));
  const submit = async () => {
    if (!companyId) return;
    const body = {
      clientId,
      type: template?.type,
      frequency,
      day: Number(day),
      startDate,
      endDate: endDate || null,
      validate,
      active,
      dueDays: template?.dueDays,
      paymentMethod: template?.paymentMethod,
      notes: template?.notes,
      vatRate,
      lines: wireLines(lines),
    };
    try {
      if (template) {
        await update({ id: template.id, body }).unwrap();
        toastSuccess('Succès', 'Facture récurrente modifiée');
      } else {
        await create({ companyId, body }).unwrap();
        toastSuccess('Succès', 'Facture récurrente créée');
      }
      onClose();
    } catch (error) {
      toastFailure(error, template ? 'Erreur lors de la modification' : 'Erreur lors de la création de la facture récurrente');
    }
  };
  return (
    <Dialog open onClose={state.isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{template ? 'Modifier la facture récurrente' : 'Nouvelle facture récurrente'}</DialogTitle>
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
          <DateField label="Début" value={startDate} onChange={setStartDate} />
          <DateField label="Fin (facultative)" value={endDate} onChange={setEndDate} />
          <TextField label="TVA (%)" value={vatRate} onChange={(e) => setVatRate(e.target.value)} />
        </Box>
        <SimpleLines lines={lines} onChange={setLines} vatRate={vatRate} />
        <FormControlLabel
          control={<Checkbox checked={validate} onChange={(e) => setValidate(e.target.checked)} />}
          label="Valider chaque facture à sa création"
          sx={{ mt: 1 }}
        />
        {template ? (
          <FormControlLabel
            control={<Checkbox checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label="Active (décochée : plus aucune facture créée)"
            sx={{ mt: 1 }}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state.isLoading}>
          Annuler
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={state.isLoading || !clientId}>
          {template ? (state.isLoading ? 'Enregistrement...' : 'Enregistrer') : state.isLoading ? 'Création...' : 'Créer'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A template read with its lines, then edited. */
function EditRecurringDialog({ companyId, id, onClose }: { companyId: string | null; id: string; onClose: () => void }) {
  const template = useLoadedOrClose<RecurringInvoice>(
    useGetRecurringInvoiceQuery(id),
    'Impossible de charger la facture récurrente',
    onClose,
  );
  return template ? <RecurringDialog companyId={companyId} template={template} onClose={onClose} /> : null;
}

/** The 'Récurrentes' tab: templates, their next date and the invoices they created. */
export function RecurringPanel({ tabs }: { tabs: ReactNode }) {
  const session = useSession();
  const { companyId } = session;
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
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
      dialogs={
        <>
          {creating ? <RecurringDialog companyId={companyId} onClose={() => setCreating(false)} /> : null}
          {editing ? <EditRecurringDialog companyId={companyId} id={editing} onClose={() => setEditing(null)} /> : null}
        </>
      }
    >
      <DataTable
        label="Factures récurrentes"
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.id}
        fetching={list.isFetching}
        actions={(r) =>
          canWrite ? (
            <>
              <Button
                size="small"
                onClick={() => setEditing(r.id)}
                aria-label={`Modifier la facture récurrente de ${r.clientName ?? 'N/A'}`}
              >
                Modifier
              </Button>
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
            </>
          ) : null
        }
      />
    </ListPage>
  );
}
