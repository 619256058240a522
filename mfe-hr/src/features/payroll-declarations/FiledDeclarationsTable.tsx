import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  MESSAGES_PAYROLL_DECLARATION,
  PAYROLL_DECLARATION_STATUS_LABELS,
  payrollPeriodLabel,
  type PayrollDeclarationKind,
  type PayrollDeclarationSummary,
} from '@xaalis/contracts';
import {
  DataTable,
  EmptyState,
  ErrorState,
  formatDate,
  ListPagination,
  LoadingState,
  moneyColumn,
  useLastPageFallback,
  type Column,
} from '@xaalis/web-kit';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { DECLARATIONS_PAGE_SIZE, useListPayrollDeclarationsQuery } from './api';
import { declarationFileLabel, downloadDeclaration, FileButtons } from './downloads';
import { KIND_TEXTS } from './texts';

const STATUS_COLORS = { declared: 'success', reopened: 'warning', superseded: 'default' } as const;

function columnsOf(kind: PayrollDeclarationKind): Column<PayrollDeclarationSummary>[] {
  return [
    { header: 'Période', cell: (d) => payrollPeriodLabel(d.period), nowrap: true, rowHeader: true },
    { header: 'Version', cell: (d) => d.version, align: 'right' },
    {
      header: 'Statut',
      cell: (d) => (
        <Chip size="small" label={PAYROLL_DECLARATION_STATUS_LABELS[d.status] ?? d.status} color={STATUS_COLORS[d.status] ?? 'default'} />
      ),
    },
    { header: 'Déposée le', cell: (d) => formatDate(d.filedOn), nowrap: true },
    { header: 'Référence', cell: (d) => d.reference || '-' },
    moneyColumn(KIND_TEXTS[kind].totalHeader, (d) => d.total),
  ];
}

/** The declarations of a kind on file, newest first, a page at a time, each with its PDF and XLSX as filed. */
export function FiledDeclarationsTable({ companyId, kind }: { companyId: string; kind: PayrollDeclarationKind }) {
  const titleId = useId();
  const [page, setPage] = useState(0);
  const query = useListPayrollDeclarationsQuery({ companyId, kind, page: page + 1, pageSize: DECLARATIONS_PAGE_SIZE });
  const columns = useMemo(() => columnsOf(kind), [kind]);
  const totalItems = query.data?.totalItems ?? 0;
  useLastPageFallback(Boolean(query.data), page, totalItems, DECLARATIONS_PAGE_SIZE, setPage);
  const title = KIND_TEXTS[kind].filedTitle;

  let body: ReactNode;
  if (query.isLoading) body = <LoadingState rows={3} />;
  else if (query.error && !query.data)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger les déclarations déposées" />;
  else if (!query.data?.items.length) body = <EmptyState title={MESSAGES_PAYROLL_DECLARATION.empty} />;
  else
    body = (
      <>
        <DataTable
          label={title}
          columns={columns}
          rows={query.data.items}
          rowKey={(d) => d.id}
          fetching={query.isFetching}
          outlined
          actions={(d) => (
            <FileButtons
              label={(format) => declarationFileLabel(d, format)}
              download={(format) => downloadDeclaration(companyId, d, format)}
            />
          )}
        />
        {totalItems > DECLARATIONS_PAGE_SIZE ? (
          <ListPagination count={totalItems} page={page} pageSize={DECLARATIONS_PAGE_SIZE} onPageChange={setPage} />
        ) : null}
      </>
    );

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 4 }}>
      <Typography id={titleId} variant="h3" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {body}
    </Box>
  );
}
