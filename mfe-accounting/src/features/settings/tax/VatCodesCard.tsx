import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { VAT_CODE_KIND_LABELS, type VatCode } from '@xaalis/contracts';
import { AddIcon, DataTable, EmptyState, ErrorState, formatPercent, LoadingState, useCan, useDialog, type Column } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
import { useListVatCodesQuery } from '../../../api/vatCodes';
import { VatCodeDialog } from './VatCodeDialog';

export const VAT_CODES_MESSAGES = {
  title: 'Codes TVA',
  description:
    'Les taux que proposent les lignes de facture, et les comptes où leur TVA est passée : 4431 pour la TVA collectée, 4452 pour la TVA déductible sur achats, 4451 sur immobilisations.',
  loadError: 'Impossible de charger les codes TVA',
  empty: 'Aucun code TVA',
  create: 'Nouveau code TVA',
} as const;

const COLUMNS: Column<VatCode>[] = [
  { header: 'Code', cell: (c) => c.code, nowrap: true, rowHeader: true, sx: { fontFamily: 'monospace' } },
  { header: 'Libellé', cell: (c) => c.label },
  { header: 'Taux', cell: (c) => formatPercent(c.rate), align: 'right', nowrap: true },
  { header: 'Nature', cell: (c) => VAT_CODE_KIND_LABELS[c.kind] ?? c.kind },
  { header: 'Compte collecte', cell: (c) => c.collectedAccount, nowrap: true },
  { header: 'Compte déductible', cell: (c) => c.deductibleAccount, nowrap: true },
  { header: 'Compte immobilisations', cell: (c) => c.fixedAssetsAccount, nowrap: true },
];

/** Paramètres → Fiscalité, under the form: the company's VAT codes and 'Nouveau code TVA' (accounting). */
export function VatCodesCard({ companyId }: { companyId: string }) {
  const query = useListVatCodesQuery(companyId);
  const canWrite = useCan('/api/companies/:id/vat-codes');
  const dialog = useDialog('vat-code');

  let body: ReactNode;
  if (query.isLoading) body = <LoadingState rows={3} />;
  else if (query.error && !query.data)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title={VAT_CODES_MESSAGES.loadError} />;
  else if (!query.data?.length) body = <EmptyState title={VAT_CODES_MESSAGES.empty} />;
  else
    body = (
      <DataTable label={VAT_CODES_MESSAGES.title} columns={COLUMNS} rows={query.data} rowKey={(c) => c.id} fetching={query.isFetching} />
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography variant="h2" component="h2" gutterBottom>
            {VAT_CODES_MESSAGES.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {VAT_CODES_MESSAGES.description}
          </Typography>
        </Box>
        {canWrite ? (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => dialog.show()}>
            {VAT_CODES_MESSAGES.create}
          </Button>
        ) : null}
      </Box>
      {body}
      {canWrite ? <VatCodeDialog key={dialog.key} {...dialog.props} companyId={companyId} /> : null}
    </Paper>
  );
}
