// Test data of the stock feature (component tests only; not imported by the pages).
import type { InventoryItem } from '@xaalis/contracts';
import { COMPANY_ID } from '../../test-utils';

let seq = 0;

export function inventoryItem(name: string, overrides: Partial<InventoryItem> = {}): InventoryItem {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(700000 + seq).padStart(12, '0')}`,
    name,
    category: 'finished',
    unit: 'pcs',
    currentStock: '10.000',
    minStock: '2.000',
    unitCost: '1500.00',
    supplierId: null,
    companyId: COMPANY_ID,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
