import type { FinishedProduct, RawMaterial } from '@xaalis/contracts';
import { FormServerAutocomplete, useServerOptions, type CompanyServerFieldProps } from '@xaalis/web-kit';
import type { FieldValues } from 'react-hook-form';
import type { CompanyPageArgs } from '../../ui/paged';
import { useListFinishedProductsQuery, useListRawMaterialsQuery } from './api';
import { unitLabel } from './format';

/** 'Farine (kg)': the name and the unit. */
export const productionItemLabel = (item: Pick<RawMaterial, 'name' | 'unit'>): string => `${item.name} (${unitLabel(item.unit)})`;

/** A raw material chosen in a form (a BOM line), searched on the server as the user types (name or reference). */
export function RawMaterialField<F extends FieldValues, TOut = F>({
  companyId,
  value,
  ...field
}: CompanyServerFieldProps<RawMaterial, F, TOut>) {
  const options = useServerOptions<RawMaterial, CompanyPageArgs>(
    useListRawMaterialsQuery,
    companyId ? (filter) => ({ companyId, ...filter }) : null,
    value,
  );
  return <FormServerAutocomplete<RawMaterial, F, TOut> {...field} options={options} optionLabel={productionItemLabel} />;
}

/** A finished product chosen in a form (a production order), searched on the server as the user types (name or reference). */
export function FinishedProductField<F extends FieldValues, TOut = F>({
  companyId,
  value,
  ...field
}: CompanyServerFieldProps<FinishedProduct, F, TOut>) {
  const options = useServerOptions<FinishedProduct, CompanyPageArgs>(
    useListFinishedProductsQuery,
    companyId ? (filter) => ({ companyId, ...filter }) : null,
    value,
  );
  return <FormServerAutocomplete<FinishedProduct, F, TOut> {...field} options={options} optionLabel={productionItemLabel} />;
}
