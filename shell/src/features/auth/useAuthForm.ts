import { useCallback, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import type { FieldBinding } from '@xaalis/web-kit/src/fields';

/** A validation: the parsed values, or the first message of each field in error. */
export type Validation<TOut> = { values: TOut; errors?: undefined } | { errors: Record<string, string>; values?: undefined };

/**
 * The state of a sign-in form, without a form library (react-hook-form is ~13 KiB of
 * the page): validates on submit, then again on every change (like react-hook-form's
 * onSubmit/onChange modes), focuses the first field in error, and submits the parsed values.
 */
export function useAuthForm<TIn extends Record<string, string>, TOut>(
  defaults: TIn,
  validate: (values: TIn) => Validation<TOut> | Promise<Validation<TOut>>,
) {
  const [values, setValues] = useState<TIn>(defaults);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(values);
  const submitted = useRef(false);
  const inputs = useRef(new Map<string, HTMLInputElement | null>());

  const revalidate = useCallback(
    async (name: string) => {
      const result = await validate(latest.current);
      const message = result.errors?.[name];
      setErrors((current) => {
        if (current[name] === message) return current;
        const others = Object.fromEntries(Object.entries(current).filter(([key]) => key !== name));
        return message === undefined ? others : { ...others, [name]: message };
      });
    },
    [validate],
  );

  const field = (name: keyof TIn & string): FieldBinding => ({
    name,
    value: values[name],
    error: errors[name],
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current.set(name, el);
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      latest.current = { ...latest.current, [name]: event.target.value };
      setValues(latest.current);
      if (submitted.current) void revalidate(name);
    },
  });

  const handleSubmit = (onValid: (values: TOut) => Promise<void>) => async (event: SyntheticEvent) => {
    event.preventDefault();
    submitted.current = true;
    const result = await validate(latest.current);
    if (result.errors) {
      setErrors(result.errors);
      // Fields in form order (the order they were bound in).
      for (const [name, el] of inputs.current) {
        if (result.errors[name] !== undefined && el) {
          el.focus();
          break;
        }
      }
      return;
    }
    setErrors({});
    await onValid(result.values);
  };

  return { field, handleSubmit };
}
