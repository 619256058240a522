import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_LEDGER_PAGE_SIZE, MESSAGES_REPORTS, REPORT_TITLES } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatDate, useGetCompanyQuery, EmptyState, ErrorState, LoadingState, TableHeadRow, TableContainer } from '@xaalis/web-kit';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { ListPagination, useFilteredPage, useLastPageFallback } from '@xaalis/web-kit';
import { useDebounced } from '@xaalis/web-kit';
import { EntryDetailDialog } from '../entries';
import { useGetGeneralLedgerQuery, type LedgerFilters } from './api';
import { AccountField, BadRequestAlert, badRequest, FILTER_DELAY_MS, ReportDateField } from './filters';
import { formatAmount, isZeroAmount } from './format';
import { LedgerExportStatus, type StartedLedgerExport } from './LedgerExport';
import { ledgerGroups } from './ledger';

export const LEDGER_PAGE_SIZES = [50, 100, 500];
const FIELDS = ['from', 'to', 'accountFrom', 'accountTo'] as const;
const amountCell = { whiteSpace: 'nowrap' } as const;

export interface GeneralLedgerTabProps {
  companyId: string;
  filters: LedgerFilters;
  onFiltersChange: (filters: LedgerFilters) => void;
  /** The export job started by 'Exporter PDF' / 'Exporter Excel' on this tab: its progress, then its file. */
  exportJob?: StartedLedgerExport | null;
}

/** A debit or credit of a line: blank when zero, as a ledger prints it. */
const side = (value: string) => (isZeroAmount(value) ? '' : formatAmount(value));

