import TextField from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { ControlledTextField, type ControlledTextFieldProps } from './ControlledTextField';

export type FormDateFieldProps<T extends FieldValues, TOut = T> = Pick<
  ControlledTextFieldProps<T, TOut>,
  'control' | 'name' | 'id' | 'helperText' | 'disabled'
> & { label: string };

const DATE_SLOTS = { inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } };

/**
 * A date input (`YYYY-MM-DD`) bound to react-hook-form, its label always above the
 * field so an optional empty date does not overlap the browser's placeholder.
 */
export function FormDateField<T extends FieldValues, TOut = T>(props: FormDateFieldProps<T, TOut>) {
  return <ControlledTextField {...props} type="date" slotProps={DATE_SLOTS} />;
}

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  size?: 'small' | 'medium';
}

/** A date input (`YYYY-MM-DD`) held in a component's state (a filter, a period), its label always above. */
export function DateField({ label, value, onChange, size }: DateFieldProps) {
  return (
    <TextField type="date" size={size} label={label} value={value} onChange={(e) => onChange(e.target.value)} slotProps={DATE_SLOTS} />
  );
}
