import { z } from 'zod';
import { RECIPE_UNITS, roundDecimal, type RecipeUnit } from '@xaalis/domain';
import { moneySchema } from './money';
import { intField, optionalCalendarDate, optionalText } from './sector-fields';
import { text, tooLong } from './text';
import { pagedListQuerySchema, requiredText, type Paged } from './fields';
import type { InventoryItem } from './inventory';

/*
 * Restaurant module (spec 02 §2, §3, §5, §7, §8, §9; issue 12). Recipes and
 * menus live in the sector service; the inventory items they use are the
 * accounting service's stock items, read through an internal batched call.
 */

export const RECIPE_CATEGORIES = ['appetizer', 'main', 'dessert', 'beverage'] as const;
export type RecipeCategory = (typeof RECIPE_CATEGORIES)[number];
export const RECIPE_CATEGORY_LABELS: Record<RecipeCategory, string> = {
  appetizer: 'Entrée',
  main: 'Plat principal',
  dessert: 'Dessert',
  beverage: 'Boisson',
};

export const MENU_TYPES = ['breakfast', 'lunch', 'dinner', 'drinks'] as const;
export type MenuType = (typeof MENU_TYPES)[number];
export const MENU_TYPE_LABELS: Record<MenuType, string> = {
  breakfast: 'Petit-déjeuner',
  lunch: 'Déjeuner',
  dinner: 'Dîner',
  drinks: 'Boissons',
};

/** Units an ingredient may be measured in: the stock units plus g, ml and cl. */
export { RECIPE_UNITS, type RecipeUnit } from '@xaalis/domain';
export const RECIPE_UNIT_LABELS: Record<RecipeUnit, string> = {
  g: 'g',
  kg: 'kg',
  ml: 'ml',
  cl: 'cl',
  l: 'litre',
  pcs: 'pièce',
  pack: 'paquet',
  box: 'carton',
  m: 'mètre',
};

/** Text caps (the database checks the same). */
export const RESTAURANT_TEXT_LIMITS = {
  name: 255,
  description: 2000,
  instructions: 10000,
} as const;

/** At most this many ingredients on one recipe, items on one menu. */
export const MAX_RECIPE_INGREDIENTS = 100;
export const MAX_MENU_ITEMS = 200;
/** At most this many servings served at once. */
export const MAX_SERVE_QUANTITY = 10000;
/**
 * At most this many ids in one internal read (`?ids=a,b`): 200 uuids keep the
 * request line under Node's 16 KB header limit. Beyond, the sector service
 * reads the company's whole item list in its one call instead.
 */
export const MAX_INVENTORY_ITEM_IDS = 200;
/** At most this many lines in one internal stock consumption. */
export const MAX_CONSUMPTION_LINES = 500;

