import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  CREATE_FROM_LINE_KINDS,
  createFromLineSchema,
  MESSAGES_RECONCILIATION,
  type CreatedFromLine,
  type CreateFromLineKind,
  type InvoiceCandidate,
  type StatementLine,
} from '@xaalis/contracts';
import { isNegative } from '@xaalis/domain';
import {
  EntityFormDialog,
  emptyToNull,
  formatDate,
  formatMoney,
  FormSelectField,
  FormTextField,
  FullRow,
  useEntityForm,
} from '@xaalis/web-kit';
import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ListLoadError } from '../../ui/DocumentDialog';
import { useCreateEntryFromLineMutation, useGetLineCandidatesQuery, useListTreasuryAccountsQuery } from './api';
import { treasuryAccountOption } from './TransferDialog';

type CreateOutput = z.output<typeof createFromLineSchema>;

export const CREATE_FROM_LINE_LABELS: Record<CreateFromLineKind, string> = {
  fee: 'Frais bancaires',
  transfer: 'Virement',
  payment: 'Paiement de facture',
  entry: 'Autre écriture',
};

/** The bank-fees account a fee line goes to when no rule names another (631 Frais bancaires). */
export const DEFAULT_FEE_ACCOUNT = '631';

interface CreateFormValues {
  kind: CreateFromLineKind;
  accountCode: string;
  invoiceId: string;
  toAccountId: string;
  label: string;
}

/** 'FV-2026-0004 — Client Ndiaye — reste 236 000 XOF' */
export const invoiceCandidateLabel = (invoice: InvoiceCandidate) =>
  `${invoice.number} — ${invoice.thirdPartyName ?? 'N/A'} — reste ${formatMoney(invoice.remaining)}`;

/** The request body: only the fields of the chosen kind. */
export function createBody(values: CreateFormValues) {
  const withAccount = values.kind === 'fee' || values.kind === 'entry';
  return {
    kind: values.kind,
    accountCode: withAccount ? emptyToNull(values.accountCode.trim()) : null,
    invoiceId: values.kind === 'payment' ? emptyToNull(values.invoiceId) : null,
    toAccountId: values.kind === 'transfer' ? emptyToNull(values.toAccountId) : null,
    label: emptyToNull(values.label.trim()),
  };
}

/** What the kind needs and the schema cannot tell (it lets each field be absent): [field, message] or null. */
function missingField(values: CreateOutput): [keyof CreateFormValues, string] | null {
  if ((values.kind === 'fee' || values.kind === 'entry') && !values.accountCode)
    return ['accountCode', MESSAGES_RECONCILIATION.accountRequired];
  if (values.kind === 'payment' && !values.invoiceId) return ['invoiceId', MESSAGES_RECONCILIATION.invoiceRequired];
  if (values.kind === 'transfer' && !values.toAccountId) return ['toAccountId', MESSAGES_RECONCILIATION.toAccountRequired];
  return null;
}

function initialValues(line: StatementLine | null): CreateFormValues {
  const out = line ? isNegative(line.amount) : true;
  const kind: CreateFromLineKind = line?.suggestedAccountCode ? (out ? 'fee' : 'entry') : out ? 'fee' : 'payment';
  return {
    kind,
    accountCode: line?.suggestedAccountCode ?? (kind === 'fee' ? DEFAULT_FEE_ACCOUNT : ''),
    invoiceId: '',
    toAccountId: '',
    label: '',
  };
}

export interface CreateFromLineDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** The treasury account of the line (not offered as a transfer's destination). */
  accountId: string;
  line: StatementLine | null;
}

