import type { InventoryItem } from '@xaalis/contracts';
import { FormServerAutocomplete, useServerOptions, type CompanyListArgs, type CompanyServerFieldProps } from '@xaalis/web-kit';
import type { FieldValues } from 'react-hook-form';
import { useListInventoryQuery, type InventoryListFilter } from './api';

export type InventoryItemFieldProps<F extends FieldValues, TOut = F> = CompanyServerFieldProps<InventoryItem, F, TOut>;

/** A stock item chosen in a form, searched on the server as the user types (name contains). */
export function InventoryItemField<F extends FieldValues, TOut = F>({ companyId, value, ...field }: InventoryItemFieldProps<F, TOut>) {
  const options = useServerOptions<InventoryItem, CompanyListArgs<InventoryListFilter>>(
    useListInventoryQuery,
    companyId ? (filter) => ({ companyId, ...filter }) : null,
    value,
  );
  return <FormServerAutocomplete<InventoryItem, F, TOut> {...field} options={options} optionLabel={(item) => item.name} />;
}
