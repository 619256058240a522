import { MESSAGES_VAT, VAT_CODE_KIND_LABELS, VAT_CODE_KINDS, vatCodeInputSchema, type VatCodeKind } from '@xaalis/contracts';
import { EntityFormDialog, FormPercentField, FormSelectField, FormTextField, FullRow, useEntityForm } from '@xaalis/web-kit';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateVatCodeMutation } from '../../../api/vatCodes';

type VatCodeOutput = z.output<typeof vatCodeInputSchema>;

interface VatCodeFormValues {
  code: string;
  label: string;
  rate: string;
  kind: VatCodeKind;
}

const DEFAULTS: VatCodeFormValues = { code: '', label: '', rate: '', kind: 'taxable' };
const KIND_OPTIONS = VAT_CODE_KINDS.map((value) => ({ value, label: VAT_CODE_KIND_LABELS[value] }));
export const VAT_CODE_CREATE_ERROR = 'Erreur lors de la création du code TVA';

/** 'Nouveau code TVA': a code, its label, its rate and its nature (an export, exempt or non-taxable code is at 0 %). */
export function VatCodeDialog({ open, onClose, companyId }: { open: boolean; onClose: () => void; companyId: string | null }) {
  const [createVatCode] = useCreateVatCodeMutation();
  const form = useEntityForm<VatCodeFormValues, VatCodeOutput>({
    open,
    onClose,
    schema: vatCodeInputSchema,
    prepare: (values) => ({ ...values, code: values.code.trim().toUpperCase() }),
    defaultValues: DEFAULTS,
    companyId,
    save: (body, id) => createVatCode({ companyId: id, body }).unwrap(),
    success: (values) => [MESSAGES_VAT.codeCreated, `${values.code} — ${values.label}`],
    failure: VAT_CODE_CREATE_ERROR,
    reasonReplacesText: true,
    serverErrors: { 409: { field: 'code', message: MESSAGES_VAT.codeTaken } },
  });
  const { control, setValue, getValues } = form;
  const kind = useWatch({ control, name: 'kind' });
  // Only a taxable code has a rate of its own: the others are at 0 %.
  useEffect(() => {
    if (kind && kind !== 'taxable' && getValues('rate') !== '0') setValue('rate', '0');
  }, [kind, getValues, setValue]);

  return (
    <EntityFormDialog form={form} title="Nouveau code TVA" submitLabel="Créer le code" busyLabel="Création...">
      <FormTextField control={control} name="code" label="Code" helperText="Ex. TVA5 (majuscules, chiffres)" autoFocus />
      <FormSelectField control={control} name="kind" label="Nature" options={KIND_OPTIONS} />
      <FullRow>
        <FormTextField control={control} name="label" label="Libellé" />
      </FullRow>
      <FormPercentField control={control} name="rate" label="Taux (%)" disabled={kind !== 'taxable'} />
    </EntityFormDialog>
  );
}
