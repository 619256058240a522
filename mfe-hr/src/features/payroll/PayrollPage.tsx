import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { APP_ROUTES, employeeName, MESSAGES_PAYSLIP, PAYSLIP_STATUS_LABELS, payslipPostingLabel, type Payslip } from '@xaalis/contracts';
import { add, sum } from '@xaalis/domain';
import {
  formatMoney,
  moneyColumn,
  PageHeader,
  downloadWithToast,
  toastFailure,
  toastSuccess,
  DataTable,
  ListPage,
  RowAction,
  useDialog,
  useSession,
  CheckIcon,
  DeleteIcon,
  PrintIcon,
  ViewIcon,
  type Column,
} from '@xaalis/web-kit';
import { useMemo, useState } from 'react';
import { useListEmployeesQuery } from '../../api/employees';
import { payslipPdfUrl, useCancelPayslipMutation, useListPayslipsQuery, useValidatePayslipMutation } from './api';
import { BreakdownDialog } from './BreakdownDialog';
import { PayDialog } from './PayDialog';
import { GenerateDialog } from './GenerateDialog';
import { PayslipDialog } from './PayslipDialog';
import { usePayrollRights } from './rights';
import { payslipStatusColor } from './status';

const ROUTE = APP_ROUTES.find((r) => r.path === '/paie');

/** The tax withheld, shown under the spec's label 'TRIMF': income tax plus the TRIMF itself (0 in the spec's set). */
export function withheldTax(slip: Pick<Payslip, 'incomeTax' | 'trimf'>): string {
  return add(slip.incomeTax, slip.trimf);
}

/** The four cards, summed exactly over the loaded slips (cancelled slips excluded). */
export function payrollTotals(slips: readonly Payslip[]) {
  const kept = slips.filter((s) => s.status !== 'cancelled');
  return {
    gross: sum(kept.map((s) => s.grossSalary)),
    // Spec: 'IPRES + CSS', the employee's and the employer's shares.
    charges: sum(kept.flatMap((s) => [s.socialCharges, s.employerContributions])),
    tax: sum(kept.flatMap((s) => [s.incomeTax, s.trimf])),
    net: sum(kept.map((s) => s.netSalary)),
  };
}

/** Downloads the slip's PDF (`bulletin-<matricule>-<period>.pdf`, the server's name when it gives one). */
export function downloadPayslipPdf(companyId: string, slip: Pick<Payslip, 'id' | 'period' | 'employee'>): Promise<boolean> {
  return downloadWithToast(
    payslipPdfUrl(companyId, slip.id),
    `bulletin-${slip.employee.employeeNumber}-${slip.period}.pdf`,
    'Impossible de télécharger le bulletin de paie',
    { preferServerName: true },
  );
}

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
 * payroll rules. Payroll data is confidential: a role without `payroll` sees a notice, and nothing
 * is asked of the server (it would answer 403).
 */
export default function PayrollPage() {
  const session = useSession();
  const { companyId, user } = session;
  const rights = usePayrollRights();
  const readable = companyId && rights.read ? companyId : skipToken;
  const list = useListPayslipsQuery(readable);
  const employeesList = useListEmployeesQuery(readable);
  const [validate] = useValidatePayslipMutation();
  const [cancel] = useCancelPayslipMutation();
  const creating = useDialog('slip');
  const generating = useDialog('generate');
  const [viewing, setViewing] = useState<Payslip | null>(null);
  const [paying, setPaying] = useState<Payslip | null>(null);

  const slips = useMemo(() => list.data ?? [], [list.data]);
  const employees = useMemo(() => employeesList.data ?? [], [employeesList.data]);
  const totals = useMemo(() => payrollTotals(slips), [slips]);
  const hasActiveEmployee = employees.some((e) => e.status === 'active');

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
      list={list}
      errorTitle="Impossible de charger les bulletins de paie"
      skeletons={3}
      actions={
        rights.generate ? (
          <Button variant="outlined" onClick={() => generating.show()} disabled={!companyId || !hasActiveEmployee}>
            {MESSAGES_PAYSLIP.generate}
          </Button>
        ) : null
      }
      create={rights.create ? { label: 'Nouveau bulletin', onClick: openCreate, disabled: !companyId || !hasActiveEmployee } : undefined}
      counters={[
        { label: 'Masse salariale', value: formatMoney(totals.gross) },
        { label: 'Charges sociales', value: formatMoney(totals.charges) },
        { label: 'TRIMF', value: formatMoney(totals.tax) },
        { label: 'Net à payer', value: formatMoney(totals.net) },
      ]}
      count={slips.length}
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
          <PayslipDialog key={creating.key} {...creating.props} companyId={companyId} employees={employees} />
          <BreakdownDialog
            open={viewing !== null}
            breakdown={viewing?.breakdown ?? null}
            subtitle={viewing ? `${employeeName(viewing.employee)} — ${viewing.period}` : ''}
            onClose={() => setViewing(null)}
          />
          <PayDialog key={`pay-${paying?.id ?? 'none'}`} slip={paying} onClose={() => setPaying(null)} />
        </>
      }
    >
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
              <RowAction label={`Imprimer ${what}`} onClick={() => companyId && void downloadPayslipPdf(companyId, slip)}>
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
    </ListPage>
  );
}