/** Grand livre: the lines of an account or a range of accounts with their running balance, by account, paginated on the server. */
export function GeneralLedgerTab({ companyId, filters, onFiltersChange, exportJob }: GeneralLedgerTabProps) {
  const { data: company } = useGetCompanyQuery(companyId ?? skipToken);
  const [pageSize, setPageSize] = useState(DEFAULT_LEDGER_PAGE_SIZE);
  const [entryId, setEntryId] = useState<string | null>(null);
  const key = useDebounced(
    JSON.stringify([filters.from, filters.to, filters.accountFrom.trim(), filters.accountTo.trim()]),
    FILTER_DELAY_MS,
  );
  const [page, setPage] = useFilteredPage(key, pageSize);
  const [from, to, accountFrom, accountTo] = JSON.parse(key) as [string, string, string, string];
  const query = useGetGeneralLedgerQuery({ companyId, from, to, accountFrom, accountTo, page: page + 1, pageSize });
  const ledger = query.data;
  const total = ledger?.total ?? 0;
  useLastPageFallback(Boolean(ledger) && !query.isFetching, page, total, pageSize, setPage);
  const groups = useMemo(() => (ledger ? ledgerGroups(ledger) : []), [ledger]);
  const bad = badRequest(query.error, FIELDS);
  const set = (patch: Partial<LedgerFilters>) => onFiltersChange({ ...filters, ...patch });

  let content: ReactNode;
  if (query.error && !query.isFetching) {
    content = bad ? (
      <BadRequestAlert bad={bad} />
    ) : (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} title={MESSAGES_REPORTS.loadError} />
    );
  } else if (!ledger) content = <LoadingState rows={6} />;
  else if (groups.length === 0) content = <EmptyState title={MESSAGES_REPORTS.noLines} />;
  else
    content = (
      <>
        {ledger.total === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {MESSAGES_REPORTS.noLines}
          </Typography>
        ) : null}
        <TableContainer label={REPORT_TITLES['general-ledger']}>
          <Table size="small" aria-label={REPORT_TITLES['general-ledger']}>
            <TableHeadRow
              labels={[
                MESSAGES_REPORTS.dateColumn,
                MESSAGES_REPORTS.pieceColumn,
                MESSAGES_REPORTS.journalColumn,
                MESSAGES_REPORTS.labelColumn,
                MESSAGES_REPORTS.debit,
                MESSAGES_REPORTS.credit,
                MESSAGES_REPORTS.balance,
              ]}
              right={3}
            />
            <TableBody sx={{ opacity: query.isFetching ? 0.6 : 1 }}>
              {groups.map((group) => {
                const { account } = group;
                const name = account.accountName ? `${account.accountCode} — ${account.accountName}` : account.accountCode;
                return (
                  <Fragment key={account.accountCode}>
                    <TableRow sx={{ bgcolor: 'action.hover' }}>
                      <TableCell colSpan={4} component="th" scope="rowgroup" sx={{ fontWeight: 700 }}>
                        {name}
                      </TableCell>
                      <TableCell colSpan={2} align="right" sx={{ color: 'text.secondary' }}>
                        {group.carried ? MESSAGES_REPORTS.carriedBalance : MESSAGES_REPORTS.openingBalance}
                      </TableCell>
                      <TableCell align="right" sx={{ ...amountCell, fontWeight: 600 }}>
                        {formatAmount(group.balanceBefore)}
                      </TableCell>
                    </TableRow>
                    {group.rows.map((row, index) => (
                      <TableRow key={`${row.entryId}-${index}`} hover onClick={() => setEntryId(row.entryId)} sx={{ cursor: 'pointer' }}>
                        <TableCell sx={amountCell}>{formatDate(row.date)}</TableCell>
                        <TableCell sx={amountCell}>
                          <Link
                            component="button"
                            type="button"
                            variant="body2"
                            aria-label={`${MESSAGES_REPORTS.openEntry} ${row.entryNumber}`}
                            onClick={(event) => {
                              event.stopPropagation();
                              setEntryId(row.entryId);
                            }}
                          >
                            {row.entryNumber}
                          </Link>
                        </TableCell>
                        <TableCell>{row.journal}</TableCell>
                        <TableCell>{row.reference ? `${row.description} (${row.reference})` : row.description}</TableCell>
                        <TableCell align="right" sx={amountCell}>
                          {side(row.debit)}
                        </TableCell>
                        <TableCell align="right" sx={amountCell}>
                          {side(row.credit)}
                        </TableCell>
                        <TableCell align="right" sx={amountCell}>
                          {formatAmount(row.balance)}
                        </TableCell>
                      </TableRow>
                    ))}
                    {group.ends ? (
                      <TableRow>
                        <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
                          {`${MESSAGES_REPORTS.accountTotal} ${account.accountCode}`}
                        </TableCell>
                        <TableCell align="right" sx={{ ...amountCell, fontWeight: 700 }}>
                          {formatAmount(account.periodDebit)}
                        </TableCell>
                        <TableCell align="right" sx={{ ...amountCell, fontWeight: 700 }}>
                          {formatAmount(account.periodCredit)}
                        </TableCell>
                        <TableCell align="right" sx={{ ...amountCell, fontWeight: 700 }}>
                          {formatAmount(account.closingBalance)}
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {total > 0 ? (
          <ListPagination
            count={total}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            pageSizes={{ options: LEDGER_PAGE_SIZES, onChange: setPageSize }}
          />
        ) : null}
      </>
    );

  return (
    <>
      {exportJob ? <LedgerExportStatus key={exportJob.id} companyId={companyId} started={exportJob} /> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <ReportDateField
          label={MESSAGES_REPORTS.fromLabel}
          value={filters.from}
          onChange={(from) => set({ from })}
          error={bad?.fields.from}
        />
        <ReportDateField label={MESSAGES_REPORTS.toLabel} value={filters.to} onChange={(to) => set({ to })} error={bad?.fields.to} />
        <AccountField
          label={MESSAGES_REPORTS.accountFromLabel}
          value={filters.accountFrom}
          onChange={(accountFrom) => set({ accountFrom })}
          error={bad?.fields.accountFrom}
        />
        <AccountField
          label={MESSAGES_REPORTS.accountToLabel}
          value={filters.accountTo}
          onChange={(accountTo) => set({ accountTo })}
          error={bad?.fields.accountTo}
        />
      </Box>
      {content}
      <EntryDetailDialog entryId={entryId} companyName={company?.name} onClose={() => setEntryId(null)} />
    </>
  );
}
