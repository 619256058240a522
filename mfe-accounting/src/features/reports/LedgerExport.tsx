import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES_REPORTS, reportFileName, type GeneralLedgerExportStatus, type ReportFormat } from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useJobProgress } from '@xaalis/web-kit';
import { useState } from 'react';
import { downloadWithToast } from '../../ui/download';
import { ledgerExportFileUrl, useGetLedgerExportQuery } from './api';

/** An export job started from the Grand livre tab. */
export interface StartedLedgerExport {
  id: string;
  format: ReportFormat;
  from: string;
  to: string;
}

export interface LedgerExportStatusProps {
  companyId: string;
  started: StartedLedgerExport;
}

/**
 * The Grand livre's export job: 'Préparation du document… 42 %' with a bar while it runs, then
 * 'Télécharger' (the file of the export), or its French error.
 */
export function LedgerExportStatus({ companyId, started }: LedgerExportStatusProps) {
  const job = useJobProgress<{ companyId: string; exportId: string }, GeneralLedgerExportStatus, { fileName: string }>(
    useGetLedgerExportQuery,
    started.id ? { companyId, exportId: started.id } : skipToken,
    { failedMessage: MESSAGES_REPORTS.exportFailed },
  );
  const [downloading, setDownloading] = useState(false);

  if (job.state === 'failed') {
    return (
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {`${MESSAGES_REPORTS.exportFailed} : ${job.error ?? ''}`}
      </Alert>
    );
  }
  if (job.state === 'completed') {
    const fileName = job.status?.result?.fileName ?? reportFileName('general-ledger', `${started.from}-${started.to}`, started.format);
    const download = async () => {
      setDownloading(true);
      try {
        await downloadWithToast(ledgerExportFileUrl(companyId, started.id), fileName, MESSAGES_REPORTS.exportError, {
          preferServerName: true,
        });
      } finally {
        setDownloading(false);
      }
    };
    return (
      <Alert
        severity="success"
        role="status"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void download()} disabled={downloading}>
            {MESSAGES_REPORTS.exportDownload}
          </Button>
        }
      >
        {`${MESSAGES_REPORTS.exportReady} : ${fileName}`}
      </Alert>
    );
  }
  const percent = job.percent === undefined ? undefined : Math.floor(job.percent);
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1, mb: 2 }}>
      <Typography variant="body2">
        {percent === undefined ? MESSAGES_REPORTS.exportPreparing : `${MESSAGES_REPORTS.exportPreparing} ${percent} %`}
      </Typography>
      <LinearProgress
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={MESSAGES_REPORTS.exportPreparing}
      />
      {job.readError ? (
        <Typography variant="body2" color="warning.main">
          {`Lecture de l'avancement impossible (${job.readError}) : nouvelle tentative…`}
        </Typography>
      ) : null}
    </Box>
  );
}
