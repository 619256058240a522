import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES_PAYROLL_DECLARATION } from '@xaalis/contracts';
import { EmptyState, ErrorState, LoadingState } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import type { FileFormat } from './api';
import { FileButtons } from './downloads';

/** A report's read (an RTK Query result). */
export interface ReportRead<R> {
  currentData?: R;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A report of the tab (the payroll journal, the annual declaration): its heading, its period
 * field and PDF/XLSX, then its states (loading, the server's message, no slip) and its table.
 */
export function ReportView<R>({
  title,
  picker,
  query,
  errorTitle,
  isEmpty,
  fileLabel,
  download,
  children,
}: {
  title: string;
  picker: ReactNode;
  query: ReportRead<R>;
  errorTitle: string;
  isEmpty: (report: R) => boolean;
  fileLabel: (format: FileFormat) => string;
  download: (format: FileFormat) => Promise<unknown>;
  children: (report: R) => ReactNode;
}) {
  const report = query.currentData;
  let body: ReactNode = null;
  if (!report && query.isFetching) body = <LoadingState rows={4} />;
  else if (!report && query.error) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title={errorTitle} />;
  else if (report) body = isEmpty(report) ? <EmptyState title={MESSAGES_PAYROLL_DECLARATION.nothingToDeclare} /> : children(report);
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h2" component="h2">
          {title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          {picker}
          <FileButtons variant="outlined" label={fileLabel} download={download} />
        </Box>
      </Box>
      {body}
    </Box>
  );
}
