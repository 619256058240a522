import type { InventoryItem } from '@xaalis/contracts';
import { FormServerAutocomplete, useServerOptions, type CompanyListArgs, type FormServerAutocompleteProps } from '@xaalis/web-kit';
import type { FieldValues } from 'react-hook-form';
import { useListInventoryQuery, type InventoryListFilter } from './api';

export interface InventoryItemFieldProps<F extends FieldValues, TOut = F> extends Omit<
  FormServerAutocompleteProps<InventoryItem, F, TOut>,
  'options' | 'optionLabel'
> {
  /** The company whose stock is searched; null asks nothing (dialog closed). */
  companyId: string | null;
  /** The field's current value (the chosen id), to show its name when no search returns it. */
  value: string;
}

/** A stock item chosen in a form, searched on the server as the user types (name contains). */
export function InventoryItemField<F extends FieldValues, TOut = F>({ companyId, value, ...field }: InventoryItemFieldProps<F, TOut>) {
  const options = useServerOptions<InventoryItem, CompanyListArgs<InventoryListFilter>>(
    useListInventoryQuery,
    companyId ? (filter) => ({ companyId, ...filter }) : null,
    value,
  );
  return <FormServerAutocomplete<InventoryItem, F, TOut> {...field} options={options} optionLabel={(item) => item.name} />;
}
