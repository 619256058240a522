import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { vatPeriodLabel, type VatDrillEntry, type VatReturnLine } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { DataTable, EmptyState, ErrorState, formatDate, LoadingState, moneyColumn, type Column } from '@xaalis/web-kit';
import { useId, type ReactNode } from 'react';
import { useVatReturnEntriesQuery } from './api';

export const NO_DRILL_ENTRY = 'Aucune écriture pour cette ligne';

const COLUMNS: Column<VatDrillEntry>[] = [
  { header: 'N°', cell: (e) => e.number, nowrap: true, sx: { fontFamily: 'monospace' } },
  { header: 'Date', cell: (e) => formatDate(e.date), nowrap: true },
  { header: 'Libellé', cell: (e) => e.description },
  moneyColumn('Base', (e) => e.base),
  moneyColumn('TVA', (e) => e.vat),
];

/** The entries behind one line of the return (GET …/vat-returns/entries?period&line). */
export function VatDrillDialog({
  companyId,
  period,
  line,
  onClose,
}: {
  companyId: string;
  period: string;
  /** The line shown; null closes the dialog. */
  line: VatReturnLine | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const query = useVatReturnEntriesQuery(line ? { companyId, period, line: line.code } : skipToken);
  let body: ReactNode;
  if (query.isFetching && !query.data) body = <LoadingState rows={3} />;
  else if (query.error)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger les écritures" />;
  else if (!query.data?.items.length) body = <EmptyState title={NO_DRILL_ENTRY} />;
  else
    body = (
      <DataTable
        label="Écritures de la ligne"
        columns={COLUMNS}
        rows={query.data.items}
        rowKey={(e) => `${e.entryId}-${e.sourceId ?? ''}`}
      />
    );
  return (
    <Dialog open={line !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{line?.label ?? ''}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {`Écritures de ${vatPeriodLabel(period)}`}
        </Typography>
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}
