import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES_PRODUCTION, type FinishedProduct, type ProductionOrder, type RawMaterial } from '@xaalis/contracts';
import { PageHeader, sessionPreamble, toastFailure, toastSuccess, useDialog, useSession } from '@xaalis/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
import { sectorRoute } from '../../ui/CompanyPage';
import {
  useCancelProductionOrderMutation,
  useListFinishedProductsQuery,
  useListProductionOrdersQuery,
  useListRawMaterialsQuery,
  useStartProductionOrderMutation,
} from './api';
import { choiceArgs, pageArgs, panelPaging, usePagedSearch } from '../../ui/paged';
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

/**
 * Route /transformation (exposed as './Production'): 'Gestion Production', raw
 * materials, finished products with their bill of materials, and production
 * orders whose completion moves both stocks.
 */
export default function ProductionPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const rawPaging = usePagedSearch();
  const finishedPaging = usePagedSearch();
  const ordersPaging = usePagedSearch();
  const rawList = useListRawMaterialsQuery(companyId ? pageArgs(companyId, rawPaging) : skipToken);
  const finishedList = useListFinishedProductsQuery(companyId ? pageArgs(companyId, finishedPaging) : skipToken);
  const ordersList = useListProductionOrdersQuery(companyId ? pageArgs(companyId, ordersPaging) : skipToken);
  // The stock alerts name the low items among the first CHOICE_PAGE_SIZE by name and count them all (the server's
  // lowStockCount); the totals say whether the dialogs have anything to choose (the dialogs search the server themselves).
  const rawChoice = useListRawMaterialsQuery(companyId ? choiceArgs(companyId) : skipToken);
  const finishedChoice = useListFinishedProductsQuery(companyId ? choiceArgs(companyId) : skipToken);
  const [startOrder, startState] = useStartProductionOrderMutation();
  const [cancelOrder, cancelState] = useCancelProductionOrderMutation();
  const [tab, setTab] = useState<TabValue>('raw');
  const material = useDialog<RawMaterial | null>('material', null);
  const product = useDialog<FinishedProduct | null>('product', null);
  const ordering = useDialog('order');
  const [completing, setCompleting] = useState<ProductionOrder | null>(null);
  const rights = useProductionRights();

  const rawMaterials = useMemo(() => rawChoice.data?.items ?? [], [rawChoice.data]);
  const finishedProducts = useMemo(() => finishedChoice.data?.items ?? [], [finishedChoice.data]);

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
      <RawMaterialsPanel
        list={rawList}
        paging={panelPaging(rawPaging, 'Rechercher une matière première', 'Nom ou référence', rawList.data?.totalItems)}
        onCreate={() => material.show(null)}
        onEdit={material.show}
        readOnly={!rights.rawMaterials}
      />
    );
  else if (tab === 'finished')
    content = (
      <FinishedProductsPanel
        list={finishedList}
        paging={panelPaging(finishedPaging, 'Rechercher un produit fini', 'Nom ou référence', finishedList.data?.totalItems)}
        onCreate={() => product.show(null)}
        onEdit={product.show}
        readOnly={!rights.finishedProducts}
      />
    );
  else
    content = (
      <OrdersPanel
        list={ordersList}
        paging={panelPaging(ordersPaging, 'Rechercher un ordre', 'Numéro ou produit', ordersList.data?.totalItems)}
        canCreate={(finishedChoice.data?.totalItems ?? 0) > 0}
        productsLoading={finishedChoice.isLoading || finishedChoice.isUninitialized}
        onCreate={() => ordering.show()}
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
      <StockAlerts
        rawMaterials={rawMaterials}
        finishedProducts={finishedProducts}
        rawLowCount={rawChoice.data?.lowStockCount}
        finishedLowCount={finishedChoice.data?.lowStockCount}
      />
      <Tabs value={tab} onChange={(_e, value: TabValue) => setTab(value)} sx={{ mb: 2 }} aria-label="Production" variant="scrollable">
        <Tab value="raw" label="Matières premières" />
        <Tab value="finished" label="Produits finis" />
        <Tab value="orders" label="Ordres de production" />
      </Tabs>
      <Paper variant="outlined" role="tabpanel" sx={{ p: { xs: 1.5, md: 2 } }}>
        {content}
      </Paper>
      <RawMaterialDialog key={material.key} {...material.props} companyId={companyId} material={material.value} />
      <FinishedProductDialog
        key={product.key}
        {...product.props}
        companyId={companyId}
        materialsAvailable={(rawChoice.data?.totalItems ?? 0) > 0}
        product={product.value}
      />
      <ProductionOrderDialog
        key={ordering.key}
        {...ordering.props}
        companyId={companyId}
        defaultProductId={finishedChoice.data?.totalItems === 1 ? finishedProducts[0]?.id : undefined}
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
