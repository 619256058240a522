import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { entryInputSchema, JOURNAL_LABELS, JOURNALS, MESSAGES_ENTRY, type AccountingEntry } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { emptyToNull, FormSelectField, FormTextField, toast, useEntityForm } from '@xaalis/web-kit';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { DocumentFormDialog, DocumentHeader, ListLoadError, SettingsHint } from '../../ui/DocumentDialog';
import { useListAccountsQuery } from '../accounts';
import { useCreateEntryMutation, useGetEntryQuery, useNextEntryNumberQuery, useUpdateEntryMutation } from './api';
import { entryToFormValues, formatExactMoney, liveTotals, newEntryValues, type EntryFormValues, type EntryOutput } from './entryForm';
import { EntryLinesEditor } from './EntryLinesEditor';

/** Shown when the chart of accounts is empty. */
export const ACCOUNTS_EMPTY_HINT = "Générez d'abord le plan comptable dans Paramètres";

const JOURNAL_OPTIONS = JOURNALS.map((value) => ({ value, label: `${value} — ${JOURNAL_LABELS[value]}` }));
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type EntryDialogTarget = { mode: 'create' } | { mode: 'edit'; id: string; number: string };

export interface EntryDialogProps {
  open: boolean;
  target: EntryDialogTarget;
  companyId: string | null;
  onClose: () => void;
}

