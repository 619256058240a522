import {
  MESSAGES_TREASURY_ACCOUNT,
  MOBILE_MONEY_PROVIDER_LABELS,
  MOBILE_MONEY_PROVIDERS,
  TREASURY_ACCOUNT_KIND_LABELS,
  TREASURY_ACCOUNT_KINDS,
  treasuryAccountInputSchema,
  type MobileMoneyProvider,
  type TreasuryAccountKindName,
} from '@xaalis/contracts';
import { EntityFormDialog, emptyToNull, FormSelectField, FormTextField, FullRow, useEntityForm } from '@xaalis/web-kit';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateTreasuryAccountMutation } from './api';

type AccountOutput = z.output<typeof treasuryAccountInputSchema>;

interface AccountFormValues {
  kind: TreasuryAccountKindName;
  name: string;
  bankName: string;
  accountHolder: string;
  iban: string;
  provider: MobileMoneyProvider | '';
  walletNumber: string;
}

const KIND_OPTIONS = TREASURY_ACCOUNT_KINDS.map((value) => ({ value, label: TREASURY_ACCOUNT_KIND_LABELS[value] }));
const PROVIDER_OPTIONS = MOBILE_MONEY_PROVIDERS.map((value) => ({ value, label: MOBILE_MONEY_PROVIDER_LABELS[value] }));

const EMPTY: AccountFormValues = { kind: 'bank', name: '', bankName: '', accountHolder: '', iban: '', provider: '', walletNumber: '' };

/** The request body: the fields of the chosen kind only (a bank's IBAN is not sent for a cash box), '' as null. */
export function accountBody(values: AccountFormValues) {
  const bank = values.kind === 'bank';
  const wallet = values.kind === 'mobile_money';
  return {
    kind: values.kind,
    name: values.name,
    bankName: bank ? emptyToNull(values.bankName) : null,
    accountHolder: bank ? emptyToNull(values.accountHolder) : null,
    iban: bank ? emptyToNull(values.iban) : null,
    provider: wallet ? emptyToNull(values.provider) : null,
    walletNumber: wallet ? emptyToNull(values.walletNumber) : null,
  };
}

/** 'Nouveau compte de trésorerie': a bank account, a mobile-money wallet, a cash box or the cheques account. */
export function TreasuryAccountDialog({ open, onClose, companyId }: { open: boolean; onClose: () => void; companyId: string | null }) {
  const [create] = useCreateTreasuryAccountMutation();
  const form = useEntityForm<AccountFormValues, AccountOutput>({
    open,
    onClose,
    schema: treasuryAccountInputSchema,
    prepare: accountBody,
    defaultValues: EMPTY,
    companyId,
    save: (body, id) => create({ companyId: id, body }).unwrap(),
    success: MESSAGES_TREASURY_ACCOUNT.created,
    failure: 'Erreur lors de la création du compte',
    reasonReplacesText: true,
    serverErrors: { 409: { field: 'kind', message: MESSAGES_TREASURY_ACCOUNT.chequesExists } },
  });
  const { control } = form;
  const kind = useWatch({ control, name: 'kind' });

  return (
    <EntityFormDialog form={form} title="Nouveau compte de trésorerie" submitLabel="Créer le compte">
      <FormSelectField control={control} name="kind" label="Type de compte" options={KIND_OPTIONS} />
      <FormTextField control={control} name="name" label="Nom du compte" placeholder="Ex. : CBAO compte courant" />
      {kind === 'bank' ? (
        <>
          <FormTextField control={control} name="bankName" label="Banque" placeholder="Optionnelle" />
          <FormTextField control={control} name="accountHolder" label="Titulaire" placeholder="Optionnel" />
          <FullRow>
            <FormTextField control={control} name="iban" label="IBAN" placeholder="SN08 SN01 0015 2000 0485 0000 3035" />
          </FullRow>
        </>
      ) : null}
      {kind === 'mobile_money' ? (
        <>
          <FormSelectField
            control={control}
            name="provider"
            label="Opérateur"
            placeholder="Choisir l'opérateur"
            options={PROVIDER_OPTIONS}
          />
          <FormTextField control={control} name="walletNumber" label="Numéro du portefeuille" placeholder="+221 77 000 00 00" />
        </>
      ) : null}
    </EntityFormDialog>
  );
}
