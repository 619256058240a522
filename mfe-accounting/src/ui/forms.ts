import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * Runs `map` on the form values before the resolver sees them (e.g. an empty
 * select, '', becomes null for an optional id). What the resolver returns (the
 * values handed to the submit handler) is built from the mapped values.
 */
export function mapBeforeResolve<TIn extends FieldValues, TContext, TOut>(
  resolver: Resolver<TIn, TContext, TOut>,
  map: (values: TIn) => TIn,
): Resolver<TIn, TContext, TOut> {
  return (values, context, options) => resolver(map(values), context, options);
}

/** '' (and whitespace) becomes null; anything else is kept. */
export function emptyToNull<T>(value: T): T | null {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}
