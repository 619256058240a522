import {
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  INVENTORY_UNIT_LABELS,
  INVENTORY_UNITS,
  inventoryItemInputSchema,
  MESSAGES_INVENTORY,
  type InventoryItem,
} from '@xaalis/contracts';
import { EntityFormDialog, FormSelectField, FormMoneyField, FormTextField, FullRow, useEntityForm } from '@xaalis/web-kit';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ThirdPartyField } from '../third-parties';
import { useCreateInventoryItemMutation, useUpdateInventoryItemMutation } from './api';
import { fromMilli, toMilli } from './stock';

type ItemOutput = z.output<typeof inventoryItemInputSchema>;

export const ITEM_UPDATED = 'Article modifié avec succès';
export const ITEM_UPDATE_ERROR = "Erreur lors de la modification de l'article";

interface ItemFormValues {
  name: string;
  category: string;
  unit: string;
  currentStock: string;
  minStock: string;
  unitCost: string;
  /** '' = none. */
  supplierId: string;
}

const DEFAULTS: ItemFormValues = {
  name: '',
  category: '',
  unit: '',
  currentStock: '0.000',
  minStock: '0.000',
  unitCost: '',
  supplierId: '',
};
const CATEGORY_OPTIONS = INVENTORY_CATEGORIES.map((value) => ({ value, label: INVENTORY_CATEGORY_LABELS[value] }));
const UNIT_OPTIONS = INVENTORY_UNITS.map((value) => ({
  value,
  label: INVENTORY_UNIT_LABELS[value] === value ? value : `${value} (${INVENTORY_UNIT_LABELS[value]})`,
}));
const stockInput = { step: 0.001, inputMode: 'decimal' as const };

/** A stock as the wire's three decimals ("12.500"). */
const stock3 = (value: string) => {
  const milli = toMilli(value);
  return milli === null ? value : fromMilli(milli);
};

function valuesOf(item: InventoryItem | null | undefined): ItemFormValues {
  if (!item) return DEFAULTS;
  return {
    name: item.name,
    category: item.category,
    unit: item.unit,
    currentStock: item.currentStock,
    minStock: item.minStock,
    unitCost: item.unitCost,
    supplierId: item.supplierId ?? '',
  };
}

export interface InventoryItemDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** Edit this item (every field but the stock); create when absent. */
  item?: InventoryItem | null;
}

/** 'Nouvel Article' (and 'Modifier l'article {name}'): name, category, unit, stocks, unit cost, supplier. */
export function InventoryItemDialog({ open, onClose, companyId, item }: InventoryItemDialogProps) {
  const editing = Boolean(item);
  const [createItem] = useCreateInventoryItemMutation();
  const [updateItem] = useUpdateInventoryItemMutation();
  const form = useEntityForm<ItemFormValues, ItemOutput>({
    open,
    onClose,
    schema: inventoryItemInputSchema,
    defaultValues: () => valuesOf(item),
    resetKey: item,
    companyId,
    save: (values, id) => {
      const common = {
        name: values.name,
        category: values.category,
        unit: values.unit,
        minStock: stock3(values.minStock),
        unitCost: values.unitCost,
        supplierId: values.supplierId ?? null,
      };
      return item
        ? updateItem({ id: item.id, body: common }).unwrap()
        : createItem({ companyId: id, body: { ...common, currentStock: stock3(values.currentStock) } }).unwrap();
    },
    success: ['Succès', item ? ITEM_UPDATED : MESSAGES_INVENTORY.created],
    failure: item ? ITEM_UPDATE_ERROR : MESSAGES_INVENTORY.createError,
  });
  const { control } = form;
  const supplierId = useWatch({ control, name: 'supplierId' });

  return (
    <EntityFormDialog
      form={form}
      title={item ? `Modifier l'article ${item.name}` : 'Nouvel Article'}
      submitLabel={item ? 'Enregistrer les modifications' : "Créer l'article"}
    >
      <FullRow>
        <FormTextField control={control} name="name" label="Nom" autoFocus />
      </FullRow>
      <FormSelectField
        control={control}
        name="category"
        label="Catégorie"
        placeholder="Sélectionner une catégorie"
        options={CATEGORY_OPTIONS}
      />
      <FormSelectField control={control} name="unit" label="Unité" placeholder="Sélectionner une unité" options={UNIT_OPTIONS} />
      <FormTextField
        control={control}
        name="currentStock"
        label="Stock actuel"
        inputProps={stockInput}
        disabled={editing}
        helperText={editing ? 'Modifié par les mouvements de stock' : undefined}
      />
      <FormTextField control={control} name="minStock" label="Stock minimum" inputProps={stockInput} />
      <FormMoneyField control={control} name="unitCost" label="Coût unitaire" />
      <ThirdPartyField
        control={control}
        name="supplierId"
        label="Fournisseur"
        placeholder="Aucun"
        side="supplier"
        companyId={open ? companyId : null}
        value={supplierId}
      />
    </EntityFormDialog>
  );
}
