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
import Typography from '@mui/material/Typography';
import { APP_ROUTES, ENTRY_STATUS_LABELS, ENTRY_STATUSES, MESSAGES_ENTRY, type AccountingEntry, type EntryStatus } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  formatMoney,
  PageHeader,
  useGetCompanyQuery,
  CounterRow,
  CounterTile,
  toastSaveError,
  toastSuccess,
  RowAction,
  useSession,
  EmptyState,
  listPreamble,
  AddIcon,
  CheckIcon,
  EditIcon,
  PrintIcon,
  UndoIcon,
  ViewIcon,
} from '@xaalis/web-kit';
import { useCallback, useState, type ReactNode } from 'react';
import { FilterSelect } from '../../ui/FilterSelect';
import { ListPagination, useFilteredPage, useLastPageFallback } from '../../ui/ListPagination';
import { SearchField } from '../../ui/SearchField';
import { useDebounced } from '../../ui/useDebounced';
import { useCancelEntryMutation, useListEntriesQuery, useValidateEntryMutation } from './api';
import { CancelEntryDialog } from './CancelEntryDialog';
import { EntryDetailDialog } from './EntryDetailDialog';
import { EntryDialog, type EntryDialogTarget } from './EntryDialog';
import { ImportEntriesDialog, UploadIcon } from './import';
import { useEntryRights } from './rights';
import { STATUS_COLORS, statusLabel } from './status';

const ROUTE = APP_ROUTES.find((r) => r.path === '/ecritures');
/** Rows per page (server-side pagination). */
export const ENTRIES_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;
const STATUS_OPTIONS = ENTRY_STATUSES.map((value) => ({ value, label: ENTRY_STATUS_LABELS[value] }));

