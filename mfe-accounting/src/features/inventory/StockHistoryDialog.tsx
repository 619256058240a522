import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MOVEMENT_TYPE_LABELS, type InventoryItem } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatDateTime, EmptyState, ErrorState, LoadingState, TableContainer } from '@xaalis/web-kit';
import { useId, useMemo, type ReactNode } from 'react';
import { useGetInventoryItemQuery } from './api';
import { formatQuantity } from './stock';

export const NO_MOVEMENT = 'Aucun mouvement enregistré';

export interface StockHistoryDialogProps {
  /** The item whose movements are shown; null closes the dialog. */
  item: InventoryItem | null;
  onClose: () => void;
}

/** The movements of one item, newest first: date, type, quantity, stock after, reason, reference. */
export function StockHistoryDialog({ item, onClose }: StockHistoryDialogProps) {
  const titleId = useId();
  const query = useGetInventoryItemQuery(item ? item.id : skipToken, { refetchOnMountOrArgChange: true });
  const data = query.data && item && query.data.id === item.id ? query.data : undefined;
  const movements = useMemo(() => [...(data?.movements ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [data]);
  const unit = data?.unit ?? item?.unit ?? '';

  let content: ReactNode;
  if (!data && (query.isLoading || query.isFetching)) content = <LoadingState rows={3} />;
  else if (!data && query.error)
    content = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger l'historique" />;
  else if (movements.length === 0) content = <EmptyState title={NO_MOVEMENT} />;
  else
    content = (
      <TableContainer label="Mouvements de stock">
        <Table size="small" aria-label="Mouvements de stock">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Type</TableCell>
              <TableCell align="right">Quantité</TableCell>
              <TableCell align="right">Stock après</TableCell>
              <TableCell>Motif</TableCell>
              <TableCell>Référence</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {movements.map((m) => (
              <TableRow key={m.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={m.type === 'in' ? 'success' : 'warning'}
                    label={MOVEMENT_TYPE_LABELS[m.type] ?? m.type}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {`${m.type === 'in' ? '+' : '-'}${formatQuantity(m.quantity)} ${unit}`}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {`${formatQuantity(m.stockAfter)} ${unit}`}
                </TableCell>
                <TableCell>{m.reason}</TableCell>
                <TableCell>{m.reference || '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{`Historique des mouvements — ${item?.name ?? ''}`}</DialogTitle>
      <DialogContent dividers>{content}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}
