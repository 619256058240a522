// Public face of the inventory feature (other features import from here only).
export { inventoryApi } from './routes';
export { inventoryInternal } from './internal';
export { inventoryService, type InventoryService } from './service';
export { applyMovement, findItems, stockError, type MovementInput } from './model';
