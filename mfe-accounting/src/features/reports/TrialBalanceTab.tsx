import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MESSAGES_REPORTS, REPORT_TITLES, type TrialBalanceAmounts } from '@xaalis/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState, TableContainer } from '@xaalis/web-kit';
import { useDebounced } from '@xaalis/web-kit';
import { useGetTrialBalanceQuery, type DateRange } from './api';
import { BadRequestAlert, badRequest, FILTER_DELAY_MS, ReportDateField } from './filters';
import { formatAmount, hasMovement } from './format';
import { ReportNotes } from './ReportNotes';

export interface TrialBalanceTabProps {
  companyId: string;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  /** An account was chosen: show its Grand livre over the same period. */
  onAccount: (accountCode: string) => void;
}

const AMOUNT_KEYS: (keyof TrialBalanceAmounts)[] = [
  'openingDebit',
  'openingCredit',
  'periodDebit',
  'periodCredit',
  'closingDebit',
  'closingCredit',
];
const amountCell = { whiteSpace: 'nowrap' } as const;

/** Balance: per account, the opening balance, the period's movements and the closing balance, debit and credit, with totals. */
export function TrialBalanceTab({ companyId, range, onRangeChange, onAccount }: TrialBalanceTabProps) {
  const [showEmpty, setShowEmpty] = useState(false);
  const applied = useDebounced(`${range.from}|${range.to}`, FILTER_DELAY_MS);
  const [from = '', to = ''] = applied.split('|');
  const query = useGetTrialBalanceQuery({ companyId, from, to });
  const bad = badRequest(query.error, ['from', 'to']);
  const rows = useMemo(() => (query.data?.rows ?? []).filter((r) => showEmpty || hasMovement(r)), [query.data, showEmpty]);

  let content: ReactNode;
  if (query.error && !query.isFetching) {
    content = bad ? (
      <BadRequestAlert bad={bad} />
    ) : (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} title={MESSAGES_REPORTS.loadError} />
    );
  } else if (!query.data) content = <LoadingState rows={6} />;
  else if (rows.length === 0) content = <EmptyState title={MESSAGES_REPORTS.noAccounts} />;
  else {
    const { totals } = query.data;
    content = (
      <>
        <ReportNotes checks={query.data.checks} />
        <TableContainer label={REPORT_TITLES['trial-balance']}>
          <Table size="small" aria-label={REPORT_TITLES['trial-balance']}>
            <TableHead>
              <TableRow>
                <TableCell rowSpan={2}>{MESSAGES_REPORTS.accountColumn}</TableCell>
                <TableCell rowSpan={2}>{MESSAGES_REPORTS.accountNameColumn}</TableCell>
                <TableCell colSpan={2} align="center">
                  {MESSAGES_REPORTS.openingBalance}
                </TableCell>
                <TableCell colSpan={2} align="center">
                  {MESSAGES_REPORTS.periodMovements}
                </TableCell>
                <TableCell colSpan={2} align="center">
                  {MESSAGES_REPORTS.closingBalance}
                </TableCell>
              </TableRow>
              <TableRow>
                {AMOUNT_KEYS.map((key) => (
                  <TableCell key={key} align="right">
                    {key.endsWith('Debit') ? MESSAGES_REPORTS.debit : MESSAGES_REPORTS.credit}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: query.isFetching ? 0.6 : 1 }}>
              {rows.map((row) => (
                <TableRow key={row.accountCode} hover>
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      variant="body2"
                      aria-label={`${MESSAGES_REPORTS.openLedger} ${row.accountCode}`}
                      onClick={() => onAccount(row.accountCode)}
                    >
                      {row.accountCode}
                    </Link>
                  </TableCell>
                  <TableCell>{row.accountName}</TableCell>
                  {AMOUNT_KEYS.map((key) => (
                    <TableCell key={key} align="right" sx={amountCell}>
                      {formatAmount(row[key])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              <TableRow sx={{ bgcolor: 'grey.100' }}>
                <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                  {MESSAGES_REPORTS.totals}
                </TableCell>
                {AMOUNT_KEYS.map((key) => (
                  <TableCell key={key} align="right" sx={{ ...amountCell, fontWeight: 700 }}>
                    {formatAmount(totals[key])}
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      </>
    );
  }

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <ReportDateField
          label={MESSAGES_REPORTS.fromLabel}
          value={range.from}
          onChange={(value) => onRangeChange({ ...range, from: value })}
          error={bad?.fields.from}
        />
        <ReportDateField
          label={MESSAGES_REPORTS.toLabel}
          value={range.to}
          onChange={(value) => onRangeChange({ ...range, to: value })}
          error={bad?.fields.to}
        />
        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={<Switch checked={showEmpty} onChange={(e) => setShowEmpty(e.target.checked)} />}
          label={MESSAGES_REPORTS.showEmptyAccounts}
        />
      </Box>
      {content}
    </>
  );
}