/** Route /ecritures (exposed as './Entries'): the general journal. */
export default function EntriesPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const { data: company } = useGetCompanyQuery(companyId ?? skipToken);
  const [searchInput, setSearchInput] = useState('');
  const [status, setStatus] = useState<EntryStatus | ''>('');
  const search = useDebounced(searchInput.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useFilteredPage(search, status);

  const list = useListEntriesQuery(
    companyId
      ? { companyId, page: page + 1, pageSize: ENTRIES_PAGE_SIZE, search: search || undefined, status: status || undefined }
      : skipToken,
  );
  const [validateEntry, validateState] = useValidateEntryMutation();
  const [cancelEntry, cancelState] = useCancelEntryMutation();
  const rights = useEntryRights();

  const [editor, setEditor] = useState<{ open: boolean; target: EntryDialogTarget }>({ open: false, target: { mode: 'create' } });
  const [viewing, setViewing] = useState<{ id: string; print: boolean } | null>(null);
  const [cancelling, setCancelling] = useState<AccountingEntry | null>(null);
  // Remounted on each opening (key): every import starts afresh.
  const [importing, setImporting] = useState({ open: false, key: 0 });

  const openCreate = useCallback(() => setEditor({ open: true, target: { mode: 'create' } }), []);
  const closeEditor = useCallback(() => setEditor((e) => ({ ...e, open: false })), []);

  useLastPageFallback(Boolean(list.data), page, list.data?.totalItems ?? 0, ENTRIES_PAGE_SIZE, setPage);

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

  const counters = list.data?.counters;
  const countersLoading = !list.data && (list.isLoading || userLoading || list.isUninitialized);
  const filtered = Boolean(search || status);

  const preamble = listPreamble({ user, userLoading, userError, companyId, list, errorTitle: 'Impossible de charger les écritures' });
  let content: ReactNode;
  if (preamble) content = preamble;
  else if (list.data && list.data.counters.total === 0 && !filtered)
    content = (
      <EmptyState
        title={MESSAGES_ENTRY.empty}
        description={
          rights.create ? 'Passez votre première écriture au journal : chaque écriture équilibre ses débits et ses crédits.' : undefined
        }
        action={
          rights.create ? (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate}>
              Créer la première écriture
            </Button>
          ) : undefined
        }
      />
    );
  else if (list.data && list.data.items.length === 0) content = <EmptyState title="Aucune écriture ne correspond à votre recherche" />;
  else if (list.data)
    content = (
      <>
        <TableContainer>
          <Table size="small" aria-label="Écritures comptables">
            <TableHead>
              <TableRow>
                <TableCell>Numéro</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Référence</TableCell>
                <TableCell align="right">Montant</TableCell>
                <TableCell>Statut</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
              {list.data.items.map((entry) => (
                <TableRow key={entry.id} hover>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{entry.number}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.date)}</TableCell>
                  <TableCell>
                    {entry.description}
                    {entry.reversalOfId ? (
                      <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                        Contre-passation
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{entry.reference || '-'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(entry.total)}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={statusLabel(entry.status)} color={STATUS_COLORS[entry.status] ?? 'default'} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                    {rights.cancel && entry.status === 'validated' && !entry.reversalOfId ? (
                      <RowAction label={`Annuler l'écriture ${entry.number}`} onClick={() => setCancelling(entry)}>
                        <UndoIcon fontSize="small" color="error" />
                      </RowAction>
                    ) : null}
                    <RowAction label={`Imprimer l'écriture ${entry.number}`} onClick={() => setViewing({ id: entry.id, print: true })}>
                      <PrintIcon fontSize="small" />
                    </RowAction>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination count={list.data.totalItems} page={page} pageSize={ENTRIES_PAGE_SIZE} onPageChange={setPage} />
      </>
    );

  return (
    <Box component="section" aria-label={ROUTE?.title ?? 'Écritures Comptables'}>
      <PageHeader
        title={ROUTE?.title ?? 'Écritures Comptables'}
        subtitle={ROUTE?.subtitle ?? 'Journal Général'}
        actions={
          rights.import || rights.create ? (
            <>
              {rights.import ? (
                <Button
                  variant="outlined"
                  startIcon={<UploadIcon />}
                  onClick={() => setImporting((i) => ({ open: true, key: i.key + 1 }))}
                  disabled={!companyId}
                >
                  Importer des écritures
                </Button>
              ) : null}
              {rights.create ? (
                <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} disabled={!companyId}>
                  Nouvelle Écriture
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <CounterRow>
        <CounterTile label="Total des écritures" value={counters?.total ?? 0} loading={countersLoading} />
        <CounterTile label="Écritures validées" value={counters?.validated ?? 0} loading={countersLoading} />
        <CounterTile label="Brouillons" value={counters?.draft ?? 0} loading={countersLoading} />
        <CounterTile label="Montant total" value={formatMoney(counters?.totalAmount ?? 0)} loading={countersLoading} />
      </CounterRow>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <SearchField
            label="Rechercher une écriture"
            placeholder="Numéro, description, référence"
            value={searchInput}
            onChange={setSearchInput}
            sx={{ minWidth: 280, flex: '1 1 280px', maxWidth: 480 }}
          />
          <FilterSelect
            label="Statut"
            value={status}
            onChange={setStatus}
            allLabel="Tous les statuts"
            options={STATUS_OPTIONS}
            minWidth={180}
          />
        </Box>
        {content}
      </Paper>
      <EntryDialog open={editor.open} target={editor.target} companyId={companyId} onClose={closeEditor} />
      <EntryDetailDialog
        entryId={viewing?.id ?? null}
        autoPrint={viewing?.print}
        companyName={company?.name}
        onClose={() => setViewing(null)}
      />
      <ImportEntriesDialog
        key={`import-${importing.key}`}
        open={importing.open}
        companyId={companyId}
        onClose={() => setImporting((i) => ({ ...i, open: false }))}
      />
      <CancelEntryDialog
        entry={cancelling}
        busy={cancelState.isLoading}
        onConfirm={() => void onConfirmCancel()}
        onClose={() => setCancelling(null)}
      />
    </Box>
  );
}
