import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES_PAYSLIP } from '@xaalis/contracts';
import { FormDialog, toastFailure, toastSuccess, useJobProgress } from '@xaalis/web-kit';
import { useId, useState, type SyntheticEvent } from 'react';
import { useGeneratePayrollMutation, useGetPayrollGenerationQuery } from './api';
import { currentPeriod } from './PayslipDialog';

export interface GenerateDialogProps {
  open: boolean;
  companyId: string | null;
  onClose: () => void;
  /** The job ended: the list reloads. */
  onGenerated: () => void;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * 'Générer la paie du mois': starts the background job, then shows its
 * progress (bulletins created / employees) until it ends, never a blank.
 */
export function GenerateDialog({ open, companyId, onClose, onGenerated }: GenerateDialogProps) {
  const formId = useId();
  const [period, setPeriod] = useState(currentPeriod());
  const [jobId, setJobId] = useState<string | null>(null);
  const [generate, { isLoading: starting }] = useGeneratePayrollMutation();
  // The job ended: say so, reload the list and close (the parent remounts the dialog on the next opening).
  const progress = useJobProgress(useGetPayrollGenerationQuery, companyId && jobId ? { companyId, jobId } : skipToken, {
    failedMessage: MESSAGES_PAYSLIP.generateFailed,
    onEnd: (status) => {
      if (status.state === 'completed') toastSuccess(MESSAGES_PAYSLIP.generateDone);
      else toastFailure(null, MESSAGES_PAYSLIP.generateFailed);
      onGenerated();
      onClose();
    },
  });
  const running = jobId !== null && !progress.ended;

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!companyId || !PERIOD.test(period)) return;
    try {
      const started = await generate({ companyId, period }).unwrap();
      toastSuccess(MESSAGES_PAYSLIP.generateStarted);
      setJobId(started.jobId);
    } catch (error) {
      toastFailure(error, MESSAGES_PAYSLIP.generateFailed);
    }
  };

  const { done, total } = progress;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={MESSAGES_PAYSLIP.generate}
      formId={formId}
      submitLabel={MESSAGES_PAYSLIP.generateSubmit}
      busy={starting || running}
      submitDisabled={!companyId || !PERIOD.test(period)}
    >
      <Box component="form" id={formId} noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField
          label="Période"
          value={period}
          onChange={(event) => setPeriod(event.target.value)}
          error={!PERIOD.test(period)}
          helperText={PERIOD.test(period) ? MESSAGES_PAYSLIP.generateHint : MESSAGES_PAYSLIP.periodInvalid}
          disabled={running}
          slotProps={{ htmlInput: { placeholder: 'AAAA-MM' } }}
        />
        {running ? (
          <Box role="status" aria-live="polite">
            <LinearProgress
              variant={progress.percent !== undefined ? 'determinate' : 'indeterminate'}
              value={progress.percent ?? 0}
              aria-label={MESSAGES_PAYSLIP.generateProgress}
            />
            <Typography variant="body2" sx={{ mt: 1 }}>{`${MESSAGES_PAYSLIP.generateProgress} : ${done} / ${total}`}</Typography>
          </Box>
        ) : null}
      </Box>
    </FormDialog>
  );
}
