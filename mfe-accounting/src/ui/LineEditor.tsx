import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { AddIcon, ControlledTextField, DeleteIcon, type ControlledTextFieldProps } from '@xaalis/web-kit';
import { Fragment, useCallback, type ReactNode } from 'react';
import { useFieldArray, type ArrayPath, type FieldArray, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** The message of a field array's own error (react-hook-form puts it on `root` or on the array). */
export function arrayErrorMessage(errors: unknown): string | undefined {
  return (
    (errors as { root?: { message?: string }; message?: string } | undefined)?.root?.message ??
    (errors as { message?: string } | undefined)?.message
  );
}

/** The lines of a document: a heading, the lines, the array's error, 'Ajouter une ligne'. */
export function LinesSection({ title, error, onAdd, children }: { title: string; error?: string; onAdd: () => void; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
      {error ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      ) : null}
      <Button startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 1 }}>
        Ajouter une ligne
      </Button>
    </Box>
  );
}

/** One line (group 'Ligne {n}'): its fields on a grid of `md` columns, stacked two by two on phones. */
export function LineRow({ n, mdColumns, children }: { n: number; mdColumns: string; children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={`Ligne ${n}`}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr 1fr', md: mdColumns },
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}

/** 'Supprimer la ligne {n}', disabled (with the reason as its title) when the line must stay. */
export function RemoveLineButton({
  n,
  canRemove,
  keepReason,
  onRemove,
}: {
  n: number;
  canRemove: boolean;
  keepReason: string;
  onRemove: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <IconButton
        aria-label={`Supprimer la ligne ${n}`}
        title={canRemove ? `Supprimer la ligne ${n}` : keepReason}
        onClick={onRemove}
        disabled={!canRemove}
        size="small"
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** A small text field of line `n`, bound to the form; screen readers hear '{label} ligne {n}'. */
export function LineTextField<T extends FieldValues, TOut>({
  n,
  htmlInput,
  slotProps,
  ...field
}: ControlledTextFieldProps<T, TOut> & { label: string; n: number; htmlInput?: Record<string, unknown> }) {
  return (
    <ControlledTextField
      size="small"
      fullWidth={false}
      {...field}
      slotProps={{ ...slotProps, htmlInput: { ...htmlInput, 'aria-label': `${field.label} ligne ${n}` } }}
    />
  );
}

/** What each line of `DocumentLines` is given: its index, whether and how it is removed, and the form's control and setValue. */
export interface LineSlot<T extends FieldValues, TOut> extends Pick<UseFormReturn<T, unknown, TOut>, 'control' | 'setValue'> {
  index: number;
  canRemove: boolean;
  onRemove: (index: number) => void;
}

export interface DocumentLinesProps<T extends FieldValues & { lines: unknown[] }, TOut> {
  /** The document's form: its `lines` are edited. */
  form: UseFormReturn<T, unknown, TOut>;
  /** Lines can be removed only while more than this remain. */
  min: number;
  title: string;
  /** The line 'Ajouter une ligne' appends. */
  newLine: () => FieldArray<T, ArrayPath<T>>;
  renderLine: (slot: LineSlot<T, TOut>) => ReactNode;
}

/** The `lines` of a document's form: each drawn by `renderLine`, added, and removed while more than `min` remain. */
export function DocumentLines<T extends FieldValues & { lines: unknown[] }, TOut>({
  form,
  min,
  title,
  newLine,
  renderLine,
}: DocumentLinesProps<T, TOut>) {
  const { control, setValue, getValues } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' as ArrayPath<T> });
  const canRemove = fields.length > min;
  const onRemove = useCallback(
    (index: number) => {
      if ((getValues('lines' as Path<T>) as unknown[]).length > min) remove(index);
    },
    [getValues, remove, min],
  );
  return (
    <LinesSection title={title} error={arrayErrorMessage(form.formState.errors.lines)} onAdd={() => append(newLine())}>
      {fields.map((field, index) => (
        <Fragment key={field.id}>{renderLine({ index, canRemove, onRemove, control, setValue })}</Fragment>
      ))}
    </LinesSection>
  );
}
