import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ENTRY_STATUS_LABELS, ENTRY_STATUSES, MESSAGES_ENTRY, type AccountingEntry, type EntryStatus } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  ConfirmDialog,
  errorMessage,
  serverMessage,
  formatDate,
  formatMoney,
  moneyColumn,
  useGetCompanyQuery,
  toastSaveError,
  toastSuccess,
  DataTable,
  FilterSelect,
  ListPage,
  RowAction,
  useDebouncedSearch,
  useFilteredPage,
  useDialog,
  useSession,
  CheckIcon,
  DeleteIcon,
  EditIcon,
  PrintIcon,
  UndoIcon,
  ViewIcon,
  type Column,
} from '@xaalis/web-kit';
import { useCallback, useState } from 'react';
import { useCancelEntryMutation, useDeleteEntryMutation, useListEntriesQuery, useValidateEntryMutation } from './api';
import { CancelEntryDialog } from './CancelEntryDialog';
import { EntryDetailDialog } from './EntryDetailDialog';
import { EntryDialog, type EntryDialogTarget } from './EntryDialog';
import { ImportEntriesDialog, UploadIcon } from './import';
import { useEntryRights } from './rights';
import { STATUS_COLORS, statusLabel } from './status';

/** Rows per page (server-side pagination). */
export const ENTRIES_PAGE_SIZE = 25;
const STATUS_OPTIONS = ENTRY_STATUSES.map((value) => ({ value, label: ENTRY_STATUS_LABELS[value] }));

const COLUMNS: Column<AccountingEntry>[] = [
  { header: 'Numéro', cell: (entry) => entry.number, nowrap: true, sx: { fontFamily: 'monospace' } },
  { header: 'Date', cell: (entry) => formatDate(entry.date), nowrap: true },
  {
    header: 'Description',
    cell: (entry) => (
      <>
        {entry.description}
        {entry.reversalOfId ? (
          <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
            Contre-passation
          </Typography>
        ) : null}
      </>
    ),
  },
  { header: 'Référence', cell: (entry) => entry.reference || '-' },
  moneyColumn('Montant', (entry) => entry.total),
  {
    header: 'Statut',
    cell: (entry) => <Chip size="small" label={statusLabel(entry.status)} color={STATUS_COLORS[entry.status] ?? 'default'} />,
  },
];

