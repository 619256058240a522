import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES_RECONCILIATION, type ReconciliationReport, type TreasuryAccount } from '@xaalis/contracts';
import { ISO_DATE_PATTERN } from '@xaalis/domain';
import { AmountCell, ErrorState, formatDate, formatMoney, LoadingState, TableHeadRow, todayIso } from '@xaalis/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { downloadWithToast } from '../../ui/download';
import { reconciliationReportUrl, useGetReconciliationReportQuery } from './api';

interface UnmatchedRow {
  id: string;
  date: string;
  label: string;
  amount: string;
}

/** One side's unmatched lines, under their balance, with their total. */
function UnmatchedTable({ label, rows, total }: { label: string; rows: readonly UnmatchedRow[]; total: string }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHeadRow labels={['Date', 'Libellé', 'Montant']} right={1} />
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
              Aucune ligne non rapprochée
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</TableCell>
              <TableCell>{row.label}</TableCell>
              <AmountCell>{formatMoney(row.amount)}</AmountCell>
            </TableRow>
          ))
        )}
        <TableRow>
          <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
            Total non rapproché
          </TableCell>
          <AmountCell fontWeight={600}>{formatMoney(total)}</AmountCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** The état de rapprochement: both balances, what is not matched on either side, the equation and whether it ties. */
export function ReconciliationReportView({ report }: { report: ReconciliationReport }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {report.ties ? (
        <Alert severity="success" role="status">
          {MESSAGES_RECONCILIATION.ties}
        </Alert>
      ) : (
        <Alert severity="warning" role="alert">
          {MESSAGES_RECONCILIATION.doesNotTie(formatMoney(report.difference))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box component="section" aria-label="Côté relevé">
          <Typography variant="subtitle2" component="h3">
            {`Solde du relevé : ${formatMoney(report.statementBalance)}`}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {report.lastStatementDate ? `Dernier relevé au ${formatDate(report.lastStatementDate)}` : 'Aucun relevé'}
          </Typography>
          <UnmatchedTable
            label="Opérations du relevé non rapprochées"
            rows={report.unmatchedStatementLines}
            total={report.unmatchedStatementTotal}
          />
        </Box>
        <Box component="section" aria-label="Côté comptabilité">
          <Typography variant="subtitle2" component="h3">
            {`Solde comptable : ${formatMoney(report.ledgerBalance)}`}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {`Compte ${report.account.accountCode}`}
          </Typography>
          <UnmatchedTable
            label="Lignes du grand livre non rapprochées"
            rows={report.unmatchedLedgerLines}
            total={report.unmatchedLedgerTotal}
          />
        </Box>
      </Box>
      <Box
        role="group"
        aria-label="Équation du rapprochement"
        sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', display: 'grid', gap: 0.5 }}
      >
        <Typography variant="body2">
          {`Solde du relevé ${formatMoney(report.statementBalance)} − non rapproché ${formatMoney(report.unmatchedStatementTotal)} = ${formatMoney(report.statementReconciled)}`}
        </Typography>
        <Typography variant="body2">
          {`Solde comptable ${formatMoney(report.ledgerBalance)} − non rapproché ${formatMoney(report.unmatchedLedgerTotal)} = ${formatMoney(report.ledgerReconciled)}`}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {`Écart : ${formatMoney(report.difference)}`}
        </Typography>
      </Box>
    </Box>
  );
}

const DOWNLOAD_ERROR = "Impossible de télécharger l'état de rapprochement";

/** 'État de rapprochement' of one treasury account at a date, with its PDF and Excel files. */
export function ReconciliationReportDialog({
  open,
  onClose,
  companyId,
  account,
}: {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  account: TreasuryAccount | null;
}) {
  const titleId = useId();
  const [date, setDate] = useState(todayIso);
  const [downloading, setDownloading] = useState(false);
  const valid = ISO_DATE_PATTERN.test(date);
  const args = open && companyId && account && valid ? { companyId, accountId: account.id, date } : null;
  const report = useGetReconciliationReportQuery(args ?? skipToken);
  const data = report.currentData;

  const download = async (format: 'pdf' | 'xlsx') => {
    if (!args || !account) return;
    setDownloading(true);
    try {
      await downloadWithToast(
        reconciliationReportUrl(args, date, format),
        `etat-rapprochement-${account.accountCode}-${date}.${format}`,
        DOWNLOAD_ERROR,
        { preferServerName: true },
      );
    } finally {
      setDownloading(false);
    }
  };

  let body: ReactNode;
  if (!valid) body = <Alert severity="info">{MESSAGES_RECONCILIATION.dateRequired}</Alert>;
  else if (report.isError && !data)
    body = <ErrorState error={report.error} onRetry={() => void report.refetch()} title="Impossible de calculer l'état de rapprochement" />;
  else if (!data) body = <LoadingState rows={3} />;
  else body = <ReconciliationReportView report={data} />;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{account ? `État de rapprochement — ${account.name}` : 'État de rapprochement'}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <TextField
          type="date"
          label="Au"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } }}
          sx={{ maxWidth: 220 }}
        />
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void download('pdf')} disabled={!data || downloading}>
          PDF
        </Button>
        <Button onClick={() => void download('xlsx')} disabled={!data || downloading}>
          Excel
        </Button>
        <Button variant="contained" onClick={onClose}>
          Fermer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
