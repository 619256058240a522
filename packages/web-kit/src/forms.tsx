import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { SelectFieldView, TextFieldView, type FieldBinding, type FieldInputProps, type SelectOption } from './fields';

export type { SelectOption } from './fields';

/** A react-hook-form field as the views' binding. */
const bindingOf = <T extends FieldValues>(field: ControllerRenderProps<T, Path<T>>, fieldState: ControllerFieldState): FieldBinding => ({
  name: field.name,
  value: field.value,
  onChange: field.onChange,
  onBlur: field.onBlur,
  inputRef: field.ref,
  error: fieldState.error?.message,
});

export interface FormTextFieldProps<T extends FieldValues, TOut = T> extends FieldInputProps {
  // TOut: what the form's resolver hands to submit (schemas that coerce or default values).
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  id?: string;
  helperText?: ReactNode;
  fullWidth?: boolean;
}

/**
 * An outlined text field bound to react-hook-form; shows the field's validation
 * message (the zod schemas of `contracts` carry the specification's French texts).
 */
export function FormTextField<T extends FieldValues, TOut = T>({ control, name, id, ...view }: FormTextFieldProps<T, TOut>) {
  const fieldId = id ?? `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <TextFieldView {...view} id={fieldId} binding={bindingOf(field, fieldState)} />}
    />
  );
}

const MONEY_INPUT = { min: 0, step: 0.01, inputMode: 'decimal' as const };

/** An amount in XOF: a number field (not negative, to the cent) ending in 'XOF'. */
export function FormMoneyField<T extends FieldValues, TOut = T>(
  props: Omit<FormTextFieldProps<T, TOut>, 'type' | 'inputProps' | 'endAdornment'>,
) {
  return <FormTextField {...props} type="number" inputProps={MONEY_INPUT} endAdornment={<UnitAdornment unit="XOF" />} />;
}

export interface FormSelectFieldProps<T extends FieldValues, TOut = T> extends Omit<FieldInputProps, 'inputComponent' | 'inputProps'> {
  // TOut: what the form's resolver hands to submit (schemas that coerce or default values).
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  options: readonly SelectOption[];
  /** Text of the empty first choice (the field then starts empty). */
  placeholder?: string;
  id?: string;
  helperText?: ReactNode;
  fullWidth?: boolean;
}

/** A native <select> in an outlined field, bound to react-hook-form (accessible, light, easy to drive in tests). */
export function FormSelectField<T extends FieldValues, TOut = T>({ control, name, id, ...view }: FormSelectFieldProps<T, TOut>) {
  const fieldId = id ?? `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <SelectFieldView {...view} id={fieldId} binding={bindingOf(field, fieldState)} />}
    />
  );
}

/** The unit after an amount or a quantity typed in a field ('XOF', '%', 'kg'): a field's `endAdornment`. */
export function UnitAdornment({ unit }: { unit: ReactNode }) {
  return (
    <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
      {unit}
    </Box>
  );
}

export interface FormCheckboxFieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
}

/** A checkbox and its label, bound to a boolean of react-hook-form ('Menu actif', 'Cadre'...). */
export function FormCheckboxField<T extends FieldValues, TOut = T>({ control, name, label }: FormCheckboxFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              name={field.name}
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
          }
          label={label}
        />
      )}
    />
  );
}
