import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { employeeName, LEAVE_KIND_LABELS, MESSAGES_LEAVE, type Leave } from '@xaalis/contracts';
import {
  AddButton,
  ConfirmDialog,
  DataTable,
  DeleteIcon,
  EmptyState,
  ErrorState,
  FilterSelect,
  formatDate,
  ListPagination,
  LoadingState,
  RowAction,
  toastSuccess,
  useFilteredPage,
  useLastPageFallback,
  type Column,
} from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { isSessionExpiry, refusalText } from '../../api/refusal';
import { LEAVES_PAGE_SIZE, useDeleteLeaveMutation, useListLeavesQuery } from './api';
import { formatDays } from './format';

const COLUMNS: Column<Leave>[] = [
  { header: 'Employé', cell: (l) => employeeName(l.employee), rowHeader: true, sx: { fontWeight: 500 } },
  { header: 'Type', cell: (l) => LEAVE_KIND_LABELS[l.kind] ?? l.kind },
  { header: 'Du', cell: (l) => formatDate(l.startDate), nowrap: true },
  { header: 'Au', cell: (l) => formatDate(l.endDate), nowrap: true },
  { header: 'Jours', cell: (l) => formatDays(l.days), align: 'right', nowrap: true },
  { header: 'Note', cell: (l) => l.note || '-' },
];

/** "Congé payé de Moussa Fall du 02/03/2026 au 06/03/2026 (5 jours ouvrables)." */
function leaveText(leave: Leave): string {
  const days = formatDays(leave.days);
  return `${LEAVE_KIND_LABELS[leave.kind] ?? leave.kind} de ${employeeName(leave.employee)} du ${formatDate(leave.startDate)} au ${formatDate(leave.endDate)} (${days} ${Number(leave.days) > 1 ? 'jours ouvrables' : 'jour ouvrable'}).`;
}

/**
 * 'Absences': the company's absences, newest first, a page at a time, one employee's when the
 * filter says so; 'Nouvelle absence' and each row's delete (after confirming; a 409 of the server,
 * a validated slip counting it, stays in the confirmation) for a role that may record them.
 */
export function LeavesTable({
  companyId,
  employeeOptions,
  canWrite,
  createDisabled,
  onCreate,
}: {
  companyId: string;
  /** The filter's employees. */
  employeeOptions: readonly { value: string; label: string }[];
  canWrite: boolean;
  createDisabled: boolean;
  onCreate: () => void;
}) {
  const titleId = useId();
  const [employeeId, setEmployeeId] = useState('');
  const [page, setPage] = useFilteredPage(employeeId);
  const query = useListLeavesQuery({ companyId, page: page + 1, pageSize: LEAVES_PAGE_SIZE, employeeId: employeeId || undefined });
  const totalItems = query.data?.totalItems ?? 0;
  useLastPageFallback(Boolean(query.data), page, totalItems, LEAVES_PAGE_SIZE, setPage);
  const [deleting, setDeleting] = useState<Leave | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [remove, removeState] = useDeleteLeaveMutation();

  const onDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove({ companyId, id: deleting.id }).unwrap();
      toastSuccess(MESSAGES_LEAVE.deleted);
      setDeleting(null);
    } catch (error) {
      if (isSessionExpiry(error)) return;
      setDeleteError(refusalText(error, 'Erreur lors de la suppression de l’absence'));
    }
  };

  let body: ReactNode;
  if (query.isLoading) body = <LoadingState rows={3} />;
  else if (query.error && !query.data)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger les absences" />;
  else if (!query.data?.items.length) body = <EmptyState title={MESSAGES_LEAVE.empty} />;
  else
    body = (
      <>
        <DataTable
          label="Absences"
          columns={COLUMNS}
          rows={query.data.items}
          rowKey={(l) => l.id}
          fetching={query.isFetching}
          outlined
          actions={
            canWrite
              ? (l) => (
                  <RowAction
                    label={`Supprimer l’absence de ${employeeName(l.employee)} du ${formatDate(l.startDate)}`}
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(l);
                    }}
                  >
                    <DeleteIcon fontSize="small" />
                  </RowAction>
                )
              : undefined
          }
        />
        {totalItems > LEAVES_PAGE_SIZE ? (
          <ListPagination count={totalItems} page={page} pageSize={LEAVES_PAGE_SIZE} onPageChange={setPage} />
        ) : null}
      </>
    );

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={titleId} variant="h2" component="h2">
          Absences
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <FilterSelect
            label="Employé"
            value={employeeId}
            onChange={setEmployeeId}
            allLabel="Tous"
            options={employeeOptions}
            minWidth={200}
          />
          {canWrite ? (
            <AddButton onClick={onCreate} disabled={createDisabled}>
              Nouvelle absence
            </AddButton>
          ) : null}
        </Box>
      </Box>
      {body}
      {canWrite ? (
        <ConfirmDialog
          open={deleting !== null}
          title="Supprimer cette absence ?"
          text={deleting ? leaveText(deleting) : ''}
          busy={removeState.isLoading}
          error={deleteError}
          onConfirm={() => void onDelete()}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Box>
  );
}
