import { z } from 'zod';
import { text } from './text';
import { nullableText, pagedListQuerySchema, requiredText, searchText, type Paged } from './fields';
import { moneySchema } from './money';

export const INVENTORY_CATEGORIES = ['ingredient', 'beverage', 'supply', 'material', 'finished'] as const;
export type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];
export const INVENTORY_CATEGORY_LABELS: Record<InventoryCategory, string> = {
  ingredient: 'Ingrédient',
  beverage: 'Boisson',
  supply: 'Fourniture',
  material: 'Matériel',
  finished: 'Produit fini',
};
export const INVENTORY_UNITS = ['kg', 'l', 'pcs', 'm', 'pack', 'box'] as const;
export type InventoryUnit = (typeof INVENTORY_UNITS)[number];
export const INVENTORY_UNIT_LABELS: Record<InventoryUnit, string> = {
  kg: 'kg',
  l: 'litre',
  pcs: 'pièce',
  m: 'mètre',
  pack: 'paquet',
  box: 'carton',
};

export const MESSAGES_INVENTORY = {
  nameRequired: 'Nom requis',
  categoryRequired: 'Catégorie requise',
  unitRequired: 'Unité requise',
  unitCostRequired: 'Coût unitaire requis',
  stockInvalid: 'Quantité invalide (au plus trois décimales)',
  quantityRequired: 'Quantité requise',
  reasonRequired: 'Motif requis',
  supplierNotFound: 'Fournisseur introuvable',
  outOfStock: 'Rupture',
  lowStock: 'Stock faible',
  inStock: 'En stock',
  created: 'Article créé avec succès',
  updated: 'Stock mis à jour avec succès',
  createError: "Erreur lors de la création de l'article",
  updateError: 'Erreur lors de la mise à jour du stock',
  movementTypeInvalid: 'Type de mouvement invalide',
  stockOverflow: 'Stock hors limites (au plus 9 999 999,999)',
  adjustmentReason: "Ajustement d'inventaire",
  initialStockReason: 'Stock initial',
} as const;

/** numeric(10,3); may be negative (a movement below zero is not blocked, spec 02 §4). */
export const stockSchema = z
  .union([text(), z.number()])
  .transform((v) => (String(v).trim() === '' ? '0' : String(v).trim()))
  .refine((v) => /^-?\d{1,7}(\.\d{1,3})?$/.test(v), { error: MESSAGES_INVENTORY.stockInvalid });

export const inventoryItemInputSchema = z.object({
  name: requiredText(MESSAGES_INVENTORY.nameRequired, 255),
  category: z.enum(INVENTORY_CATEGORIES, { error: MESSAGES_INVENTORY.categoryRequired }),
  unit: z.enum(INVENTORY_UNITS, { error: MESSAGES_INVENTORY.unitRequired }),
  currentStock: stockSchema.default('0.000'),
  minStock: stockSchema.default('0.000'),
  unitCost: z
    .union([text(), z.number()], { error: MESSAGES_INVENTORY.unitCostRequired })
    .refine((v) => String(v).trim() !== '', { error: MESSAGES_INVENTORY.unitCostRequired })
    .pipe(moneySchema),
  /** 'none' (the dialog's default) means no supplier. */
  supplierId: z.preprocess((v) => (v === 'none' || v === '' ? null : v), z.uuid().nullable().optional()),
});
export type InventoryItemInput = z.input<typeof inventoryItemInputSchema>;

export const MOVEMENT_TYPES = ['in', 'out'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = { in: 'Entrée', out: 'Sortie' };

export const stockMovementInputSchema = z.object({
  type: z.enum(MOVEMENT_TYPES, { error: MESSAGES_INVENTORY.movementTypeInvalid }),
  quantity: z
    .union([text(), z.number()], { error: MESSAGES_INVENTORY.quantityRequired })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', { error: MESSAGES_INVENTORY.quantityRequired })
    .refine((v) => /^\d{1,7}(\.\d{1,3})?$/.test(v) && Number(v) > 0, { error: MESSAGES_INVENTORY.stockInvalid }),
  reason: requiredText(MESSAGES_INVENTORY.reasonRequired, 255),
  reference: nullableText(100),
});
export type StockMovementInput = z.input<typeof stockMovementInputSchema>;

export interface InventoryItem {
  id: string;
  name: string;
  category: InventoryCategory;
  unit: InventoryUnit;
  currentStock: string;
  minStock: string;
  unitCost: string;
  supplierId: string | null;
  companyId: string;
  createdAt: string;
  updatedAt: string;
  movements?: StockMovement[];
}

export interface StockMovement {
  id: string;
  itemId: string;
  type: MovementType;
  quantity: string;
  stockAfter: string;
  reason: string;
  reference: string | null;
  /** Set when an invoice moved the stock. */
  invoiceId: string | null;
  /** Who moved it (identity user id; null when unknown). */
  createdBy?: string | null;
  createdAt: string;
}

/** Spec 02 §9: out of stock when <= 0, low when <= minimum. */
export function stockStatus(currentStock: string, minStock: string): 'out' | 'low' | 'ok' {
  const cur = Number(currentStock);
  if (cur <= 0) return 'out';
  return cur <= Number(minStock) ? 'low' : 'ok';
}

/** PUT /api/inventory/:id: every field but the stock, which only moves (movements, PATCH adjustment, invoices). */
export const inventoryItemUpdateSchema = inventoryItemInputSchema.omit({ currentStock: true });
export type InventoryItemUpdate = z.input<typeof inventoryItemUpdateSchema>;

/** PATCH /api/companies/:id/inventory/:itemId {currentStock} (spec 02 §7): an inventory count; the difference is recorded as a movement. */
export const inventoryStockPatchSchema = z.object({
  currentStock: z
    .union([text(), z.number()], { error: MESSAGES_INVENTORY.quantityRequired })
    .refine((v) => String(v).trim() !== '', { error: MESSAGES_INVENTORY.quantityRequired })
    .pipe(stockSchema),
});
export type InventoryStockPatch = z.input<typeof inventoryStockPatchSchema>;

/** GET /api/companies/:id/inventory?category=&search= (name contains). */
export const inventoryListQuerySchema = z.object({
  category: z.enum(INVENTORY_CATEGORIES, { error: MESSAGES_INVENTORY.categoryRequired }).optional(),
  search: searchText(),
});
export type InventoryListQuery = z.input<typeof inventoryListQuerySchema>;

/**
 * GET /api/companies/:id/inventory?page=&pageSize=&search=&category=&id=: one page by name (the
 * export takes `inventoryListQuerySchema`, every matching item); `id` one item (a select box's chosen value).
 */
export const inventoryPageQuerySchema = pagedListQuerySchema(25, {
  category: z.enum(INVENTORY_CATEGORIES, { error: MESSAGES_INVENTORY.categoryRequired }).optional(),
  id: z.uuid().optional(),
});
export type InventoryPageQuery = z.input<typeof inventoryPageQuerySchema>;

/** One page of items; `counters` are the page's four tiles over the whole company (low: 0 < stock <= minimum, out: stock <= 0). */
export interface InventoryListResponse extends Paged<InventoryItem> {
  counters: { total: number; low: number; out: number; value: string };
}

/** POST /api/companies/:id/inventory/:itemId/movements (201) and the PATCH adjustment: the item as it now stands and the movement written (null when the count matched). */
export interface StockMovementResult {
  item: InventoryItem;
  movement: StockMovement | null;
}
