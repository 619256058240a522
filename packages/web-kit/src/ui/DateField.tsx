import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface FormDateFieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  id?: string;
  helperText?: string;
  disabled?: boolean;
}

/**
 * A date input (`YYYY-MM-DD`) bound to react-hook-form, its label always above the
 * field so an optional empty date does not overlap the browser's placeholder.
 */
export function FormDateField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  id,
  helperText,
  disabled,
}: FormDateFieldProps<T, TOut>) {
  const fieldId = id ?? `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={fieldId}
          type="date"
          label={label}
          fullWidth
          disabled={disabled}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } }}
        />
      )}
    />
  );
}
