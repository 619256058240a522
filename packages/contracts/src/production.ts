import { z } from 'zod';
import { INVENTORY_CATEGORIES, INVENTORY_UNITS, type InventoryCategory, type InventoryUnit } from './inventory';
import { isCalendarDate } from '@xaalis/domain';
import { toFixed } from '@xaalis/domain';
import { moneySchema } from './money';
import { requiredMoney } from './sector-fields';
import { text, tooLong } from './text';
import { QUANTITY_PATTERN, pagedListQuerySchema, requiredText, type Paged } from './fields';
import { labelOrOther } from './labels';

/**
 * Production ('Gestion Production', spec 02 §2, §3, §5, §8, §9): raw materials,
 * finished products with their bill of materials, production orders whose
 * completion moves the stocks. Categories and units are the stock's (spec §9).
 */
export const PRODUCTION_CATEGORIES = INVENTORY_CATEGORIES;
export type ProductionCategory = InventoryCategory;
export const PRODUCTION_UNITS = INVENTORY_UNITS;
export type ProductionUnit = InventoryUnit;

export const PRODUCTION_ORDER_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type ProductionOrderStatus = (typeof PRODUCTION_ORDER_STATUSES)[number];
/** Spec §2: pending 'En Attente', in_progress 'En Cours', completed 'Terminé', any other 'Annulé'. */
export const PRODUCTION_ORDER_STATUS_LABELS: Record<ProductionOrderStatus, string> = {
  pending: 'En Attente',
  in_progress: 'En Cours',
  completed: 'Terminé',
  cancelled: 'Annulé',
};
/** The label of any status value ('Annulé' for an unknown one, as the spec says). */
export const productionOrderStatusLabel = labelOrOther(PRODUCTION_ORDER_STATUS_LABELS, PRODUCTION_ORDER_STATUS_LABELS.cancelled);

/** At most this many lines in one bill of materials. */
export const MAX_BOM_LINES = 100;

export const PRODUCTION_TEXT_LIMITS = { name: 255, reference: 50, notes: 2000 } as const;

export const MESSAGES_PRODUCTION = {
  nameRequired: 'Nom requis',
  categoryRequired: 'Catégorie requise',
  unitRequired: 'Unité requise',
  unitCostRequired: 'Coût unitaire requis',
  stockInvalid: 'Quantité invalide (positive, au plus trois décimales)',
  quantityRequired: 'Quantité requise',
  quantityPositive: 'La quantité doit être supérieure à zéro',
  quantityToProduceMin: 'Quantité minimum 1',
  quantityToProduceInvalid: 'La quantité à produire doit être un nombre entier (minimum 1)',
  finishedProductRequired: 'Produit fini requis',
  rawMaterialRequired: 'Matière première requise',
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  endBeforeStart: 'La date de fin ne peut pas précéder la date de début',
  actualEndBeforeStart: 'La date de fin réelle ne peut pas précéder la date de début',
  statusInvalid: 'Statut invalide',
  bomDuplicate: 'Une matière première figure deux fois dans la nomenclature',
  bomTooLong: `Au plus ${MAX_BOM_LINES} lignes dans la nomenclature`,
  duplicateReference: 'Cette référence existe déjà',
  rawMaterialNotFound: 'Matière première introuvable',
  finishedProductNotFound: 'Produit fini introuvable',
  orderNotFound: 'Ordre de production introuvable',
  /** Completing an order of a product without a bill of materials. */
  bomRequired: 'Aucune nomenclature pour ce produit fini',
  /** Completing an order when the raw materials are short (one line per material, see shortageMessage). */
  shortageTitle: 'Stock insuffisant',
  // Success toasts (spec §8) and the ones this module adds.
  rawMaterialCreated: 'Matière première ajoutée',
  rawMaterialUpdated: 'Matière première modifiée',
  finishedProductCreated: 'Produit fini créé',
  finishedProductUpdated: 'Produit fini modifié',
  orderCreated: 'Ordre de production créé',
  orderStarted: 'Ordre de production démarré',
  orderCompleted: 'Ordre terminé : stocks mis à jour',
  orderCancelled: 'Ordre de production annulé',
  // Error toasts (spec §8) and the ones this module adds.
  rawMaterialCreateError: "Impossible d'ajouter la matière première.",
  rawMaterialUpdateError: 'Impossible de modifier la matière première.',
  finishedProductCreateError: 'Impossible de créer le produit fini.',
  finishedProductUpdateError: 'Impossible de modifier le produit fini.',
  orderCreateError: "Impossible de créer l'ordre de production.",
  orderTransitionError: "Impossible de modifier l'ordre de production.",
  // Empty states and alerts.
  rawMaterialsEmpty: 'Aucune matière première enregistrée',
  finishedProductsEmpty: 'Aucun produit fini enregistré',
  ordersEmpty: 'Aucun ordre de production enregistré',
  lowStockAlert: 'Stock faible',
} as const;

