import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { FISCAL_YEAR_STATUS_LABELS, MESSAGES_FISCAL_YEAR as M, type FiscalYear } from '@xaalis/contracts';
import {
  ConfirmDialog,
  DataTable,
  type Column,
  ErrorState,
  LoadingState,
  errorMessage,
  formatDate,
  formatMoney,
  serverMessage,
  toastSuccess,
} from '@xaalis/web-kit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { IntegrityPanel } from '../integrity';
import { useSettingsRights } from '../rights';
import { useListFiscalYearsQuery, useReopenFiscalYearMutation } from './api';
import { CloseFiscalYearDialog } from './CloseFiscalYearDialog';

/** "Bénéfice 300 000 XOF" / "Perte 100 000 XOF" / "0 XOF". */
export function resultLabel(result: string): string {
  const n = Number(result);
  if (n > 0) return `${M.resultProfit} ${formatMoney(result)}`;
  if (n < 0) return `${M.resultLoss} ${formatMoney(result.replace('-', ''))}`;
  return formatMoney(0);
}

const COLUMNS: Column<FiscalYear>[] = [
  { header: 'Exercice', cell: (y) => `Exercice ${y.label}` },
  { header: 'Période', cell: (y) => `du ${formatDate(y.start)} au ${formatDate(y.end)}` },
  {
    header: 'Statut',
    cell: (y) => (
      <Chip
        size="small"
        label={FISCAL_YEAR_STATUS_LABELS[y.status]}
        color={y.status === 'closed' ? 'default' : 'success'}
        variant={y.status === 'closed' ? 'filled' : 'outlined'}
      />
    ),
  },
  { header: 'Résultat', cell: (y) => resultLabel(y.result), align: 'right' },
  { header: 'Brouillons', cell: (y) => y.draftCount, align: 'right' },
];

function ReopenDialog({ companyId, year, onClose }: { companyId: string; year: FiscalYear; onClose: () => void }) {
  const [reopen, { isLoading, error }] = useReopenFiscalYearMutation();
  const confirm = async () => {
    try {
      await reopen({ companyId, start: year.start }).unwrap();
      toastSuccess(M.reopened(year.label));
      onClose();
    } catch {
      /* shown below */
    }
  };
  return (
    <ConfirmDialog
      title={M.reopenConfirmTitle(year.label)}
      text={M.reopenConfirmText}
      confirmLabel={M.reopen}
      danger={false}
      maxWidth="sm"
      busy={isLoading}
      error={error ? (serverMessage(error) ?? (errorMessage(error) || M.reopenError)) : null}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

/**
 * Paramètres → Exercices: the company's fiscal years (status, dates, result,
 * drafts), 'Clôturer l'exercice' on an ended open year, 'Rouvrir l'exercice'
 * on the last closed one (roles with 'accounting'), and the ledger's integrity check below.
 */
export function FiscalYearsTab({ companyId }: { companyId: string | null }) {
  const { data, error, isLoading, refetch } = useListFiscalYearsQuery(companyId ?? skipToken);
  const [closing, setClosing] = useState<FiscalYear | null>(null);
  const [reopening, setReopening] = useState<FiscalYear | null>(null);
  // Closing and reopening are 'accounting' acts; the integrity check only reads.
  const canClose = useSettingsRights().fiscalYears;

  let list;
  if (isLoading) list = <LoadingState rows={3} />;
  else if (error || !data) list = <ErrorState error={error} title={M.loadError} onRetry={() => void refetch()} />;
  else
    list = (
      <DataTable
        label={M.title}
        columns={COLUMNS}
        rows={data.items}
        rowKey={(y) => y.start}
        rowTestId={(y) => `fiscal-year-${y.start}`}
        size="medium"
        hover={false}
        outlined
        actions={(y) => (
          <>
            {canClose && y.canClose ? (
              <Button size="small" variant="outlined" color="warning" onClick={() => setClosing(y)}>
                {M.close}
              </Button>
            ) : null}
            {canClose && y.canReopen ? (
              <Button size="small" variant="outlined" onClick={() => setReopening(y)}>
                {M.reopen}
              </Button>
            ) : null}
          </>
        )}
      />
    );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {M.title}
        </Typography>
        {list}
      </Box>
      {companyId ? <IntegrityPanel companyId={companyId} /> : null}
      {closing && companyId ? <CloseFiscalYearDialog companyId={companyId} year={closing} onClose={() => setClosing(null)} /> : null}
      {reopening && companyId ? <ReopenDialog companyId={companyId} year={reopening} onClose={() => setReopening(null)} /> : null}
    </Box>
  );
}