export const MESSAGES_RESTAURANT = {
  nameRequired: 'Nom requis',
  categoryInvalid: 'Catégorie invalide',
  servingsInvalid: 'Nombre de portions invalide (entier, au moins 1)',
  timeInvalid: 'Durée invalide (entier en minutes, au moins 0)',
  ingredientItemRequired: 'Article requis',
  ingredientQuantityInvalid: 'Quantité invalide (supérieure à zéro, au plus trois décimales)',
  unitInvalid: 'Unité invalide',
  tooManyIngredients: `Au plus ${MAX_RECIPE_INGREDIENTS} ingrédients par recette`,
  menuTypeInvalid: 'Type de menu invalide',
  dateInvalid: 'Date invalide',
  validToBeforeValidFrom: 'La date de fin doit être postérieure ou égale à la date de début',
  menuItemNameRequired: "Nom de l'article requis",
  tooManyMenuItems: `Au plus ${MAX_MENU_ITEMS} articles par menu`,
  serveQuantityInvalid: `Quantité servie invalide (entier de 1 à ${MAX_SERVE_QUANTITY})`,
  itemNotFound: "Article d'inventaire introuvable",
  recipeNotFound: 'Recette introuvable',
  menuNotFound: 'Menu introuvable',
  recipeOnMenu: 'Cette recette figure sur un menu : retirez-la du menu avant de la supprimer.',
  tooManyIds: `Au plus ${MAX_INVENTORY_ITEM_IDS} articles par demande`,
  consumptionLinesInvalid: `Entre 1 et ${MAX_CONSUMPTION_LINES} lignes de consommation`,
  sourceIdRequired: 'Identifiant de source requis',
  nothingToServe: 'Cette recette n’a aucun ingrédient à sortir du stock',
  // Spec §8 toasts and errors.
  itemCreated: 'Article créé',
  recipeCreated: 'Recette créée',
  menuCreated: 'Menu créé',
  itemCreateError: "Impossible de créer l'article d'inventaire.",
  recipeCreateError: 'Impossible de créer la recette.',
  menuCreateError: 'Impossible de créer le menu.',
  // Beyond the spec.
  recipeUpdated: 'Recette modifiée',
  recipeUpdateError: 'Impossible de modifier la recette.',
  recipeDeleted: 'Recette supprimée',
  menuUpdated: 'Menu modifié',
  menuUpdateError: 'Impossible de modifier le menu.',
  menuDeleted: 'Menu supprimé',
  served: 'Recette servie : stock mis à jour',
  servePending: 'Service enregistré : le stock sera mis à jour dès que la comptabilité répondra.',
  serveError: 'Impossible de servir la recette.',
  consumptionReasonPrefix: 'Consommation recette',
  accountingDown: 'Le service Comptabilité est momentanément indisponible : les articles ne peuvent pas être affichés.',
  /** What a cell shows when an item's name or a cost is unknown (accounting down, item deleted). */
  unknownValue: '—',
  emptyRecipes: 'Aucune recette enregistrée',
  emptyMenus: 'Aucun menu enregistré',
  emptyItems: "Aucun article d'inventaire",
  active: 'Actif',
  inactive: 'Inactif',
  lowStockAlert: 'Articles en stock faible',
} as const;

/** "Unité incompatible : g ne se convertit pas en litre". */
export const incompatibleUnit = (from: RecipeUnit, to: RecipeUnit): string =>
  `Unité incompatible : ${RECIPE_UNIT_LABELS[from]} ne se convertit pas en ${RECIPE_UNIT_LABELS[to]}`;

/** "Consommation recette Thieboudienne": the reason of a serve's stock movements. */
export const consumptionReason = (recipeName: string): string =>
  `${MESSAGES_RESTAURANT.consumptionReasonPrefix} ${recipeName}`.slice(0, 255);

// ---------------------------------------------------------------------------
// Input schemas.

const requiredName = requiredText(MESSAGES_RESTAURANT.nameRequired, RESTAURANT_TEXT_LIMITS.name);

/** A quantity > 0 with at most three decimals (numeric(10,3)). */
export const recipeQuantitySchema = z
  .union([text(), z.number()], { error: MESSAGES_RESTAURANT.ingredientQuantityInvalid })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,7}(\.\d{1,3})?$/.test(v) && /[1-9]/.test(v), {
    error: MESSAGES_RESTAURANT.ingredientQuantityInvalid,
  })
  .transform((v) => roundDecimal(v, 3));

export const recipeIngredientInputSchema = z.object({
  inventoryItemId: z.uuid({ error: MESSAGES_RESTAURANT.ingredientItemRequired }),
  quantity: recipeQuantitySchema,
  unit: z.enum(RECIPE_UNITS, { error: MESSAGES_RESTAURANT.unitInvalid }),
});
export type RecipeIngredientInput = z.input<typeof recipeIngredientInputSchema>;

