import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { MESSAGES_PRODUCTION, productionOrderStatusLabel, type ProductionOrder } from '@xaalis/contracts';
import { AddButton, DataTable, formatDate, formatMoney, type Column } from '@xaalis/web-kit';
import { PagedPanel, type PanelPaging } from '../../ui/paged';
import { orderStatusColor, quantityWithUnit } from './format';
import type { ListState } from './RawMaterialsPanel';

export interface OrdersPanelProps {
  list: ListState<ProductionOrder>;
  paging: PanelPaging;
  /** No finished product yet: an order cannot be created (spec §2). */
  canCreate: boolean;
  /** The finished products are still loading (the button waits). */
  productsLoading: boolean;
  onCreate: () => void;
  onStart: (order: ProductionOrder) => void;
  onComplete: (order: ProductionOrder) => void;
  onCancel: (order: ProductionOrder) => void;
  /** The id of the order whose transition is being saved. */
  busyId: string | null;
  /** No creation nor transition (a role that may not change the module). */
  readOnly?: boolean;
}

const dateOrDash = (value: string | null) => (value ? formatDate(value) : '—');
const open = (order: ProductionOrder) => order.status === 'pending' || order.status === 'in_progress';

const COLUMNS: Column<ProductionOrder>[] = [
  { header: 'N° ordre', cell: (order) => order.orderNumber, nowrap: true, sx: { fontWeight: 500 } },
  { header: 'Produit', cell: (order) => order.finishedProduct.name },
  {
    header: 'À produire',
    cell: (order) => quantityWithUnit(order.quantityToProduce, order.finishedProduct.unit),
    align: 'right',
    nowrap: true,
  },
  {
    header: 'Produite',
    cell: (order) => (order.quantityProduced === null ? '—' : quantityWithUnit(order.quantityProduced, order.finishedProduct.unit)),
    align: 'right',
    nowrap: true,
  },
  { header: 'Début', cell: (order) => dateOrDash(order.startDate), nowrap: true },
  { header: 'Fin prévue', cell: (order) => dateOrDash(order.endDate ?? order.plannedEndDate), nowrap: true },
  { header: 'Fin réelle', cell: (order) => dateOrDash(order.actualEndDate), nowrap: true },
  {
    header: 'Statut',
    cell: (order) => <Chip size="small" label={productionOrderStatusLabel(order.status)} color={orderStatusColor(order.status)} />,
  },
  {
    header: 'Coût total',
    cell: (order) => (order.totalCost === null ? '—' : formatMoney(order.totalCost)),
    align: 'right',
    nowrap: true,
  },
];

/** 'Ordres de production': number, product, quantities, dates, status badge, total cost and the life-cycle actions. */
export function OrdersPanel({
  list,
  paging,
  canCreate,
  productsLoading,
  onCreate,
  onStart,
  onComplete,
  onCancel,
  busyId,
  readOnly = false,
}: OrdersPanelProps) {
  const orders = list.data?.items ?? [];
  const disabled = !canCreate || productsLoading;
  return (
    <PagedPanel
      {...paging}
      emptyFiltered="Aucun ordre ne correspond à la recherche"
      create={readOnly ? undefined : { label: 'Nouvel ordre de production', onClick: onCreate, disabled }}
      notice={
        !readOnly && !canCreate && !productsLoading ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Créez d&apos;abord un produit fini pour lancer un ordre de production.
          </Alert>
        ) : null
      }
      list={list}
      errorTitle="Impossible de charger les ordres de production"
      skeletons={3}
      count={orders.length}
      empty={{
        title: MESSAGES_PRODUCTION.ordersEmpty,
        description: 'Un ordre terminé sort de stock les matières premières de la nomenclature et y entre les produits finis.',
        action: readOnly ? undefined : (
          <AddButton variant="outlined" onClick={onCreate} disabled={disabled}>
            Créer le premier ordre
          </AddButton>
        ),
      }}
    >
      <DataTable
        label="Ordres de production"
        columns={COLUMNS}
        rows={orders}
        rowKey={(order) => order.id}
        fetching={list.isFetching}
        actions={(order) => {
          // A life-cycle step: its verb names the button, with the order's number for screen readers.
          const step = (label: string, onClick: (order: ProductionOrder) => void, look: Omit<ButtonProps, 'onClick'> = {}) => (
            <Button
              size="small"
              {...look}
              disabled={busyId === order.id}
              onClick={() => onClick(order)}
              aria-label={`${label} ${order.orderNumber}`}
            >
              {label}
            </Button>
          );
          return (
            <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              {!readOnly && order.status === 'pending' ? step('Démarrer', onStart) : null}
              {!readOnly && open(order) ? (
                <>
                  {step('Terminer', onComplete, { variant: 'outlined', color: 'success' })}
                  {step('Annuler', onCancel, { color: 'error' })}
                </>
              ) : null}
            </Box>
          );
        }}
      />
    </PagedPanel>
  );
}
