import {
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  INVENTORY_UNIT_LABELS,
  INVENTORY_UNITS,
  MESSAGES_RESTAURANT,
  restaurantInventoryItemInputSchema,
} from '@xaalis/contracts';
import { EntityFormDialog, FormSelectField, FormMoneyField, FormTextField, FullRow, useEntityForm } from '@xaalis/web-kit';
import type { z } from 'zod';
import { useCreateRestaurantInventoryItemMutation } from './api';

type ItemOutput = z.output<typeof restaurantInventoryItemInputSchema>;

export interface ItemFormValues {
  name: string;
  category: string;
  unit: string;
  currentStock: string;
  minStock: string;
  unitCost: string;
}

/** Spec §5: stocks default to '0.000'; name, category, unit and unit cost are required. */
export const ITEM_DEFAULTS: ItemFormValues = { name: '', category: '', unit: '', currentStock: '0.000', minStock: '0.000', unitCost: '' };

const CATEGORY_OPTIONS = INVENTORY_CATEGORIES.map((value) => ({ value, label: INVENTORY_CATEGORY_LABELS[value] }));
const UNIT_OPTIONS = INVENTORY_UNITS.map((value) => ({
  value,
  label: INVENTORY_UNIT_LABELS[value] === value ? value : `${value} (${INVENTORY_UNIT_LABELS[value]})`,
}));
const stockInput = { step: 0.001, min: 0, inputMode: 'decimal' as const };

/** A stock in the wire's three decimals ("12" → "12.000"); anything else is left to the server. */
function stock3(value: string): string {
  const m = /^(-?\d+)(?:\.(\d{0,3}))?$/.exec(value.trim());
  return m ? `${m[1]}.${(m[2] ?? '').padEnd(3, '0')}` : value;
}

/** 'Nouvel article': a stock item created in the accounting service (the same items as /inventaire). */
export function InventoryItemDialog({ open, onClose, companyId }: { open: boolean; onClose: () => void; companyId: string | null }) {
  const title = 'Nouvel article';
  const [createItem] = useCreateRestaurantInventoryItemMutation();
  const form = useEntityForm<ItemFormValues, ItemOutput>({
    open,
    onClose,
    schema: restaurantInventoryItemInputSchema,
    defaultValues: ITEM_DEFAULTS,
    companyId,
    save: (values, id) =>
      createItem({
        companyId: id,
        body: {
          name: values.name,
          category: values.category,
          unit: values.unit,
          currentStock: stock3(values.currentStock),
          minStock: stock3(values.minStock),
          unitCost: values.unitCost,
        },
      }).unwrap(),
    success: MESSAGES_RESTAURANT.itemCreated,
    failure: MESSAGES_RESTAURANT.itemCreateError,
  });
  const { control } = form;

  return (
    <EntityFormDialog form={form} title={title} submitLabel="Créer l'article">
      <FullRow>
        <FormTextField control={control} name="name" label="Nom" required autoFocus />
      </FullRow>
      <FormSelectField
        control={control}
        name="category"
        label="Catégorie"
        required
        placeholder="Sélectionner une catégorie"
        options={CATEGORY_OPTIONS}
      />
      <FormSelectField control={control} name="unit" label="Unité" required placeholder="Sélectionner une unité" options={UNIT_OPTIONS} />
      <FormTextField control={control} name="currentStock" label="Stock actuel" type="number" inputProps={stockInput} />
      <FormTextField control={control} name="minStock" label="Stock minimum" type="number" inputProps={stockInput} />
      <FormMoneyField control={control} name="unitCost" label="Coût unitaire" required />
    </EntityFormDialog>
  );
}
