import type {
  InventoryCategory,
  InventoryItem,
  InventoryItemInput,
  InventoryItemUpdate,
  InventoryListResponse,
  StockMovementInput,
  StockMovementResult,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG, companyCreate, companyListQuery } from '@xaalis/web-kit';
import type { CompanyBodyArgs } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const listTag = { type: 'Inventory' as const, id: 'LIST' };

/** The query of the stock list (GET …/inventory): a page, a search (name), the category, one item. */
export interface InventoryListFilter {
  page?: number;
  pageSize?: number;
  search?: string;
  category?: InventoryCategory;
  id?: string;
}

/** Stock: items, one item with its movements, create, edit, movements. Every write refreshes the company's data. */
export const inventoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/inventory?page=&pageSize=&search=&category=&id=: one page by name, the company's four tiles. */
    listInventory: companyListQuery<InventoryListResponse, InventoryListFilter>(build, '/inventory', [listTag]),
    /** GET /api/inventory/:id: the item with its movements. */
    getInventoryItem: build.query<InventoryItem, string>({
      query: (id) => `/api/inventory/${enc(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Inventory', id }, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/inventory → 201 InventoryItem */
    createInventoryItem: companyCreate<InventoryItem, CompanyBodyArgs<InventoryItemInput>>(build, '/inventory', [listTag]),
    /** PUT /api/inventory/:id (every field but the stock). */
    updateInventoryItem: build.mutation<InventoryItem, { id: string; body: InventoryItemUpdate }>({
      query: ({ id, body }) => ({ url: `/api/inventory/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [listTag, { type: 'Inventory', id }, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/inventory/:itemId/movements {type, quantity, reason, reference} → 201 {item, movement} */
    createStockMovement: build.mutation<StockMovementResult, { companyId: string; itemId: string; body: StockMovementInput }>({
      query: ({ companyId, itemId, body }) => ({
        url: `/api/companies/${enc(companyId)}/inventory/${enc(itemId)}/movements`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { itemId }) => [listTag, { type: 'Inventory', id: itemId }, COMPANY_DATA_TAG],
    }),
  }),
});

export const {
  useListInventoryQuery,
  useGetInventoryItemQuery,
  useCreateInventoryItemMutation,
  useUpdateInventoryItemMutation,
  useCreateStockMovementMutation,
} = inventoryApi;

/** GET /api/companies/:id/inventory/export.xlsx?category&search (the filters shown). */
export function inventoryExportUrl(companyId: string, filters: { category?: string; search?: string } = {}): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.search?.trim()) params.set('search', filters.search.trim());
  const qs = params.toString();
  return `/api/companies/${enc(companyId)}/inventory/export.xlsx${qs ? `?${qs}` : ''}`;
}
