import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { INVENTORY_CATEGORY_LABELS, MESSAGES_PRODUCTION, type RawMaterial } from '@xaalis/contracts';
import { AddIcon, EditIcon, EmptyState, ErrorState, formatMoney, LoadingState, RowAction } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { quantityWithUnit, stockBadge } from './format';

export interface ListState<T> {
  data?: T[];
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface RawMaterialsPanelProps {
  list: ListState<RawMaterial>;
  onCreate: () => void;
  onEdit: (material: RawMaterial) => void;
  /** No creation nor edit (a role that may not change the module). */
  readOnly?: boolean;
}

/** 'Matières premières': a table with the stock badge, minimum and unit cost of each material. */
export function RawMaterialsPanel({ list, onCreate, onEdit, readOnly = false }: RawMaterialsPanelProps) {
  const materials = list.data ?? [];
  let content: ReactNode;
  // Spec §9: a list waits with 3 placeholder rows.
  if (list.isLoading) content = <LoadingState rows={3} />;
  else if (list.error && !list.data)
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Impossible de charger les matières premières" />;
  else if (materials.length === 0)
    content = (
      <EmptyState
        title={MESSAGES_PRODUCTION.rawMaterialsEmpty}
        description={
          readOnly ? undefined : 'Enregistrez les matières que vos ordres de production consomment : leur stock et leur coût unitaire.'
        }
        action={
          readOnly ? undefined : (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={onCreate}>
              Ajouter la première matière première
            </Button>
          )
        }
      />
    );
  else
    content = (
      <TableContainer>
        <Table size="small" aria-label="Matières premières">
          <TableHead>
            <TableRow>
              <TableCell>Matière</TableCell>
              <TableCell>Catégorie</TableCell>
              <TableCell align="right">Stock</TableCell>
              <TableCell align="right">Minimum</TableCell>
              <TableCell align="right">Coût unitaire</TableCell>
              <TableCell>Statut</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
            {materials.map((material) => {
              const badge = stockBadge(material);
              return (
                <TableRow key={material.id} hover>
                  <TableCell>
                    <Box sx={{ fontWeight: 500 }}>{material.name}</Box>
                    {material.reference ? (
                      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                        {material.reference}
                      </Box>
                    ) : null}
                  </TableCell>
                  <TableCell>{INVENTORY_CATEGORY_LABELS[material.category] ?? material.category}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {quantityWithUnit(material.currentStock, material.unit)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {quantityWithUnit(material.minStock, material.unit)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(material.unitCost)}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={badge.label} color={badge.color} />
                  </TableCell>
                  <TableCell align="right">
                    {readOnly ? null : (
                      <RowAction label={`Modifier ${material.name}`} onClick={() => onEdit(material)}>
                        <EditIcon fontSize="small" />
                      </RowAction>
                    )}
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
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
            Nouvelle matière première
          </Button>
        </Box>
      )}
      {content}
    </Box>
  );
}
