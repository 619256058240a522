import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { AccountingEntry } from '@xaalis/contracts';
import { formatDate, formatMoney, todayIso } from '@xaalis/web-kit';
import { useId } from 'react';

export interface CancelEntryDialogProps {
  entry: AccountingEntry | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms the cancellation of a validated entry: a reversal entry dated today will be created. */
export function CancelEntryDialog({ entry, busy, onConfirm, onClose }: CancelEntryDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={Boolean(entry)}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      role="alertdialog"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Annuler l'écriture {entry?.number}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Une écriture validée ne peut plus être modifiée. L'annulation crée une écriture de contre-passation datée d'aujourd'hui (
          {formatDate(todayIso())}), qui inverse les débits et les crédits de l'écriture {entry?.number}
          {entry ? ` (${formatMoney(entry.total)})` : ''}. L'écriture d'origine passera au statut « Annulée ».
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Retour
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
          {busy ? 'Annulation...' : "Confirmer l'annulation"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
