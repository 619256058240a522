import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES_TREASURY_ACCOUNT, treasuryTransferInputSchema, type TreasuryAccount } from '@xaalis/contracts';
import {
  EntityFormDialog,
  emptyToNull,
  FormDateField,
  FormMoneyField,
  FormSelectField,
  FormTextField,
  formatMoney,
  FullRow,
  todayIso,
  useEntityForm,
} from '@xaalis/web-kit';
import type { z } from 'zod';
import { ListLoadError } from '../../ui/DocumentDialog';
import { useCreateTreasuryTransferMutation, useListTreasuryAccountsQuery } from './api';

type TransferOutput = z.output<typeof treasuryTransferInputSchema>;

interface TransferFormValues {
  fromAccountId: string;
  toAccountId: string;
  amount: string;
  date: string;
  reference: string;
}

/** 'CBAO courant (5211) — 1 200 000 XOF': a treasury account as the selects show it. */
export const treasuryAccountOption = (account: TreasuryAccount) => ({
  value: account.id,
  label: `${account.name} (${account.accountCode}) — ${formatMoney(account.balance)}`,
});

/** 'Virement interne': money moved from one treasury account to another (through 585). */
export function TransferDialog({ open, onClose, companyId }: { open: boolean; onClose: () => void; companyId: string | null }) {
  const accounts = useListTreasuryAccountsQuery(open && companyId ? companyId : skipToken);
  const [transfer] = useCreateTreasuryTransferMutation();
  const form = useEntityForm<TransferFormValues, TransferOutput>({
    open,
    onClose,
    schema: treasuryTransferInputSchema,
    prepare: (values) => ({ ...values, reference: emptyToNull(values.reference) }),
    defaultValues: () => ({ fromAccountId: '', toAccountId: '', amount: '', date: todayIso(), reference: '' }),
    companyId,
    save: (body, id) => transfer({ companyId: id, body }).unwrap(),
    success: MESSAGES_TREASURY_ACCOUNT.transferred,
    failure: 'Erreur lors du virement',
    reasonReplacesText: true,
  });
  const { control } = form;
  const options = (accounts.data?.items ?? []).map(treasuryAccountOption);
  const placeholder = accounts.isFetching && !accounts.data ? 'Chargement...' : 'Choisir un compte';

  return (
    <EntityFormDialog form={form} title="Virement interne" submitLabel="Enregistrer le virement">
      <FullRow>
        <ListLoadError query={accounts} title="Impossible de charger les comptes de trésorerie" />
      </FullRow>
      <FullRow>
        <FormSelectField control={control} name="fromAccountId" label="Compte de départ" placeholder={placeholder} options={options} />
      </FullRow>
      <FullRow>
        <FormSelectField control={control} name="toAccountId" label="Compte d'arrivée" placeholder={placeholder} options={options} />
      </FullRow>
      <FormMoneyField control={control} name="amount" label="Montant" />
      <FormDateField control={control} name="date" label="Date" />
      <FullRow>
        <FormTextField control={control} name="reference" label="Référence" placeholder="Optionnelle" />
      </FullRow>
    </EntityFormDialog>
  );
}
