// Test fixtures of the restaurant page (component tests only).
import type { Menu, Recipe, RestaurantInventoryItem } from '@xaalis/contracts';
import { COMPANY_ID, testUuid } from '../../test-utils';

const STAMP = '2026-01-01T00:00:00.000Z';

export function inventoryItem(overrides: Partial<RestaurantInventoryItem> = {}): RestaurantInventoryItem {
  return {
    id: testUuid(1),
    name: 'Riz brisé',
    category: 'ingredient',
    unit: 'kg',
    currentStock: '50.000',
    minStock: '10.000',
    unitCost: '600.00',
    supplierId: null,
    companyId: COMPANY_ID,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function recipe(overrides: Partial<Recipe> = {}): Recipe {
  return {
    id: testUuid(101),
    name: 'Thieboudienne',
    category: 'main',
    description: null,
    servings: 4,
    preparationTime: 30,
    cookingTime: 15,
    totalTime: 45,
    instructions: null,
    sellingPrice: '8000.00',
    totalCost: '3000.00',
    costPerServing: '750.00',
    margin: '62.5',
    costAvailable: true,
    ingredients: [
      {
        id: testUuid(201),
        inventoryItemId: testUuid(1),
        itemName: 'Riz brisé',
        itemUnit: 'kg',
        quantity: '0.500',
        unit: 'kg',
        unitCost: '600.00',
        cost: '300.00',
      },
    ],
    companyId: COMPANY_ID,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function menu(overrides: Partial<Menu> = {}): Menu {
  return {
    id: testUuid(301),
    name: 'Menu du midi',
    type: 'lunch',
    isActive: true,
    validFrom: '2026-02-01',
    validTo: '2026-02-28',
    items: [
      {
        id: testUuid(401),
        menuId: testUuid(301),
        recipeId: testUuid(101),
        name: 'Thieboudienne',
        description: null,
        price: '8000.00',
        category: 'main',
        isAvailable: true,
      },
    ],
    companyId: COMPANY_ID,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}
