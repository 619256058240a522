import { INVENTORY_CATEGORY_LABELS, INVENTORY_UNIT_LABELS, PRODUCTION_CATEGORIES, PRODUCTION_UNITS } from '@xaalis/contracts';

/** The stock's categories and units (spec §9), shared by both item dialogs. */
export const CATEGORY_OPTIONS = PRODUCTION_CATEGORIES.map((value) => ({ value, label: INVENTORY_CATEGORY_LABELS[value] }));
export const UNIT_OPTIONS = PRODUCTION_UNITS.map((value) => ({ value, label: INVENTORY_UNIT_LABELS[value] }));

/** Quantity step 0.001 (spec §9). */
export const QUANTITY_INPUT = { min: 0, step: 0.001, inputMode: 'decimal' as const };
export const MONEY_INPUT = { min: 0, step: 0.01, inputMode: 'decimal' as const };
