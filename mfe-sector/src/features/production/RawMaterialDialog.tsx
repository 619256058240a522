import {
  MESSAGES_PRODUCTION,
  rawMaterialInputSchema,
  type ProductionCategory,
  type ProductionUnit,
  type RawMaterial,
  type RawMaterialValues,
} from '@xaalis/contracts';
import { EntityFormDialog, FormSelectField, FormMoneyField, FormTextField, useEntityForm, recordValues } from '@xaalis/web-kit';
import { useCreateRawMaterialMutation, useUpdateRawMaterialMutation } from './api';
import { CATEGORY_OPTIONS, QUANTITY_INPUT, UNIT_OPTIONS } from './options';

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
  const defaults: RawMaterialFormValues = {
    name: '',
    reference: '',
    category: 'material',
    unit: 'kg',
    unitCost: '',
    currentStock: '0.000',
    minStock: '0.000',
  };
  return recordValues(defaults, material);
}

export interface RawMaterialDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** The material being edited; null: a new one. */
  material?: RawMaterial | null;
}

/** 'Nouvelle matière première' / 'Modifier la matière première': name, category, unit, unit cost, stocks. */
export function RawMaterialDialog({ open, onClose, companyId, material }: RawMaterialDialogProps) {
  const editing = Boolean(material);
  const title = editing ? 'Modifier la matière première' : 'Nouvelle matière première';
  const [create] = useCreateRawMaterialMutation();
  const [update] = useUpdateRawMaterialMutation();
  const form = useEntityForm<RawMaterialFormValues, RawMaterialValues>({
    open,
    onClose,
    schema: rawMaterialInputSchema,
    defaultValues: () => rawMaterialFormValues(material),
    resetKey: material,
    companyId,
    save: (values, id) =>
      // The stock only moves through orders: an edit leaves it as the server has it.
      (material
        ? update({ companyId: id, id: material.id, body: { ...values, currentStock: undefined } })
        : create({ companyId: id, body: values })
      ).unwrap(),
    success: material ? MESSAGES_PRODUCTION.rawMaterialUpdated : MESSAGES_PRODUCTION.rawMaterialCreated,
    failure: editing ? MESSAGES_PRODUCTION.rawMaterialUpdateError : MESSAGES_PRODUCTION.rawMaterialCreateError,
    serverErrors: { 409: { field: 'reference', message: MESSAGES_PRODUCTION.duplicateReference } },
  });
  const { control } = form;

  return (
    <EntityFormDialog form={form} title={title} submitLabel={editing ? 'Enregistrer' : 'Ajouter'}>
      <FormTextField control={control} name="name" label="Nom" required autoFocus />
      <FormTextField control={control} name="reference" label="Référence" />
      <FormSelectField control={control} name="category" label="Catégorie" required options={CATEGORY_OPTIONS} />
      <FormSelectField control={control} name="unit" label="Unité" required options={UNIT_OPTIONS} />
      <FormMoneyField control={control} name="unitCost" label="Coût unitaire" required />
      {editing ? null : (
        <FormTextField control={control} name="currentStock" label="Stock actuel" type="number" inputProps={QUANTITY_INPUT} />
      )}
      <FormTextField control={control} name="minStock" label="Stock minimum" type="number" inputProps={QUANTITY_INPUT} />
    </EntityFormDialog>
  );
}
