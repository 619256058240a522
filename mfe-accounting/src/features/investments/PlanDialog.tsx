import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  INVESTMENT_CATEGORY_LABELS,
  MESSAGES_INVESTMENT,
  type DepreciationSchedule,
  type Investment,
  type JobStatus,
} from '@xaalis/contracts';
import { formatMoney, todayIso, toastSuccess, toastFailure, useJobProgress, EmptyState, ErrorState, LoadingState } from '@xaalis/web-kit';
import { useId } from 'react';
import { useGetInvestmentQuery, useRecordDepreciationMutation } from './api';
import { PlanTable } from './PlanTable';
import { useCanEditInvestments } from './rights';

/**
 * The plan's job as the one job-status shape: the worker computes it while the investment reads
 * 'computing' (GET /api/investments/:id carries the plan itself, its shape fixed by the spec).
 */
const planJob = (inv: Investment): JobStatus<DepreciationSchedule[]> =>
  inv.planStatus === 'computing'
    ? { state: 'running', done: 0, total: 0 }
    : { state: 'completed', done: 0, total: 0, result: inv.depreciationSchedules ?? [] };

/** The row 'Enregistrer la dotation' is offered on: the first pending one, when its fiscal year has started. */
export function recordableRow(rows: readonly DepreciationSchedule[], today: string): string | null {
  const next = rows.find((r) => !r.isRecorded);
  return next && next.periodStart <= today ? next.id : null;
}

/** The 'Plan d'Amortissement' panel of one investment. */
export function PlanDialog({ investmentId, onClose }: { investmentId: string | null; onClose: () => void }) {
  const titleId = useId();
  const query = useGetInvestmentQuery(investmentId ?? skipToken);
  const inv = query.data && query.data.id === investmentId ? query.data : undefined;
  const computing = inv?.planStatus === 'computing';
  // Polled while the job runs; stops once the plan is there.
  useJobProgress(useGetInvestmentQuery, investmentId && computing ? investmentId : skipToken, { select: planJob });
  const [record, recordState] = useRecordDepreciationMutation();
  const canRecord = useCanEditInvestments();

  const onRecord = async (rowId: string) => {
    if (!inv) return;
    try {
      await record({ id: inv.id, rowId }).unwrap();
      toastSuccess('Succès', MESSAGES_INVESTMENT.recorded);
    } catch (error) {
      toastFailure(error, MESSAGES_INVESTMENT.recordError);
    }
  };

  let content;
  if (!inv && query.error) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!inv) content = <LoadingState rows={4} />;
  else if (inv.planStatus === 'none')
    content = (
      <Alert severity="info" sx={{ mt: 1 }}>
        {MESSAGES_INVESTMENT.financialNote}
      </Alert>
    );
  else if (computing)
    content = (
      <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
        <CircularProgress size={24} />
        <Typography>{MESSAGES_INVESTMENT.computing}</Typography>
      </Box>
    );
  else if (!inv.depreciationSchedules?.length) content = <EmptyState title={MESSAGES_INVESTMENT.emptyPlan} />;
  else
    content = (
      <PlanTable
        rows={inv.depreciationSchedules}
        label={`Plan d'amortissement de ${inv.name}`}
        recordable={recordableRow(inv.depreciationSchedules, todayIso())}
        onRecord={canRecord ? (rowId) => void onRecord(rowId) : undefined}
        recording={recordState.isLoading}
      />
    );

  return (
    <Dialog open={investmentId !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>Plan d&apos;Amortissement{inv ? ` — ${inv.name}` : ''}</DialogTitle>
      <DialogContent dividers>
        {inv ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {`${INVESTMENT_CATEGORY_LABELS[inv.category]} · compte ${inv.accountCode} ${inv.accountName} · prix d'achat ${formatMoney(
              inv.purchasePrice,
            )} · valeur actuelle ${formatMoney(inv.currentValue)}`}
          </Typography>
        ) : null}
        {content}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}
