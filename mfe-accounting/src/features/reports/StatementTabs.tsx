import Box from '@mui/material/Box';
import { MESSAGES_REPORTS, REPORT_TITLES, type CashFlowStatement, type IncomeStatement } from '@xaalis/contracts';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '@xaalis/web-kit';
import { useGetBalanceSheetQuery, useGetCashFlowStatementQuery, useGetIncomeStatementQuery } from './api';
import { ReportNotes } from './ReportNotes';
import { StatementTable } from './StatementTable';

export interface StatementTabProps {
  companyId: string;
  year: number;
  onAccount: (accountCode: string) => void;
}

interface ReportQuery<T> {
  data?: T;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Loading, then the report, or the failure with the server's message and a retry. */
function reportState<T>(query: ReportQuery<T>, render: (data: T) => ReactNode): ReactNode {
  if (query.error && !query.isFetching)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={MESSAGES_REPORTS.loadError} />;
  if (!query.data) return <LoadingState rows={6} />;
  return render(query.data);
}

/** Bilan: the actif (gross, depreciation, net, net N-1) then the passif (N, N-1). */
export function BalanceSheetTab({ companyId, year, onAccount }: StatementTabProps) {
  const query = useGetBalanceSheetQuery({ companyId, year });
  return reportState(query, (sheet) => (
    <>
      <ReportNotes checks={sheet.checks} unmappedAccounts={sheet.unmappedAccounts} />
      <StatementTable
        label={`${REPORT_TITLES['balance-sheet']} — ${MESSAGES_REPORTS.actifHeading}`}
        heading={MESSAGES_REPORTS.actifHeading}
        columns={sheet.actifColumns}
        lines={sheet.actif}
        onAccount={onAccount}
        dimmed={query.isFetching}
      />
      <Box sx={{ mt: 3 }}>
        <StatementTable
          label={`${REPORT_TITLES['balance-sheet']} — ${MESSAGES_REPORTS.passifHeading}`}
          heading={MESSAGES_REPORTS.passifHeading}
          columns={sheet.passifColumns}
          lines={sheet.passif}
          onAccount={onAccount}
          dimmed={query.isFetching}
        />
      </Box>
    </>
  ));
}

/** Compte de résultat: TA…RS with the intermediate balances XA…XI, N and N-1. */
export function IncomeStatementTab({ companyId, year, onAccount }: StatementTabProps) {
  const query = useGetIncomeStatementQuery({ companyId, year });
  return reportState(query, (statement) => yearStatement('income-statement', statement, query.isFetching, onAccount));
}

/** Tableau des flux de trésorerie: ZA…ZH, its section titles as headings, N and N-1. */
export function CashFlowTab({ companyId, year, onAccount }: StatementTabProps) {
  const query = useGetCashFlowStatementQuery({ companyId, year });
  return reportState(query, (statement) => yearStatement('cash-flow-statement', statement, query.isFetching, onAccount));
}

/** A statement of one table with columns N and N-1, and its notes. */
function yearStatement(
  kind: 'income-statement' | 'cash-flow-statement',
  statement: IncomeStatement | CashFlowStatement,
  dimmed: boolean,
  onAccount: StatementTabProps['onAccount'],
) {
  return (
    <>
      <ReportNotes checks={statement.checks} unmappedAccounts={statement.unmappedAccounts} />
      <StatementTable
        label={REPORT_TITLES[kind]}
        heading={MESSAGES_REPORTS.labelColumn}
        columns={statement.columns}
        lines={statement.lines}
        onAccount={onAccount}
        dimmed={dimmed}
      />
    </>
  );
}
