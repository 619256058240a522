// Public face of the stock feature.
export { inventoryApi, useListInventoryQuery, useGetInventoryItemQuery } from './api';
export { InventoryItemDialog } from './InventoryItemDialog';
export { StockMovementDialog } from './StockMovementDialog';
export { stockTiles, stockValue, formatQuantity } from './stock';
export { InventoryItemField } from './InventoryItemField';
