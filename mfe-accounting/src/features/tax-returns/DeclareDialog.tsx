import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MESSAGES_VAT, MESSAGES_WITHHOLDING, vatPeriodLabel } from '@xaalis/contracts';
import { DateField, isApiError, serverMessage, toastSuccess, todayIso } from '@xaalis/web-kit';
import { useId, useState } from 'react';
import { useDeclareVatReturnMutation, useDeclareWithholdingStatementMutation } from './api';

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

/** What a filing sends beside its period: the filing date and the filing reference (null when none). */
export interface Filing {
  filedOn: string;
  reference: string | null;
}

/**
 * A filing's dialog (a VAT return, a withholding bordereau): the filing date (today by default) and
 * the filing reference, then `file`; a refusal stays in the dialog, success toasts `success` and closes.
 */
export function FilingDialog({
  title,
  description,
  submitLabel,
  success,
  file,
  onClose,
}: {
  title: string;
  /** What filing does (what is recorded, what is posted). */
  description: string;
  submitLabel: string;
  /** The success toast's text. */
  success: string;
  /** The request: an RTK mutation's `.unwrap()`. */
  file: (filing: Filing) => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const [filedOn, setFiledOn] = useState(todayIso());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      await file({ filedOn, reference: reference.trim() || null });
      toastSuccess('Succès', success);
      onClose();
    } catch (e) {
      // A 401 leaves for the sign-in page (the base query says so).
      if (isApiError(e) && e.status === 401) return;
      setError(refusalText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
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
          {busy ? 'Enregistrement...' : submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Déclarer' (TVA): POST …/vat-returns, the settlement entry posted. */
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
  const [declare] = useDeclareVatReturnMutation();
  const label = vatPeriodLabel(period);
  return (
    <FilingDialog
      title={corrective ? `Déclaration rectificative — ${label}` : `Déclarer la TVA — ${label}`}
      description="La déclaration est enregistrée telle qu’affichée et l’écriture de liquidation de la TVA est passée (4431, 4452, 4451 vers 4441 ou 4449)."
      submitLabel="Déclarer"
      success={MESSAGES_VAT.declared}
      file={(filing) => declare({ companyId, body: { period, ...filing } }).unwrap()}
      onClose={onClose}
    />
  );
}

/** 'Déposer le bordereau' (retenues à la source): POST …/withholding-statements; nothing is posted (the payments did). */
export function WithholdingDeclareDialog({ companyId, period, onClose }: { companyId: string; period: string; onClose: () => void }) {
  const [declare] = useDeclareWithholdingStatementMutation();
  return (
    <FilingDialog
      title={`Déposer le bordereau — ${vatPeriodLabel(period)}`}
      description="Le bordereau des retenues à la source est enregistré tel qu’affiché. Aucune écriture n’est passée : les retenues sont déjà au compte 4471, le règlement à l’État les solde."
      submitLabel="Déposer"
      success={MESSAGES_WITHHOLDING.declared}
      file={(filing) => declare({ companyId, body: { period, ...filing } }).unwrap()}
      onClose={onClose}
    />
  );
}
