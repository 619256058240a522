import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  APP_ROUTES,
  MESSAGES_REPORTS,
  REPORT_KINDS,
  REPORT_TITLES,
  reportFileName,
  type ReportFormat,
  type ReportKind,
  type ReportYear,
} from '@xaalis/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { PageHeader, useSession, EmptyState, listPreamble, toastFailure } from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { downloadWithToast } from '../../ui/download';
import { FilterSelect } from '@xaalis/web-kit';
import { exportUrl, useGetReportYearsQuery, useStartLedgerExportMutation, type DateRange, type LedgerFilters } from './api';
import { GeneralLedgerTab } from './GeneralLedgerTab';
import type { StartedLedgerExport } from './LedgerExport';
import { BalanceSheetTab, CashFlowTab, IncomeStatementTab } from './StatementTabs';
import { TrialBalanceTab } from './TrialBalanceTab';

const ROUTE = APP_ROUTES.find((r) => r.path === '/rapports');

/** Filters chosen for one fiscal year: choosing another year starts again from its dates. */
type ForYear<T> = T & { year: number };

const yearRange = (fiscal: ReportYear): DateRange => ({ from: fiscal.start, to: fiscal.end });

/** The file name a download falls back to when the server names none. */
function fallbackName(kind: ReportKind, fiscal: ReportYear, range: DateRange, format: ReportFormat): string {
  const period = kind === 'trial-balance' || kind === 'general-ledger' ? `${range.from}-${range.to}` : fiscal.label;
  return reportFileName(kind, period, format);
}

/** Route /rapports (exposed as './Reports'): the SYSCOHADA statements, the Balance and the Grand livre of a fiscal year. */
export default function ReportsPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const yearsQuery = useGetReportYearsQuery(companyId ?? skipToken);
  const years = yearsQuery.data?.years ?? [];
  const [yearChoice, setYearChoice] = useState<number | null>(null);
  const fiscal = years.find((y) => y.year === yearChoice) ?? years[0] ?? null;
  const [tab, setTab] = useState<ReportKind>('balance-sheet');
  const [rangeChoice, setRangeChoice] = useState<ForYear<DateRange> | null>(null);
  const [ledgerChoice, setLedgerChoice] = useState<ForYear<LedgerFilters> | null>(null);
  const [exporting, setExporting] = useState(false);
  const [ledgerExport, setLedgerExport] = useState<StartedLedgerExport | null>(null);
  const [startLedgerExport] = useStartLedgerExportMutation();

  const range: DateRange | null = fiscal ? (rangeChoice?.year === fiscal.year ? rangeChoice : yearRange(fiscal)) : null;
  const ledger: LedgerFilters | null = fiscal
    ? ledgerChoice?.year === fiscal.year
      ? ledgerChoice
      : { ...yearRange(fiscal), accountFrom: '', accountTo: '' }
    : null;

  /** The Grand livre of one account over a period. */
  const openLedger = (accountCode: string, period: DateRange) => {
    if (!fiscal) return;
    setLedgerChoice({ year: fiscal.year, from: period.from, to: period.to, accountFrom: accountCode, accountTo: accountCode });
    setTab('general-ledger');
  };
  const fromStatement = (accountCode: string) => fiscal && openLedger(accountCode, yearRange(fiscal));

  const onExport = async (format: ReportFormat) => {
    if (!companyId || !fiscal || !range || !ledger) return;
    setExporting(true);
    try {
      // The Grand livre may be long: an export job, its progress shown on the tab, then its file.
      if (tab === 'general-ledger') {
        try {
          const created = await startLedgerExport({ companyId, format, ...ledger }).unwrap();
          setLedgerExport({ id: created.id, format, from: ledger.from, to: ledger.to });
        } catch (error) {
          toastFailure(error, MESSAGES_REPORTS.exportError);
        }
        return;
      }
      await downloadWithToast(
        exportUrl(companyId, tab, format, { year: fiscal.year, range, ledger }),
        fallbackName(tab, fiscal, range, format),
        MESSAGES_REPORTS.exportError,
        { preferServerName: true },
      );
    } finally {
      setExporting(false);
    }
  };

  const preamble = listPreamble({ user, userLoading, userError, companyId, list: yearsQuery, errorTitle: MESSAGES_REPORTS.loadError });
  let body: ReactNode;
  if (preamble) body = preamble;
  else if (!companyId || !fiscal || !range || !ledger) body = <EmptyState title={MESSAGES_REPORTS.noYears} />;
  else {
    let panel: ReactNode;
    switch (tab) {
      case 'balance-sheet':
        panel = <BalanceSheetTab companyId={companyId} year={fiscal.year} onAccount={fromStatement} />;
        break;
      case 'income-statement':
        panel = <IncomeStatementTab companyId={companyId} year={fiscal.year} onAccount={fromStatement} />;
        break;
      case 'cash-flow-statement':
        panel = <CashFlowTab companyId={companyId} year={fiscal.year} onAccount={fromStatement} />;
        break;
      case 'trial-balance':
        panel = (
          <TrialBalanceTab
            companyId={companyId}
            range={range}
            onRangeChange={(next) => setRangeChoice({ ...next, year: fiscal.year })}
            onAccount={(code) => openLedger(code, range)}
          />
        );
        break;
      case 'general-ledger':
        panel = (
          <GeneralLedgerTab
            companyId={companyId}
            filters={ledger}
            onFiltersChange={(next) => setLedgerChoice({ ...next, year: fiscal.year })}
            exportJob={ledgerExport}
          />
        );
        break;
    }
    body = (
      <>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={tab}
            onChange={(_event, next: ReportKind) => setTab(next)}
            aria-label={MESSAGES_REPORTS.tabsLabel}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {REPORT_KINDS.map((kind) => (
              <Tab key={kind} value={kind} label={REPORT_TITLES[kind]} id={`reports-tab-${kind}`} aria-controls={`reports-panel-${kind}`} />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={`reports-panel-${tab}`} aria-labelledby={`reports-tab-${tab}`}>
          {panel}
        </Box>
      </>
    );
  }

  const title = ROUTE?.title ?? MESSAGES_REPORTS.title;
  const ready = Boolean(companyId && fiscal);
  return (
    <Box component="section" aria-label={title}>
      <PageHeader
        title={title}
        subtitle={ROUTE?.subtitle ?? MESSAGES_REPORTS.subtitle}
        actions={
          <>
            {years.length > 0 && fiscal ? (
              <FilterSelect
                label={MESSAGES_REPORTS.fiscalYear}
                value={String(fiscal.year)}
                onChange={(value) => setYearChoice(Number(value))}
                options={years.map((y) => ({ value: String(y.year), label: y.label }))}
                minWidth={140}
              />
            ) : null}
            <Button variant="outlined" onClick={() => void onExport('pdf')} disabled={!ready || exporting}>
              {MESSAGES_REPORTS.exportPdf}
            </Button>
            <Button variant="outlined" onClick={() => void onExport('xlsx')} disabled={!ready || exporting}>
              {MESSAGES_REPORTS.exportXlsx}
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        {body}
      </Paper>
    </Box>
  );
}
