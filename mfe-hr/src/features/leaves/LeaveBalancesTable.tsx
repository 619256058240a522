import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LeaveBalance } from '@xaalis/contracts';
import { compare } from '@xaalis/domain';
import { DataTable, EmptyState, ErrorState, LoadingState, type Column } from '@xaalis/web-kit';
import { useId, useMemo, type ReactNode } from 'react';
import { useGetLeaveBalancesQuery } from './api';
import { formatDays } from './format';

/**
 * 'Soldes de congés payés': per employee, the months paid (validated or paid slips), the days
 * earned over them, the paid leave taken and what is left (red when more was taken than earned).
 */
export function LeaveBalancesTable({ companyId, nameOf }: { companyId: string; nameOf: (employeeId: string) => string }) {
  const titleId = useId();
  const query = useGetLeaveBalancesQuery(companyId);
  const columns = useMemo<Column<LeaveBalance>[]>(
    () => [
      { header: 'Employé', cell: (b) => nameOf(b.employeeId), rowHeader: true, sx: { fontWeight: 500 } },
      { header: 'Mois payés', cell: (b) => b.months, align: 'right' },
      { header: 'Acquis (j)', cell: (b) => formatDays(b.accrued), align: 'right', nowrap: true },
      { header: 'Pris (j)', cell: (b) => formatDays(b.taken), align: 'right', nowrap: true },
      {
        header: 'Solde (j)',
        cell: (b) => formatDays(b.balance),
        align: 'right',
        nowrap: true,
        rowSx: (b) => ({ fontWeight: 600, color: compare(b.balance, '0') < 0 ? 'error.main' : undefined }),
      },
    ],
    [nameOf],
  );

  let body: ReactNode;
  if (query.isLoading) body = <LoadingState rows={3} />;
  else if (query.error && !query.data)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Impossible de charger les soldes de congés" />;
  else if (!query.data?.length) body = <EmptyState title="Aucun employé" />;
  else
    body = (
      <DataTable
        label="Soldes de congés payés"
        columns={columns}
        rows={query.data}
        rowKey={(b) => b.employeeId}
        fetching={query.isFetching}
        outlined
      />
    );

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h2" component="h2">
        Soldes de congés payés
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        Congés acquis pour chaque mois payé (bulletins validés ou payés), moins les congés payés pris.
      </Typography>
      {body}
    </Box>
  );
}
