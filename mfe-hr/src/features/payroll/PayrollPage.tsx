import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { APP_ROUTES, employeeName, MESSAGES_PAYSLIP, PAYSLIP_STATUS_LABELS, payslipPostingLabel, type Payslip } from '@xaalis/contracts';
import { fromCents, toCents } from '@xaalis/domain';
import {
  formatMoney,
  PageHeader,
  CounterRow,
  CounterTile,
  downloadWithToast,
  toastFailure,
  toastSuccess,
  RowAction,
  useSession,
  EmptyState,
  listPreamble,
  AddIcon,
  CheckIcon,
  DeleteIcon,
  PrintIcon,
  ViewIcon,
} from '@xaalis/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
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
  return fromCents(toCents(slip.incomeTax) + toCents(slip.trimf));
}

/** The four cards, summed exactly over the loaded slips (cancelled slips excluded). */
export function payrollTotals(slips: readonly Payslip[]) {
  let gross = 0n;
  let charges = 0n;
  let tax = 0n;
  let net = 0n;
  for (const s of slips) {
    if (s.status === 'cancelled') continue;
    gross += toCents(s.grossSalary);
    // Spec: 'IPRES + CSS', the employee's and the employer's shares.
    charges += toCents(s.socialCharges) + toCents(s.employerContributions);
    tax += toCents(s.incomeTax) + toCents(s.trimf);
    net += toCents(s.netSalary);
  }
  return { gross: fromCents(gross), charges: fromCents(charges), tax: fromCents(tax), net: fromCents(net) };
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

/**
 * Route /paie (exposed as './Payroll'): 'Gestion de la Paie', pay slips computed with the Senegalese
 * payroll rules. Payroll data is confidential: a role without `payroll` sees a notice, and nothing
 * is asked of the server (it would answer 403).
 */
export default function PayrollPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const rights = usePayrollRights();
  const readable = companyId && rights.read ? companyId : skipToken;
  const list = useListPayslipsQuery(readable);
  const employeesList = useListEmployeesQuery(readable);
  const [validate] = useValidatePayslipMutation();
  const [cancel] = useCancelPayslipMutation();
  const [creating, setCreating] = useState({ open: false, key: 0 });
  const [generating, setGenerating] = useState({ open: false, key: 0 });
  const [viewing, setViewing] = useState<Payslip | null>(null);
  const [paying, setPaying] = useState<Payslip | null>(null);

  const slips = useMemo(() => list.data ?? [], [list.data]);
  const employees = useMemo(() => employeesList.data ?? [], [employeesList.data]);
  const totals = useMemo(() => payrollTotals(slips), [slips]);
  const tilesLoading = !list.data && (userLoading || list.isLoading || list.isUninitialized);
  const hasActiveEmployee = employees.some((e) => e.status === 'active');

  const openCreate = () => setCreating((c) => ({ open: true, key: c.key + 1 }));
  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await action();
      toastSuccess(success);
    } catch (error) {
      toastFailure(error, failure);
    }
  };

  const preamble = listPreamble({
    user,
    userLoading,
    userError,
    companyId,
    list,
    errorTitle: 'Impossible de charger les bulletins de paie',
    rows: 3,
  });
  if (user && !rights.read)
    return (
      <Box component="section" aria-label={ROUTE?.title ?? 'Gestion de la Paie'}>
        <PageHeader title={ROUTE?.title ?? 'Gestion de la Paie'} subtitle={ROUTE?.subtitle} />
        <PayrollRestricted />
      </Box>
    );
  let content: ReactNode;
  if (preamble) content = preamble;
  else if (slips.length === 0)
    content = (
      <EmptyState
        title={MESSAGES_PAYSLIP.empty}
        description={
          rights.create
            ? 'Créez un bulletin : salaire brut, cotisations IPRES et CSS, impôt et net à payer sont calculés selon le barème.'
            : undefined
        }
        action={
          rights.create ? (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={openCreate} disabled={!hasActiveEmployee}>
              Créer le premier bulletin
            </Button>
          ) : undefined
        }
      />
    );
  else
    content = (
      <TableContainer>
        <Table size="small" aria-label="Bulletins de paie">
          <TableHead>
            <TableRow>
              <TableCell>Employé</TableCell>
              <TableCell>Période</TableCell>
              <TableCell align="right">Salaire brut</TableCell>
              <TableCell align="right">Cotisations</TableCell>
              <TableCell align="right">TRIMF</TableCell>
              <TableCell align="right">Net</TableCell>
              <TableCell>Statut</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
            {slips.map((slip) => {
              const name = employeeName(slip.employee);
              const what = `${name} ${slip.period}`;
              const posting = payslipPostingLabel(slip);
              return (
                <TableRow key={slip.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{name}</TableCell>
                  <TableCell>{slip.period}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(slip.grossSalary)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(slip.socialCharges)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(withheldTax(slip))}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {formatMoney(slip.netSalary)}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      <Chip
                        size="small"
                        label={PAYSLIP_STATUS_LABELS[slip.status] ?? slip.status}
                        color={payslipStatusColor(slip.status)}
                      />
                      {posting ? (
                        <Chip size="small" variant="outlined" color={slip.postedEntryNumber ? 'success' : 'default'} label={posting} />
                      ) : null}
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RowAction label={`Voir le détail de ${what}`} onClick={() => setViewing(slip)}>
                      <ViewIcon fontSize="small" />
                    </RowAction>
                    <RowAction label={`Imprimer ${what}`} onClick={() => companyId && void downloadPayslipPdf(companyId, slip)}>
                      <PrintIcon fontSize="small" />
                    </RowAction>
                    {rights.validate && slip.status === 'draft' ? (
                      <RowAction
                        label={`Valider ${what}`}
                        onClick={() =>
                          void run(() => validate(slip.id).unwrap(), MESSAGES_PAYSLIP.validated, 'Erreur lors de la validation du bulletin')
                        }
                      >
                        <CheckIcon fontSize="small" />
                      </RowAction>
                    ) : null}
                    {rights.pay && slip.status === 'validated' ? (
                      <Button size="small" variant="outlined" sx={{ ml: 1 }} aria-label={`Payer ${what}`} onClick={() => setPaying(slip)}>
                        Payer
                      </Button>
                    ) : null}
                    {rights.cancel && (slip.status === 'draft' || slip.status === 'validated') ? (
                      <RowAction
                        label={`Annuler ${what}`}
                        onClick={() =>
                          void run(() => cancel(slip.id).unwrap(), MESSAGES_PAYSLIP.cancelled, "Erreur lors de l'annulation du bulletin")
                        }
                      >
                        <DeleteIcon fontSize="small" />
                      </RowAction>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Box component="section" aria-label={ROUTE?.title ?? 'Gestion de la Paie'}>
      <PageHeader
        title={ROUTE?.title ?? 'Gestion de la Paie'}
        subtitle={ROUTE?.subtitle}
        actions={
          rights.generate || rights.create ? (
            <>
              {rights.generate ? (
                <Button
                  variant="outlined"
                  onClick={() => setGenerating((g) => ({ open: true, key: g.key + 1 }))}
                  disabled={!companyId || !hasActiveEmployee}
                >
                  {MESSAGES_PAYSLIP.generate}
                </Button>
              ) : null}
              {rights.create ? (
                <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate} disabled={!companyId || !hasActiveEmployee}>
                  Nouveau bulletin
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <CounterRow>
        <CounterTile label="Masse salariale" value={formatMoney(totals.gross)} loading={tilesLoading} />
        <CounterTile label="Charges sociales" value={formatMoney(totals.charges)} loading={tilesLoading} />
        <CounterTile label="TRIMF" value={formatMoney(totals.tax)} loading={tilesLoading} />
        <CounterTile label="Net à payer" value={formatMoney(totals.net)} loading={tilesLoading} />
      </CounterRow>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        {content}
      </Paper>
      <GenerateDialog
        key={`generate-${generating.key}`}
        open={generating.open}
        companyId={companyId}
        onClose={() => setGenerating((g) => ({ ...g, open: false }))}
        onGenerated={() => void list.refetch()}
      />
      <PayslipDialog
        key={`slip-${creating.key}`}
        open={creating.open}
        onClose={() => setCreating((c) => ({ ...c, open: false }))}
        companyId={companyId}
        employees={employees}
      />
      <BreakdownDialog
        open={viewing !== null}
        breakdown={viewing?.breakdown ?? null}
        subtitle={viewing ? `${employeeName(viewing.employee)} — ${viewing.period}` : ''}
        onClose={() => setViewing(null)}
      />
      <PayDialog key={`pay-${paying?.id ?? 'none'}`} slip={paying} onClose={() => setPaying(null)} />
    </Box>
  );
}