/** "Stock insuffisant pour Farine : besoin 12.000 kg, disponible 5.000". */
export const shortageLine = (s: Pick<ProductionShortage, 'name' | 'needed' | 'available' | 'unit'>): string =>
  `Stock insuffisant pour ${s.name} : besoin ${s.needed} ${s.unit}, disponible ${s.available}`;

/** The 409 message of a refused completion: every short material, separated by "; ". */
export const shortageMessage = (shortages: ProductionShortage[]): string => shortages.map(shortageLine).join(' ; ');

/** "Transition impossible : l'ordre est Terminé" (409 of start/complete/cancel from a status that does not allow it). */
export const transitionRefused = (status: ProductionOrderStatus): string =>
  `Transition impossible : l'ordre est ${PRODUCTION_ORDER_STATUS_LABELS[status]}`;

/** "12.5" → "12.500": the wire format of quantities (numeric(10,3)). */
const toQuantity = (v: string): string => toFixed(v, 3);

/** A stock level: ≥ 0, at most three decimals; empty means 0 (the form's default '0.000'). */
export const productionStockSchema = z
  .union([text(), z.number()], { error: MESSAGES_PRODUCTION.stockInvalid })
  .transform((v) => (String(v).trim() === '' ? '0' : String(v).trim()))
  .refine((v) => QUANTITY_PATTERN.test(v), { error: MESSAGES_PRODUCTION.stockInvalid })
  .transform(toQuantity);

/** A quantity that must be > 0 (BOM line, quantity produced), at most three decimals. */
export const positiveQuantitySchema = z
  .union([text(), z.number()], { error: MESSAGES_PRODUCTION.quantityRequired })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', { error: MESSAGES_PRODUCTION.quantityRequired, abort: true })
  .refine((v) => QUANTITY_PATTERN.test(v), { error: MESSAGES_PRODUCTION.stockInvalid, abort: true })
  .transform(toQuantity)
  .refine((v) => v !== '0.000', { error: MESSAGES_PRODUCTION.quantityPositive });

const nameSchema = requiredText(MESSAGES_PRODUCTION.nameRequired, PRODUCTION_TEXT_LIMITS.name);

/** Optional reference (unique per company when given); empty means none. */
const referenceSchema = text()
  .trim()
  .max(PRODUCTION_TEXT_LIMITS.reference, { error: tooLong(PRODUCTION_TEXT_LIMITS.reference) })
  .nullish()
  .transform((v) => (v ? v : null));

const optionalDate = z
  .union([z.literal(''), text().trim().refine(isCalendarDate, { error: MESSAGES_PRODUCTION.dateInvalid })], {
    error: MESSAGES_PRODUCTION.dateInvalid,
  })
  .nullish()
  .transform((v) => (v ? v : null));

/** `POST /api/companies/:companyId/raw-materials` (spec §5: name, category, unit, unitCost required). */
export const rawMaterialInputSchema = z.object({
  name: nameSchema,
  reference: referenceSchema,
  category: z.enum(PRODUCTION_CATEGORIES, { error: MESSAGES_PRODUCTION.categoryRequired }),
  unit: z.enum(PRODUCTION_UNITS, { error: MESSAGES_PRODUCTION.unitRequired }),
  currentStock: productionStockSchema.default('0.000'),
  minStock: productionStockSchema.default('0.000'),
  unitCost: requiredMoney(MESSAGES_PRODUCTION.unitCostRequired),
  /** 'none' (the dialog's default) means no supplier; a third party of the accounting service, not checked here. */
  supplierId: z.preprocess((v) => (v === 'none' || v === '' ? null : v), z.uuid().nullable().optional()),
});
export type RawMaterialInput = z.input<typeof rawMaterialInputSchema>;
export type RawMaterialValues = z.output<typeof rawMaterialInputSchema>;

