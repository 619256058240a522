import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES_PRODUCTION, type FinishedProduct, type ProductionOrder, type RawMaterial } from '@xaalis/contracts';
import { PageHeader, sessionPreamble, toastFailure, toastSuccess, useSession } from '@xaalis/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
import { sectorRoute } from '../../ui/CompanyPage';
import {
  useCancelProductionOrderMutation,
  useListFinishedProductsQuery,
  useListProductionOrdersQuery,
  useListRawMaterialsQuery,
  useStartProductionOrderMutation,
} from './api';
import { CompleteOrderDialog } from './CompleteOrderDialog';
import { FinishedProductDialog } from './FinishedProductDialog';
import { FinishedProductsPanel } from './FinishedProductsPanel';
import { OrdersPanel } from './OrdersPanel';
import { ProductionOrderDialog } from './ProductionOrderDialog';
import { RawMaterialDialog } from './RawMaterialDialog';
import { RawMaterialsPanel } from './RawMaterialsPanel';
import { useProductionRights } from './rights';
import { StockAlerts } from './StockAlerts';

const { title: TITLE, subtitle: SUBTITLE } = sectorRoute('/transformation', 'Gestion Production');

type TabValue = 'raw' | 'finished' | 'orders';
type Editing<T> = { open: boolean; key: number; item: T | null };
const closed = <T,>(): Editing<T> => ({ open: false, key: 0, item: null });

/**
 * Route /transformation (exposed as './Production'): 'Gestion Production', raw
 * materials, finished products with their bill of materials, and production
 * orders whose completion moves both stocks.
 */
export default function ProductionPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const args = companyId ?? skipToken;
  const rawList = useListRawMaterialsQuery(args);
  const finishedList = useListFinishedProductsQuery(args);
  const ordersList = useListProductionOrdersQuery(args);
  const [startOrder, startState] = useStartProductionOrderMutation();
  const [cancelOrder, cancelState] = useCancelProductionOrderMutation();
  const [tab, setTab] = useState<TabValue>('raw');
  const [material, setMaterial] = useState<Editing<RawMaterial>>(closed);
  const [product, setProduct] = useState<Editing<FinishedProduct>>(closed);
  const [ordering, setOrdering] = useState({ open: false, key: 0 });
  const [completing, setCompleting] = useState<ProductionOrder | null>(null);
  const rights = useProductionRights();

  const rawMaterials = useMemo(() => rawList.data ?? [], [rawList.data]);
  const finishedProducts = useMemo(() => finishedList.data ?? [], [finishedList.data]);

  const openMaterial = (item: RawMaterial | null) => setMaterial((d) => ({ open: true, key: d.key + 1, item }));
  const openProduct = (item: FinishedProduct | null) => setProduct((d) => ({ open: true, key: d.key + 1, item }));
  const transition = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toastSuccess(success);
    } catch (error) {
      toastFailure(error, MESSAGES_PRODUCTION.orderTransitionError);
    }
  };
  const busyId =
    (startState.isLoading ? startState.originalArgs?.id : undefined) ??
    (cancelState.isLoading ? cancelState.originalArgs?.id : undefined) ??
    null;

  const preamble = sessionPreamble({ user, userLoading, userError, companyId, rows: 3 });
  let content: ReactNode;
  if (preamble || !companyId) content = preamble;
  else if (tab === 'raw')
    content = (
      <RawMaterialsPanel list={rawList} onCreate={() => openMaterial(null)} onEdit={openMaterial} readOnly={!rights.rawMaterials} />
    );
  else if (tab === 'finished')
    content = (
      <FinishedProductsPanel
        list={finishedList}
        onCreate={() => openProduct(null)}
        onEdit={openProduct}
        readOnly={!rights.finishedProducts}
      />
    );
  else
    content = (
      <OrdersPanel
        list={ordersList}
        canCreate={finishedProducts.length > 0}
        productsLoading={finishedList.isLoading || finishedList.isUninitialized}
        onCreate={() => setOrdering((o) => ({ open: true, key: o.key + 1 }))}
        onStart={(order) => void transition(() => startOrder({ companyId, id: order.id }).unwrap(), MESSAGES_PRODUCTION.orderStarted)}
        onComplete={setCompleting}
        onCancel={(order) => void transition(() => cancelOrder({ companyId, id: order.id }).unwrap(), MESSAGES_PRODUCTION.orderCancelled)}
        busyId={busyId}
        readOnly={!rights.orders}
      />
    );

  return (
    <Box component="section" aria-label={TITLE}>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      <StockAlerts rawMaterials={rawMaterials} finishedProducts={finishedProducts} />
      <Tabs value={tab} onChange={(_e, value: TabValue) => setTab(value)} sx={{ mb: 2 }} aria-label="Production" variant="scrollable">
        <Tab value="raw" label="Matières premières" />
        <Tab value="finished" label="Produits finis" />
        <Tab value="orders" label="Ordres de production" />
      </Tabs>
      <Paper variant="outlined" role="tabpanel" sx={{ p: { xs: 1.5, md: 2 } }}>
        {content}
      </Paper>
      <RawMaterialDialog
        key={`material-${material.key}`}
        open={material.open}
        companyId={companyId}
        material={material.item}
        onClose={() => setMaterial((d) => ({ ...d, open: false }))}
      />
      <FinishedProductDialog
        key={`product-${product.key}`}
        open={product.open}
        companyId={companyId}
        rawMaterials={rawMaterials}
        product={product.item}
        onClose={() => setProduct((d) => ({ ...d, open: false }))}
      />
      <ProductionOrderDialog
        key={`order-${ordering.key}`}
        open={ordering.open}
        companyId={companyId}
        finishedProducts={finishedProducts}
        onClose={() => setOrdering((o) => ({ ...o, open: false }))}
      />
      <CompleteOrderDialog
        key={`complete-${completing?.id ?? 'none'}`}
        companyId={companyId}
        order={completing}
        onClose={() => setCompleting(null)}
      />
    </Box>
  );
}
