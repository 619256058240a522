import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES_ENTRY_IMPORT, type EntryImportPreview, type EntryImportStatus } from '@xaalis/contracts';
import { formatNumber } from '@xaalis/web-kit';
import { IMPORT_UI } from './importFile';

export interface ImportJobStatusProps {
  /** The last status read (or the run's answer before the first read). */
  status: EntryImportStatus;
  /** The last GET …/entry-imports/:id answer, if any yet. */
  job: EntryImportPreview | undefined;
  /** Lines of the file, for the bar before the first read. */
  lineCount: number;
  /** A failed read while polling (the polling goes on). */
  readError: string | null;
}

/** The import job: a progress bar with lines done / total while it runs, then its outcome. */
export function ImportJobStatus({ status, job, lineCount, readError }: ImportJobStatusProps) {
  if (status === 'imported') {
    const count = job?.entryCount ?? 0;
    const range = job?.firstNumber && job.lastNumber ? ` : de ${job.firstNumber} à ${job.lastNumber}` : '';
    return (
      <Alert severity="success" role="status">
        {`${MESSAGES_ENTRY_IMPORT.imported(count)}${range}`}
        {job?.validate === false ? ' (brouillons)' : ''}
      </Alert>
    );
  }
  if (status === 'failed' || status === 'invalid') {
    return (
      <Alert severity="error" role="alert">
        {job?.message || (status === 'invalid' ? MESSAGES_ENTRY_IMPORT.hasErrors : MESSAGES_ENTRY_IMPORT.jobFailed)}
      </Alert>
    );
  }

  const total = job?.progress.total || lineCount;
  const done = Math.min(job?.progress.done ?? 0, total);
  // Queued (or not read yet): the bar moves without a figure; running: lines written / lines.
  const determinate = status === 'running' && total > 0;
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {status === 'running' ? MESSAGES_ENTRY_IMPORT.running : MESSAGES_ENTRY_IMPORT.queued}
      </Typography>
      <LinearProgress
        variant={determinate ? 'determinate' : 'indeterminate'}
        value={determinate ? (done * 100) / total : undefined}
        aria-label={IMPORT_UI.progress}
      />
      <Typography variant="body2">{`${IMPORT_UI.progress} : ${formatNumber(done)} / ${formatNumber(total)}`}</Typography>
      {readError ? (
        <Typography variant="body2" color="warning.main">
          {`Lecture de l'avancement impossible (${readError}) : nouvelle tentative…`}
        </Typography>
      ) : null}
    </Box>
  );
}
