import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES_RECONCILIATION, type AutoMatchStatus } from '@xaalis/contracts';
import { baseApi, formatNumber, toast, toastSuccess, useAppDispatch, useJobProgress } from '@xaalis/web-kit';
import { TREASURY_TAGS, useGetAutoMatchQuery, type AccountArgs } from './api';

const selectStatus = (data: AutoMatchStatus) => ({
  state: data.state,
  done: data.done,
  total: data.total,
  error: data.error,
  result: data,
});

const ambiguousText = (n: number) =>
  n > 0 ? ` ${formatNumber(n)} ligne${n > 1 ? 's ont' : ' a'} plusieurs correspondances possibles : choisissez vous-même.` : '';

/**
 * 'Rapprochement automatique' under way: the job is polled (progress bar, lines examined / lines)
 * until it ends; then the matched count, and both panes read again.
 */
export function AutoMatchProgress({ account, jobId }: { account: AccountArgs; jobId: string }) {
  const dispatch = useAppDispatch();
  const job = useJobProgress(
    useGetAutoMatchQuery,
    { ...account, jobId },
    {
      failedMessage: MESSAGES_RECONCILIATION.jobFailed,
      select: selectStatus,
      onEnd: (status, data) => {
        if (status.state === 'completed') {
          toastSuccess(MESSAGES_RECONCILIATION.autoDone(data.matched));
          dispatch(baseApi.util.invalidateTags(TREASURY_TAGS));
        } else {
          toast({ title: 'Erreur', description: status.error || MESSAGES_RECONCILIATION.jobFailed, variant: 'destructive' });
        }
      },
    },
  );
  const result = job.data;

  if (job.state === 'completed' && result)
    return (
      <Alert severity="success" role="status">
        {`${MESSAGES_RECONCILIATION.autoDone(result.matched)}.${ambiguousText(result.ambiguous)}`}
      </Alert>
    );
  if (job.state === 'failed')
    return (
      <Alert severity="error" role="alert">
        {job.error}
      </Alert>
    );
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Rapprochement automatique en cours…
      </Typography>
      <LinearProgress
        variant={job.percent === undefined ? 'indeterminate' : 'determinate'}
        value={job.percent}
        aria-label="Avancement du rapprochement automatique"
      />
      <Typography variant="body2">{`Lignes examinées : ${formatNumber(job.done)} / ${formatNumber(job.total)}`}</Typography>
      {job.readError ? (
        <Typography variant="body2" color="warning.main">
          {`Lecture de l'avancement impossible (${job.readError}) : nouvelle tentative…`}
        </Typography>
      ) : null}
    </Box>
  );
}
