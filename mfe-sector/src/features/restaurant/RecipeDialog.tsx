import Typography from '@mui/material/Typography';
import {
  MAX_RECIPE_INGREDIENTS,
  MESSAGES_RESTAURANT,
  RECIPE_CATEGORIES,
  RECIPE_CATEGORY_LABELS,
  RECIPE_UNIT_LABELS,
  RECIPE_UNITS,
  recipeInputSchema,
  type Recipe,
  type RecipeValues,
} from '@xaalis/contracts';
import {
  ControlledSelect,
  EntityFormDialog,
  FormSelectField,
  FormMoneyField,
  FormNumberField,
  FormTextField,
  FullRow,
  useEntityForm,
  FormCountField,
} from '@xaalis/web-kit';
import { useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { LineRows } from '../../ui/LineRows';
import { useCreateRecipeMutation, useUpdateRecipeMutation } from './api';
import { RestaurantItemField, type ItemChoice } from './fields';

export interface IngredientFormValues {
  inventoryItemId: string;
  quantity: string;
  unit: string;
}

export interface RecipeFormValues {
  name: string;
  category: string;
  description: string;
  servings: string;
  preparationTime: string;
  cookingTime: string;
  instructions: string;
  sellingPrice: string;
  ingredients: IngredientFormValues[];
}

const EMPTY_INGREDIENT: IngredientFormValues = { inventoryItemId: '', quantity: '', unit: 'kg' };

/** The form's values: a new recipe (main course, one serving, one empty ingredient row) or the recipe's own. */
export function recipeFormValues(recipe?: Recipe | null): RecipeFormValues {
  if (!recipe)
    return {
      name: '',
      category: 'main',
      description: '',
      servings: '1',
      preparationTime: '0',
      cookingTime: '0',
      instructions: '',
      sellingPrice: '',
      ingredients: [{ ...EMPTY_INGREDIENT }],
    };
  return {
    name: recipe.name,
    category: recipe.category,
    description: recipe.description ?? '',
    servings: String(recipe.servings),
    preparationTime: String(recipe.preparationTime),
    cookingTime: String(recipe.cookingTime),
    instructions: recipe.instructions ?? '',
    sellingPrice: recipe.sellingPrice,
    ingredients: recipe.ingredients.map((i) => ({ inventoryItemId: i.inventoryItemId, quantity: i.quantity, unit: i.unit })),
  };
}

const CATEGORY_OPTIONS = RECIPE_CATEGORIES.map((value) => ({ value, label: RECIPE_CATEGORY_LABELS[value] }));
const UNIT_OPTIONS = RECIPE_UNITS.map((value) => ({ value, label: RECIPE_UNIT_LABELS[value] }));

export interface RecipeDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** Whether the company has inventory items (the ingredients' choice searches them on the server). */
  itemsAvailable: boolean;
  /** The recipe being edited; null or absent: a new recipe. */
  recipe?: Recipe | null;
}

/**
 * 'Nouvelle recette' / 'Modifier la recette': the recipe and its ingredients
 * (inventory item, quantity, unit). The cost is computed by the server; an
 * incompatible unit or an unknown item comes back as its French message.
 */
export function RecipeDialog({ open, onClose, companyId, itemsAvailable, recipe }: RecipeDialogProps) {
  const editing = Boolean(recipe);
  const title = editing ? 'Modifier la recette' : 'Nouvelle recette';
  const [createRecipe] = useCreateRecipeMutation();
  const [updateRecipe] = useUpdateRecipeMutation();
  const form = useEntityForm<RecipeFormValues, RecipeValues>({
    open,
    onClose,
    schema: recipeInputSchema,
    defaultValues: () => recipeFormValues(recipe),
    resetKey: recipe,
    companyId,
    save: (values, id) =>
      (recipe ? updateRecipe({ companyId: id, id: recipe.id, body: values }) : createRecipe({ companyId: id, body: values })).unwrap(),
    success: recipe ? MESSAGES_RESTAURANT.recipeUpdated : MESSAGES_RESTAURANT.recipeCreated,
    failure: editing ? MESSAGES_RESTAURANT.recipeUpdateError : MESSAGES_RESTAURANT.recipeCreateError,
  });
  const { control, setValue, getValues } = form;
  const ingredients = useFieldArray({ control, name: 'ingredients' });

  const lines = useWatch({ control, name: 'ingredients' });
  // The recipe's items as it names them: what a line shows when the server no longer returns its item ("—" without a name).
  const saved = useMemo(
    () =>
      new Map(
        (recipe?.ingredients ?? []).map((i) => [
          i.inventoryItemId,
          { id: i.inventoryItemId, name: i.itemName ?? MESSAGES_RESTAURANT.unknownValue },
        ]),
      ),
    [recipe],
  );

  const chooseItem = (index: number, itemId: string, item: ItemChoice | null) => {
    setValue(`ingredients.${index}.inventoryItemId`, itemId, { shouldDirty: true, shouldValidate: true });
    // Measure in the item's own unit unless the user already chose another.
    if (item?.unit && !getValues(`ingredients.${index}.quantity`)) setValue(`ingredients.${index}.unit`, item.unit, { shouldDirty: true });
  };

  return (
    <EntityFormDialog form={form} title={title} submitLabel={editing ? 'Enregistrer' : 'Créer la recette'} maxWidth="md" dividers>
      <FormTextField control={control} name="name" label="Nom" required autoFocus />
      <FormSelectField control={control} name="category" label="Catégorie" options={CATEGORY_OPTIONS} />
      <FormCountField control={control} name="servings" label="Portions" min={1} />
      <FormMoneyField control={control} name="sellingPrice" label="Prix de vente" />
      <FormCountField control={control} name="preparationTime" label="Préparation (min)" min={0} />
      <FormCountField control={control} name="cookingTime" label="Cuisson (min)" min={0} />
      <FullRow>
        <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      </FullRow>
      <FullRow>
        <FormTextField control={control} name="instructions" label="Instructions" multiline minRows={3} />
      </FullRow>
      <LineRows
        heading="Ingrédients"
        notice={
          !itemsAvailable ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Aucun article d&apos;inventaire disponible : ajoutez-en dans l&apos;onglet Inventaire.
            </Typography>
          ) : null
        }
        keys={ingredients.fields.map((field) => field.id)}
        lineLabel="Ingrédient"
        removeLabel="Retirer l'ingrédient"
        columns="2fr 1fr 1fr auto"
        onRemove={ingredients.remove}
        addLabel="Ajouter un ingrédient"
        canAdd={ingredients.fields.length < MAX_RECIPE_INGREDIENTS}
        onAdd={() => ingredients.append({ ...EMPTY_INGREDIENT })}
        renderLine={(index) => (
          <>
            <RestaurantItemField
              companyId={open ? companyId : null}
              value={lines?.[index]?.inventoryItemId ?? ''}
              missing={saved.get(lines?.[index]?.inventoryItemId ?? '')}
              control={control}
              name={`ingredients.${index}.inventoryItemId`}
              id={`ingredient-${index}-item`}
              label="Article"
              placeholder="Sélectionner un article"
              size="small"
              onValueChange={(value, item) => chooseItem(index, value, item)}
            />
            <FormNumberField
              control={control}
              name={`ingredients.${index}.quantity`}
              id={`ingredient-${index}-quantity`}
              label="Quantité"
              size="small"
              min={0}
              step={0.001}
              inputMode="decimal"
            />
            <ControlledSelect control={control} name={`ingredients.${index}.unit`} label="Unité" options={UNIT_OPTIONS} size="small" />
          </>
        )}
      />
    </EntityFormDialog>
  );
}
