import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  INVENTORY_CATEGORY_LABELS,
  MESSAGES_INVENTORY,
  MESSAGES_RESTAURANT,
  stockStatus,
  type RestaurantInventoryItem,
} from '@xaalis/contracts';
import { EmptyState, ErrorState, formatMoney, LoadingState } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { formatQuantity, unitLabel } from './format';

const STATUS_BADGE = {
  out: { label: MESSAGES_INVENTORY.outOfStock, color: 'error' },
  low: { label: MESSAGES_INVENTORY.lowStock, color: 'warning' },
  ok: { label: MESSAGES_INVENTORY.inStock, color: 'success' },
} as const;

export interface InventoryTabProps {
  items: readonly RestaurantInventoryItem[] | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  /** Opens 'Nouvel article' (the empty state's first-item button); none for a role that may not add one. */
  onCreate?: ReactNode;
}

/** Inventaire: the company's stock items (owned by the accounting service) with their stock badge. */
export function InventoryTab({ items, isLoading, isFetching, error, onRetry, onCreate }: InventoryTabProps) {
  if (isLoading) return <LoadingState rows={3} />;
  if (error && !items) return <ErrorState error={error} onRetry={onRetry} title="Impossible de charger l'inventaire" />;
  if (!items || items.length === 0)
    return (
      <EmptyState
        title={MESSAGES_RESTAURANT.emptyItems}
        description={onCreate ? 'Ajoutez les ingrédients et boissons que vos recettes utilisent.' : undefined}
        action={onCreate}
      />
    );
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ opacity: isFetching ? 0.6 : 1 }}>
      <Table size="small" aria-label="Articles d'inventaire">
        <TableHead>
          <TableRow>
            <TableCell>Article</TableCell>
            <TableCell>Catégorie</TableCell>
            <TableCell align="right">Stock</TableCell>
            <TableCell align="right">Stock minimum</TableCell>
            <TableCell align="right">Coût unitaire</TableCell>
            <TableCell>Statut</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const badge = STATUS_BADGE[stockStatus(item.currentStock, item.minStock)];
            const unit = unitLabel(item.unit);
            return (
              <TableRow key={item.id} aria-label={item.name}>
                <TableCell component="th" scope="row">
                  {item.name}
                </TableCell>
                <TableCell>{INVENTORY_CATEGORY_LABELS[item.category] ?? item.category}</TableCell>
                <TableCell align="right">{`${formatQuantity(item.currentStock)} ${unit}`}</TableCell>
                <TableCell align="right">{`${formatQuantity(item.minStock)} ${unit}`}</TableCell>
                <TableCell align="right">{`${formatMoney(item.unitCost)} / ${unit}`}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex' }}>
                    <Chip size="small" label={badge.label} color={badge.color} />
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
