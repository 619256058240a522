import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface ControlledSelectProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Text of the empty first choice. */
  placeholder?: string;
  helperText?: ReactNode;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** Called with the chosen value instead of the plain field update (e.g. to fill other fields). */
  onValueChange?: (value: string) => void;
}

/** A native select bound to react-hook-form whose change can drive other fields. */
export function ControlledSelect<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  options,
  placeholder,
  helperText,
  disabled,
  size,
  onValueChange,
}: ControlledSelectProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          id={`field-${name}`}
          label={label}
          fullWidth
          size={size}
          disabled={disabled}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => (onValueChange ? onValueChange(event.target.value) : field.onChange(event.target.value))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}
