import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AGED_BUCKETS, type AgedBalanceRow, type AgedItem } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  formatDate,
  formatMoney,
  moneyColumn,
  todayIso,
  DataTable,
  ListPage,
  RowAction,
  ViewIcon,
  useSession,
  type Column,
  DateField,
} from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { downloadWithToast } from '../../ui/download';
import { agedBalanceFileUrl, useAgedBalanceQuery, useAgedItemsQuery } from './api';

type Side = 'receivable' | 'payable';
const COLUMNS: Column<AgedBalanceRow>[] = [
  { header: 'Tiers', cell: (r) => r.name },
  ...AGED_BUCKETS.map(([key, label]) => moneyColumn<AgedBalanceRow>(label, (r) => r[key])),
  moneyColumn('Total', (r) => r.total),
];
const ITEM_COLUMNS: Column<AgedItem>[] = [
  { header: 'Date', cell: (i) => formatDate(i.date), nowrap: true },
  { header: 'Échéance', cell: (i) => formatDate(i.dueDate), nowrap: true },
  { header: 'Pièce', cell: (i) => i.number, nowrap: true },
  { header: 'Libellé', cell: (i) => i.description },
  { header: 'Jours de retard', cell: (i) => String(i.daysOverdue) },
  moneyColumn('Montant', (i) => i.amount),
  { header: 'Lettrage', cell: (i) => i.letteringCode ?? '' },
];

/** The open items of one third party behind its row. */
function AgedItemsDialog({
  companyId,
  row,
  side,
  date,
  onClose,
}: {
  companyId: string;
  row: AgedBalanceRow;
  side: Side;
  date: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const [, setParams] = useSearchParams();
  const items = useAgedItemsQuery({ companyId, thirdPartyId: row.thirdPartyId, type: side, date });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{`Pièces ouvertes — ${row.name}`}</DialogTitle>
      <DialogContent dividers>
        {items.isLoading ? <Typography>Chargement...</Typography> : null}
        {items.data ? (
          <DataTable
            label="Pièces ouvertes"
            columns={ITEM_COLUMNS}
            rows={items.data}
            rowKey={(i) => i.lineId}
            fetching={items.isFetching}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        {/* The third party's statement, where its lines are lettered by hand. */}
        <Button onClick={() => setParams({ onglet: 'lettrage', tiers: row.thirdPartyId })}>Relevé et lettrage</Button>
        <Button onClick={onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The 'Balance âgée' tab: what clients (or suppliers) owe at a date, by age of due date, from what is not lettered. */
export function AgedBalancePanel({ tabs }: { tabs: ReactNode }) {
  const session = useSession();
  const { companyId } = session;
  const [side, setSide] = useState<Side>('receivable');
  const [date, setDate] = useState(todayIso());
  const [detail, setDetail] = useState<AgedBalanceRow | null>(null);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const balance = useAgedBalanceQuery(companyId && valid ? { companyId, type: side, date } : skipToken);
  const file = (format: 'pdf' | 'xlsx') =>
    companyId
      ? void downloadWithToast(
          agedBalanceFileUrl(companyId, side, date, format),
          `balance-agee-${date}.${format}`,
          'Erreur lors du téléchargement',
          {
            preferServerName: true,
          },
        )
      : undefined;
  const totals = balance.data?.totals;
  return (
    <ListPage
      path="/factures"
      title="Factures"
      session={session}
      list={balance}
      above={tabs}
      errorTitle="Impossible de charger la balance âgée"
      count={balance.data?.rows.length ?? 0}
      filtered
      empty={{ title: 'Aucun montant en attente à cette date' }}
      emptyFiltered="Aucun montant en attente à cette date"
      toolbar={
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', width: '100%' }}>
          <TextField
            select
            size="small"
            label="Balance"
            value={side}
            onChange={(e) => setSide(e.target.value as Side)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="receivable">Clients</MenuItem>
            <MenuItem value="payable">Fournisseurs</MenuItem>
          </TextField>
          <DateField size="small" label="Au" value={date} onChange={setDate} />
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" onClick={() => file('pdf')}>
            PDF
          </Button>
          <Button variant="outlined" onClick={() => file('xlsx')}>
            Excel
          </Button>
        </Box>
      }
      dialogs={
        detail && companyId ? (
          <AgedItemsDialog companyId={companyId} row={detail} side={side} date={date} onClose={() => setDetail(null)} />
        ) : null
      }
    >
      <DataTable
        label="Balance âgée"
        columns={COLUMNS}
        rows={balance.data?.rows ?? []}
        rowKey={(r) => r.thirdPartyId}
        fetching={balance.isFetching}
        actions={(r) => (
          <RowAction label={`Pièces ouvertes de ${r.name}`} onClick={() => setDetail(r)}>
            <ViewIcon fontSize="small" />
          </RowAction>
        )}
      />
      {totals ? (
        <Box
          role="group"
          aria-label="Totaux de la balance âgée"
          sx={{ mt: 2, display: 'flex', gap: 3, flexWrap: 'wrap', justifyContent: 'flex-end' }}
        >
          {AGED_BUCKETS.map(([key, label]) => (
            <Typography key={key} variant="body2">{`${label} : ${formatMoney(totals[key])}`}</Typography>
          ))}
          <Typography variant="body2" sx={{ fontWeight: 700 }}>{`Total : ${formatMoney(totals.total)}`}</Typography>
        </Box>
      ) : null}
    </ListPage>
  );
}
