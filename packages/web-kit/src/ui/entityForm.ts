import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useEffectEvent, useId, useRef, type BaseSyntheticEvent } from 'react';
import { useForm, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { serverMessage } from '../api';
import { errorStatus } from './feedback';
import { saveForCompany, type SuccessToast } from './save';

/**
 * The resolver of a contract's zod schema (its French messages show under the fields),
 * `prepare` reshaping the form's values first (e.g. '' → null for an optional field):
 * what the submit handler receives is the schema's output for the prepared values.
 */
export function schemaResolver<TValues extends FieldValues, TOut>(
  schema: z.ZodType<TOut>,
  prepare?: (values: TValues) => unknown,
): Resolver<TValues, unknown, TOut> {
  // The form's values are strings where the schema coerces: zodResolver's input type is the schema's, not the form's.
  const base = zodResolver(schema as never) as unknown as Resolver<TValues, unknown, TOut>;
  return prepare ? (values, context, options) => base(prepare(values) as TValues, context, options) : base;
}

/** '' (and whitespace) becomes null; anything else is kept (optional text and select fields). */
export function emptyToNull<T>(value: T): T | null {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

const valuesOf = <TValues>(defaults: TValues | (() => TValues)): TValues =>
  typeof defaults === 'function' ? (defaults as () => TValues)() : defaults;

/** A server refusal shown under the field it is about: the server's message, else `message`. */
export interface ServerFieldError<TValues extends FieldValues> {
  field: Path<TValues>;
  message: string;
}

export interface EntityFormOptions<TValues extends FieldValues, TOut> {
  /** The dialog is open: each opening (and each change of `resetKey` while open) refills the form. */
  open: boolean;
  /** 'Annuler', and after a save unless `onSaved` is given. */
  onClose: () => void;
  /** The contract's schema. */
  schema?: z.ZodType<TOut>;
  /** Reshapes the values before the schema reads them (it may read the latest props: it is called at validation). */
  prepare?: (values: TValues) => unknown;
  /** Instead of `schema`: a resolver of its own (the schema plus cross-field rules). */
  resolver?: Resolver<TValues, unknown, TOut>;
  /** The values of a new entity, or of the one edited; read at each reset. */
  defaultValues: TValues | (() => TValues);
  /** Another entity to edit, or its record once loaded: refills the form while open. */
  resetKey?: unknown;
  /** After each refill (e.g. to forget a suggested value). */
  onReset?: (values: TValues) => void;
  /** The company the save is for: without one, 'Erreur' and nothing is sent. */
  companyId: string | null | undefined;
  /**
   * A last check of the valid values before the request (what the schema alone cannot
   * see, such as an entry's balance): false stops the save, the check having said why.
   */
  check?: (values: TOut, form: UseFormReturn<TValues, unknown, TOut>) => boolean;
  /** The request: an RTK mutation's `.unwrap()`. */
  save: (values: TOut, companyId: string) => Promise<unknown>;
  /** The success toast, or a function of the values and of what the server answered. */
  success: SuccessToast | ((values: TOut, result: unknown) => SuccessToast);
  /** The failure toast's text (the specification's). */
  failure: string;
  /** The server's reason replaces the failure text rather than following it (see `CompanySave`). */
  reasonReplacesText?: boolean;
  /** Refusals shown under a field, by HTTP status (e.g. 409: the code is taken). */
  serverErrors?: Partial<Record<number, ServerFieldError<TValues>>>;
  /** After a save (default: `onClose`). */
  onSaved?: (result: unknown) => void;
}

export interface EntityForm<TValues extends FieldValues, TOut> extends UseFormReturn<TValues, unknown, TOut> {
  /** The id binding the dialog's submit button to the form. */
  formId: string;
  open: boolean;
  onClose: () => void;
  /** Validating or saving: the submit button is disabled and the dialog stays open. */
  busy: boolean;
  /** The form's submit handler. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * The state of a create or edit dialog: react-hook-form over the contract's zod schema,
 * refilled at each opening, and a submit that sends the valid values once (never while
 * a save is in flight), shows the specification's success or failure toast, puts a
 * server refusal under its field and, once saved, empties the form and closes.
 */
export function useEntityForm<TValues extends FieldValues, TOut = TValues>(
  options: EntityFormOptions<TValues, TOut>,
): EntityForm<TValues, TOut> {
  const { open, onClose, resetKey } = options;
  const formId = useId();
  // The latest options, read when the form validates or submits (a dialog's props change between renders).
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const defaults = (): TValues => valuesOf(latest.current.defaultValues);

  const resolver = useCallback<Resolver<TValues, unknown, TOut>>((values, context, resolverOptions) => {
    const { resolver: own, schema, prepare } = latest.current;
    if (own) return own(values, context, resolverOptions);
    if (!schema) throw new Error('useEntityForm needs a schema or a resolver');
    return schemaResolver<TValues, TOut>(schema, prepare)(values, context, resolverOptions);
  }, []);

  const form = useForm<TValues, unknown, TOut>({ resolver, defaultValues: valuesOf(options.defaultValues) as never });
  const { reset, handleSubmit, setError } = form;

  // Refilled at each opening, at each new `resetKey` while open, and after a save.
  const refill = () => {
    const values = defaults();
    reset(values);
    latest.current.onReset?.(values);
  };
  const onOpen = useEffectEvent(refill);
  useEffect(() => {
    if (open) onOpen();
  }, [open, resetKey]);

  // A second submit while the first is in flight (a form submitted twice) sends nothing.
  const inFlight = useRef(false);
  const submit = async (values: TOut) => {
    if (inFlight.current) return;
    const { check, companyId, save, success, failure, reasonReplacesText, serverErrors, onSaved } = latest.current;
    if (check && !check(values, form)) return;
    inFlight.current = true;
    try {
      await saveForCompany(companyId, {
        run: (id) => save(values, id),
        success: (result) => (typeof success === 'function' ? success(values, result) : success),
        failure,
        reasonReplacesText,
        onSaved: (result) => {
          refill();
          if (onSaved) onSaved(result);
          else onClose();
        },
        onError: (error) => {
          const status = errorStatus(error);
          const target = typeof status === 'number' ? serverErrors?.[status] : undefined;
          if (target) setError(target.field, { type: 'server', message: serverMessage(error) ?? target.message });
        },
      });
    } finally {
      inFlight.current = false;
    }
  };
  // The refs `submit` reads are read when the form is submitted, never while rendering.
  const onSubmit = (event?: BaseSyntheticEvent) => handleSubmit(submit)(event);

  return { ...form, formId, open, onClose, busy: form.formState.isSubmitting, onSubmit };
}

/**
 * The values of a create-or-edit form: each field of `defaults` from the edited record
 * where it has one (not null nor undefined), else its default, all a new record's form holds.
 */
export function recordValues<TValues extends object>(
  defaults: TValues,
  record: { [K in keyof TValues]?: TValues[K] | null } | null | undefined,
): TValues {
  const values = { ...defaults };
  if (record) for (const key of Object.keys(defaults) as (keyof TValues)[]) values[key] = record[key] ?? defaults[key];
  return values;
}

/** The id a select starts on: the only choice when there is exactly one, else none (''). */
export function soleChoiceId(choices: readonly { id: string }[]): string {
  return choices.length === 1 ? choices[0].id : '';
}
