import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  APP_ROUTES,
  employeeName,
  MESSAGES_PAYSLIP,
  PAYSLIP_STATUS_LABELS,
  PAYSLIP_STATUSES,
  PAYSLIPS_PAGE_SIZE,
  payslipPostingLabel,
  type Payslip,
  type PayslipStatus,
} from '@xaalis/contracts';
import { add } from '@xaalis/domain';
import {
  formatMoney,
  moneyColumn,
  PageHeader,
  downloadWithToast,
  toastFailure,
  toastSuccess,
  DataTable,
  FilterSelect,
  ListPage,
  RowAction,
  useDebouncedSearch,
  useDialog,
  useFilteredPage,
  useSession,
  CheckIcon,
  DeleteIcon,
  PrintIcon,
  ViewIcon,
  type Column,
  type ListRead,
} from '@xaalis/web-kit';
import { useState } from 'react';
import { activeEmployeeChoice, useListEmployeesQuery } from '../../api/employees';
import { LeavesPanel } from '../leaves';
import { PayrollDeclarationsPanel, previousMonth } from '../payroll-declarations';
import { payslipPdfUrl, useCancelPayslipMutation, useListPayslipsQuery, useValidatePayslipMutation } from './api';
import { BreakdownDialog } from './BreakdownDialog';
import { PayDialog } from './PayDialog';
import { GenerateDialog } from './GenerateDialog';
import { PayslipDialog } from './PayslipDialog';
import { TransferDialog } from './TransferDialog';
import { DownloadIcon, printPdfFrom } from './print';
import { usePayrollRights } from './rights';
import { payslipStatusColor } from './status';

const ROUTE = APP_ROUTES.find((r) => r.path === '/paie');

/** The tax withheld, shown under the spec's label 'TRIMF': income tax plus the TRIMF itself (0 in the spec's set). */
export function withheldTax(slip: Pick<Payslip, 'incomeTax' | 'trimf'>): string {
  return add(slip.incomeTax, slip.trimf);
}

const STATUS_OPTIONS = PAYSLIP_STATUSES.map((value) => ({ value, label: PAYSLIP_STATUS_LABELS[value] }));

/** Downloads the slip's PDF (`bulletin-<matricule>-<period>.pdf`, the server's name when it gives one). */
export function downloadPayslipPdf(companyId: string, slip: Pick<Payslip, 'id' | 'period' | 'employee'>): Promise<boolean> {
  return downloadWithToast(
    payslipPdfUrl(companyId, slip.id),
    `bulletin-${slip.employee.employeeNumber}-${slip.period}.pdf`,
    'Impossible de télécharger le bulletin de paie',
    { preferServerName: true },
  );
}

/** 'Imprimer le bulletin': the slip's PDF in the browser's print dialog, without leaving the page. */
export function printPayslip(companyId: string, slip: Pick<Payslip, 'id'>): Promise<boolean> {
  return printPdfFrom(payslipPdfUrl(companyId, slip.id));
}

/** The tabs of the page: the pay slips, what is declared from them, and the leave and absences (issue 31). */
const PAYROLL_TABS = [
  { value: 'slips', label: 'Bulletins' },
  { value: 'declarations', label: 'Déclarations' },
  { value: 'leaves', label: 'Absences' },
] as const;
type PayrollTab = (typeof PAYROLL_TABS)[number]['value'];

/** The 'Déclarations' and 'Absences' tabs have their own states: the slip list's loading, error or emptiness are not theirs. */
const PANEL_READ: ListRead = { isLoading: false, data: true, refetch: () => undefined };

/** What a role without the `payroll` capability sees instead of payroll data (pages /paie and /employes). */
export function PayrollRestricted() {
  return (
    <Alert severity="info">
      <AlertTitle>{MESSAGES_PAYSLIP.restricted}</AlertTitle>
      {MESSAGES_PAYSLIP.restrictedHint}
    </Alert>
  );
}

const COLUMNS: Column<Payslip>[] = [
  { header: 'Employé', cell: (slip) => employeeName(slip.employee), sx: { fontWeight: 500 } },
  { header: 'Période', cell: (slip) => slip.period },
  moneyColumn('Salaire brut', (slip) => slip.grossSalary),
  moneyColumn('Cotisations', (slip) => slip.socialCharges),
  moneyColumn('TRIMF', (slip) => withheldTax(slip)),
  moneyColumn('Net', (slip) => slip.netSalary, { fontWeight: 600 }),
  {
    header: 'Statut',
    cell: (slip) => {
      const posting = payslipPostingLabel(slip);
      return (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={PAYSLIP_STATUS_LABELS[slip.status] ?? slip.status} color={payslipStatusColor(slip.status)} />
          {posting ? <Chip size="small" variant="outlined" color={slip.postedEntryNumber ? 'success' : 'default'} label={posting} /> : null}
        </Box>
      );
    },
  },
];

