// Test data of the production feature (component tests only; not imported by the pages).
import type { FinishedProduct, ProductionOrder, RawMaterial } from '@xaalis/contracts';
import { COMPANY_ID, testUuid } from '../../test-utils';

let seq = 0;
const nextId = () => {
  seq += 1;
  return testUuid(800000 + seq);
};
const STAMPS = { companyId: COMPANY_ID, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

export function rawMaterial(name: string, overrides: Partial<RawMaterial> = {}): RawMaterial {
  return {
    id: nextId(),
    name,
    reference: null,
    category: 'material',
    unit: 'kg',
    currentStock: '100.000',
    minStock: '10.000',
    unitCost: '500.00',
    supplierId: null,
    ...STAMPS,
    ...overrides,
  };
}

export function finishedProduct(name: string, overrides: Partial<FinishedProduct> = {}): FinishedProduct {
  return {
    id: nextId(),
    name,
    reference: null,
    category: 'finished',
    unit: 'pcs',
    currentStock: '20.000',
    minStock: '5.000',
    productionCost: '1200.00',
    sellingPrice: '2000.00',
    billOfMaterials: [],
    bomUnitCost: '0.00',
    ...STAMPS,
    ...overrides,
  };
}

export function productionOrder(product: FinishedProduct, overrides: Partial<ProductionOrder> = {}): ProductionOrder {
  return {
    id: nextId(),
    orderNumber: 'OP-2026-0001',
    finishedProductId: product.id,
    finishedProduct: { id: product.id, name: product.name, unit: product.unit },
    quantityToProduce: 10,
    quantityProduced: null,
    startDate: '2026-03-02',
    plannedEndDate: '2026-03-05',
    endDate: '2026-03-05',
    actualEndDate: null,
    status: 'pending',
    totalCost: null,
    notes: null,
    ...STAMPS,
    ...overrides,
  };
}
