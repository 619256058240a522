import { RECIPE_UNIT_LABELS, type Recipe, type RecipeUnit, type RestaurantInventoryItem } from '@xaalis/contracts';
import { FormServerAutocomplete, useServerOptions, type CompanyServerFieldProps } from '@xaalis/web-kit';
import type { FieldValues } from 'react-hook-form';
import type { CompanyPageArgs } from '../../ui/paged';
import { useListRecipesQuery, useListRestaurantInventoryQuery } from './api';

/** What an ingredient's choice shows of an inventory item (no unit: a saved item the server no longer returns). */
export type ItemChoice = Pick<RestaurantInventoryItem, 'id' | 'name'> & { unit?: RestaurantInventoryItem['unit'] };

/** 'Riz (kg)': the item and its unit. */
export const inventoryItemLabel = (item: ItemChoice): string =>
  item.unit ? `${item.name} (${RECIPE_UNIT_LABELS[item.unit as RecipeUnit] ?? item.unit})` : item.name;

/**
 * An inventory item (accounting's stock, through the sector route) chosen for a recipe's ingredient,
 * searched on the server as the user types. `missing`: what the field shows for a saved item the
 * server no longer returns (the recipe's own name for it, or '—').
 */
export function RestaurantItemField<F extends FieldValues, TOut = F>({
  companyId,
  value,
  missing,
  ...field
}: CompanyServerFieldProps<ItemChoice, F, TOut> & { missing?: ItemChoice }) {
  const options = useServerOptions<ItemChoice, CompanyPageArgs>(
    useListRestaurantInventoryQuery,
    companyId ? (filter) => ({ companyId, ...filter }) : null,
    value,
  );
  const shown = missing && value === missing.id && !options.selected ? { ...options, selected: missing } : options;
  return <FormServerAutocomplete<ItemChoice, F, TOut> {...field} options={shown} optionLabel={inventoryItemLabel} />;
}

/** A recipe chosen for a menu item, searched on the server as the user types (name). */
export function RecipeField<F extends FieldValues, TOut = F>({ companyId, value, ...field }: CompanyServerFieldProps<Recipe, F, TOut>) {
  const options = useServerOptions<Recipe, CompanyPageArgs>(
    useListRecipesQuery,
    companyId ? (filter) => ({ companyId, ...filter }) : null,
    value,
  );
  return <FormServerAutocomplete<Recipe, F, TOut> {...field} options={options} optionLabel={(r) => r.name} />;
}
