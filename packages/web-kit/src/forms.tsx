import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

// Built from FormControl + InputLabel + OutlinedInput + FormHelperText rather than
// TextField: TextField also imports Select, Menu, Popover and Modal, which a sign-in
// form does not need (see the /auth budget, DESIGN.md §2).

type InputProps = Omit<
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

export interface FormTextFieldProps<T extends FieldValues, TOut = T> extends InputProps {
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
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  id,
  helperText,
  fullWidth = true,
  required,
  ...input
}: FormTextFieldProps<T, TOut>) {
  const fieldId = id ?? `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <FieldShell id={fieldId} label={label} error={error} helperText={helperText} required={required} fullWidth={fullWidth}>
            <OutlinedInput
              {...input}
              id={fieldId}
              name={field.name}
              inputRef={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={required ? `${label} *` : label}
              error={Boolean(error)}
              aria-describedby={error || helperText ? `${fieldId}-helper-text` : undefined}
            />
          </FieldShell>
        );
      }}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface FormSelectFieldProps<T extends FieldValues, TOut = T> extends Omit<InputProps, 'inputComponent' | 'inputProps'> {
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
export function FormSelectField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  options,
  placeholder,
  id,
  helperText,
  fullWidth = true,
  required,
  ...input
}: FormSelectFieldProps<T, TOut>) {
  const fieldId = id ?? `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <FieldShell id={fieldId} label={label} error={error} helperText={helperText} required={required} fullWidth={fullWidth} shrink>
            <OutlinedInput
              {...input}
              id={fieldId}
              name={field.name}
              inputRef={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={required ? `${label} *` : label}
              notched
              error={Boolean(error)}
              aria-describedby={error || helperText ? `${fieldId}-helper-text` : undefined}
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
      }}
    />
  );
}
