import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ReactElement, ReactNode } from 'react';
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

/** What binds a field to react-hook-form: the form's control, the field's name and its element id (`field-{name}` unless given). */
interface BoundFieldProps<T extends FieldValues, TOut> {
  // TOut: what the form's resolver hands to submit (schemas that coerce or default values).
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  id?: string;
}

/** A field view bound to react-hook-form: `view` renders it from its element id and binding. */
function BoundField<T extends FieldValues, TOut>({
  control,
  name,
  id,
  view,
}: BoundFieldProps<T, TOut> & { view: (id: string, binding: FieldBinding) => ReactElement }) {
  const fieldId = id ?? `field-${name}`;
  return <Controller control={control} name={name} render={({ field, fieldState }) => view(fieldId, bindingOf(field, fieldState))} />;
}

export interface FormTextFieldProps<T extends FieldValues, TOut = T> extends FieldInputProps, BoundFieldProps<T, TOut> {
  label: string;
  helperText?: ReactNode;
  fullWidth?: boolean;
}

/**
 * An outlined text field bound to react-hook-form; shows the field's validation
 * message (the zod schemas of `contracts` carry the specification's French texts).
 */
export function FormTextField<T extends FieldValues, TOut = T>({ control, name, id, ...view }: FormTextFieldProps<T, TOut>) {
  return (
    <BoundField
      control={control}
      name={name}
      id={id}
      view={(fieldId, binding) => <TextFieldView {...view} id={fieldId} binding={binding} />}
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

export interface FormNumberFieldProps<T extends FieldValues, TOut = T> extends Omit<FormTextFieldProps<T, TOut>, 'type' | 'inputProps'> {
  min?: number;
  max?: number;
  step?: number;
  /** The phone keyboard: 'numeric' (whole numbers) or 'decimal'. */
  inputMode?: 'numeric' | 'decimal';
}

/** A number field (a count, a rate, a duration...) with the input's own bounds and step. */
export function FormNumberField<T extends FieldValues, TOut = T>({ min, max, step, inputMode, ...props }: FormNumberFieldProps<T, TOut>) {
  return <FormTextField {...props} type="number" inputProps={{ min, max, step, inputMode }} />;
}

/** A count (guests, servings, years, minutes...): a whole number, typed on the phone's numeric keyboard. */
export function FormCountField<T extends FieldValues, TOut = T>(props: Omit<FormNumberFieldProps<T, TOut>, 'inputMode'>) {
  return <FormNumberField step={1} {...props} inputMode="numeric" />;
}

/** A rate in percent: from 0 to 100, to the hundredth. */
export function FormPercentField<T extends FieldValues, TOut = T>(
  props: Omit<FormNumberFieldProps<T, TOut>, 'min' | 'max' | 'step' | 'inputMode'>,
) {
  return <FormNumberField {...props} min={0} max={100} step={0.01} inputMode="decimal" />;
}

export interface FormSelectFieldProps<T extends FieldValues, TOut = T>
  extends Omit<FieldInputProps, 'inputComponent' | 'inputProps'>, BoundFieldProps<T, TOut> {
  label: string;
  options: readonly SelectOption[];
  /** Text of the empty first choice (the field then starts empty). */
  placeholder?: string;
  helperText?: ReactNode;
  fullWidth?: boolean;
}

/** A native <select> in an outlined field, bound to react-hook-form (accessible, light, easy to drive in tests). */
export function FormSelectField<T extends FieldValues, TOut = T>({ control, name, id, ...view }: FormSelectFieldProps<T, TOut>) {
  return (
    <BoundField
      control={control}
      name={name}
      id={id}
      view={(fieldId, binding) => <SelectFieldView {...view} id={fieldId} binding={binding} />}
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
