import type {
  FinishedProduct,
  FinishedProductInput,
  FinishedProductUpdate,
  ProductionOrder,
  ProductionOrderCompleteInput,
  ProductionOrderInput,
  RawMaterial,
  RawMaterialInput,
  RawMaterialUpdate,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const RAW = { type: 'Production' as const, id: 'RAW_MATERIALS' };
const FINISHED = { type: 'Production' as const, id: 'FINISHED_PRODUCTS' };
const ORDERS = { type: 'Production' as const, id: 'ORDERS' };
const base = (companyId: string) => `/api/companies/${enc(companyId)}`;

/**
 * 'Gestion Production': raw materials, finished products with their bill of
 * materials, production orders. Completing an order moves both stocks, so it
 * refreshes the three lists.
 */
export const productionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/raw-materials. */
    listRawMaterials: build.query<RawMaterial[], string>({
      query: (companyId) => `${base(companyId)}/raw-materials`,
      providesTags: [RAW, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/raw-materials → 201 RawMaterial. */
    createRawMaterial: build.mutation<RawMaterial, { companyId: string; body: RawMaterialInput }>({
      query: ({ companyId, body }) => ({ url: `${base(companyId)}/raw-materials`, method: 'POST', body }),
      // A finished product's BOM shows its materials' names and costs.
      invalidatesTags: [RAW, FINISHED, COMPANY_DATA_TAG],
    }),
    /** PUT /api/companies/:id/raw-materials/:materialId → RawMaterial. */
    updateRawMaterial: build.mutation<RawMaterial, { companyId: string; id: string; body: RawMaterialUpdate }>({
      query: ({ companyId, id, body }) => ({ url: `${base(companyId)}/raw-materials/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: [RAW, FINISHED, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/finished-products (each with its bill of materials). */
    listFinishedProducts: build.query<FinishedProduct[], string>({
      query: (companyId) => `${base(companyId)}/finished-products`,
      providesTags: [FINISHED, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/finished-products → 201 FinishedProduct. */
    createFinishedProduct: build.mutation<FinishedProduct, { companyId: string; body: FinishedProductInput }>({
      query: ({ companyId, body }) => ({ url: `${base(companyId)}/finished-products`, method: 'POST', body }),
      invalidatesTags: [FINISHED, COMPANY_DATA_TAG],
    }),
    /** PUT /api/companies/:id/finished-products/:productId → FinishedProduct (the BOM is replaced as a whole). */
    updateFinishedProduct: build.mutation<FinishedProduct, { companyId: string; id: string; body: FinishedProductUpdate }>({
      query: ({ companyId, id, body }) => ({ url: `${base(companyId)}/finished-products/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: [FINISHED, ORDERS, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/production-orders (newest first). */
    listProductionOrders: build.query<ProductionOrder[], string>({
      query: (companyId) => `${base(companyId)}/production-orders`,
      providesTags: [ORDERS, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/production-orders → 201 ProductionOrder (number OP-YYYY-NNNN, status pending). */
    createProductionOrder: build.mutation<ProductionOrder, { companyId: string; body: ProductionOrderInput }>({
      query: ({ companyId, body }) => ({ url: `${base(companyId)}/production-orders`, method: 'POST', body }),
      invalidatesTags: [ORDERS, COMPANY_DATA_TAG],
    }),
    /** POST .../production-orders/:orderId/start (pending → in_progress). */
    startProductionOrder: build.mutation<ProductionOrder, { companyId: string; id: string }>({
      query: ({ companyId, id }) => ({ url: `${base(companyId)}/production-orders/${enc(id)}/start`, method: 'POST', body: {} }),
      invalidatesTags: [ORDERS, COMPANY_DATA_TAG],
    }),
    /** POST .../production-orders/:orderId/complete {quantityProduced}: moves both stocks (409 when a material is short). */
    completeProductionOrder: build.mutation<ProductionOrder, { companyId: string; id: string; body: ProductionOrderCompleteInput }>({
      query: ({ companyId, id, body }) => ({ url: `${base(companyId)}/production-orders/${enc(id)}/complete`, method: 'POST', body }),
      invalidatesTags: [ORDERS, RAW, FINISHED, COMPANY_DATA_TAG],
    }),
    /** POST .../production-orders/:orderId/cancel (pending or in_progress → cancelled). */
    cancelProductionOrder: build.mutation<ProductionOrder, { companyId: string; id: string }>({
      query: ({ companyId, id }) => ({ url: `${base(companyId)}/production-orders/${enc(id)}/cancel`, method: 'POST', body: {} }),
      invalidatesTags: [ORDERS, COMPANY_DATA_TAG],
    }),
  }),
});

export const {
  useListRawMaterialsQuery,
  useCreateRawMaterialMutation,
  useUpdateRawMaterialMutation,
  useListFinishedProductsQuery,
  useCreateFinishedProductMutation,
  useUpdateFinishedProductMutation,
  useListProductionOrdersQuery,
  useCreateProductionOrderMutation,
  useStartProductionOrderMutation,
  useCompleteProductionOrderMutation,
  useCancelProductionOrderMutation,
} = productionApi;
