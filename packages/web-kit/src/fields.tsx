import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';

// The outlined fields of the forms, without a form library: `forms.tsx` binds them to
// react-hook-form; the sign-in page (which does not load react-hook-form) to its own state.
// Built from FormControl + InputLabel + OutlinedInput + FormHelperText rather than
// TextField: TextField also imports Select, Menu, Popover and Modal, which a sign-in
// form does not need (see the /auth budget, DESIGN.md §2).

export type FieldInputProps = Omit<
  OutlinedInputProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'label' | 'inputRef' | 'id'
>;

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  fullWidth: boolean;
  shrink?: boolean;
  children: ReactNode;
}

function FieldShell({ id, label, error, helperText, required, fullWidth, shrink, children }: FieldShellProps) {
  const help = error ?? helperText;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={Boolean(error)} required={required}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {children}
      {help ? <FormHelperText id={`${id}-helper-text`}>{help}</FormHelperText> : null}
    </FormControl>
  );
}

/** The value and events of one field, whoever keeps the form's state. */
export interface FieldBinding {
  name: string;
  value: unknown;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
  /** The validation message, shown under the field. */
  error?: string;
}

/** The outlined input's props that show a binding: its value, events, label and validation message. */
function boundInput(id: string, label: string, binding: FieldBinding, helperText: ReactNode, required: boolean | undefined) {
  const { error } = binding;
  return {
    id,
    name: binding.name,
    inputRef: binding.inputRef,
    value: binding.value ?? '',
    onChange: binding.onChange,
    onBlur: binding.onBlur,
    label: required ? `${label} *` : label,
    error: Boolean(error),
    'aria-describedby': error || helperText ? `${id}-helper-text` : undefined,
  };
}

export interface TextFieldViewProps extends FieldInputProps {
  id: string;
  label: string;
  binding: FieldBinding;
  helperText?: ReactNode;
  fullWidth?: boolean;
}

/** An outlined text field showing its binding's value and validation message. */
export function TextFieldView({ id, label, binding, helperText, fullWidth = true, required, ...input }: TextFieldViewProps) {
  return (
    <FieldShell id={id} label={label} error={binding.error} helperText={helperText} required={required} fullWidth={fullWidth}>
      <OutlinedInput {...input} {...boundInput(id, label, binding, helperText, required)} />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldViewProps extends Omit<FieldInputProps, 'inputComponent' | 'inputProps'> {
  id: string;
  label: string;
  binding: FieldBinding;
  options: readonly SelectOption[];
  /** Text of the empty first choice (the field then starts empty). */
  placeholder?: string;
  helperText?: ReactNode;
  fullWidth?: boolean;
}

/** A native <select> in an outlined field (accessible, light, easy to drive in tests). */
export function SelectFieldView({
  id,
  label,
  binding,
  options,
  placeholder,
  helperText,
  fullWidth = true,
  required,
  ...input
}: SelectFieldViewProps) {
  return (
    <FieldShell id={id} label={label} error={binding.error} helperText={helperText} required={required} fullWidth={fullWidth} shrink>
      <OutlinedInput
        {...input}
        {...boundInput(id, label, binding, helperText, required)}
        notched
        // A native select: InputBase renders the element it is given.
        inputComponent={'select' as unknown as OutlinedInputProps['inputComponent']}
        inputProps={{
          children: [
            placeholder !== undefined ? (
              <option key="" value="">
                {placeholder}
              </option>
            ) : null,
            ...options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            )),
          ],
        }}
      />
    </FieldShell>
  );
}
