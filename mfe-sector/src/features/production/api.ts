import type {
  FinishedProduct,
  FinishedProductInput,
  FinishedProductList,
  FinishedProductUpdate,
  ProductionOrder,
  ProductionOrderCompleteInput,
  ProductionOrderInput,
  ProductionOrderList,
  RawMaterial,
  RawMaterialInput,
  RawMaterialList,
  RawMaterialUpdate,
} from '@xaalis/contracts';
import { baseApi, companyCreate, companyRecordAction, companyRecordCommand, companyUpdate } from '@xaalis/web-kit';
import type { CompanyBodyArgs, CompanyRecordBodyArgs } from '@xaalis/web-kit';
import { companyPageQuery } from '../../ui/paged';

const RAW = { type: 'Production' as const, id: 'RAW_MATERIALS' };
const FINISHED = { type: 'Production' as const, id: 'FINISHED_PRODUCTS' };
const ORDERS = { type: 'Production' as const, id: 'ORDERS' };

/**
 * 'Gestion Production': raw materials, finished products with their bill of
 * materials, production orders. Completing an order moves both stocks, so it
 * refreshes the three lists.
 */
export const productionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/raw-materials?page=&pageSize=&search= → a page, the stock value and low stock count of the company. */
    listRawMaterials: companyPageQuery<RawMaterialList>(build, '/raw-materials', [RAW]),
    /** POST /api/companies/:id/raw-materials → 201 RawMaterial. A finished product's BOM shows its materials' names and costs. */
    createRawMaterial: companyCreate<RawMaterial, CompanyBodyArgs<RawMaterialInput>>(build, '/raw-materials', [RAW, FINISHED]),
    /** PUT /api/companies/:id/raw-materials/:materialId → RawMaterial. */
    updateRawMaterial: companyUpdate<RawMaterial, CompanyRecordBodyArgs<RawMaterialUpdate>>(build, '/raw-materials', [RAW, FINISHED]),
    /** GET /api/companies/:id/finished-products?page=&pageSize=&search= (each with its bill of materials). */
    listFinishedProducts: companyPageQuery<FinishedProductList>(build, '/finished-products', [FINISHED]),
    /** POST /api/companies/:id/finished-products → 201 FinishedProduct. */
    createFinishedProduct: companyCreate<FinishedProduct, CompanyBodyArgs<FinishedProductInput>>(build, '/finished-products', [FINISHED]),
    /** PUT /api/companies/:id/finished-products/:productId → FinishedProduct (the BOM is replaced as a whole). */
    updateFinishedProduct: companyUpdate<FinishedProduct, CompanyRecordBodyArgs<FinishedProductUpdate>>(build, '/finished-products', [
      FINISHED,
      ORDERS,
    ]),
    /** GET /api/companies/:id/production-orders?page=&pageSize=&search= (newest first). */
    listProductionOrders: companyPageQuery<ProductionOrderList>(build, '/production-orders', [ORDERS]),
    /** POST /api/companies/:id/production-orders → 201 ProductionOrder (number OP-YYYY-NNNN, status pending). */
    createProductionOrder: companyCreate<ProductionOrder, CompanyBodyArgs<ProductionOrderInput>>(build, '/production-orders', [ORDERS]),
    /** POST .../production-orders/:orderId/start (pending → in_progress). */
    startProductionOrder: companyRecordAction<ProductionOrder>(build, '/production-orders', 'start', [ORDERS]),
    /** POST .../production-orders/:orderId/complete {quantityProduced}: moves both stocks (409 when a material is short). */
    completeProductionOrder: companyRecordCommand<ProductionOrder, CompanyRecordBodyArgs<ProductionOrderCompleteInput>>(
      build,
      '/production-orders',
      'complete',
      [ORDERS, RAW, FINISHED],
    ),
    /** POST .../production-orders/:orderId/cancel (pending or in_progress → cancelled). */
    cancelProductionOrder: companyRecordAction<ProductionOrder>(build, '/production-orders', 'cancel', [ORDERS]),
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
