import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { employeeName, MESSAGES_EMPLOYEE, MESSAGES_PAYSLIP, PAYSLIP_STATUS_LABELS, type Employee, type Payslip } from '@xaalis/contracts';
import { formatMoney, toastFailure, toastSuccess, useDialog, useSession, AddButton, EmptyState, ListPage } from '@xaalis/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { payslipStatusColor, PayslipDialog, useListPayslipsQuery, usePayrollRights } from '../payroll';
import { useListEmployeesQuery, useSetEmployeeStatusMutation } from './api';
import { EmployeeCard } from './EmployeeCard';
import { EmployeeDialog } from './EmployeeDialog';
import { useCanEditStaff } from './rights';

/** Spec §8: the staff page's own payroll texts. */
const STAFF_PAYROLL_ERROR = 'Impossible de créer la fiche de paie.';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } } as const;

function PayslipCard({ slip }: { slip: Payslip }) {
  const name = employeeName(slip.employee);
  return (
    <Paper variant="outlined" component="article" aria-label={`${name} ${slip.period}`} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Chip size="small" label={PAYSLIP_STATUS_LABELS[slip.status] ?? slip.status} color={payslipStatusColor(slip.status)} />
      </Box>
      <Typography variant="body2" color="text.secondary">{`Période ${slip.period}`}</Typography>
      <Typography variant="body2">{`Brut : ${formatMoney(slip.grossSalary)}`}</Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{`Net : ${formatMoney(slip.netSalary)}`}</Typography>
    </Paper>
  );
}

function PayrollTab({ companyId, employees }: { companyId: string; employees: readonly Employee[] }) {
  const list = useListPayslipsQuery(companyId);
  const creating = useDialog('slip');
  const canCreate = usePayrollRights().create;
  const slips = list.data ?? [];
  const noEmployee = employees.length === 0;
  let content: ReactNode;
  if (list.isLoading) content = <Typography color="text.secondary">Chargement...</Typography>;
  else if (list.error && !list.data) content = <Alert severity="error">Impossible de charger les bulletins de paie</Alert>;
  else if (slips.length === 0) content = <EmptyState title={MESSAGES_PAYSLIP.empty} />;
  else
    content = (
      <Box sx={GRID}>
        {slips.map((slip) => (
          <PayslipCard key={slip.id} slip={slip} />
        ))}
      </Box>
    );
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', mb: 2 }}>
        <Button component={RouterLink} to="/paie">
          Gestion de la paie
        </Button>
        {canCreate ? (
          <AddButton onClick={() => creating.show()} disabled={noEmployee}>
            Nouvelle fiche de paie
          </AddButton>
        ) : null}
      </Box>
      {canCreate && noEmployee ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Ajoutez d&apos;abord un employé pour créer une fiche de paie.
        </Alert>
      ) : null}
      {content}
      <PayslipDialog
        key={creating.key}
        {...creating.props}
        companyId={companyId}
        employees={employees}
        successTitle={MESSAGES_PAYSLIP.createdShort}
        successDescription=""
        errorText={STAFF_PAYROLL_ERROR}
      />
    </Box>
  );
}

/**
 * Route /employes (exposed as './Employees'): 'Gestion du Personnel', employees and their pay slips.
 * Payroll data is confidential: a role without `payroll` sees the employees without their salary
 * (the server leaves it out) and no 'Paie' tab.
 */
export default function EmployeesPage() {
  const session = useSession();
  const { companyId } = session;
  const list = useListEmployeesQuery(companyId ?? skipToken);
  const [setStatus, { isLoading: statusSaving, originalArgs }] = useSetEmployeeStatusMutation();
  const [tab, setTab] = useState<'employees' | 'payroll'>('employees');
  const dialog = useDialog<Employee | null>('employee', null);
  const canEdit = useCanEditStaff();
  // Payslips are payroll data: without `payroll`, no 'Paie' tab (and no request that would be refused).
  const seesPayroll = usePayrollRights().read;

  const employees = useMemo(() => list.data ?? [], [list.data]);
  const openCreate = () => dialog.show(null);

  const toggleStatus = async (employee: Employee) => {
    try {
      await setStatus({ id: employee.id, status: employee.status === 'active' ? 'inactive' : 'active' }).unwrap();
      toastSuccess(MESSAGES_EMPLOYEE.statusChanged);
    } catch (error) {
      toastFailure(error, MESSAGES_EMPLOYEE.updateError);
    }
  };

  const payrollTab = tab === 'payroll' && seesPayroll && companyId;
  return (
    <ListPage
      path="/employes"
      title="Gestion du Personnel"
      session={session}
      list={list}
      errorTitle="Impossible de charger les employés"
      skeletons={3}
      create={canEdit ? { label: 'Nouvel Employé', onClick: openCreate, disabled: !companyId } : undefined}
      above={
        <Tabs value={tab} onChange={(_e, value: 'employees' | 'payroll') => setTab(value)} sx={{ mb: 2 }} aria-label="Personnel">
          <Tab value="employees" label="Employés" />
          {seesPayroll ? <Tab value="payroll" label="Paie" /> : null}
        </Tabs>
      }
      frame={(body) => <Box role="tabpanel">{body}</Box>}
      // The 'Paie' tab has its own states: the employees' emptiness is not its own.
      count={payrollTab ? 1 : employees.length}
      empty={{
        title: MESSAGES_EMPLOYEE.empty,
        create: canEdit
          ? {
              description: 'Enregistrez vos employés : leur fiche sert au calcul des bulletins de paie.',
              label: 'Ajouter le premier employé',
              onClick: openCreate,
            }
          : undefined,
      }}
      dialogs={<EmployeeDialog key={dialog.key} {...dialog.props} companyId={companyId} employee={dialog.value} />}
    >
      {payrollTab ? (
        <PayrollTab companyId={companyId} employees={employees} />
      ) : (
        <Box sx={{ ...GRID, opacity: list.isFetching ? 0.6 : 1 }}>
          {employees.map((employee) => (
            <EmployeeCard
              key={employee.id}
              employee={employee}
              onEdit={canEdit ? dialog.show : undefined}
              onToggleStatus={canEdit ? (e) => void toggleStatus(e) : undefined}
              busy={statusSaving && originalArgs?.id === employee.id}
            />
          ))}
        </Box>
      )}
    </ListPage>
  );
}
