import { TREASURY_ACCOUNT_KIND_LABELS, TREASURY_ACCOUNT_KINDS, type TreasuryAccount } from '@xaalis/contracts';
import { ControlledTextField } from '@xaalis/web-kit';
import type { Control, FieldValues, Path } from 'react-hook-form';

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