/**
 * Route /paie (exposed as './Payroll'): 'Gestion de la Paie', pay slips computed with the Senegalese
 * payroll rules ('Bulletins', with the month's salaries paid by one bank transfer), what is declared
 * from them ('Déclarations': IPRES and CSS, tax withheld on salaries, payroll journal, annual
 * declaration) and the paid leave and absences ('Absences'). Payroll data is confidential: a role
 * without `payroll` sees a notice, and nothing is asked of the server (it would answer 403).
 */
export default function PayrollPage() {
  const session = useSession();
  const { companyId, user } = session;
  const rights = usePayrollRights();
  const readable = companyId && rights.read ? companyId : null;
  const searchBox = useDebouncedSearch();
  const { search } = searchBox;
  const [period, setPeriod] = useState('');
  const [status, setStatus] = useState<PayslipStatus | ''>('');
  const [page, setPage] = useFilteredPage(search, period, status);
  const list = useListPayslipsQuery(
    readable
      ? {
          companyId: readable,
          page: page + 1,
          pageSize: PAYSLIPS_PAGE_SIZE,
          search: search || undefined,
          period: period || undefined,
          status: status || undefined,
        }
      : skipToken,
  );
  // The employee choice of 'Nouveau bulletin' (the same request as the dialog's: it opens ready).
  const employeesList = useListEmployeesQuery(readable ? activeEmployeeChoice(readable) : skipToken);
  const [validate] = useValidatePayslipMutation();
  const [cancel] = useCancelPayslipMutation();
  const creating = useDialog('slip');
  const generating = useDialog('generate');
  const [viewing, setViewing] = useState<Payslip | null>(null);
  const [paying, setPaying] = useState<Payslip | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [tab, setTab] = useState<PayrollTab>('slips');
  // The company whose 'Déclarations' or 'Absences' tab is shown (null on 'Bulletins'): the slips' header, filters and counters go.
  const panelTab = tab !== 'slips' && readable ? readable : null;

  const slips = list.data?.items ?? [];
  // Over every slip matching the filters (all pages), summed by the server.
  const totals = list.data?.totals;
  const zero = formatMoney('0');
  const hasActiveEmployee = (employeesList.data?.totalItems ?? 0) > 0;
  const filtered = Boolean(search || period || status);

  const openCreate = () => creating.show();
  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await action();
      toastSuccess(success);
    } catch (error) {
      toastFailure(error, failure);
    }
  };
  const onValidate = (slip: Payslip) =>
    void run(() => validate(slip.id).unwrap(), MESSAGES_PAYSLIP.validated, 'Erreur lors de la validation du bulletin');
  const onCancel = (slip: Payslip) =>
    void run(() => cancel(slip.id).unwrap(), MESSAGES_PAYSLIP.cancelled, "Erreur lors de l'annulation du bulletin");

  if (user && !rights.read)
    return (
      <Box component="section" aria-label={ROUTE?.title ?? 'Gestion de la Paie'}>
        <PageHeader title={ROUTE?.title ?? 'Gestion de la Paie'} subtitle={ROUTE?.subtitle} />
        <PayrollRestricted />
      </Box>
    );

  return (
    <ListPage
      path="/paie"
      title="Gestion de la Paie"
      session={session}
      list={panelTab ? PANEL_READ : list}
      errorTitle="Impossible de charger les bulletins de paie"
      skeletons={3}
      actions={
        panelTab ? null : (
          <>
            {rights.transfer ? (
              <Button variant="outlined" onClick={() => setTransferring(true)} disabled={!companyId}>
                Virement des salaires
              </Button>
            ) : null}
            {rights.generate ? (
              <Button variant="outlined" onClick={() => generating.show()} disabled={!companyId || !hasActiveEmployee}>
                {MESSAGES_PAYSLIP.generate}
              </Button>
            ) : null}
          </>
        )
      }
      create={
        rights.create && !panelTab
          ? { label: 'Nouveau bulletin', onClick: openCreate, disabled: !companyId || !hasActiveEmployee }
          : undefined
      }
      above={
        <Tabs value={tab} onChange={(_event, next: PayrollTab) => setTab(next)} sx={{ mb: 2 }} aria-label="Gestion de la Paie">
          {PAYROLL_TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} id={`payroll-tab-${t.value}`} aria-controls="payroll-tab-panel" />
          ))}
        </Tabs>
      }
      frame={(body) => (
        <Paper
          variant="outlined"
          role="tabpanel"
          id="payroll-tab-panel"
          aria-labelledby={`payroll-tab-${tab}`}
          sx={{ p: { xs: 1.5, md: 2 } }}
        >
          {body}
        </Paper>
      )}
      counters={
        panelTab
          ? undefined
          : [
              { label: 'Masse salariale', value: totals ? formatMoney(totals.gross) : zero },
              { label: 'Charges sociales', value: totals ? formatMoney(totals.charges) : zero },
              { label: 'TRIMF', value: totals ? formatMoney(totals.tax) : zero },
              { label: 'Net à payer', value: totals ? formatMoney(totals.net) : zero },
            ]
      }
      search={
        panelTab
          ? undefined
          : {
              label: 'Rechercher un bulletin',
              placeholder: "Nom ou matricule de l'employé",
              value: searchBox.input,
              onChange: searchBox.setInput,
            }
      }
      toolbar={
        panelTab ? undefined : (
          <>
            <TextField
              type="month"
              size="small"
              label="Période"
              value={period}
              onChange={(e) => setPeriod(e.target.value)}
              sx={{ minWidth: 170 }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FilterSelect label="Statut" value={status} onChange={setStatus} allLabel="Tous" options={STATUS_OPTIONS} minWidth={160} />
          </>
        )
      }
      count={panelTab ? 1 : slips.length}
      filtered={filtered}
      emptyFiltered={MESSAGES_PAYSLIP.emptyFiltered}
      pagination={
        panelTab ? undefined : { page, pageSize: PAYSLIPS_PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage }
      }
      empty={{
        title: MESSAGES_PAYSLIP.empty,
        create: rights.create
          ? {
              description:
                'Créez un bulletin : salaire brut, cotisations IPRES et CSS, impôt et net à payer sont calculés selon le barème.',
              label: 'Créer le premier bulletin',
              onClick: openCreate,
              disabled: !hasActiveEmployee,
            }
          : undefined,
      }}
      dialogs={
        <>
          <GenerateDialog key={generating.key} {...generating.props} companyId={companyId} onGenerated={() => void list.refetch()} />
          <PayslipDialog key={creating.key} {...creating.props} companyId={companyId} />
          <BreakdownDialog
            open={viewing !== null}
            breakdown={viewing?.breakdown ?? null}
            subtitle={viewing ? `${employeeName(viewing.employee)} — ${viewing.period}` : ''}
            onClose={() => setViewing(null)}
          />
          <PayDialog key={`pay-${paying?.id ?? 'none'}`} slip={paying} onClose={() => setPaying(null)} />
          {transferring && companyId && rights.transfer ? (
            <TransferDialog companyId={companyId} initialPeriod={period || previousMonth()} onClose={() => setTransferring(false)} />
          ) : null}
        </>
      }
    >
      {panelTab && tab === 'declarations' ? <PayrollDeclarationsPanel companyId={panelTab} /> : null}
      {panelTab && tab === 'leaves' ? <LeavesPanel companyId={panelTab} /> : null}
      {panelTab ? null : (
        <DataTable
          label="Bulletins de paie"
          columns={COLUMNS}
          rows={slips}
          rowKey={(slip) => slip.id}
          fetching={list.isFetching}
          actions={(slip) => {
            const what = `${employeeName(slip.employee)} ${slip.period}`;
            return (
              <>
                <RowAction label={`Voir le détail de ${what}`} onClick={() => setViewing(slip)}>
                  <ViewIcon fontSize="small" />
                </RowAction>
                <RowAction label={`Télécharger le PDF de ${what}`} onClick={() => companyId && void downloadPayslipPdf(companyId, slip)}>
                  <DownloadIcon fontSize="small" />
                </RowAction>
                <RowAction label="Imprimer le bulletin" onClick={() => companyId && void printPayslip(companyId, slip)}>
                  <PrintIcon fontSize="small" />
                </RowAction>
                {rights.validate && slip.status === 'draft' ? (
                  <RowAction label={`Valider ${what}`} onClick={() => onValidate(slip)}>
                    <CheckIcon fontSize="small" />
                  </RowAction>
                ) : null}
                {rights.pay && slip.status === 'validated' ? (
                  <Button size="small" variant="outlined" sx={{ ml: 1 }} aria-label={`Payer ${what}`} onClick={() => setPaying(slip)}>
                    Payer
                  </Button>
                ) : null}
                {rights.cancel && (slip.status === 'draft' || slip.status === 'validated') ? (
                  <RowAction label={`Annuler ${what}`} onClick={() => onCancel(slip)}>
                    <DeleteIcon fontSize="small" />
                  </RowAction>
                ) : null}
              </>
            );
          }}
        />
      )}
    </ListPage>
  );
}