/** Route /ecritures (exposed as './Entries'): the general journal. */
export default function EntriesPage() {
  const session = useSession();
  const { companyId } = session;
  const { data: company } = useGetCompanyQuery(companyId ?? skipToken);
  const searchBox = useDebouncedSearch();
  const { search } = searchBox;
  const [status, setStatus] = useState<EntryStatus | ''>('');
  const [page, setPage] = useFilteredPage(search, status);

  const list = useListEntriesQuery(
    companyId
      ? { companyId, page: page + 1, pageSize: ENTRIES_PAGE_SIZE, search: search || undefined, status: status || undefined }
      : skipToken,
  );
  const [validateEntry, validateState] = useValidateEntryMutation();
  const [cancelEntry, cancelState] = useCancelEntryMutation();
  const [deleteEntry, deleteState] = useDeleteEntryMutation();
  const rights = useEntryRights();

  const [editor, setEditor] = useState<{ open: boolean; target: EntryDialogTarget }>({ open: false, target: { mode: 'create' } });
  const [viewing, setViewing] = useState<{ id: string; print: boolean } | null>(null);
  const [cancelling, setCancelling] = useState<AccountingEntry | null>(null);
  const [deleting, setDeleting] = useState<AccountingEntry | null>(null);
  // Remounted on each opening (key): every import starts afresh.
  const importing = useDialog('import');

  const openCreate = useCallback(() => setEditor({ open: true, target: { mode: 'create' } }), []);
  const closeEditor = useCallback(() => setEditor((e) => ({ ...e, open: false })), []);

  const onValidate = async (entry: AccountingEntry) => {
    try {
      await validateEntry(entry.id).unwrap();
      toastSuccess(MESSAGES_ENTRY.validated, entry.number);
    } catch (error) {
      toastSaveError(error, MESSAGES_ENTRY.validateError);
    }
  };

  const onConfirmCancel = async () => {
    if (!cancelling) return;
    try {
      const { reversal } = await cancelEntry(cancelling.id).unwrap();
      setCancelling(null);
      toastSuccess(MESSAGES_ENTRY.cancelled, `Contre-passation ${reversal.number} du ${formatDate(reversal.date)}`);
      setViewing({ id: reversal.id, print: false });
    } catch (error) {
      toastSaveError(error, MESSAGES_ENTRY.cancelError);
    }
  };

  const askDelete = (entry: AccountingEntry) => {
    deleteState.reset();
    setDeleting(entry);
  };
  const onConfirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteEntry(deleting.id).unwrap();
      toastSuccess(MESSAGES_ENTRY.deleted, deleting.number);
      setDeleting(null);
    } catch {
      /* shown in the dialog */
    }
  };

  const counters = list.data?.counters;
  const filtered = Boolean(search || status);

  return (
    <ListPage
      path="/ecritures"
      title="Écritures Comptables"
      subtitle="Journal Général"
      session={session}
      list={list}
      errorTitle="Impossible de charger les écritures"
      actions={
        rights.import ? (
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => importing.show()} disabled={!companyId}>
            Importer des écritures
          </Button>
        ) : null
      }
      create={rights.create ? { label: 'Nouvelle Écriture', onClick: openCreate, disabled: !companyId } : undefined}
      counters={[
        { label: 'Total des écritures', value: counters?.total ?? 0 },
        { label: 'Écritures validées', value: counters?.validated ?? 0 },
        { label: 'Brouillons', value: counters?.draft ?? 0 },
        { label: 'Montant total', value: formatMoney(counters?.totalAmount ?? 0) },
      ]}
      search={{
        label: 'Rechercher une écriture',
        placeholder: 'Numéro, description, référence',
        value: searchBox.input,
        onChange: searchBox.setInput,
        sx: { minWidth: 280, flex: '1 1 280px', maxWidth: 480 },
      }}
      toolbar={
        <FilterSelect
          label="Statut"
          value={status}
          onChange={setStatus}
          allLabel="Tous les statuts"
          options={STATUS_OPTIONS}
          minWidth={180}
        />
      }
      count={list.data?.items.length ?? 0}
      // A journal with entries, or a filter, makes an empty page a search without result.
      filtered={filtered || (counters?.total ?? 0) > 0}
      empty={{
        title: MESSAGES_ENTRY.empty,
        create: rights.create
          ? {
              description: 'Passez votre première écriture au journal : chaque écriture équilibre ses débits et ses crédits.',
              label: 'Créer la première écriture',
              onClick: openCreate,
            }
          : undefined,
      }}
      emptyFiltered="Aucune écriture ne correspond à votre recherche"
      pagination={{ page, pageSize: ENTRIES_PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage }}
      dialogs={
        <>
          <EntryDialog open={editor.open} target={editor.target} companyId={companyId} onClose={closeEditor} />
          <EntryDetailDialog
            entryId={viewing?.id ?? null}
            autoPrint={viewing?.print}
            companyName={company?.name}
            onClose={() => setViewing(null)}
          />
          <ImportEntriesDialog key={importing.key} {...importing.props} companyId={companyId} />
          <CancelEntryDialog
            entry={cancelling}
            busy={cancelState.isLoading}
            onConfirm={() => void onConfirmCancel()}
            onClose={() => setCancelling(null)}
          />
          <ConfirmDialog
            open={Boolean(deleting)}
            title={MESSAGES_ENTRY.deleteConfirmTitle(deleting?.number ?? '')}
            text={MESSAGES_ENTRY.deleteConfirmText}
            busy={deleteState.isLoading}
            error={
              deleteState.error
                ? (serverMessage(deleteState.error) ?? (errorMessage(deleteState.error) || MESSAGES_ENTRY.deleteError))
                : null
            }
            onConfirm={() => void onConfirmDelete()}
            onClose={() => setDeleting(null)}
          />
        </>
      }
    >
      <DataTable
        label="Écritures comptables"
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        rowKey={(entry) => entry.id}
        fetching={list.isFetching}
        actions={(entry) => (
          <>
            <RowAction label={`Voir l'écriture ${entry.number}`} onClick={() => setViewing({ id: entry.id, print: false })}>
              <ViewIcon fontSize="small" />
            </RowAction>
            {rights.edit && entry.status === 'draft' ? (
              <RowAction
                label={`Modifier l'écriture ${entry.number}`}
                onClick={() => setEditor({ open: true, target: { mode: 'edit', id: entry.id, number: entry.number } })}
              >
                <EditIcon fontSize="small" />
              </RowAction>
            ) : null}
            {rights.validate && entry.status === 'draft' ? (
              <RowAction
                label={`Valider l'écriture ${entry.number}`}
                onClick={() => void onValidate(entry)}
                disabled={validateState.isLoading && validateState.originalArgs === entry.id}
              >
                <CheckIcon fontSize="small" color="success" />
              </RowAction>
            ) : null}
            {rights.edit && entry.status === 'draft' ? (
              <RowAction label={`Supprimer le brouillon ${entry.number}`} onClick={() => askDelete(entry)}>
                <DeleteIcon fontSize="small" color="error" />
              </RowAction>
            ) : null}
            {rights.cancel && entry.status === 'validated' && !entry.reversalOfId ? (
              <RowAction label={`Annuler l'écriture ${entry.number}`} onClick={() => setCancelling(entry)}>
                <UndoIcon fontSize="small" color="error" />
              </RowAction>
            ) : null}
            <RowAction label={`Imprimer l'écriture ${entry.number}`} onClick={() => setViewing({ id: entry.id, print: true })}>
              <PrintIcon fontSize="small" />
            </RowAction>
          </>
        )}
      />
    </ListPage>
  );
}
