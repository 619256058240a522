import { INVENTORY_CATEGORY_LABELS, INVENTORY_UNIT_LABELS, MESSAGES_INVENTORY, stockStatus, type InventoryItem } from '@xaalis/contracts';
import { Decimal } from '@xaalis/domain';
import { QUANTITY_FORMAT, XOF_FORMAT, sheetExport, type SheetColumn } from '@xaalis/service-kit/spreadsheet';

// The stock list as an .xlsx workbook: a worker-pool task (this module is imported by the pool thread too).

const STATUS = { out: MESSAGES_INVENTORY.outOfStock, low: MESSAGES_INVENTORY.lowStock, ok: MESSAGES_INVENTORY.inStock };

const COLUMNS: SheetColumn<InventoryItem>[] = [
  { header: 'Article', width: 32, value: (i) => i.name },
  { header: 'Catégorie', width: 16, value: (i) => INVENTORY_CATEGORY_LABELS[i.category] },
  { header: 'Unité', width: 10, value: (i) => INVENTORY_UNIT_LABELS[i.unit] },
  { header: 'Stock', width: 12, value: (i) => i.currentStock, numeric: true, numFmt: QUANTITY_FORMAT },
  { header: 'Stock minimum', width: 14, value: (i) => i.minStock, numeric: true, numFmt: QUANTITY_FORMAT },
  { header: 'Coût unitaire', width: 16, value: (i) => i.unitCost, numeric: true, numFmt: XOF_FORMAT },
  // Exact product, rounded to cents.
  {
    header: 'Valeur',
    width: 18,
    value: (i) => new Decimal(i.currentStock).times(i.unitCost).toFixed(2),
    numeric: true,
    numFmt: XOF_FORMAT,
  },
  { header: 'État', width: 14, value: (i) => STATUS[stockStatus(i.currentStock, i.minStock)] },
];

/** The stock items (the list's filters), one per row. */
export const stockWorkbook = sheetExport(__filename, 'accounting.stock-list', 'Stock', COLUMNS);