/** `POST /api/companies/:companyId/recipes` and `PUT .../recipes/:id` (ingredients replaced as a whole on PUT). */
export const recipeInputSchema = z.object({
  name: requiredName,
  category: z.enum(RECIPE_CATEGORIES, { error: MESSAGES_RESTAURANT.categoryInvalid }).default('main'),
  description: optionalText(RESTAURANT_TEXT_LIMITS.description),
  servings: intField(MESSAGES_RESTAURANT.servingsInvalid, 1, 10000, 1).default(1),
  preparationTime: intField(MESSAGES_RESTAURANT.timeInvalid, 0, 100000, 0).default(0),
  cookingTime: intField(MESSAGES_RESTAURANT.timeInvalid, 0, 100000, 0).default(0),
  instructions: optionalText(RESTAURANT_TEXT_LIMITS.instructions),
  sellingPrice: moneySchema.default('0.00'),
  ingredients: z
    .array(recipeIngredientInputSchema)
    .max(MAX_RECIPE_INGREDIENTS, { error: MESSAGES_RESTAURANT.tooManyIngredients })
    .default([]),
});
export type RecipeInput = z.input<typeof recipeInputSchema>;
export type RecipeValues = z.output<typeof recipeInputSchema>;

const optionalDate = optionalCalendarDate(MESSAGES_RESTAURANT.dateInvalid);

export const menuItemInputSchema = z.object({
  /** A recipe of the company, or null/absent for a free item. */
  recipeId: z
    .uuid({ error: MESSAGES_RESTAURANT.recipeNotFound })
    .nullish()
    .transform((v) => v ?? null),
  name: requiredText(MESSAGES_RESTAURANT.menuItemNameRequired, RESTAURANT_TEXT_LIMITS.name),
  description: optionalText(RESTAURANT_TEXT_LIMITS.description),
  price: moneySchema.default('0.00'),
  category: z
    .enum(RECIPE_CATEGORIES, { error: MESSAGES_RESTAURANT.categoryInvalid })
    .nullish()
    .transform((v) => v ?? null),
  isAvailable: z.boolean().default(true),
});
export type MenuItemInput = z.input<typeof menuItemInputSchema>;

/** `POST /api/companies/:companyId/menus` and `PUT .../menus/:id` (items replaced as a whole on PUT). */
export const menuInputSchema = z
  .object({
    name: requiredName,
    type: z.enum(MENU_TYPES, { error: MESSAGES_RESTAURANT.menuTypeInvalid }).default('lunch'),
    isActive: z.boolean().default(true),
    validFrom: optionalDate,
    validTo: optionalDate,
    items: z.array(menuItemInputSchema).max(MAX_MENU_ITEMS, { error: MESSAGES_RESTAURANT.tooManyMenuItems }).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.validFrom && v.validTo && v.validTo < v.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: MESSAGES_RESTAURANT.validToBeforeValidFrom });
    }
  });
export type MenuInput = z.input<typeof menuInputSchema>;
export type MenuValues = z.output<typeof menuInputSchema>;

/**
 * `POST /api/companies/:companyId/recipes/:id/serve`: `quantity` portions
 * served; each ingredient's stock goes down by quantity × ingredient quantity
 * / servings (in the item's unit). `requestId` (optional uuid) makes a retry
 * of the same click a no-op: the same serve is answered, stock moved once.
 */
export const serveInputSchema = z.object({
  quantity: intField(MESSAGES_RESTAURANT.serveQuantityInvalid, 1, MAX_SERVE_QUANTITY),
  requestId: z.uuid({ error: MESSAGES_RESTAURANT.serveError }).optional(),
});
export type ServeInput = z.input<typeof serveInputSchema>;

/** `POST /api/companies/:companyId/restaurant-inventory`: the stock item form (accounting's schema). */
export { inventoryItemInputSchema as restaurantInventoryItemInputSchema } from './inventory';

// ---------------------------------------------------------------------------
// Internal (sector → accounting) contract.

/**
 * `POST /internal/companies/:companyId/stock-consumptions`: one 'out' movement
 * per line, all or nothing, idempotent by (company, sourceId).
 */
export const stockConsumptionInputSchema = z.object({
  sourceId: requiredText(MESSAGES_RESTAURANT.sourceIdRequired, 100),
  reason: text()
    .trim()
    .min(1)
    .max(255, { error: tooLong(255) }),
  lines: z
    .array(
      z.object({
        itemId: z.uuid({ error: MESSAGES_RESTAURANT.itemNotFound }),
        quantity: recipeQuantitySchema,
      }),
    )
    .min(1, { error: MESSAGES_RESTAURANT.consumptionLinesInvalid })
    .max(MAX_CONSUMPTION_LINES, { error: MESSAGES_RESTAURANT.consumptionLinesInvalid }),
});
export type StockConsumptionInput = z.input<typeof stockConsumptionInputSchema>;

