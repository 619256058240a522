import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  ENTRY_IMPORT_ACCEPT,
  ENTRY_IMPORT_COLUMN_LABELS,
  ENTRY_IMPORT_COLUMNS,
  ENTRY_IMPORT_KIND_LABELS,
  ENTRY_IMPORT_KINDS,
  ENTRY_IMPORT_REQUIRED_COLUMNS,
  MESSAGES_ENTRY_IMPORT,
  type EntryImportKind,
  type EntryImportPreview,
  type EntryImportStatus,
} from '@xaalis/contracts';
import { baseApi, errorMessage, errorStatus, serverMessage, toastSuccess, useAppDispatch, useJobProgress } from '@xaalis/web-kit';
import { useId, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { ENTRY_LIST_TAGS, useGetEntryImportQuery, useRunEntryImportMutation, useUploadEntryImportMutation } from './api';
import { ImportJobStatus } from './ImportJobStatus';
import { ImportPreview } from './ImportPreview';
import { FileChooser } from '../../../ui/FileChooser';
import { checkImportFile, contentTypeOf, formatFileSize, IMPORT_UI } from './importFile';

export interface ImportEntriesDialogProps {
  open: boolean;
  companyId: string | null;
  onClose: () => void;
}

/** Extra words on the columns the user may wonder about. */
const COLUMN_HINTS: Partial<Record<(typeof ENTRY_IMPORT_COLUMNS)[number], string>> = {
  date: 'JJ/MM/AAAA ou AAAA-MM-JJ',
  journal: 'VT, AC, BQ, CA, MM, OD… ; OD par défaut',
  number: 'numéro ou clé de regroupement : les lignes de même journal, date et numéro forment une écriture',
  account: 'code du compte',
  thirdParty: 'code tiers',
};

/** The French reason of a refused request: the server's message, else a fixed text. */
function failureText(error: unknown, fallback: string): string {
  if (errorStatus(error) === 413) return MESSAGES_ENTRY_IMPORT.tooLarge;
  return serverMessage(error) ?? `${fallback} (${errorMessage(error)})`;
}

/**
 * 'Importer des écritures': choose the kind and a CSV/XLSX file, send it, read the
 * server's preview (counts, first entries, errors per line), then run the import as
 * a background job whose progress is polled until it ends. The parent remounts it
 * on each opening (key), so every opening starts afresh.
 */
export function ImportEntriesDialog({ open, companyId, onClose }: ImportEntriesDialogProps) {
  const titleId = useId();
  const formId = useId();
  const dispatch = useAppDispatch();
  const [kind, setKind] = useState<EntryImportKind>('entries');
  const [openingDate, setOpeningDate] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [preview, setPreview] = useState<EntryImportPreview | null>(null);
  const [validate, setValidate] = useState(false);
  const [started, setStarted] = useState<{ id: string; status: EntryImportStatus } | null>(null);
  const [upload, uploadState] = useUploadEntryImportMutation();
  const [run, runState] = useRunEntryImportMutation();
  // Polled until the run ends; entries were written, so the list reads them again (once per run).
  const job = useJobProgress(useGetEntryImportQuery, companyId && started ? { companyId, importId: started.id } : skipToken, {
    failedMessage: MESSAGES_ENTRY_IMPORT.jobFailed,
    onEnd: (status) => {
      if (status.state !== 'completed') return;
      dispatch(baseApi.util.invalidateTags(ENTRY_LIST_TAGS));
      toastSuccess(MESSAGES_ENTRY_IMPORT.imported(status.result?.entryCount ?? 0));
    },
  });
  const ended = job.ended;

  const reset = () => {
    setPreview(null);
    setStarted(null);
    setRequestError(null);
    setFile(null);
    setFileError(null);
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file can be chosen again after a change.
    event.target.value = '';
    setFile(chosen);
    setFileError(chosen ? checkImportFile(chosen) : null);
    setRequestError(null);
  };

  const onAnalyse = async (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = checkImportFile(file);
    setFileError(problem);
    if (problem || !file || !companyId) return;
    setRequestError(null);
    try {
      const result = await upload({
        companyId,
        kind,
        file,
        contentType: contentTypeOf(file),
        date: kind === 'opening' && openingDate ? openingDate : undefined,
      }).unwrap();
      setPreview(result);
    } catch (error) {
      setRequestError(failureText(error, MESSAGES_ENTRY_IMPORT.uploadError));
    }
  };

  const canRun = preview !== null && preview.status === 'ready' && preview.errorCount === 0;
  const onRun = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!canRun || !companyId) return;
    setRequestError(null);
    try {
      const answer = await run({ companyId, importId: preview.id, validate }).unwrap();
      setStarted({ id: answer.id, status: answer.status });
    } catch (error) {
      setRequestError(failureText(error, MESSAGES_ENTRY_IMPORT.runError));
    }
  };

  const busy = uploadState.isLoading || runState.isLoading;
  const phase = started ? 'job' : preview ? 'preview' : 'choose';

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{MESSAGES_ENTRY_IMPORT.title}</DialogTitle>
      <DialogContent dividers>
        {phase === 'choose' ? (
          <Box
            component="form"
            id={formId}
            noValidate
            aria-label={MESSAGES_ENTRY_IMPORT.title}
            onSubmit={(event) => void onAnalyse(event)}
            sx={{ display: 'grid', gap: 2 }}
          >
            <FormControl component="fieldset" disabled={busy}>
              <FormLabel component="legend">{IMPORT_UI.kind}</FormLabel>
              <RadioGroup row value={kind} onChange={(event) => setKind(event.target.value as EntryImportKind)}>
                {ENTRY_IMPORT_KINDS.map((value) => (
                  <FormControlLabel key={value} value={value} control={<Radio />} label={ENTRY_IMPORT_KIND_LABELS[value]} />
                ))}
              </RadioGroup>
            </FormControl>

            {kind === 'opening' ? (
              <TextField
                type="date"
                label={IMPORT_UI.openingDate}
                value={openingDate}
                onChange={(event) => setOpeningDate(event.target.value)}
                helperText={IMPORT_UI.openingDateHint}
                disabled={busy}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } }}
                sx={{ maxWidth: 320 }}
              />
            ) : null}

            <Box>
              <FileChooser
                buttonText={IMPORT_UI.chooseFile}
                inputLabel={IMPORT_UI.fileInput}
                accept={ENTRY_IMPORT_ACCEPT}
                onChange={onFileChange}
                disabled={busy}
                chosen={file ? `${file.name} (${formatFileSize(file.size)})` : IMPORT_UI.noFile}
                hasFile={Boolean(file)}
              />
              {fileError ? (
                <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
                  {fileError}
                </Typography>
              ) : null}
            </Box>

            <Box component="section" aria-label="Colonnes attendues">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {IMPORT_UI.columns}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {ENTRY_IMPORT_COLUMNS.map((column) => (
                  <Typography component="li" variant="body2" key={column}>
                    {ENTRY_IMPORT_COLUMN_LABELS[column]}
                    {ENTRY_IMPORT_REQUIRED_COLUMNS[kind].includes(column) ? ' (obligatoire)' : ''}
                    {COLUMN_HINTS[column] ? ` : ${COLUMN_HINTS[column]}` : ''}
                  </Typography>
                ))}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {IMPORT_UI.amounts}
              </Typography>
            </Box>

            {uploadState.isLoading ? (
              <Box role="status" aria-live="polite">
                <Typography variant="body2">{IMPORT_UI.analysing}</Typography>
                <LinearProgress aria-label={IMPORT_UI.analysing} />
              </Box>
            ) : null}
          </Box>
        ) : null}

        {phase === 'preview' && preview ? (
          <Box
            component="form"
            id={formId}
            noValidate
            aria-label="Aperçu de l'import"
            onSubmit={(event) => void onRun(event)}
            sx={{ display: 'grid', gap: 2 }}
          >
            <Typography variant="body2" color="text.secondary">
              {`${ENTRY_IMPORT_KIND_LABELS[preview.kind]} · ${preview.fileName}`}
            </Typography>
            <ImportPreview preview={preview} />
            {canRun ? (
              <FormControl component="fieldset" disabled={busy}>
                <FormLabel component="legend">{IMPORT_UI.afterImport}</FormLabel>
                <RadioGroup
                  row
                  value={validate ? 'validate' : 'draft'}
                  onChange={(event) => setValidate(event.target.value === 'validate')}
                >
                  <FormControlLabel value="validate" control={<Radio />} label={IMPORT_UI.validate} />
                  <FormControlLabel value="draft" control={<Radio />} label={IMPORT_UI.draft} />
                </RadioGroup>
              </FormControl>
            ) : (
              <Alert severity="error">{preview.errorCount > 0 ? IMPORT_UI.blocked : MESSAGES_ENTRY_IMPORT.hasErrors}</Alert>
            )}
          </Box>
        ) : null}

        {phase === 'job' && started ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {preview ? `${ENTRY_IMPORT_KIND_LABELS[preview.kind]} · ${preview.fileName}` : null}
            </Typography>
            <ImportJobStatus job={job} started={started.status} lineCount={preview?.lineCount ?? 0} />
          </Box>
        ) : null}

        {requestError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {requestError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {phase === 'preview' || (phase === 'job' && job.state === 'failed') ? (
          <Button onClick={reset} disabled={busy} sx={{ mr: 'auto' }}>
            {IMPORT_UI.otherFile}
          </Button>
        ) : null}
        {phase === 'job' ? (
          <Button onClick={onClose} variant={ended ? 'contained' : 'text'}>
            {IMPORT_UI.close}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Annuler
            </Button>
            {phase === 'choose' ? (
              <Button type="submit" form={formId} variant="contained" disabled={busy || !companyId}>
                {uploadState.isLoading ? IMPORT_UI.analysing : IMPORT_UI.analyse}
              </Button>
            ) : (
              <Button type="submit" form={formId} variant="contained" disabled={busy || !canRun}>
                {runState.isLoading ? IMPORT_UI.importing : IMPORT_UI.import}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
