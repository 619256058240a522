import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { EntityForm } from './entityForm';

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

/** The grid's columns (CSS grid-template-columns, per breakpoint); false: a form laid out by its children. */
export type FormColumns = string | { xs?: string; sm?: string; md?: string } | false;

const TWO_COLUMNS: FormColumns = { xs: '1fr', sm: '1fr 1fr' };

export interface FormGridProps {
  /** The form's id: a FormDialog's `formId`, so its submit button submits this form. */
  id: string;
  /** The form's accessible name (usually the dialog's title). */
  label?: string;
  /** react-hook-form's `handleSubmit(...)`. */
  onSubmit: (event: BaseSyntheticEvent) => unknown;
  /** Two columns from `sm` up (one on phones) unless told otherwise. */
  columns?: FormColumns;
  /** Instead of `columns`: the form's own layout (a form in a page or a card rather than a dialog). */
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** A dialog's form laid out as a grid (two columns from `sm` up by default); the browser's own validation is off (zod's messages show). */
export function FormGrid({ id, label, onSubmit, columns = TWO_COLUMNS, sx: layout, children }: FormGridProps) {
  const sx: SxProps<Theme> = layout ?? (columns === false ? { pt: 1 } : { display: 'grid', gap: 2, pt: 1, gridTemplateColumns: columns });
  return (
    <Box component="form" id={id} noValidate onSubmit={(event: BaseSyntheticEvent) => void onSubmit(event)} aria-label={label} sx={sx}>
      {children}
    </Box>
  );
}

/** A FormGrid cell spanning both columns. */
export function FullRow({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}

export interface EntityFormDialogProps<TValues extends FieldValues, TOut> extends Pick<
  FormDialogProps,
  'title' | 'submitLabel' | 'busyLabel' | 'submitDisabled' | 'maxWidth' | 'fullScreen' | 'dividers'
> {
  /** What `useEntityForm` returned. */
  form: EntityForm<TValues, TOut>;
  /** The form's accessible name: the title when it is a text, unless told otherwise (false: none). */
  label?: string | false;
  /** The grid's columns (see FormGrid). */
  columns?: FormColumns;
  /** Shown above the form (what the form is about: an item and its stock...). */
  header?: ReactNode;
  /** Shown instead of the form while the edited record loads or fails to. */
  replacement?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/**
 * A create or edit dialog over `useEntityForm`: the title, the form laid out as a grid,
 * 'Annuler' and the submit button, disabled (its label 'Enregistrement...' or `busyLabel`)
 * while the save is in flight, when the dialog cannot be dismissed.
 */
export function EntityFormDialog<TValues extends FieldValues, TOut>({
  form,
  label,
  columns,
  header,
  replacement,
  children,
  ...dialog
}: EntityFormDialogProps<TValues, TOut>) {
  const name = label === false ? undefined : (label ?? (typeof dialog.title === 'string' ? dialog.title : undefined));
  return (
    <FormDialog {...dialog} open={form.open} onClose={form.onClose} formId={form.formId} busy={form.busy}>
      {header}
      {replacement || (
        <FormGrid id={form.formId} label={name} onSubmit={form.onSubmit} columns={columns}>
          {children}
        </FormGrid>
      )}
    </FormDialog>
  );
}
