import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MESSAGES_VAT, vatPeriodLabel } from '@xaalis/contracts';
import { DateField, isApiError, serverMessage, toastSuccess, todayIso } from '@xaalis/web-kit';
import { useId, useState } from 'react';
import { useDeclareVatReturnMutation } from './api';

/** The messages of a 400's fields (`{message, issues: [{path, message}]}`). */
function issueMessages(error: unknown): string[] {
  const issues: unknown =
    isApiError(error) && error.data && typeof error.data === 'object' ? (error.data as { issues?: unknown }).issues : null;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: { message?: unknown }) => (typeof issue.message === 'string' ? [issue.message] : []));
}

/** What a refused declaration says: the server's message, then the messages of its fields (400) when they add to it. */
export function refusalText(error: unknown): string {
  const message = serverMessage(error) ?? 'Erreur lors de l’enregistrement de la déclaration';
  const extra = [...new Set(issueMessages(error))].filter((m) => m !== message);
  return extra.length ? `${message} : ${extra.join(' ; ')}` : message;
}

/** 'Déclarer': the filing date (today by default) and the filing reference, then POST …/vat-returns. */
export function DeclareDialog({
  companyId,
  period,
  corrective,
  onClose,
}: {
  companyId: string;
  period: string;
  /** A return is already on file: this one corrects it. */
  corrective: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const [filedOn, setFiledOn] = useState(todayIso());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [declare, state] = useDeclareVatReturnMutation();
  const busy = state.isLoading;
  const submit = async () => {
    setError(null);
    try {
      await declare({ companyId, body: { period, filedOn, reference: reference.trim() || null } }).unwrap();
      toastSuccess('Succès', MESSAGES_VAT.declared);
      onClose();
    } catch (e) {
      // A 401 leaves for the sign-in page (the base query says so).
      if (isApiError(e) && e.status === 401) return;
      setError(refusalText(e));
    }
  };
  const label = vatPeriodLabel(period);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{corrective ? `Déclaration rectificative — ${label}` : `Déclarer la TVA — ${label}`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          La déclaration est enregistrée telle qu’affichée et l’écriture de liquidation de la TVA est passée (4431, 4452, 4451 vers 4441 ou
          4449).
        </DialogContentText>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <DateField label="Date de dépôt" value={filedOn} onChange={setFiledOn} />
          <TextField
            label="Référence de dépôt"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            helperText="Facultative (ex. numéro de télédéclaration)"
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
        </Box>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Annuler
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || !filedOn}>
          {busy ? 'Enregistrement...' : 'Déclarer'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
