import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES_ENTRY_IMPORT, type EntryImportJobStatus, type EntryImportPreview, type EntryImportStatus } from '@xaalis/contracts';
import { formatNumber, type JobProgress } from '@xaalis/web-kit';
import { IMPORT_UI } from './importFile';

export interface ImportJobStatusProps {
  /** The run polled through GET …/entry-imports/:id (useJobProgress), the import as its result. */
  job: JobProgress<EntryImportJobStatus, EntryImportPreview>;
  /** The run's answer, shown until the first read. */
  started: EntryImportStatus;
  /** Lines of the file, for the bar before the first read. */
  lineCount: number;
}

/** The import job: a progress bar with lines done / total while it runs, then its outcome. */
export function ImportJobStatus({ job, started, lineCount }: ImportJobStatusProps) {
  const result = job.status?.result;
  if (job.state === 'completed') {
    const count = result?.entryCount ?? 0;
    const range = result?.firstNumber && result.lastNumber ? ` : de ${result.firstNumber} à ${result.lastNumber}` : '';
    return (
      <Alert severity="success" role="status">
        {`${MESSAGES_ENTRY_IMPORT.imported(count)}${range}`}
        {result?.validate === false ? ' (brouillons)' : ''}
      </Alert>
    );
  }
  if (job.state === 'failed') {
    return (
      <Alert severity="error" role="alert">
        {job.error}
      </Alert>
    );
  }

  const total = job.total || lineCount;
  const done = Math.min(job.done, total);
  // Queued (or not read yet): the bar moves without a figure; running: lines written / lines.
  const running = (job.state ?? started) === 'running';
  const determinate = running && total > 0;
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {running ? MESSAGES_ENTRY_IMPORT.running : MESSAGES_ENTRY_IMPORT.queued}
      </Typography>
      <LinearProgress
        variant={determinate ? 'determinate' : 'indeterminate'}
        value={determinate ? (done * 100) / total : undefined}
        aria-label={IMPORT_UI.progress}
      />
      <Typography variant="body2">{`${IMPORT_UI.progress} : ${formatNumber(done)} / ${formatNumber(total)}`}</Typography>
      {job.readError ? (
        <Typography variant="body2" color="warning.main">
          {`Lecture de l'avancement impossible (${job.readError}) : nouvelle tentative…`}
        </Typography>
      ) : null}
    </Box>
  );
}
