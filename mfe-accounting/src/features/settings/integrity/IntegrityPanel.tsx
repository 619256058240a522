import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES_LEDGER_INTEGRITY as M, type LedgerIntegrityReport } from '@xaalis/contracts';
import { errorMessage, formatDate, serverMessage } from '@xaalis/web-kit';
import { useCheckLedgerIntegrityMutation } from './api';

/** The French verdict of a check. */
export function integrityVerdict(report: LedgerIntegrityReport): string {
  if (report.ok || !report.firstBroken) return M.ok(report.checked);
  const { number, date, reason } = report.firstBroken;
  return M.broken(number, date ? formatDate(date) : null, reason);
}

/**
 * 'Vérifier l'intégrité': recomputes the company's hash chain of validated entries
 * (accounting service) and says whether it is intact, or names the first entry
 * whose content or link no longer matches. Rendered in Paramètres → Exercices.
 */
export function IntegrityPanel({ companyId }: { companyId: string }) {
  const [check, { data, error, isLoading, isError, isSuccess }] = useCheckLedgerIntegrityMutation();

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="ledger-integrity-title">
      <Typography id="ledger-integrity-title" variant="h6" component="h2" gutterBottom>
        {M.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {M.intro}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={isLoading}
          onClick={() => void check(companyId)}
          startIcon={isLoading ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {M.check}
        </Button>
        {isLoading && (
          <Typography role="status" variant="body2" color="text.secondary">
            {M.checking}
          </Typography>
        )}
      </Box>
      {!isLoading && isSuccess && data && (
        <Alert severity={data.ok ? 'success' : 'error'} sx={{ mt: 2 }} role={data.ok ? 'status' : 'alert'}>
          <div>{integrityVerdict(data)}</div>
          {data.ok && data.headHash && (
            <Typography variant="caption" component="div" sx={{ mt: 0.5, fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {M.headHash} : {data.headHash}
            </Typography>
          )}
        </Alert>
      )}
      {!isLoading && isError && (
        <Alert severity="warning" sx={{ mt: 2 }} role="alert">
          {serverMessage(error) ?? `${M.failed} (${errorMessage(error)})`}
        </Alert>
      )}
    </Paper>
  );
}