/** 'Créer l'écriture' from an unmatched statement line: bank fees, a transfer, an invoice's payment or any entry, matched at once. */
export function CreateFromLineDialog({ open, onClose, companyId, accountId, line }: CreateFromLineDialogProps) {
  const [createEntry] = useCreateEntryFromLineMutation();
  const form = useEntityForm<CreateFormValues, CreateOutput>({
    open,
    onClose,
    schema: createFromLineSchema,
    prepare: createBody,
    defaultValues: () => initialValues(line),
    resetKey: line?.id,
    companyId,
    check: (values, { setError }) => {
      const missing = missingField(values);
      if (missing) setError(missing[0], { type: 'validate', message: missing[1] }, { shouldFocus: true });
      return !missing;
    },
    save: (body, id) => createEntry({ companyId: id, lineId: line?.id ?? '', body }).unwrap(),
    success: (_values, result) => [MESSAGES_RECONCILIATION.entryCreated, `Écriture ${(result as CreatedFromLine).entryNumber}`],
    failure: "Erreur lors de la création de l'écriture",
    reasonReplacesText: true,
  });
  const { control, setValue, getValues } = form;
  const kind = useWatch({ control, name: 'kind' });

  const candidates = useGetLineCandidatesQuery(
    open && companyId && line && kind === 'payment' ? { companyId, lineId: line.id } : skipToken,
  );
  const accounts = useListTreasuryAccountsQuery(open && companyId && kind === 'transfer' ? companyId : skipToken);
  const invoiceOptions = (candidates.data?.invoices ?? []).map((invoice) => ({ value: invoice.id, label: invoiceCandidateLabel(invoice) }));
  const destinationOptions = (accounts.data?.items ?? []).filter((a) => a.id !== accountId).map(treasuryAccountOption);

  const chooseKind = (next: CreateFromLineKind) => {
    setValue('kind', next, { shouldDirty: true });
    if (next === 'fee' && !getValues('accountCode')) setValue('accountCode', DEFAULT_FEE_ACCOUNT, { shouldDirty: true });
  };

  return (
    <EntityFormDialog
      form={form}
      title="Créer l'écriture"
      submitLabel="Créer et rapprocher"
      header={
        line ? (
          <Alert severity="info" icon={false} sx={{ mb: 2 }}>
            {`${formatDate(line.date)} · ${line.label} · ${formatMoney(line.amount)}`}
          </Alert>
        ) : null
      }
    >
      <FullRow>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend">Type d'opération</FormLabel>
              <RadioGroup
                row
                name={field.name}
                value={field.value}
                onChange={(event) => chooseKind(event.target.value as CreateFromLineKind)}
              >
                {CREATE_FROM_LINE_KINDS.map((value) => (
                  <FormControlLabel key={value} value={value} control={<Radio />} label={CREATE_FROM_LINE_LABELS[value]} />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
      </FullRow>
      {kind === 'fee' || kind === 'entry' ? (
        <FormTextField
          control={control}
          name="accountCode"
          label="Compte"
          placeholder={DEFAULT_FEE_ACCOUNT}
          helperText={line?.suggestedAccountCode ? 'Proposé par une règle' : 'Code du compte de contrepartie'}
        />
      ) : null}
      {kind === 'payment' ? (
        <FullRow>
          <ListLoadError query={candidates} title="Impossible de charger les factures ouvertes" />
          <FormSelectField
            control={control}
            name="invoiceId"
            label="Facture"
            placeholder={candidates.isFetching && !candidates.data ? 'Chargement...' : 'Choisir une facture'}
            options={invoiceOptions}
            helperText={candidates.data && invoiceOptions.length === 0 ? 'Aucune facture ouverte ne correspond' : undefined}
          />
        </FullRow>
      ) : null}
      {kind === 'transfer' ? (
        <FullRow>
          <ListLoadError query={accounts} title="Impossible de charger les comptes de trésorerie" />
          <FormSelectField
            control={control}
            name="toAccountId"
            label="Compte de trésorerie de destination"
            placeholder={accounts.isFetching && !accounts.data ? 'Chargement...' : 'Choisir un compte'}
            options={destinationOptions}
          />
        </FullRow>
      ) : null}
      <FullRow>
        <FormTextField
          control={control}
          name="label"
          label="Libellé de l'écriture"
          placeholder="Optionnel (par défaut : celui du relevé)"
        />
      </FullRow>
    </EntityFormDialog>
  );
}
