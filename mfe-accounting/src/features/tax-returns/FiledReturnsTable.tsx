import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MESSAGES_VAT, VAT_RETURN_STATUS_LABELS, vatPeriodLabel, type VatReturnSummary } from '@xaalis/contracts';
import { DataTable, EmptyState, ErrorState, formatDate, LoadingState, moneyColumn, type Column } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { useListVatReturnsQuery } from './api';
import { downloadLabel, downloadVatReturn, versionLabel } from './downloads';

const STATUS_COLORS = { declared: 'success', reopened: 'warning', superseded: 'default' } as const;

const COLUMNS: Column<VatReturnSummary>[] = [
  { header: 'Période', cell: (r) => vatPeriodLabel(r.period), nowrap: true, rowHeader: true },
  { header: 'Version', cell: (r) => versionLabel(r.version), nowrap: true },
  {
    header: 'Statut',
    cell: (r) => <Chip size="small" label={VAT_RETURN_STATUS_LABELS[r.status] ?? r.status} color={STATUS_COLORS[r.status] ?? 'default'} />,
  },
  { header: 'Déposée le', cell: (r) => formatDate(r.filedOn), nowrap: true },
  { header: 'Référence', cell: (r) => r.reference || '-' },
  moneyColumn('TVA due', (r) => r.due),
  moneyColumn('Crédit à reporter', (r) => r.creditCarriedForward),
];

/** 'Déclarations déposées': every VAT return on file, newest first, with its PDF and XLSX. */
export function FiledReturnsTable({ companyId }: { companyId: string }) {
  const query = useListVatReturnsQuery(companyId);
  let body: ReactNode;
  if (query.isLoading) body = <LoadingState rows={3} />;
  else if (query.error && !query.data)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger les déclarations déposées" />;
  else if (!query.data?.items.length) body = <EmptyState title={MESSAGES_VAT.empty} />;
  else
    body = (
      <DataTable
        label="Déclarations déposées"
        columns={COLUMNS}
        rows={query.data.items}
        rowKey={(r) => r.id}
        fetching={query.isFetching}
        outlined
        actions={(r) => (
          <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
            {(['pdf', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                size="small"
                aria-label={downloadLabel(r, format)}
                onClick={() => void downloadVatReturn(companyId, r, format)}
              >
                {format.toUpperCase()}
              </Button>
            ))}
          </Box>
        )}
      />
    );
  return (
    <Box component="section" aria-labelledby="filed-vat-returns" sx={{ mt: 4 }}>
      <Typography id="filed-vat-returns" variant="h3" component="h3" sx={{ mb: 1.5 }}>
        Déclarations déposées
      </Typography>
      {body}
    </Box>
  );
}
