import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES_FISCAL_YEAR as M, type FiscalYear, type FiscalYearCloseRefusal } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, errorMessage, formatDate, serverMessage, useAppDispatch, useJobProgress } from '@xaalis/web-kit';
import { useState } from 'react';
import { useCloseFiscalYearMutation, useGetFiscalYearJobQuery } from './api';

/** The 409 body of a refused closing, when the error carries one. */
function refusalOf(error: unknown): FiscalYearCloseRefusal | null {
  const data = (error as { data?: unknown } | null)?.data;
  if (data && typeof data === 'object' && 'message' in data && Array.isArray((data as FiscalYearCloseRefusal).drafts))
    return data as FiscalYearCloseRefusal;
  return null;
}

/**
 * 'Clôturer l'exercice': confirmation, then the job's progress (polled) and its
 * outcome; a refusal shows its reason and the drafts dated in the year.
 */
export function CloseFiscalYearDialog({ companyId, year, onClose }: { companyId: string; year: FiscalYear; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [close, { isLoading: starting }] = useCloseFiscalYearMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<FiscalYearCloseRefusal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const job = useJobProgress(useGetFiscalYearJobQuery, jobId ? { companyId, jobId } : skipToken, {
    failedMessage: M.failed,
    onEnd: (status) => {
      // The ledger changed (closing and opening entries): every company view is refreshed.
      if (status.state === 'completed') dispatch(baseApi.util.invalidateTags([COMPANY_DATA_TAG, { type: 'Entry', id: 'LIST' }]));
    },
  });
  const finished = job.ended;

  const confirm = async () => {
    setRefusal(null);
    setFailure(null);
    try {
      const res = await close({ companyId, start: year.start }).unwrap();
      setJobId(res.jobId);
    } catch (err) {
      const r = refusalOf(err);
      if (r) setRefusal(r);
      else setFailure(serverMessage(err) ?? errorMessage(err) ?? M.closeError);
    }
  };

  const running = job.running;
  let body;
  if (job.state === 'completed') {
    const r = job.status?.result;
    body = (
      <Alert severity="success" role="status">
        {M.closed(year.label)}
        {r?.closingEntryNumber ? ` Écriture de clôture : ${r.closingEntryNumber}.` : ''}
        {r?.openingEntryNumber ? ` À-nouveaux : ${r.openingEntryNumber}.` : ''}
      </Alert>
    );
  } else if (job.state === 'failed') {
    body = (
      <Alert severity="error" role="alert">
        {job.error}
      </Alert>
    );
  } else if (jobId) {
    body = (
      <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {M.closing}
        </Typography>
        <LinearProgress variant={job.percent !== undefined ? 'determinate' : 'indeterminate'} value={job.percent} aria-label={M.closing} />
      </Box>
    );
  } else {
    body = (
      <>
        <Typography variant="body2">{M.closeConfirmText}</Typography>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
        {refusal ? (
          <Box sx={{ mt: 2 }}>
            <Alert severity="error" role="alert">
              {refusal.message}
            </Alert>
            {refusal.drafts.length ? (
              <Table size="small" aria-label={M.draftsTitle} sx={{ mt: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>N° pièce</TableCell>
                    <TableCell>Date</TableCell>
                    <TableCell>Libellé</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {refusal.drafts.map((d) => (
                    <TableRow key={d.id}>
                      <TableCell>{d.number}</TableCell>
                      <TableCell>{formatDate(d.date)}</TableCell>
                      <TableCell>{d.description}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
          </Box>
        ) : null}
      </>
    );
  }

  return (
    <Dialog open onClose={running ? undefined : onClose} aria-labelledby="close-fiscal-year-title" fullWidth maxWidth="sm">
      <DialogTitle id="close-fiscal-year-title">{M.closeConfirmTitle(year.label)}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {finished ? 'Fermer' : 'Annuler'}
        </Button>
        {!jobId && !refusal ? (
          <Button variant="contained" color="warning" onClick={() => void confirm()} disabled={starting}>
            {M.close}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
