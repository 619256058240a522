import type { Account } from '@xaalis/contracts';
import { FormServerAutocomplete, useServerOptions, type CompanyListArgs, type CompanyServerFieldProps } from '@xaalis/web-kit';
import type { FieldValues } from 'react-hook-form';
import { useListAccountsQuery, type AccountListFilter } from './api';

/** '521 — Banques locales' */
export const accountLabel = (a: Pick<Account, 'code' | 'name'>): string => `${a.code} — ${a.name}`;

export interface AccountFieldProps<F extends FieldValues, TOut = F> extends CompanyServerFieldProps<Account, F, TOut> {
  /** Which accounts may be chosen: code prefixes ('6', '21,22'), a type, the active ones. */
  filter?: Pick<AccountListFilter, 'prefix' | 'type' | 'active'>;
}

/** An account chosen in a form, searched on the server as the user types (a code that starts so, or a name). */
export function AccountField<F extends FieldValues, TOut = F>({ companyId, filter, value, ...field }: AccountFieldProps<F, TOut>) {
  const options = useServerOptions<Account, CompanyListArgs<AccountListFilter>>(
    useListAccountsQuery,
    companyId ? (page) => ({ companyId, ...filter, ...page }) : null,
    value,
  );
  return <FormServerAutocomplete<Account, F, TOut> {...field} options={options} optionLabel={accountLabel} />;
}
