import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { MESSAGES_SERVICES, TIMESHEET_STATUS_LABELS, type Timesheet, type TimesheetList } from '@xaalis/contracts';
import { AddButton, DataTable, formatDate, ListPanel, moneyColumn, SearchField, type Column, type SearchFieldProps } from '@xaalis/web-kit';
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
  /** The search box (description or project name); `active` once a term narrows the list. */
  search: SearchFieldProps & { active: boolean };
  /** No active employee: a timesheet cannot be created (spec §2). */
  canCreate: boolean;
  /** Why it cannot (no employee, HR unavailable), shown above the list. */
  createNotice: string | null;
  onCreate: () => void;
  /** No creation (a role that may not change the module). */
  readOnly?: boolean;
}

const COLUMNS: Column<Timesheet>[] = [
  {
    header: 'Employé',
    cell: (t) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {timesheetEmployeeName(t.employee)}
        </Typography>
        {t.employee.position ? (
          <Typography variant="caption" color="text.secondary">
            {t.employee.position}
          </Typography>
        ) : null}
      </>
    ),
  },
  { header: 'Date', cell: (t) => <Chip size="small" variant="outlined" label={formatDate(t.date)} />, nowrap: true },
  {
    header: 'Projet',
    cell: (t) =>
      t.project ? (
        <Chip size="small" color="primary" variant="outlined" label={t.project.name} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {MESSAGES_SERVICES.noProject}
        </Typography>
      ),
  },
  { header: 'Horaires', cell: (t) => `${t.startTime} – ${t.endTime}`, nowrap: true },
  { header: 'Pause', cell: (t) => `${t.breakTime} min`, align: 'right', nowrap: true },
  { header: 'Heures', cell: (t) => formatHours(t.hoursWorked), align: 'right', nowrap: true },
  moneyColumn('Taux horaire', (t) => t.hourlyRate),
  moneyColumn('Total', (t) => t.totalCost, { fontWeight: 600 }),
  {
    header: 'Statut',
    cell: (t) => (
      <Chip
        size="small"
        color={TIMESHEET_STATUS_COLORS[t.status]}
        label={
          t.status === 'billed' && t.invoiceNumber
            ? `${TIMESHEET_STATUS_LABELS.billed} (${t.invoiceNumber})`
            : TIMESHEET_STATUS_LABELS[t.status]
        }
      />
    ),
  },
];

/** 'Feuilles de temps': one row per timesheet, newest first, a page at a time. */
export function TimesheetsPanel({
  list,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  search: { active: searching, ...search },
  canCreate,
  createNotice,
  onCreate,
  readOnly = false,
}: TimesheetsPanelProps) {
  const rows = list.data?.items ?? [];
  const totalItems = list.data?.totalItems ?? 0;
  return (
    <ListPanel
      create={readOnly ? undefined : { label: 'Nouvelle feuille de temps', onClick: onCreate, disabled: !canCreate }}
      notice={
        <>
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
          <SearchField {...search} sx={{ mb: 2 }} />
        </>
      }
      filtered={searching}
      emptyFiltered="Aucune feuille de temps ne correspond à la recherche"
      list={list}
      errorTitle="Impossible de charger les feuilles de temps"
      loading={<RowPlaceholders count={3} testId="timesheet-placeholder" />}
      // A page left empty by a change elsewhere is not an empty list: the pager stays to go back.
      count={totalItems === 0 ? rows.length : totalItems}
      empty={{
        title: MESSAGES_SERVICES.emptyTimesheets,
        description: "Une feuille de temps enregistre les heures d'un employé, sur un projet ou non.",
        action: readOnly ? undefined : (
          <AddButton variant="outlined" onClick={onCreate} disabled={!canCreate}>
            Saisir la première feuille de temps
          </AddButton>
        ),
      }}
    >
      <DataTable label="Feuilles de temps" columns={COLUMNS} rows={rows} rowKey={(t) => t.id} fetching={list.isFetching} />
      <TablePagination
        component="div"
        count={totalItems}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={TIMESHEET_PAGE_SIZES}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
        labelRowsPerPage="Lignes par page"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} sur ${count}`}
        getItemAriaLabel={(type) => (type === 'next' ? 'Page suivante' : type === 'previous' ? 'Page précédente' : type)}
      />
    </ListPanel>
  );
}
