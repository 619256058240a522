import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import {
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  MESSAGES_INVENTORY,
  stockStatus,
  type InventoryCategory,
  type InventoryItem,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatMoney,
  moneyColumn,
  todayIso,
  DataTable,
  FilterSelect,
  ListPage,
  RowAction,
  useDialog,
  useSession,
  EditIcon,
  type Column,
  useDebouncedSearch,
  useFilteredPage,
} from '@xaalis/web-kit';
import { useMemo, useState } from 'react';
import { downloadWithToast } from '../../ui/download';
import { inventoryExportUrl, useListInventoryQuery } from './api';
import { HistoryIcon, MovementIcon } from './icons';
import { InventoryItemDialog } from './InventoryItemDialog';
import { useCanEditStock } from './rights';
import { StockHistoryDialog } from './StockHistoryDialog';
import { StockMovementDialog } from './StockMovementDialog';
import { formatQuantity, stockValue } from './stock';

export const INVENTORY_EMPTY = 'Aucun article en stock';
export const INVENTORY_EMPTY_FILTERED = 'Aucun article trouvé avec ces critères';
const EXPORT_ERROR = "Erreur lors de l'export";

const STATUS_BADGE = {
  out: { label: MESSAGES_INVENTORY.outOfStock, color: 'error' },
  low: { label: MESSAGES_INVENTORY.lowStock, color: 'warning' },
  ok: { label: MESSAGES_INVENTORY.inStock, color: 'success' },
} as const;
const CATEGORY_OPTIONS = INVENTORY_CATEGORIES.map((value) => ({ value, label: INVENTORY_CATEGORY_LABELS[value] }));

const COLUMNS: Column<InventoryItem>[] = [
  { header: 'Article', cell: (item) => item.name, sx: { fontWeight: 500 } },
  { header: 'Catégorie', cell: (item) => INVENTORY_CATEGORY_LABELS[item.category] ?? item.category },
  { header: 'Stock', cell: (item) => `${formatQuantity(item.currentStock)} ${item.unit}`, align: 'right', nowrap: true },
  { header: 'Minimum', cell: (item) => `${formatQuantity(item.minStock)} ${item.unit}`, align: 'right', nowrap: true },
  moneyColumn('Coût unitaire', (item) => item.unitCost),
  moneyColumn('Valeur', (item) => stockValue([item])),
  {
    header: 'Statut',
    cell: (item) => {
      const badge = STATUS_BADGE[stockStatus(item.currentStock, item.minStock)];
      return <Chip size="small" label={badge.label} color={badge.color} />;
    },
  },
];

/** Items a page. */
export const INVENTORY_PAGE_SIZE = 25;

/** Route /inventaire (exposed as './Inventory'): 'Gestion des Stocks'. */
export default function InventoryPage() {
  const session = useSession();
  const { companyId } = session;
  const searchBox = useDebouncedSearch();
  const { search } = searchBox;
  const [category, setCategory] = useState<InventoryCategory | ''>('');
  const [page, setPage] = useFilteredPage(search, category);
  const list = useListInventoryQuery(
    companyId ? { companyId, page: page + 1, pageSize: INVENTORY_PAGE_SIZE, search, category: category || undefined } : skipToken,
  );
  const editor = useDialog<InventoryItem | null>('item', null);
  const [moving, setMoving] = useState<InventoryItem | null>(null);
  const [history, setHistory] = useState<InventoryItem | null>(null);
  const [exporting, setExporting] = useState(false);
  const canEdit = useCanEditStock();

  const shown = useMemo(() => list.data?.items ?? [], [list.data]);
  const tiles = list.data?.counters ?? { total: 0, low: 0, out: 0, value: '0' };

  const openCreate = () => editor.show(null);

  const onExport = async () => {
    if (!companyId) return;
    setExporting(true);
    try {
      await downloadWithToast(inventoryExportUrl(companyId, { category, search }), `stocks-${todayIso()}.xlsx`, EXPORT_ERROR, {
        preferServerName: true,
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListPage
      path="/inventaire"
      title="Gestion des Stocks"
      session={session}
      list={list}
      errorTitle="Impossible de charger le stock"
      actions={
        <Button variant="outlined" onClick={() => void onExport()} disabled={!companyId || exporting}>
          {exporting ? 'Export...' : 'Exporter'}
        </Button>
      }
      create={canEdit ? { label: 'Nouvel Article', onClick: openCreate, disabled: !companyId } : undefined}
      counters={[
        { label: 'Total articles', value: tiles.total },
        { label: 'Stock faible', value: tiles.low, color: tiles.low > 0 ? 'warning.main' : undefined },
        { label: 'Rupture', value: tiles.out, color: tiles.out > 0 ? 'error.main' : undefined },
        { label: 'Valeur du stock', value: formatMoney(tiles.value) },
      ]}
      search={{ label: 'Rechercher un article', placeholder: "Nom de l'article", value: searchBox.input, onChange: searchBox.setInput }}
      toolbar={
        <FilterSelect
          label="Catégorie"
          value={category}
          onChange={setCategory}
          allLabel="Toutes les catégories"
          options={CATEGORY_OPTIONS}
          minWidth={200}
        />
      }
      count={shown.length}
      // Nothing in stock at all says so whatever the filter; items hidden by the filter say that instead.
      filtered={tiles.total > 0}
      empty={{
        title: INVENTORY_EMPTY,
        create: canEdit
          ? {
              description: 'Enregistrez vos articles (produits, matières, fournitures) pour suivre leurs niveaux et leur valeur.',
              label: 'Ajouter le premier article',
              onClick: openCreate,
            }
          : undefined,
      }}
      emptyFiltered={INVENTORY_EMPTY_FILTERED}
      pagination={{ page, pageSize: INVENTORY_PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage }}
      dialogs={
        <>
          <InventoryItemDialog key={editor.key} {...editor.props} item={editor.value} companyId={companyId} />
          <StockMovementDialog item={moving} companyId={companyId} onClose={() => setMoving(null)} />
          <StockHistoryDialog item={history} onClose={() => setHistory(null)} />
        </>
      }
    >
      <DataTable
        label="Articles en stock"
        columns={COLUMNS}
        rows={shown}
        rowKey={(item) => item.id}
        fetching={list.isFetching}
        actions={(item) => (
          <>
            {canEdit ? (
              <>
                <RowAction label={`Mouvement de stock pour ${item.name}`} onClick={() => setMoving(item)}>
                  <MovementIcon fontSize="small" />
                </RowAction>
                <RowAction label={`Modifier l'article ${item.name}`} onClick={() => editor.show(item)}>
                  <EditIcon fontSize="small" />
                </RowAction>
              </>
            ) : null}
            <RowAction label={`Historique de l'article ${item.name}`} onClick={() => setHistory(item)}>
              <HistoryIcon fontSize="small" />
            </RowAction>
          </>
        )}
      />
    </ListPage>
  );
}
