import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  MESSAGES_STATEMENT,
  STATEMENT_MAX_BYTES,
  type StatementCsvMapping,
  type StatementDateOrder,
  type StatementPreview,
  type TreasuryAccount,
} from '@xaalis/contracts';
import { errorMessage, errorStatus, serverMessage, toastSuccess } from '@xaalis/web-kit';
import { FileChooser } from '../../ui/FileChooser';
import { useId, useState, type ChangeEvent } from 'react';
import { useConfirmStatementMutation, useUploadStatementMutation } from './api';
import { StatementMappingEditor } from './StatementMappingEditor';
import { StatementPreviewView } from './StatementPreviewView';

/** The files a statement may come in: CSV (and its .txt exports), OFX/QFX, ISO 20022 camt.053 (XML). */
export const STATEMENT_ACCEPT = '.csv,.txt,.ofx,.qfx,.xml';

export const IMPORT_STATEMENT_UI = {
  fileInput: 'Fichier du relevé',
  chooseFile: 'Choisir un fichier',
  noFile: 'Aucun fichier choisi',
  fileMissing: 'Choisissez le fichier du relevé (CSV, OFX ou camt.053)',
  analyse: 'Analyser le relevé',
  analysing: 'Analyse du relevé...',
  confirm: "Confirmer l'import",
  confirming: 'Import...',
  otherFile: 'Choisir un autre fichier',
  blocked: 'Import impossible : corrigez dans le fichier les erreurs signalées, puis déposez-le de nouveau.',
} as const;

/** The French reason a file cannot be sent, checked before the upload; null when it can. */
export function checkStatementFile(file: File | null): string | null {
  if (!file) return IMPORT_STATEMENT_UI.fileMissing;
  if (file.size === 0) return MESSAGES_STATEMENT.empty;
  if (file.size > STATEMENT_MAX_BYTES) return MESSAGES_STATEMENT.tooLarge;
  return null;
}

/** The French reason of a refused request: the server's message (409, 413, 415, 422…), else the status. */
function failureText(error: unknown): string {
  if (errorStatus(error) === 413) return MESSAGES_STATEMENT.tooLarge;
  return serverMessage(error) ?? `Le relevé n'a pas pu être lu (${errorMessage(error)})`;
}

export interface StatementImportDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  account: TreasuryAccount | null;
}

/**
 * 'Importer un relevé': choose a CSV, OFX or camt.053 file, send it, read the server's preview
 * (balances, period, gap with the previous statement, errors per line, first lines), change a CSV's
 * column mapping and read it again if need be, then confirm. Remounted on each opening (key).
 */
export function StatementImportDialog({ open, onClose, companyId, account }: StatementImportDialogProps) {
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [mapping, setMapping] = useState<StatementCsvMapping>({});
  const [dateOrder, setDateOrder] = useState<StatementDateOrder | ''>('');
  const [upload, uploadState] = useUploadStatementMutation();
  const [confirm, confirmState] = useConfirmStatementMutation();
  const busy = uploadState.isLoading || confirmState.isLoading;

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file can be chosen again after a change.
    event.target.value = '';
    setFile(chosen);
    setFileError(chosen ? checkStatementFile(chosen) : null);
    setRequestError(null);
  };

  const send = async (options: { mapping?: StatementCsvMapping; dateOrder?: StatementDateOrder }) => {
    const problem = checkStatementFile(file);
    setFileError(problem);
    if (problem || !file || !companyId || !account) return;
    setRequestError(null);
    try {
      const result = await upload({ companyId, accountId: account.id, file, ...options }).unwrap();
      setPreview(result);
      setMapping(result.layout?.mapping ?? {});
      setDateOrder(result.layout?.dateOrder ?? '');
    } catch (error) {
      setRequestError(failureText(error));
    }
  };

  const onConfirm = async () => {
    if (!preview || preview.errorCount > 0 || !companyId || !account) return;
    setRequestError(null);
    try {
      const summary = await confirm({ companyId, accountId: account.id, statementId: preview.id }).unwrap();
      toastSuccess(MESSAGES_STATEMENT.confirmed(summary.lineCount));
      onClose();
    } catch (error) {
      setRequestError(failureText(error));
    }
  };

  const reset = () => {
    setPreview(null);
    setFile(null);
    setRequestError(null);
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{account ? `Importer un relevé — ${account.name}` : 'Importer un relevé'}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {preview ? (
          <>
            <StatementPreviewView preview={preview} />
            {preview.layout ? (
              <StatementMappingEditor
                layout={preview.layout}
                mapping={mapping}
                dateOrder={dateOrder}
                onMappingChange={setMapping}
                onDateOrderChange={setDateOrder}
                onReread={() => void send({ mapping, dateOrder: dateOrder || undefined })}
                busy={busy}
              />
            ) : null}
            {preview.errorCount > 0 ? <Alert severity="error">{IMPORT_STATEMENT_UI.blocked}</Alert> : null}
          </>
        ) : (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Relevé exporté de la banque ou de l’opérateur : CSV (Wave, Orange Money, Free Money, banques), OFX ou ISO 20022 camt.053
              (XML).
            </Typography>
            <FileChooser
              buttonText={IMPORT_STATEMENT_UI.chooseFile}
              inputLabel={IMPORT_STATEMENT_UI.fileInput}
              accept={STATEMENT_ACCEPT}
              onChange={onFileChange}
              disabled={busy}
              chosen={file ? file.name : IMPORT_STATEMENT_UI.noFile}
              hasFile={Boolean(file)}
            />
            {fileError ? (
              <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
                {fileError}
              </Typography>
            ) : null}
          </Box>
        )}
        {busy ? (
          <Box role="status" aria-live="polite">
            <Typography variant="body2">
              {confirmState.isLoading ? IMPORT_STATEMENT_UI.confirming : IMPORT_STATEMENT_UI.analysing}
            </Typography>
            <LinearProgress aria-label={IMPORT_STATEMENT_UI.analysing} />
          </Box>
        ) : null}
        {requestError ? (
          <Alert severity="error" role="alert">
            {requestError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {preview ? (
          <Button onClick={reset} disabled={busy} sx={{ mr: 'auto' }}>
            {IMPORT_STATEMENT_UI.otherFile}
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          Annuler
        </Button>
        {preview ? (
          <Button variant="contained" onClick={() => void onConfirm()} disabled={busy || preview.errorCount > 0}>
            {IMPORT_STATEMENT_UI.confirm}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void send({})} disabled={busy || !companyId || !account}>
            {IMPORT_STATEMENT_UI.analyse}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
