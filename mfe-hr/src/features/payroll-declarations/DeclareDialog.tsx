import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MESSAGES_PAYROLL_DECLARATION, payrollPeriodLabel, type PayrollDeclarationKind } from '@xaalis/contracts';
import { DateField, toastSuccess, todayIso } from '@xaalis/web-kit';
import { useId, useState } from 'react';
import { isSessionExpiry, refusalText } from '../../api/refusal';
import { useDeclarePayrollDeclarationMutation } from './api';
import { KIND_TEXTS } from './texts';

/** What a refused declaration says: the server's French message, then its fields' messages (400) when they add to it. */
export const declarationRefusal = (error: unknown, fallback = 'Erreur lors de l’enregistrement de la déclaration'): string =>
  refusalText(error, fallback);

/**
 * 'Déclarer': the filing date (today by default) and the filing reference (optional), then
 * POST …/social-declarations or …/salary-tax-statements. A refusal (409 already declared,
 * 400 filed before the end of the period…) stays in the dialog; success toasts and closes.
 */
export function DeclareDialog({
  companyId,
  kind,
  period,
  corrective,
  onClose,
}: {
  companyId: string;
  kind: PayrollDeclarationKind;
  period: string;
  /** A declaration of the period was reopened: this one corrects it. */
  corrective: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const [declare] = useDeclarePayrollDeclarationMutation();
  const [filedOn, setFiledOn] = useState(todayIso());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = payrollPeriodLabel(period);

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      await declare({ companyId, kind, body: { period, filedOn, reference: reference.trim() || null } }).unwrap();
      toastSuccess(MESSAGES_PAYROLL_DECLARATION.declared);
      onClose();
    } catch (e) {
      // A 401 leaves for the sign-in page (the base query says so).
      if (isSessionExpiry(e)) return;
      setError(declarationRefusal(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{`${corrective ? 'Déclaration rectificative' : 'Déclarer'} — ${label}`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{KIND_TEXTS[kind].declareDescription}</DialogContentText>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <DateField label="Date de dépôt" value={filedOn} onChange={setFiledOn} />
          <TextField
            label="Référence"
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
