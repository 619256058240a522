import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { INVENTORY_CATEGORY_LABELS, MESSAGES_PRODUCTION, type Paged, type RawMaterial } from '@xaalis/contracts';
import { DataTable, EditIcon, moneyColumn, RowAction, type Column } from '@xaalis/web-kit';
import { PagedPanel, type PanelPaging } from '../../ui/paged';
import { quantityWithUnit, stockBadge } from './format';

export interface ListState<T> {
  data?: Paged<T>;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface RawMaterialsPanelProps {
  list: ListState<RawMaterial>;
  paging: PanelPaging;
  onCreate: () => void;
  onEdit: (material: RawMaterial) => void;
  /** No creation nor edit (a role that may not change the module). */
  readOnly?: boolean;
}

const COLUMNS: Column<RawMaterial>[] = [
  {
    header: 'Matière',
    cell: (material) => (
      <>
        <Box sx={{ fontWeight: 500 }}>{material.name}</Box>
        {material.reference ? (
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
            {material.reference}
          </Box>
        ) : null}
      </>
    ),
  },
  { header: 'Catégorie', cell: (material) => INVENTORY_CATEGORY_LABELS[material.category] ?? material.category },
  { header: 'Stock', cell: (material) => quantityWithUnit(material.currentStock, material.unit), align: 'right', nowrap: true },
  { header: 'Minimum', cell: (material) => quantityWithUnit(material.minStock, material.unit), align: 'right', nowrap: true },
  moneyColumn('Coût unitaire', (material) => material.unitCost),
  {
    header: 'Statut',
    cell: (material) => {
      const badge = stockBadge(material);
      return <Chip size="small" label={badge.label} color={badge.color} />;
    },
  },
];

/** 'Matières premières': a table with the stock badge, minimum and unit cost of each material. */
export function RawMaterialsPanel({ list, paging, onCreate, onEdit, readOnly = false }: RawMaterialsPanelProps) {
  const materials = list.data?.items ?? [];
  return (
    <PagedPanel
      {...paging}
      emptyFiltered="Aucune matière première ne correspond à la recherche"
      create={readOnly ? undefined : { label: 'Nouvelle matière première', onClick: onCreate }}
      list={list}
      errorTitle="Impossible de charger les matières premières"
      // Spec §9: a list waits with 3 placeholder rows.
      skeletons={3}
      count={materials.length}
      empty={{
        title: MESSAGES_PRODUCTION.rawMaterialsEmpty,
        create: readOnly
          ? undefined
          : {
              description: 'Enregistrez les matières que vos ordres de production consomment : leur stock et leur coût unitaire.',
              label: 'Ajouter la première matière première',
              onClick: onCreate,
            },
      }}
    >
      <DataTable
        label="Matières premières"
        columns={COLUMNS}
        rows={materials}
        rowKey={(material) => material.id}
        fetching={list.isFetching}
        actions={(material) =>
          readOnly ? null : (
            <RowAction label={`Modifier ${material.name}`} onClick={() => onEdit(material)}>
              <EditIcon fontSize="small" />
            </RowAction>
          )
        }
      />
    </PagedPanel>
  );
}
