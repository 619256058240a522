import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES_WITHHOLDING, vatPeriodLabel, type WithholdingStatementSummary } from '@xaalis/contracts';
import { DataTable, EmptyState, ErrorState, formatDate, LoadingState, moneyColumn, type Column } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { useListWithholdingStatementsQuery } from './api';
import { WithholdingFileButtons } from './WithholdingPreview';

const COLUMNS: Column<WithholdingStatementSummary>[] = [
  { header: 'Période', cell: (r) => vatPeriodLabel(r.period), nowrap: true, rowHeader: true },
  { header: 'Déposé le', cell: (r) => formatDate(r.filedOn), nowrap: true },
  { header: 'Référence', cell: (r) => r.reference || '-' },
  moneyColumn('Montant brut', (r) => r.totalGross),
  moneyColumn('Retenue', (r) => r.totalWithheld),
];

/** 'Bordereaux déposés': every withholding bordereau on file, newest first, with its PDF and XLSX. */
export function FiledWithholdingsTable({ companyId }: { companyId: string }) {
  const query = useListWithholdingStatementsQuery(companyId);
  let body: ReactNode;
  if (query.isLoading) body = <LoadingState rows={3} />;
  else if (query.error && !query.data)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger les bordereaux déposés" />;
  else if (!query.data?.items.length) body = <EmptyState title={MESSAGES_WITHHOLDING.empty} />;
  else
    body = (
      <DataTable
        label="Bordereaux déposés"
        columns={COLUMNS}
        rows={query.data.items}
        rowKey={(r) => r.id}
        fetching={query.isFetching}
        outlined
        actions={(r) => <WithholdingFileButtons companyId={companyId} statement={r} />}
      />
    );
  return (
    <Box component="section" aria-labelledby="filed-withholding-statements" sx={{ mt: 4 }}>
      <Typography id="filed-withholding-statements" variant="h3" component="h3" sx={{ mb: 1.5 }}>
        Bordereaux déposés
      </Typography>
      {body}
    </Box>
  );
}
