import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_CATEGORY_LABELS,
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  accountInputSchema,
  MAX_ACCOUNTS_PAGE_SIZE,
  MESSAGES_ACCOUNT,
  type Account,
  type AccountCategory,
  type AccountType,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { EntityFormDialog, emptyToNull, FormSelectField, FormNumberField, FormTextField, useEntityForm } from '@xaalis/web-kit';
import { useCallback, useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { AccountField } from './AccountField';
import { useCreateAccountMutation, useListAccountsQuery } from './api';

type AccountOutput = ReturnType<typeof accountInputSchema.parse>;

interface AccountFormValues {
  code: string;
  name: string;
  type: AccountType;
  category: AccountCategory;
  level: string;
  parentAccountId: string;
}

const DEFAULTS: AccountFormValues = { code: '', name: '', type: 'asset', category: 'actif', level: '1', parentAccountId: '' };

/** The category that goes with a type (suggested until the user picks one). */
export const CATEGORY_FOR_TYPE: Record<AccountType, AccountCategory> = {
  asset: 'actif',
  liability: 'passif',
  equity: 'passif',
  revenue: 'produit',
  expense: 'charge',
};

const TYPE_OPTIONS = ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] }));
const CATEGORY_OPTIONS = ACCOUNT_CATEGORIES.map((value) => ({ value, label: ACCOUNT_CATEGORY_LABELS[value] }));

/** The longest existing code that starts the new code: its natural parent in SYSCOHADA. */
function parentFor(code: string, accounts: readonly Account[]): Account | undefined {
  let best: Account | undefined;
  for (const a of accounts) {
    if (a.code.length < code.length && code.startsWith(a.code) && (!best || a.code.length > best.code.length)) best = a;
  }
  return best;
}

export interface AccountDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
}

const NO_ACCOUNTS: readonly Account[] = [];

/** 'Nouveau Compte': code, name, type, category, level 1 to 7, optional parent account. */
export function AccountDialog({ open, onClose, companyId }: AccountDialogProps) {
  const [createAccount] = useCreateAccountMutation();
  // Suggestions the user can override: category from the type, level and parent from
  // the code. A field is updated only while it still holds the last suggestion.
  const suggested = useRef<Pick<AccountFormValues, 'category' | 'level' | 'parentAccountId'>>({ ...DEFAULTS });
  const form = useEntityForm<AccountFormValues, AccountOutput>({
    open,
    onClose,
    schema: accountInputSchema,
    prepare: (values) => ({ ...values, parentAccountId: emptyToNull(values.parentAccountId) }),
    defaultValues: DEFAULTS,
    onReset: () => {
      suggested.current = { ...DEFAULTS };
    },
    companyId,
    save: (body, id) => createAccount({ companyId: id, body }).unwrap(),
    success: (values) => [MESSAGES_ACCOUNT.created, `${values.code} — ${values.name}`],
    failure: MESSAGES_ACCOUNT.createError,
    reasonReplacesText: true,
    serverErrors: { 409: { field: 'code', message: MESSAGES_ACCOUNT.duplicateCode } },
  });
  const { control, setValue, getValues } = form;

  const suggest = useCallback(
    <K extends 'category' | 'level' | 'parentAccountId'>(name: K, value: AccountFormValues[K]) => {
      if (getValues(name) !== suggested.current[name]) return;
      suggested.current[name] = value;
      setValue(name, value as never);
    },
    [getValues, setValue],
  );

  const type = useWatch({ control, name: 'type' });
  const code = useWatch({ control, name: 'code' });
  const parentAccountId = useWatch({ control, name: 'parentAccountId' });
  // The parent is an account of the same class: the class's accounts (a few hundred at most) are read once a code is typed.
  const digits = (code ?? '').trim();
  const accountClass = /^\d{2,12}$/.test(digits) ? digits.charAt(0) : '';
  const sameClass = useListAccountsQuery(
    open && companyId && accountClass ? { companyId, prefix: accountClass, pageSize: MAX_ACCOUNTS_PAGE_SIZE } : skipToken,
  );
  const accounts = sameClass.data?.items ?? NO_ACCOUNTS;
  useEffect(() => {
    if (CATEGORY_FOR_TYPE[type]) suggest('category', CATEGORY_FOR_TYPE[type]);
  }, [type, suggest]);
  useEffect(() => {
    const digits = (code ?? '').trim();
    if (!/^\d{1,12}$/.test(digits)) return;
    suggest('level', String(Math.min(digits.length, 7)));
    suggest('parentAccountId', parentFor(digits, accounts)?.id ?? '');
  }, [code, accounts, suggest]);

  return (
    <EntityFormDialog
      form={form}
      title="Nouveau Compte"
      columns={{ xs: '1fr', sm: '1fr 2fr' }}
      submitLabel="Créer le compte"
      busyLabel="Création..."
    >
      <FormTextField control={control} name="code" label="Code" inputProps={{ inputMode: 'numeric' }} autoFocus />
      <FormTextField control={control} name="name" label="Nom du compte" />
      <FormSelectField control={control} name="type" label="Type" options={TYPE_OPTIONS} />
      <FormSelectField control={control} name="category" label="Catégorie" options={CATEGORY_OPTIONS} />
      <FormNumberField control={control} name="level" label="Niveau" min={1} max={7} step={1} helperText="De 1 à 7" />
      <AccountField
        control={control}
        name="parentAccountId"
        label="Compte parent"
        placeholder="Aucun"
        companyId={open ? companyId : null}
        value={parentAccountId}
      />
    </EntityFormDialog>
  );
}