/** `PUT .../raw-materials/:id`: the same fields; currentStock absent keeps the stock (an inventory count when given). */
export const rawMaterialUpdateSchema = rawMaterialInputSchema.extend({
  currentStock: productionStockSchema.optional(),
});
export type RawMaterialUpdate = z.input<typeof rawMaterialUpdateSchema>;

export const bomLineInputSchema = z.object({
  rawMaterialId: z.uuid({ error: MESSAGES_PRODUCTION.rawMaterialRequired }),
  /** Quantity of the raw material (in its unit) per unit of finished product. */
  quantity: positiveQuantitySchema,
});
export type BomLineInput = z.input<typeof bomLineInputSchema>;

const bomSchema = z
  .array(bomLineInputSchema, { error: MESSAGES_PRODUCTION.rawMaterialRequired })
  .max(MAX_BOM_LINES, { error: MESSAGES_PRODUCTION.bomTooLong })
  .nullish()
  .transform((v) => v ?? [])
  .refine((lines) => new Set(lines.map((l) => l.rawMaterialId.toLowerCase())).size === lines.length, {
    error: MESSAGES_PRODUCTION.bomDuplicate,
  });

/**
 * `POST .../finished-products` and `PUT .../finished-products/:id`. On PUT the
 * bill of materials is replaced as a whole, currentStock and productionCost
 * absent keep the stored values.
 */
export const finishedProductInputSchema = z.object({
  name: nameSchema,
  reference: referenceSchema,
  category: z.enum(PRODUCTION_CATEGORIES, { error: MESSAGES_PRODUCTION.categoryRequired }).default('finished'),
  unit: z.enum(PRODUCTION_UNITS, { error: MESSAGES_PRODUCTION.unitRequired }),
  currentStock: productionStockSchema.default('0.000'),
  minStock: productionStockSchema.default('0.000'),
  sellingPrice: moneySchema.default('0.00'),
  /** Cost of the opening stock; completed orders then keep it as a weighted average. */
  productionCost: moneySchema.default('0.00'),
  billOfMaterials: bomSchema,
});
export type FinishedProductInput = z.input<typeof finishedProductInputSchema>;
export type FinishedProductValues = z.output<typeof finishedProductInputSchema>;

export const finishedProductUpdateSchema = finishedProductInputSchema.extend({
  currentStock: productionStockSchema.optional(),
  productionCost: moneySchema.optional(),
});
export type FinishedProductUpdate = z.input<typeof finishedProductUpdateSchema>;

/** `POST .../production-orders` (spec §5, §7). startDate defaults to today; endDate is the planned end. */
export const productionOrderInputSchema = z
  .object({
    finishedProductId: z.uuid({ error: MESSAGES_PRODUCTION.finishedProductRequired }),
    quantityToProduce: z
      .union([z.number(), text().trim()], { error: MESSAGES_PRODUCTION.quantityToProduceMin })
      .transform((v) => (v === '' ? Number.NaN : Number(v)))
      .pipe(
        z
          .number({ error: MESSAGES_PRODUCTION.quantityToProduceInvalid })
          .int({ error: MESSAGES_PRODUCTION.quantityToProduceInvalid })
          .min(1, { error: MESSAGES_PRODUCTION.quantityToProduceMin })
          .max(9_999_999, { error: MESSAGES_PRODUCTION.quantityToProduceInvalid }),
      ),
    startDate: optionalDate,
    endDate: optionalDate,
    notes: text()
      .trim()
      .max(PRODUCTION_TEXT_LIMITS.notes, { error: tooLong(PRODUCTION_TEXT_LIMITS.notes) })
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The spec's form sends these; the server sets them (number from the counter, status pending). */
    orderNumber: z.unknown().optional(),
    status: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES_PRODUCTION.endBeforeStart });
    }
  });
export type ProductionOrderInput = z.input<typeof productionOrderInputSchema>;
export type ProductionOrderValues = z.output<typeof productionOrderInputSchema>;

/** `POST .../production-orders/:id/start` (pending → in_progress): no body. */
export const productionOrderStartSchema = z.object({});
/** `POST .../production-orders/:id/cancel` (pending or in_progress → cancelled): no body. */
export const productionOrderCancelSchema = z.object({});
/** `POST .../production-orders/:id/complete` (pending or in_progress → completed). actualEndDate defaults to today. */
export const productionOrderCompleteSchema = z.object({
  quantityProduced: positiveQuantitySchema,
  actualEndDate: optionalDate,
});
export type ProductionOrderCompleteInput = z.input<typeof productionOrderCompleteSchema>;

