import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  INVENTORY_UNIT_LABELS,
  INVENTORY_UNITS,
  inventoryItemInputSchema,
  MESSAGES_INVENTORY,
  type InventoryItem,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { FormSelectField, FormTextField, toastMissingCompany, toastSuccess, FormDialog, toastFailure } from '@xaalis/web-kit';
import { useEffect, useId, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useListThirdPartiesQuery } from '../third-parties';
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
  /** 'none' = Aucun. */
  supplierId: string;
}

const DEFAULTS: ItemFormValues = {
  name: '',
  category: '',
  unit: '',
  currentStock: '0.000',
  minStock: '0.000',
  unitCost: '',
  supplierId: 'none',
};
const CATEGORY_OPTIONS = INVENTORY_CATEGORIES.map((value) => ({ value, label: INVENTORY_CATEGORY_LABELS[value] }));
const UNIT_OPTIONS = INVENTORY_UNITS.map((value) => ({
  value,
  label: INVENTORY_UNIT_LABELS[value] === value ? value : `${value} (${INVENTORY_UNIT_LABELS[value]})`,
}));
const stockInput = { step: 0.001, inputMode: 'decimal' as const };

const resolver = zodResolver(inventoryItemInputSchema) as unknown as Resolver<ItemFormValues, unknown, ItemOutput>;

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
    supplierId: item.supplierId ?? 'none',
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
  const formId = useId();
  const editing = Boolean(item);
  const [createItem, createState] = useCreateInventoryItemMutation();
  const [updateItem, updateState] = useUpdateInventoryItemMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const thirdParties = useListThirdPartiesQuery(open && companyId ? companyId : skipToken);
  const supplierOptions = useMemo(
    () => [
      { value: 'none', label: 'Aucun' },
      ...(thirdParties.data ?? [])
        .filter((t) => t.type === 'supplier' || t.type === 'both')
        .sort((a, b) => a.name.localeCompare(b.name, 'fr'))
        .map((t) => ({ value: t.id, label: t.name })),
    ],
    [thirdParties.data],
  );

  const { control, handleSubmit, reset } = useForm<ItemFormValues, unknown, ItemOutput>({ resolver, defaultValues: valuesOf(item) });

  useEffect(() => {
    if (open) reset(valuesOf(item));
  }, [open, item, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!companyId) {
      toastMissingCompany();
      return;
    }
    const common = {
      name: values.name,
      category: values.category,
      unit: values.unit,
      minStock: stock3(values.minStock),
      unitCost: values.unitCost,
      supplierId: values.supplierId ?? null,
    };
    try {
      if (item) {
        await updateItem({ id: item.id, body: common }).unwrap();
        toastSuccess('Succès', ITEM_UPDATED);
      } else {
        await createItem({ companyId, body: { ...common, currentStock: stock3(values.currentStock) } }).unwrap();
        toastSuccess('Succès', MESSAGES_INVENTORY.created);
      }
      reset(DEFAULTS);
      onClose();
    } catch (error) {
      toastFailure(error, item ? ITEM_UPDATE_ERROR : MESSAGES_INVENTORY.createError);
    }
  });

  const title = item ? `Modifier l'article ${item.name}` : 'Nouvel Article';
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      formId={formId}
      busy={saving}
      submitLabel={item ? 'Enregistrer les modifications' : "Créer l'article"}
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={title}
        sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField control={control} name="name" label="Nom" autoFocus />
        </Box>
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
        <FormTextField
          control={control}
          name="unitCost"
          label="Coût unitaire"
          type="number"
          inputProps={{ min: 0, step: 0.01, inputMode: 'decimal' }}
          endAdornment={
            <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              XOF
            </Box>
          }
        />
        <FormSelectField control={control} name="supplierId" label="Fournisseur" options={supplierOptions} />
      </Box>
    </FormDialog>
  );
}
