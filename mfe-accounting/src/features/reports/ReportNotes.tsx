import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { MESSAGES_REPORTS, REPORT_CHECK_LABELS, type ReportChecks } from '@xaalis/contracts';

/** The checks a report failed (none in a healthy ledger), by their French labels. */
export function failedChecks(checks: ReportChecks | undefined): string[] {
  return Object.entries(checks ?? {})
    .filter(([, ok]) => !ok)
    .map(([key]) => REPORT_CHECK_LABELS[key] ?? key);
}

/** A discreet warning when a consistency check fails, and a note on accounts no SYSCOHADA line names. */
export function ReportNotes({ checks, unmappedAccounts = [] }: { checks?: ReportChecks; unmappedAccounts?: string[] }) {
  const failed = failedChecks(checks);
  if (failed.length === 0 && unmappedAccounts.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {failed.length > 0 ? (
        <Alert severity="warning" variant="outlined">
          {`${MESSAGES_REPORTS.checkFailed} : ${failed.join(' ; ')}`}
        </Alert>
      ) : null}
      {unmappedAccounts.length > 0 ? (
        <Alert severity="info" variant="outlined" role="note">
          {`${MESSAGES_REPORTS.unmappedAccounts} : ${unmappedAccounts.join(', ')}`}
        </Alert>
      ) : null}
    </Box>
  );
}
