import type { Control, FieldValues, Path } from 'react-hook-form';
import { TREASURY_ACCOUNT_KIND_LABELS, TREASURY_ACCOUNT_KINDS, type TreasuryAccount, type TreasuryAccountList } from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from './api';
import { companyUrl } from './companyEndpoints';
import { ControlledTextField } from './ui';

// The company's treasury accounts (bank accounts, wallets, cash boxes, cheques: issue 28), read by
// every remote that pays something: the accounting remote's payment, loan and treasury screens, and
// the HR remote's payslip payment. The accounts list and the select that offers them live here, once.

/** The tag every treasury write invalidates (treasury/api.ts). */
export const TREASURY_ACCOUNTS_TAG = { type: 'Treasury' as const, id: 'ACCOUNTS' };

/** The treasury accounts a company has: a handful, read at once. */
export const TREASURY_ACCOUNTS_PAGE_SIZE = 50;

/** GET /api/companies/:id/treasury-accounts?pageSize=50: defaults first, then by kind and creation. */
export const treasuryAccountListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTreasuryAccounts: build.query<TreasuryAccountList, string>({
      query: (companyId) => ({ url: companyUrl(companyId, '/treasury-accounts'), params: { pageSize: TREASURY_ACCOUNTS_PAGE_SIZE } }),
      providesTags: [TREASURY_ACCOUNTS_TAG, COMPANY_DATA_TAG],
    }),
  }),
});

export const { useListTreasuryAccountsQuery } = treasuryAccountListApi;

const SELECT_SLOTS = { select: { native: true }, inputLabel: { shrink: true } };

/** 'CBAO courant (5211)': a treasury account as the payment dialog lists it. */
export const treasuryAccountLabel = (account: Pick<TreasuryAccount, 'name' | 'accountCode'>) => `${account.name} (${account.accountCode})`;

/** The account a payment goes through by default: the default bank account, else the first. */
export function defaultTreasuryAccount(accounts: readonly TreasuryAccount[]): TreasuryAccount | undefined {
  return accounts.find((a) => a.isDefault && a.kind === 'bank') ?? accounts[0];
}

/** 'Compte de trésorerie': the company's bank accounts, wallets, cash boxes and cheques account, grouped by kind. */
export function TreasuryAccountField<T extends FieldValues, TOut>({
  control,
  name,
  accounts,
  label = 'Compte de trésorerie',
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  accounts: readonly TreasuryAccount[];
  label?: string;
}) {
  return (
    <ControlledTextField control={control} name={name} label={label} select slotProps={SELECT_SLOTS}>
      {TREASURY_ACCOUNT_KINDS.map((kind) => {
        const ofKind = accounts.filter((a) => a.kind === kind);
        return ofKind.length ? (
          <optgroup key={kind} label={TREASURY_ACCOUNT_KIND_LABELS[kind]}>
            {ofKind.map((account) => (
              <option key={account.id} value={account.id}>
                {treasuryAccountLabel(account)}
              </option>
            ))}
          </optgroup>
        ) : null;
      })}
    </ControlledTextField>
  );
}
