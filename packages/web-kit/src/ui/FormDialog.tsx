import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type BaseSyntheticEvent, type ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The id of the form the submit button submits (the form is in `children`). */
  formId: string;
  /** 'Créer le compte', 'Enregistrer'... */
  submitLabel: ReactNode;
  /** Shown on the submit button while `busy`. */
  busyLabel?: ReactNode;
  /** Saving: the dialog cannot be dismissed and both buttons are disabled. */
  busy: boolean;
  /** Disables the submit button for other reasons. */
  submitDisabled?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  /** Scrolling content with dividers (the large entry and invoice forms). */
  dividers?: boolean;
  children: ReactNode;
}

/** A dialog around a form: title, content, 'Annuler' and a submit button bound to the form by id. */
export function FormDialog({
  open,
  onClose,
  title,
  formId,
  submitLabel,
  busyLabel = 'Enregistrement...',
  busy,
  submitDisabled = false,
  maxWidth = 'sm',
  fullScreen,
  dividers,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Annuler
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy || submitDisabled}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface FormGridProps {
  /** The form's id: a FormDialog's `formId`, so its submit button submits this form. */
  id: string;
  /** The form's accessible name (usually the dialog's title). */
  label: string;
  /** react-hook-form's `handleSubmit(...)`. */
  onSubmit: (event: BaseSyntheticEvent) => unknown;
  children: ReactNode;
}

/** A dialog's form laid out as two columns from `sm` up (one on phones); the browser's own validation is off (zod's messages show). */
export function FormGrid({ id, label, onSubmit, children }: FormGridProps) {
  return (
    <Box
      component="form"
      id={id}
      noValidate
      onSubmit={(event: BaseSyntheticEvent) => void onSubmit(event)}
      aria-label={label}
      sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {children}
    </Box>
  );
}

/** A FormGrid cell spanning both columns. */
export function FullRow({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}
