import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MESSAGES_PRODUCTION, productionOrderStatusLabel, type ProductionOrder } from '@xaalis/contracts';
import { AddIcon, EmptyState, ErrorState, formatDate, formatMoney, LoadingState } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { orderStatusColor, quantityWithUnit } from './format';
import type { ListState } from './RawMaterialsPanel';

export interface OrdersPanelProps {
  list: ListState<ProductionOrder>;
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

/** 'Ordres de production': number, product, quantities, dates, status badge, total cost and the life-cycle actions. */
export function OrdersPanel({
  list,
  canCreate,
  productsLoading,
  onCreate,
  onStart,
  onComplete,
  onCancel,
  busyId,
  readOnly = false,
}: OrdersPanelProps) {
  const orders = list.data ?? [];
  const disabled = !canCreate || productsLoading;
  const createButton = (variant: 'contained' | 'outlined', label: string) => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={onCreate} disabled={disabled}>
      {label}
    </Button>
  );
  let content: ReactNode;
  if (list.isLoading) content = <LoadingState rows={3} />;
  else if (list.error && !list.data)
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Impossible de charger les ordres de production" />;
  else if (orders.length === 0)
    content = (
      <EmptyState
        title={MESSAGES_PRODUCTION.ordersEmpty}
        description="Un ordre terminé sort de stock les matières premières de la nomenclature et y entre les produits finis."
        action={readOnly ? undefined : createButton('outlined', 'Créer le premier ordre')}
      />
    );
  else
    content = (
      <TableContainer>
        <Table size="small" aria-label="Ordres de production">
          <TableHead>
            <TableRow>
              <TableCell>N° ordre</TableCell>
              <TableCell>Produit</TableCell>
              <TableCell align="right">À produire</TableCell>
              <TableCell align="right">Produite</TableCell>
              <TableCell>Début</TableCell>
              <TableCell>Fin prévue</TableCell>
              <TableCell>Fin réelle</TableCell>
              <TableCell>Statut</TableCell>
              <TableCell align="right">Coût total</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
            {orders.map((order) => {
              const unit = order.finishedProduct.unit;
              const busy = busyId === order.id;
              return (
                <TableRow key={order.id} hover>
                  <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{order.orderNumber}</TableCell>
                  <TableCell>{order.finishedProduct.name}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {quantityWithUnit(order.quantityToProduce, unit)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {order.quantityProduced === null ? '—' : quantityWithUnit(order.quantityProduced, unit)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateOrDash(order.startDate)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateOrDash(order.endDate ?? order.plannedEndDate)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateOrDash(order.actualEndDate)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={productionOrderStatusLabel(order.status)} color={orderStatusColor(order.status)} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {order.totalCost === null ? '—' : formatMoney(order.totalCost)}
                  </TableCell>
                  <TableCell align="right">
                    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                      {!readOnly && order.status === 'pending' ? (
                        <Button size="small" disabled={busy} onClick={() => onStart(order)} aria-label={`Démarrer ${order.orderNumber}`}>
                          Démarrer
                        </Button>
                      ) : null}
                      {!readOnly && open(order) ? (
                        <>
                          <Button
                            size="small"
                            variant="outlined"
                            color="success"
                            disabled={busy}
                            onClick={() => onComplete(order)}
                            aria-label={`Terminer ${order.orderNumber}`}
                          >
                            Terminer
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            disabled={busy}
                            onClick={() => onCancel(order)}
                            aria-label={`Annuler ${order.orderNumber}`}
                          >
                            Annuler
                          </Button>
                        </>
                      ) : null}
                    </Box>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  return (
    <Box>
      {readOnly ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{createButton('contained', 'Nouvel ordre de production')}</Box>
      )}
      {!readOnly && !canCreate && !productsLoading ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Créez d&apos;abord un produit fini pour lancer un ordre de production.
        </Alert>
      ) : null}
      {content}
    </Box>
  );
}
