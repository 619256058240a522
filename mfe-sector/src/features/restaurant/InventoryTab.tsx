import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  INVENTORY_CATEGORY_LABELS,
  MESSAGES_INVENTORY,
  MESSAGES_RESTAURANT,
  stockStatus,
  type RestaurantInventoryItem,
} from '@xaalis/contracts';
import { DataTable, formatMoney, type Column } from '@xaalis/web-kit';
import { PagedPanel, type PanelPaging } from '../../ui/paged';
import type { ReactNode } from 'react';
import { formatQuantity, unitLabel } from './format';

const STATUS_BADGE = {
  out: { label: MESSAGES_INVENTORY.outOfStock, color: 'error' },
  low: { label: MESSAGES_INVENTORY.lowStock, color: 'warning' },
  ok: { label: MESSAGES_INVENTORY.inStock, color: 'success' },
} as const;

const COLUMNS: Column<RestaurantInventoryItem>[] = [
  { header: 'Article', cell: (item) => item.name, rowHeader: true },
  { header: 'Catégorie', cell: (item) => INVENTORY_CATEGORY_LABELS[item.category] ?? item.category },
  { header: 'Stock', cell: (item) => `${formatQuantity(item.currentStock)} ${unitLabel(item.unit)}`, align: 'right' },
  { header: 'Stock minimum', cell: (item) => `${formatQuantity(item.minStock)} ${unitLabel(item.unit)}`, align: 'right' },
  { header: 'Coût unitaire', cell: (item) => `${formatMoney(item.unitCost)} / ${unitLabel(item.unit)}`, align: 'right' },
  {
    header: 'Statut',
    cell: (item) => {
      const badge = STATUS_BADGE[stockStatus(item.currentStock, item.minStock)];
      return (
        <Box sx={{ display: 'flex' }}>
          <Chip size="small" label={badge.label} color={badge.color} />
        </Box>
      );
    },
  },
];

export interface InventoryTabProps {
  items: readonly RestaurantInventoryItem[] | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  /** Opens 'Nouvel article' (the empty state's first-item button); none for a role that may not add one. */
  onCreate?: ReactNode;
  paging: PanelPaging;
}

/** Inventaire: the company's stock items (owned by the accounting service) with their stock badge. */
export function InventoryTab({ items, isLoading, isFetching, error, onRetry, onCreate, paging }: InventoryTabProps) {
  return (
    <PagedPanel
      {...paging}
      emptyFiltered="Aucun article ne correspond à la recherche"
      list={{ isLoading, error, data: items, refetch: onRetry }}
      errorTitle="Impossible de charger l'inventaire"
      skeletons={3}
      count={items?.length ?? 0}
      empty={{
        title: MESSAGES_RESTAURANT.emptyItems,
        description: onCreate ? 'Ajoutez les ingrédients et boissons que vos recettes utilisent.' : undefined,
        action: onCreate,
      }}
    >
      <DataTable
        label="Articles d'inventaire"
        columns={COLUMNS}
        rows={items ?? []}
        rowKey={(item) => item.id}
        rowLabel={(item) => item.name}
        hover={false}
        outlined
        fetching={isFetching}
      />
    </PagedPanel>
  );
}