/**
 * `GET .../raw-materials?page=&pageSize=&search=&category=&id=` and the same for `.../finished-products`
 * (name or reference contains; `id` one item, a select box's chosen value).
 */
export const productionItemListQuerySchema = pagedListQuerySchema(25, {
  category: z.enum(PRODUCTION_CATEGORIES, { error: MESSAGES_PRODUCTION.categoryRequired }).optional(),
  id: z.uuid().optional(),
});
export type ProductionItemListQuery = z.input<typeof productionItemListQuerySchema>;
/** `GET .../production-orders?page=&pageSize=&search=&status=&finishedProductId=` (newest first; number or product name contains). */
export const productionOrderListQuerySchema = pagedListQuerySchema(25, {
  status: z.enum(PRODUCTION_ORDER_STATUSES, { error: MESSAGES_PRODUCTION.statusInvalid }).optional(),
  finishedProductId: z.uuid({ error: MESSAGES_PRODUCTION.finishedProductNotFound }).optional(),
});
export type ProductionOrderListQuery = z.input<typeof productionOrderListQuerySchema>;

/** What a raw material and a finished product both are: a stocked item of the production module. */
export interface ProductionItem {
  id: string;
  name: string;
  reference: string | null;
  category: ProductionCategory;
  unit: ProductionUnit;
  /** numeric(10,3) strings, never negative. */
  currentStock: string;
  minStock: string;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

export interface RawMaterial extends ProductionItem {
  /** Money, two decimals. */
  unitCost: string;
  supplierId: string | null;
}

export interface BomLine {
  rawMaterialId: string;
  /** Per unit of finished product, three decimals. */
  quantity: string;
  rawMaterial: { id: string; name: string; unit: ProductionUnit; unitCost: string };
}

export interface FinishedProduct extends ProductionItem {
  /** Weighted average cost per unit of the stock (money). */
  productionCost: string;
  sellingPrice: string;
  billOfMaterials: BomLine[];
  /** Σ BOM quantity × current raw material unit cost, per unit (money, rounded to 2 decimals). */
  bomUnitCost: string;
}

/** What a completed order took out of stock. */
export interface ProductionConsumption {
  rawMaterialId: string;
  rawMaterialName: string;
  unit: ProductionUnit;
  quantity: string;
  unitCost: string;
  /** quantity × unitCost, two decimals. */
  cost: string;
}

export interface ProductionOrder {
  id: string;
  /** 'OP-YYYY-NNNN', the year of creation. */
  orderNumber: string;
  finishedProductId: string;
  finishedProduct: { id: string; name: string; unit: ProductionUnit };
  quantityToProduce: number;
  /** Three decimals once completed, null before. */
  quantityProduced: string | null;
  startDate: string;
  plannedEndDate: string | null;
  /** Same as plannedEndDate (the spec's screen reads endDate). */
  endDate: string | null;
  actualEndDate: string | null;
  status: ProductionOrderStatus;
  /** Money once completed (Σ consumed × unit cost), null before. */
  totalCost: string | null;
  notes: string | null;
  /** On GET one and on complete: what the completion consumed (empty otherwise). */
  consumptions?: ProductionConsumption[];
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

/** One short raw material of a refused completion (the 409's issues carry one line each, path = rawMaterialId). */
export interface ProductionShortage {
  rawMaterialId: string;
  name: string;
  unit: ProductionUnit;
  needed: string;
  available: string;
}

/** Stock alert of the production screen (spec §9: stock ≤ minimum). */
export const isProductionLowStock = (item: Pick<RawMaterial, 'currentStock' | 'minStock'>): boolean =>
  Number(item.currentStock) <= Number(item.minStock);

/**
 * `GET .../raw-materials` and `GET .../finished-products`: one page, and over
 * the whole company (not the page, not the search): the stock value
 * (Σ currentStock × unit cost, resp. production cost, two decimals) and the
 * items at or below their minimum stock.
 */
export interface ProductionItemList<T> extends Paged<T> {
  stockValue: string;
  lowStockCount: number;
}
export type RawMaterialList = ProductionItemList<RawMaterial>;
export type FinishedProductList = ProductionItemList<FinishedProduct>;

/** `GET .../production-orders`: one page, and over the whole company the orders in progress and Σ totalCost of completed orders. */
export interface ProductionOrderList extends Paged<ProductionOrder> {
  inProgressCount: number;
  completedCost: string;
}