export interface StockConsumptionResult {
  sourceId: string;
  /** True when this sourceId had already been consumed: nothing moved this time. */
  replayed: boolean;
  movements: { itemId: string; movementId: string; quantity: string; stockAfter: string }[];
  createdAt: string;
}

// ---------------------------------------------------------------------------
// Responses.

export interface RecipeIngredient {
  id: string;
  inventoryItemId: string;
  /** null when the item is unknown or the accounting service is down (shown "—"). */
  itemName: string | null;
  /** The item's stock unit (null when unknown). */
  itemUnit: string | null;
  quantity: string;
  unit: RecipeUnit;
  /** The item's current unit cost, per item unit (null when unknown). */
  unitCost: string | null;
  /** quantity converted to the item's unit × unitCost, two decimals (null when unknown). */
  cost: string | null;
}

export interface Recipe {
  id: string;
  name: string;
  category: RecipeCategory;
  description: string | null;
  servings: number;
  preparationTime: number;
  cookingTime: number;
  /** Spec §9: preparation + cooking, minutes. */
  totalTime: number;
  instructions: string | null;
  sellingPrice: string;
  /** Computed on every read from the items' current unit costs; null when an item is unavailable. */
  totalCost: string | null;
  costPerServing: string | null;
  /** Percent with one decimal ("62.5"); null when the selling price is 0 or the cost unknown. */
  margin: string | null;
  /** False when some ingredient's item could not be read (unknown item, accounting down). */
  costAvailable: boolean;
  ingredients: RecipeIngredient[];
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * `GET /api/companies/:companyId/recipes` (and GET one recipe wraps nothing:
 * it is a Recipe). `itemsAvailable` is false when the accounting service is
 * down: recipes are still listed, item names and costs null; the UI shows
 * MESSAGES_RESTAURANT.accountingDown.
 */
export interface RecipeList extends Paged<Recipe> {
  itemsAvailable: boolean;
}

/**
 * `GET .../recipes|menus|restaurant-inventory?page=&pageSize=&search=&id=` (name contains; inventory: name or
 * reference; `id` one record, a select box's chosen value).
 */
export const restaurantListQuerySchema = pagedListQuerySchema(25, { id: z.uuid().optional() });
export type RestaurantListQuery = z.input<typeof restaurantListQuerySchema>;

/** `GET .../menus`: one page, and the company's active menus (all of them). */
export interface MenuList extends Paged<Menu> {
  activeCount: number;
}

export interface MenuItem {
  id: string;
  menuId: string;
  recipeId: string | null;
  name: string;
  description: string | null;
  price: string;
  category: RecipeCategory | null;
  isAvailable: boolean;
}

export interface Menu {
  id: string;
  name: string;
  type: MenuType;
  isActive: boolean;
  validFrom: string | null;
  validTo: string | null;
  items: MenuItem[];
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

export const SERVE_STATUSES = ['pending', 'completed'] as const;
export type ServeStatus = (typeof SERVE_STATUSES)[number];

/** `POST .../recipes/:id/serve` (201; 200 when `requestId` replays a finished serve). */
export interface ServeResult {
  id: string;
  recipeId: string;
  quantity: number;
  status: ServeStatus;
  createdAt: string;
  /** The stock movements written by the accounting service. */
  movements: StockConsumptionResult['movements'];
}

/** `GET /api/companies/:companyId/restaurant-inventory`: accounting's items (503 + accountingDown when it is down). */
export type RestaurantInventoryItem = InventoryItem;

/** `GET .../restaurant-inventory`: one page of accounting's items, and the company's items at or below their minimum stock. */
export interface RestaurantInventoryList extends Paged<InventoryItem> {
  lowStockCount: number;
}
