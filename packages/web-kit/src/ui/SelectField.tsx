import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { ControlledTextField } from './ControlledTextField';

const SELECT_SLOTS = { select: { native: true }, inputLabel: { shrink: true } };

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
export function ControlledSelect<T extends FieldValues, TOut = T>({ options, placeholder, ...props }: ControlledSelectProps<T, TOut>) {
  return (
    <ControlledTextField {...props} select slotProps={SELECT_SLOTS}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </ControlledTextField>
  );
}
