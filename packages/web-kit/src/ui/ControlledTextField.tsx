import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export type ControlledTextFieldProps<T extends FieldValues, TOut = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'helperText'
> & {
  // TOut: what the form's resolver hands to submit (schemas that coerce or default values).
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  /** Shown under the field while it has no validation message. */
  helperText?: ReactNode;
  /** Called with the typed or chosen value instead of the plain field update (e.g. to fill other fields). */
  onValueChange?: (value: string) => void;
};

/**
 * A MUI TextField bound to react-hook-form (its id `field-{name}` unless given, full width
 * unless told otherwise): the field's value ('' when unset), its events, and its validation
 * message, else `helperText`, under it.
 */
export function ControlledTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  id,
  fullWidth = true,
  helperText,
  onValueChange,
  ...text
}: ControlledTextFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...text}
          id={id ?? `field-${name}`}
          fullWidth={fullWidth}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => (onValueChange ? onValueChange(event.target.value) : field.onChange(event))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
