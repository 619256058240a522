import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/**
 * A question ('Supprimer ... ?', 'Rouvrir ... ?') with 'Annuler' and the confirm button (red unless
 * `danger` is false); `error`, when set, shows why the last attempt was refused, in the dialog.
 */
export function ConfirmDialog({
  open = true,
  title,
  text,
  confirmLabel = 'Supprimer',
  danger = true,
  maxWidth = 'xs',
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open?: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  danger?: boolean;
  maxWidth?: 'xs' | 'sm';
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
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
        <Button color={danger ? 'error' : 'primary'} variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