/** 'Nouvelle Écriture Comptable' / "Modifier l'Écriture {number}": header fields, lines, live totals and balance badge. */
export function EntryDialog({ open, target, companyId, onClose }: EntryDialogProps) {
  const editing = target.mode === 'edit';
  const editId = target.mode === 'edit' ? target.id : null;

  // One account is enough to know the chart is not empty: the lines search it on the server.
  const accountsQuery = useListAccountsQuery(open && companyId ? { companyId, pageSize: 1 } : skipToken);
  const entryQuery = useGetEntryQuery(open && editId ? editId : skipToken, { refetchOnMountOrArgChange: true });
  const [createEntry] = useCreateEntryMutation();
  const [updateEntry] = useUpdateEntryMutation();

  // The number proposed by the server, kept in step with the journal and date until typed over.
  const autoNumber = useRef('');
  const entryDescription = useRef('');

  const form = useEntityForm<EntryFormValues, EntryOutput>({
    open,
    onClose,
    schema: entryInputSchema,
    prepare: (v) => ({
      entry: { ...v.entry, reference: emptyToNull(v.entry.reference) },
      lines: (v.lines ?? []).map((l) => ({ ...l, thirdPartyId: l.thirdPartyId || null })),
    }),
    // An edit fills the form from the entry once it is loaded (the form shows only then).
    defaultValues: () => (editing && entryQuery.data ? entryToFormValues(entryQuery.data) : newEntryValues()),
    resetKey: editing ? entryQuery.data : null,
    onReset: (values) => {
      autoNumber.current = '';
      entryDescription.current = values.entry.description;
    },
    companyId,
    check: (values) => {
      if (liveTotals(values.lines).balanced) return true;
      toast({ title: 'Erreur', description: MESSAGES_ENTRY.unbalanced, variant: 'destructive' });
      return false;
    },
    save: (values, id) => {
      const body = { entry: { ...values.entry, total: liveTotals(values.lines).debit }, lines: values.lines };
      return editId ? updateEntry({ id: editId, body }).unwrap() : createEntry({ companyId: id, body }).unwrap();
    },
    success: (_values, result) =>
      editId ? MESSAGES_ENTRY.updated : [MESSAGES_ENTRY.created, `Numéro ${(result as AccountingEntry).number}`],
    failure: editId ? MESSAGES_ENTRY.updateError : MESSAGES_ENTRY.createError,
    reasonReplacesText: true,
    serverErrors: { 409: { field: 'entry.number', message: MESSAGES_ENTRY.duplicateNumber } },
  });
  const { control, setValue, getValues } = form;

  const journal = useWatch({ control, name: 'entry.journal' });
  const date = useWatch({ control, name: 'entry.date' });
  const description = useWatch({ control, name: 'entry.description' });
  const lines = useWatch({ control, name: 'lines' });
  const totals = useMemo(() => liveTotals(lines), [lines]);

  const nextNumber = useNextEntryNumberQuery(
    open && !editing && companyId && DATE.test(date ?? '') ? { companyId, journal: journal || 'OD', date } : skipToken,
    { refetchOnMountOrArgChange: true },
  );
  useEffect(() => {
    const proposed = nextNumber.data?.number;
    if (!proposed || editing) return;
    const current = getValues('entry.number');
    if (current === '' || current === autoNumber.current) {
      autoNumber.current = proposed;
      setValue('entry.number', proposed);
    }
  }, [nextNumber.data, editing, getValues, setValue]);

  // Line descriptions follow the entry's description while they are empty or still the same text.
  useEffect(() => {
    const previous = entryDescription.current;
    if (description === undefined || description === previous) return;
    getValues('lines').forEach((line, i) => {
      if (line.description === '' || line.description === previous) setValue(`lines.${i}.description`, description);
    });
    entryDescription.current = description;
  }, [description, getValues, setValue]);

  const title = editing ? `Modifier l'Écriture ${target.number}` : 'Nouvelle Écriture Comptable';
  const accountsEmpty = accountsQuery.isSuccess && accountsQuery.data.counters.total === 0;

  return (
    <DocumentFormDialog
      form={form}
      title={title}
      submitLabel="Enregistrer"
      submitDisabled={!totals.balanced || (editing && !entryQuery.data)}
      record={editing ? { query: entryQuery, loaded: Boolean(entryQuery.data), failure: "Impossible de charger l'écriture" } : undefined}
      lines={<EntryLinesEditor form={form} companyId={open ? companyId : null} />}
      totalsLayout={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center', justifyContent: 'flex-end' }}
      totals={
        <>
          <Typography variant="body2">
            Total débit : <strong data-testid="total-debit">{formatExactMoney(totals.debit)}</strong>
          </Typography>
          <Typography variant="body2">
            Total crédit : <strong data-testid="total-credit">{formatExactMoney(totals.credit)}</strong>
          </Typography>
          <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Chip
              label={totals.balanced ? MESSAGES_ENTRY.balanced : MESSAGES_ENTRY.unbalancedBadge}
              color={totals.balanced ? 'success' : 'error'}
              size="small"
              sx={{ fontWeight: 700 }}
            />
            {!totals.balanced && totals.difference !== '0.00' ? (
              <Typography variant="caption" color="error">
                Écart : {formatExactMoney(totals.difference)}
              </Typography>
            ) : null}
          </Box>
        </>
      }
    >
      {accountsEmpty ? (
        <SettingsHint severity="warning" to="/parametres?tab=accounts" link="Ouvrir le plan comptable" onClose={onClose}>
          {ACCOUNTS_EMPTY_HINT}.
        </SettingsHint>
      ) : null}
      <ListLoadError query={accountsQuery} title="Impossible de charger le plan comptable" />
      <DocumentHeader mdColumns="1.2fr 1.5fr 1fr 1fr">
        <FormTextField
          control={control}
          name="entry.number"
          label="Numéro"
          helperText={!editing && nextNumber.isFetching ? 'Numéro proposé en cours de calcul...' : undefined}
        />
        <FormSelectField control={control} name="entry.journal" label="Journal" options={JOURNAL_OPTIONS} disabled={editing} />
        <FormTextField control={control} name="entry.date" label="Date" type="date" inputProps={{ max: '9999-12-31' }} />
        <FormTextField control={control} name="entry.reference" label="Référence" placeholder="Optionnelle" />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField control={control} name="entry.description" label="Description" />
        </Box>
      </DocumentHeader>
    </DocumentFormDialog>
  );
}
