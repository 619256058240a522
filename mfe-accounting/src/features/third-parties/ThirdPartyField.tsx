import type { ThirdParty, ThirdPartyRole } from '@xaalis/contracts';
import { FormServerAutocomplete, useServerOptions, type CompanyListArgs, type CompanyServerFieldProps } from '@xaalis/web-kit';
import type { FieldValues } from 'react-hook-form';
import { useListThirdPartiesQuery, type ThirdPartyListFilter } from './api';

/** 'Sonatel (C001)': the name, and the code when there is one. */
export const thirdPartyLabel = (t: Pick<ThirdParty, 'name' | 'code'>): string => (t.code ? `${t.name} (${t.code})` : t.name);

export interface ThirdPartyFieldProps<F extends FieldValues, TOut = F> extends CompanyServerFieldProps<ThirdParty, F, TOut> {
  /** Only the clients (client or both) or the suppliers (supplier or both). */
  side?: ThirdPartyRole;
}

/** A third party chosen in a form, searched on the server as the user types (name or code). */
export function ThirdPartyField<F extends FieldValues, TOut = F>({ companyId, side, value, ...field }: ThirdPartyFieldProps<F, TOut>) {
  const options = useServerOptions<ThirdParty, CompanyListArgs<ThirdPartyListFilter>>(
    useListThirdPartiesQuery,
    companyId ? (filter) => ({ companyId, role: side, ...filter }) : null,
    value,
  );
  return <FormServerAutocomplete<ThirdParty, F, TOut> {...field} options={options} optionLabel={thirdPartyLabel} />;
}
