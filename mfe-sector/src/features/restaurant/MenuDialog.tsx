import {
  MAX_MENU_ITEMS,
  MENU_TYPE_LABELS,
  MENU_TYPES,
  menuInputSchema,
  MESSAGES_RESTAURANT,
  type Menu,
  type MenuValues,
  type Recipe,
} from '@xaalis/contracts';
import {
  EntityFormDialog,
  FormCheckboxField,
  FormDateField,
  FormSelectField,
  FormNumberField,
  FormTextField,
  FullRow,
  useEntityForm,
} from '@xaalis/web-kit';
import { useFieldArray, useWatch } from 'react-hook-form';
import { LineRows } from '../../ui/LineRows';
import { useCreateMenuMutation, useUpdateMenuMutation } from './api';
import { RecipeField } from './fields';

export interface MenuItemFormValues {
  /** '' = a free item (no recipe). */
  recipeId: string;
  name: string;
  price: string;
  isAvailable: boolean;
}

export interface MenuFormValues {
  name: string;
  type: string;
  isActive: boolean;
  validFrom: string;
  validTo: string;
  items: MenuItemFormValues[];
}

const EMPTY_ITEM: MenuItemFormValues = { recipeId: '', name: '', price: '', isAvailable: true };

export function menuFormValues(menu?: Menu | null): MenuFormValues {
  if (!menu) return { name: '', type: 'lunch', isActive: true, validFrom: '', validTo: '', items: [{ ...EMPTY_ITEM }] };
  return {
    name: menu.name,
    type: menu.type,
    isActive: menu.isActive,
    validFrom: menu.validFrom ?? '',
    validTo: menu.validTo ?? '',
    items: menu.items.map((i) => ({ recipeId: i.recipeId ?? '', name: i.name, price: i.price, isAvailable: i.isAvailable })),
  };
}

const TYPE_OPTIONS = MENU_TYPES.map((value) => ({ value, label: MENU_TYPE_LABELS[value] }));

export interface MenuDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  menu?: Menu | null;
}

/** 'Nouveau menu' / 'Modifier le menu': type, active, validity (end ≥ start) and items (a recipe or a free item, price, availability). */
export function MenuDialog({ open, onClose, companyId, menu }: MenuDialogProps) {
  const editing = Boolean(menu);
  const title = editing ? 'Modifier le menu' : 'Nouveau menu';
  const [createMenu] = useCreateMenuMutation();
  const [updateMenu] = useUpdateMenuMutation();
  const form = useEntityForm<MenuFormValues, MenuValues>({
    open,
    onClose,
    schema: menuInputSchema,
    // The select's '' reads as "no recipe" (a free item).
    prepare: (v) => ({ ...v, items: v.items.map((i) => ({ ...i, recipeId: i.recipeId || null })) }),
    defaultValues: () => menuFormValues(menu),
    resetKey: menu,
    companyId,
    save: (values, id) =>
      (menu ? updateMenu({ companyId: id, id: menu.id, body: values }) : createMenu({ companyId: id, body: values })).unwrap(),
    success: menu ? MESSAGES_RESTAURANT.menuUpdated : MESSAGES_RESTAURANT.menuCreated,
    failure: editing ? MESSAGES_RESTAURANT.menuUpdateError : MESSAGES_RESTAURANT.menuCreateError,
  });
  const { control, setValue, getValues } = form;
  const items = useFieldArray({ control, name: 'items' });

  const lines = useWatch({ control, name: 'items' });

  // Choosing a recipe fills the item's name and price when they are still empty.
  const chooseRecipe = (index: number, recipeId: string, recipe: Recipe | null) => {
    setValue(`items.${index}.recipeId`, recipeId, { shouldDirty: true });
    if (!recipe) return;
    if (!getValues(`items.${index}.name`).trim()) setValue(`items.${index}.name`, recipe.name, { shouldDirty: true, shouldValidate: true });
    if (!getValues(`items.${index}.price`).trim()) setValue(`items.${index}.price`, recipe.sellingPrice, { shouldDirty: true });
  };

  return (
    <EntityFormDialog form={form} title={title} submitLabel={editing ? 'Enregistrer' : 'Créer le menu'} maxWidth="md" dividers>
      <FormTextField control={control} name="name" label="Nom du menu" required autoFocus />
      <FormSelectField control={control} name="type" label="Type" options={TYPE_OPTIONS} />
      <FormDateField control={control} name="validFrom" label="Valide du" />
      <FormDateField control={control} name="validTo" label="Valide jusqu'au" />
      <FullRow>
        <FormCheckboxField control={control} name="isActive" label="Menu actif" />
      </FullRow>
      <LineRows
        heading="Articles du menu"
        keys={items.fields.map((field) => field.id)}
        lineLabel="Article"
        removeLabel="Retirer l'article"
        columns="2fr 2fr 1fr auto auto"
        onRemove={items.remove}
        addLabel="Ajouter un article"
        canAdd={items.fields.length < MAX_MENU_ITEMS}
        onAdd={() => items.append({ ...EMPTY_ITEM })}
        renderLine={(index) => (
          <>
            <RecipeField
              companyId={open ? companyId : null}
              value={lines?.[index]?.recipeId ?? ''}
              control={control}
              name={`items.${index}.recipeId`}
              id={`menu-item-${index}-recipe`}
              label="Recette"
              placeholder="Article libre"
              size="small"
              onValueChange={(value, recipe) => chooseRecipe(index, value, recipe)}
            />
            <FormTextField
              control={control}
              name={`items.${index}.name`}
              id={`menu-item-${index}-name`}
              label="Nom de l'article"
              size="small"
            />
            <FormNumberField
              control={control}
              name={`items.${index}.price`}
              id={`menu-item-${index}-price`}
              label="Prix"
              size="small"
              min={0}
              step={0.01}
              inputMode="decimal"
            />
            <FormCheckboxField control={control} name={`items.${index}.isAvailable`} label="Disponible" />
          </>
        )}
      />
    </EntityFormDialog>
  );
}
