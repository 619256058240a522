import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  APP_ROUTES,
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
  PageHeader,
  todayIso,
  CounterRow,
  CounterTile,
  RowAction,
  useSession,
  EmptyState,
  listPreamble,
  AddIcon,
  EditIcon,
} from '@xaalis/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
import { downloadWithToast } from '../../ui/download';
import { FilterSelect } from '../../ui/FilterSelect';
import { SearchField } from '../../ui/SearchField';
import { foldForSearch } from '../../ui/text';
import { inventoryExportUrl, useListInventoryQuery } from './api';
import { HistoryIcon, MovementIcon } from './icons';
import { InventoryItemDialog } from './InventoryItemDialog';
import { useCanEditStock } from './rights';
import { StockHistoryDialog } from './StockHistoryDialog';
import { StockMovementDialog } from './StockMovementDialog';
import { formatQuantity, stockTiles, stockValue } from './stock';

const ROUTE = APP_ROUTES.find((r) => r.path === '/inventaire');

export const INVENTORY_EMPTY = 'Aucun article en stock';
export const INVENTORY_EMPTY_FILTERED = 'Aucun article trouvé avec ces critères';
const EXPORT_ERROR = "Erreur lors de l'export";

const STATUS_BADGE = {
  out: { label: MESSAGES_INVENTORY.outOfStock, color: 'error' },
  low: { label: MESSAGES_INVENTORY.lowStock, color: 'warning' },
  ok: { label: MESSAGES_INVENTORY.inStock, color: 'success' },
} as const;
const CATEGORY_OPTIONS = INVENTORY_CATEGORIES.map((value) => ({ value, label: INVENTORY_CATEGORY_LABELS[value] }));

/** Items whose name contains the text (accents and case ignored), in the category when one is chosen. */
export function filterItems(items: readonly InventoryItem[], search: string, category: InventoryCategory | ''): InventoryItem[] {
  const q = foldForSearch(search.trim());
  return items.filter((i) => (!category || i.category === category) && (!q || foldForSearch(i.name).includes(q)));
}

/** Route /inventaire (exposed as './Inventory'): 'Gestion des Stocks'. */
export default function InventoryPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const list = useListInventoryQuery(companyId ?? skipToken);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<InventoryCategory | ''>('');
  const [editor, setEditor] = useState<{ open: boolean; key: number; item: InventoryItem | null }>({ open: false, key: 0, item: null });
  const [moving, setMoving] = useState<InventoryItem | null>(null);
  const [history, setHistory] = useState<InventoryItem | null>(null);
  const [exporting, setExporting] = useState(false);
  const canEdit = useCanEditStock();

  const items = useMemo(() => [...(list.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'fr')), [list.data]);
  const tiles = useMemo(() => stockTiles(items), [items]);
  const shown = useMemo(() => filterItems(items, search, category), [items, search, category]);
  const tilesLoading = !list.data && (userLoading || list.isLoading || list.isUninitialized);

  const openCreate = () => setEditor((e) => ({ open: true, key: e.key + 1, item: null }));
  const openEdit = (item: InventoryItem) => setEditor((e) => ({ open: true, key: e.key + 1, item }));

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

  const preamble = listPreamble({ user, userLoading, userError, companyId, list, errorTitle: 'Impossible de charger le stock' });
  let content: ReactNode;
  if (preamble) content = preamble;
  else if (items.length === 0)
    content = (
      <EmptyState
        title={INVENTORY_EMPTY}
        description={
          canEdit ? 'Enregistrez vos articles (produits, matières, fournitures) pour suivre leurs niveaux et leur valeur.' : undefined
        }
        action={
          canEdit ? (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate}>
              Ajouter le premier article
            </Button>
          ) : undefined
        }
      />
    );
  else if (shown.length === 0) content = <EmptyState title={INVENTORY_EMPTY_FILTERED} />;
  else
    content = (
      <TableContainer>
        <Table size="small" aria-label="Articles en stock">
          <TableHead>
            <TableRow>
              <TableCell>Article</TableCell>
              <TableCell>Catégorie</TableCell>
              <TableCell align="right">Stock</TableCell>
              <TableCell align="right">Minimum</TableCell>
              <TableCell align="right">Coût unitaire</TableCell>
              <TableCell align="right">Valeur</TableCell>
              <TableCell>Statut</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
            {shown.map((item) => {
              const badge = STATUS_BADGE[stockStatus(item.currentStock, item.minStock)];
              return (
                <TableRow key={item.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{item.name}</TableCell>
                  <TableCell>{INVENTORY_CATEGORY_LABELS[item.category] ?? item.category}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{`${formatQuantity(item.currentStock)} ${item.unit}`}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{`${formatQuantity(item.minStock)} ${item.unit}`}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.unitCost)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(stockValue([item]))}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={badge.label} color={badge.color} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canEdit ? (
                      <>
                        <RowAction label={`Mouvement de stock pour ${item.name}`} onClick={() => setMoving(item)}>
                          <MovementIcon fontSize="small" />
                        </RowAction>
                        <RowAction label={`Modifier l'article ${item.name}`} onClick={() => openEdit(item)}>
                          <EditIcon fontSize="small" />
                        </RowAction>
                      </>
                    ) : null}
                    <RowAction label={`Historique de l'article ${item.name}`} onClick={() => setHistory(item)}>
                      <HistoryIcon fontSize="small" />
                    </RowAction>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Box component="section" aria-label={ROUTE?.title ?? 'Gestion des Stocks'}>
      <PageHeader
        title={ROUTE?.title ?? 'Gestion des Stocks'}
        subtitle={ROUTE?.subtitle}
        actions={
          <>
            <Button variant="outlined" onClick={() => void onExport()} disabled={!companyId || exporting}>
              {exporting ? 'Export...' : 'Exporter'}
            </Button>
            {canEdit ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} disabled={!companyId}>
                Nouvel Article
              </Button>
            ) : null}
          </>
        }
      />
      <CounterRow>
        <CounterTile label="Total articles" value={tiles.total} loading={tilesLoading} />
        <CounterTile label="Stock faible" value={tiles.low} loading={tilesLoading} color={tiles.low > 0 ? 'warning.main' : undefined} />
        <CounterTile label="Rupture" value={tiles.out} loading={tilesLoading} color={tiles.out > 0 ? 'error.main' : undefined} />
        <CounterTile label="Valeur du stock" value={formatMoney(tiles.value)} loading={tilesLoading} />
      </CounterRow>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <SearchField
            label="Rechercher un article"
            placeholder="Nom de l'article"
            value={search}
            onChange={setSearch}
            sx={{ minWidth: 260, flex: '1 1 260px', maxWidth: 440 }}
          />
          <FilterSelect
            label="Catégorie"
            value={category}
            onChange={setCategory}
            allLabel="Toutes les catégories"
            options={CATEGORY_OPTIONS}
            minWidth={200}
          />
        </Box>
        {content}
      </Paper>
      <InventoryItemDialog
        key={`item-${editor.key}`}
        open={editor.open}
        item={editor.item}
        companyId={companyId}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
      />
      <StockMovementDialog item={moving} companyId={companyId} onClose={() => setMoving(null)} />
      <StockHistoryDialog item={history} onClose={() => setHistory(null)} />
    </Box>
  );
}
