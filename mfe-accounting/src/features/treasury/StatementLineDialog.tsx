import { MESSAGES_STATEMENT, statementLineInputSchema, type TreasuryAccount } from '@xaalis/contracts';
import {
  EntityFormDialog,
  emptyToNull,
  FormDateField,
  FormMoneyField,
  FormSelectField,
  FormTextField,
  FullRow,
  todayIso,
  useEntityForm,
} from '@xaalis/web-kit';
import type { z } from 'zod';
import { useCreateStatementLineMutation } from './api';

type LineOutput = z.output<typeof statementLineInputSchema>;

interface LineFormValues {
  date: string;
  label: string;
  reference: string;
  direction: 'in' | 'out';
  amount: string;
}

const DIRECTION_OPTIONS = [
  { value: 'in', label: 'Entrée (argent reçu)' },
  { value: 'out', label: 'Sortie (argent versé)' },
];

/** The signed amount the API wants: a Sortie is negative ('' stays '' for the schema's message). */
export function signedAmount(direction: 'in' | 'out', amount: string): string {
  const text = amount.trim().replace(/^[-+]/, '');
  return direction === 'out' && text !== '' ? `-${text}` : text;
}

/** 'Saisir une opération': a statement line typed in by hand (a cash count, a small wallet without export). */
export function StatementLineDialog({
  open,
  onClose,
  companyId,
  account,
}: {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  account: TreasuryAccount | null;
}) {
  const [createLine] = useCreateStatementLineMutation();
  const form = useEntityForm<LineFormValues, LineOutput>({
    open,
    onClose,
    schema: statementLineInputSchema,
    prepare: (values) => ({
      date: values.date,
      label: values.label,
      reference: emptyToNull(values.reference),
      amount: signedAmount(values.direction, values.amount),
    }),
    defaultValues: () => ({ date: todayIso(), label: '', reference: '', direction: 'out', amount: '' }),
    companyId,
    save: (body, id) => createLine({ companyId: id, accountId: account?.id ?? '', body }).unwrap(),
    success: MESSAGES_STATEMENT.manualAdded,
    failure: "Erreur lors de l'ajout de l'opération",
    reasonReplacesText: true,
  });
  const { control } = form;
  return (
    <EntityFormDialog form={form} title={account ? `Saisir une opération — ${account.name}` : 'Saisir une opération'} submitLabel="Ajouter">
      <FormDateField control={control} name="date" label="Date" />
      <FormSelectField control={control} name="direction" label="Sens" options={DIRECTION_OPTIONS} />
      <FullRow>
        <FormTextField control={control} name="label" label="Libellé" />
      </FullRow>
      <FormMoneyField control={control} name="amount" label="Montant" />
      <FormTextField control={control} name="reference" label="Référence" placeholder="Optionnelle" />
    </EntityFormDialog>
  );
}
