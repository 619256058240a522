import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  MESSAGES_PRODUCTION,
  rawMaterialInputSchema,
  type ProductionCategory,
  type ProductionUnit,
  type RawMaterial,
  type RawMaterialValues,
} from '@xaalis/contracts';
import { FormDialog, FormGrid, FormSelectField, FormTextField, isApiError, saveForCompany } from '@xaalis/web-kit';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useCreateRawMaterialMutation, useUpdateRawMaterialMutation } from './api';
import { CATEGORY_OPTIONS, MONEY_INPUT, QUANTITY_INPUT, UNIT_OPTIONS } from './options';

export interface RawMaterialFormValues {
  name: string;
  reference: string;
  category: ProductionCategory | '';
  unit: ProductionUnit | '';
  unitCost: string;
  currentStock: string;
  minStock: string;
}

/** Empty for a new material (stocks '0.000', spec §5), the material's own values for an edit. */
export function rawMaterialFormValues(material?: RawMaterial | null): RawMaterialFormValues {
  return {
    name: material?.name ?? '',
    reference: material?.reference ?? '',
    category: material?.category ?? 'material',
    unit: material?.unit ?? 'kg',
    unitCost: material?.unitCost ?? '',
    currentStock: material?.currentStock ?? '0.000',
    minStock: material?.minStock ?? '0.000',
  };
}

const resolver = zodResolver(rawMaterialInputSchema) as unknown as Resolver<RawMaterialFormValues, unknown, RawMaterialValues>;

export interface RawMaterialDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** The material being edited; null: a new one. */
  material?: RawMaterial | null;
}

/** 'Nouvelle matière première' / 'Modifier la matière première': name, category, unit, unit cost, stocks. */
export function RawMaterialDialog({ open, onClose, companyId, material }: RawMaterialDialogProps) {
  const formId = useId();
  const editing = Boolean(material);
  const title = editing ? 'Modifier la matière première' : 'Nouvelle matière première';
  const [create, { isLoading: creating }] = useCreateRawMaterialMutation();
  const [update, { isLoading: updating }] = useUpdateRawMaterialMutation();
  const { control, handleSubmit, setError } = useForm<RawMaterialFormValues, unknown, RawMaterialValues>({
    resolver,
    defaultValues: rawMaterialFormValues(material),
  });

  const onSubmit = handleSubmit((values) =>
    saveForCompany(companyId, {
      run: (id) =>
        // The stock only moves through orders: an edit leaves it as the server has it.
        (material
          ? update({ companyId: id, id: material.id, body: { ...values, currentStock: undefined } })
          : create({ companyId: id, body: values })
        ).unwrap(),
      success: material ? MESSAGES_PRODUCTION.rawMaterialUpdated : MESSAGES_PRODUCTION.rawMaterialCreated,
      failure: editing ? MESSAGES_PRODUCTION.rawMaterialUpdateError : MESSAGES_PRODUCTION.rawMaterialCreateError,
      onSaved: onClose,
      onError: (error) => {
        if (isApiError(error) && error.status === 409) setError('reference', { message: MESSAGES_PRODUCTION.duplicateReference });
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      formId={formId}
      busy={creating || updating}
      submitLabel={editing ? 'Enregistrer' : 'Ajouter'}
    >
      <FormGrid id={formId} label={title} onSubmit={onSubmit}>
        <FormTextField control={control} name="name" label="Nom" required autoFocus />
        <FormTextField control={control} name="reference" label="Référence" />
        <FormSelectField control={control} name="category" label="Catégorie" required options={CATEGORY_OPTIONS} />
        <FormSelectField control={control} name="unit" label="Unité" required options={UNIT_OPTIONS} />
        <FormTextField
          control={control}
          name="unitCost"
          label="Coût unitaire"
          required
          type="number"
          inputProps={MONEY_INPUT}
          endAdornment={
            <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              XOF
            </Box>
          }
        />
        {editing ? null : (
          <FormTextField control={control} name="currentStock" label="Stock actuel" type="number" inputProps={QUANTITY_INPUT} />
        )}
        <FormTextField control={control} name="minStock" label="Stock minimum" type="number" inputProps={QUANTITY_INPUT} />
      </FormGrid>
    </FormDialog>
  );
}
