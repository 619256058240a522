import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES_SERVICES, TIMESHEET_STATUS_LABELS, type TimesheetList } from '@xaalis/contracts';
import { AddIcon, EmptyState, ErrorState, formatDate, formatMoney } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { formatHours, timesheetEmployeeName, TIMESHEET_STATUS_COLORS } from './format';
import { RowPlaceholders } from '../../ui/placeholders';
import type { ListQuery } from './ProjectsPanel';

export const TIMESHEET_PAGE_SIZES = [10, 25, 50, 100];

export interface TimesheetsPanelProps {
  list: ListQuery<TimesheetList>;
  /** 0-based page shown and its size (the server paginates). */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** No active employee: a timesheet cannot be created (spec §2). */
  canCreate: boolean;
  /** Why it cannot (no employee, HR unavailable), shown above the list. */
  createNotice: string | null;
  onCreate: () => void;
  /** No creation (a role that may not change the module). */
  readOnly?: boolean;
}

/** 'Feuilles de temps': one row per timesheet, newest first, a page at a time. */
export function TimesheetsPanel({
  list,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  canCreate,
  createNotice,
  onCreate,
  readOnly = false,
}: TimesheetsPanelProps) {
  const rows = list.data?.items ?? [];
  const createButton = (variant: 'contained' | 'outlined', label: string) => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={onCreate} disabled={!canCreate}>
      {label}
    </Button>
  );
  let content: ReactNode;
  if (list.isLoading) content = <RowPlaceholders count={3} testId="timesheet-placeholder" />;
  else if (list.error && !list.data)
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Impossible de charger les feuilles de temps" />;
  else if (rows.length === 0 && (list.data?.totalItems ?? 0) === 0)
    content = (
      <EmptyState
        title={MESSAGES_SERVICES.emptyTimesheets}
        description="Une feuille de temps enregistre les heures d'un employé, sur un projet ou non."
        action={readOnly ? undefined : createButton('outlined', 'Saisir la première feuille de temps')}
      />
    );
  else
    content = (
      <>
        <TableContainer>
          <Table size="small" aria-label="Feuilles de temps">
            <TableHead>
              <TableRow>
                <TableCell>Employé</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Projet</TableCell>
                <TableCell>Horaires</TableCell>
                <TableCell align="right">Pause</TableCell>
                <TableCell align="right">Heures</TableCell>
                <TableCell align="right">Taux horaire</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell>Statut</TableCell>
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
              {rows.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {timesheetEmployeeName(t.employee)}
                    </Typography>
                    {t.employee.position ? (
                      <Typography variant="caption" color="text.secondary">
                        {t.employee.position}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Chip size="small" variant="outlined" label={formatDate(t.date)} />
                  </TableCell>
                  <TableCell>
                    {t.project ? (
                      <Chip size="small" color="primary" variant="outlined" label={t.project.name} />
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {MESSAGES_SERVICES.noProject}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${t.startTime} – ${t.endTime}`}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{`${t.breakTime} min`}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatHours(t.hoursWorked)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(t.hourlyRate)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {formatMoney(t.totalCost)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={TIMESHEET_STATUS_COLORS[t.status]}
                      label={
                        t.status === 'billed' && t.invoiceNumber
                          ? `${TIMESHEET_STATUS_LABELS.billed} (${t.invoiceNumber})`
                          : TIMESHEET_STATUS_LABELS[t.status]
                      }
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.totalItems ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={TIMESHEET_PAGE_SIZES}
          onPageChange={(_event, next) => onPageChange(next)}
          onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
          labelRowsPerPage="Lignes par page"
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} sur ${count}`}
          getItemAriaLabel={(type) => (type === 'next' ? 'Page suivante' : type === 'previous' ? 'Page précédente' : type)}
        />
      </>
    );
  return (
    <Box>
      {readOnly ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{createButton('contained', 'Nouvelle feuille de temps')}</Box>
      )}
      {list.data && !list.data.employeesAvailable ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES_SERVICES.hrDown}
        </Alert>
      ) : null}
      {!readOnly && createNotice ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {createNotice}
        </Alert>
      ) : null}
      {content}
    </Box>
  );
}
