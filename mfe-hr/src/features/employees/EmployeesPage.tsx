import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  EMPLOYEE_STATUS_LABELS,
  EMPLOYEE_STATUSES,
  EMPLOYEES_PAGE_SIZE,
  employeeName,
  MESSAGES_EMPLOYEE,
  MESSAGES_PAYSLIP,
  PAYSLIP_STATUS_LABELS,
  type Employee,
  type EmployeeStatus,
  type Payslip,
} from '@xaalis/contracts';
import {
  formatMoney,
  toastFailure,
  toastSuccess,
  useDebouncedSearch,
  useDialog,
  useFilteredPage,
  useSession,
  AddButton,
  EmptyState,
  FilterSelect,
  ListPage,
  ListPagination,
} from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { payslipStatusColor, PayslipDialog, useListPayslipsQuery, usePayrollRights } from '../payroll';
import { useListEmployeesQuery, useSetEmployeeStatusMutation } from './api';
import { EmployeeCard } from './EmployeeCard';
import { EmployeeDialog } from './EmployeeDialog';
import { useCanEditStaff } from './rights';

/** Spec §8: the staff page's own payroll texts. */
const STAFF_PAYROLL_ERROR = 'Impossible de créer la fiche de paie.';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } } as const;

/** Slip cards per page of the 'Paie' tab. */
export const STAFF_PAYSLIPS_PAGE_SIZE = 12;
const STATUS_OPTIONS = EMPLOYEE_STATUSES.map((value) => ({ value, label: EMPLOYEE_STATUS_LABELS[value] }));

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

/**
 * The 'Paie' tab: the company's slips one page at a time, newest first, or only one
 * employee's (asked of the server by `employeeId`) when the tab was opened from their card.
 */
function PayrollTab({
  companyId,
  employee,
  onAllEmployees,
  hasActiveEmployee,
}: {
  companyId: string;
  /** Only this employee's slips; all the company's when null. */
  employee: Employee | null;
  onAllEmployees: () => void;
  hasActiveEmployee: boolean;
}) {
  const [page, setPage] = useFilteredPage(employee?.id ?? null);
  const list = useListPayslipsQuery({ companyId, page: page + 1, pageSize: STAFF_PAYSLIPS_PAGE_SIZE, employeeId: employee?.id });
  const creating = useDialog('slip');
  const canCreate = usePayrollRights().create;
  const slips = list.data?.items ?? [];
  let content: ReactNode;
  if (list.isLoading) content = <Typography color="text.secondary">Chargement...</Typography>;
  else if (list.error && !list.data) content = <Alert severity="error">Impossible de charger les bulletins de paie</Alert>;
  else if (slips.length === 0) content = <EmptyState title={MESSAGES_PAYSLIP.empty} />;
  else
    content = (
      <>
        <Box sx={{ ...GRID, opacity: list.isFetching ? 0.6 : 1 }}>
          {slips.map((slip) => (
            <PayslipCard key={slip.id} slip={slip} />
          ))}
        </Box>
        <ListPagination count={list.data?.totalItems ?? 0} page={page} pageSize={STAFF_PAYSLIPS_PAGE_SIZE} onPageChange={setPage} />
      </>
    );
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {employee ? <Chip label={`Bulletins de ${employeeName(employee)}`} onDelete={onAllEmployees} /> : null}
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to="/paie">
          Gestion de la paie
        </Button>
        {canCreate ? (
          <AddButton onClick={() => creating.show()} disabled={!hasActiveEmployee}>
            Nouvelle fiche de paie
          </AddButton>
        ) : null}
      </Box>
      {canCreate && !hasActiveEmployee ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Ajoutez d&apos;abord un employé pour créer une fiche de paie.
        </Alert>
      ) : null}
      {content}
      <PayslipDialog
        key={creating.key}
        {...creating.props}
        companyId={companyId}
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
  const searchBox = useDebouncedSearch();
  const { search } = searchBox;
  const [status, setStatus] = useState<EmployeeStatus | ''>('');
  const [page, setPage] = useFilteredPage(search, status);
  const list = useListEmployeesQuery(
    companyId
      ? { companyId, page: page + 1, pageSize: EMPLOYEES_PAGE_SIZE, search: search || undefined, status: status || undefined }
      : skipToken,
  );
  const [setEmployeeStatus, { isLoading: statusSaving, originalArgs }] = useSetEmployeeStatusMutation();
  const [tab, setTab] = useState<'employees' | 'payroll'>('employees');
  // The employee whose slips the 'Paie' tab shows (from their card), or all.
  const [slipsOf, setSlipsOf] = useState<Employee | null>(null);
  const dialog = useDialog<Employee | null>('employee', null);
  const canEdit = useCanEditStaff();
  // Payslips are payroll data: without `payroll`, no 'Paie' tab (and no request that would be refused).
  const seesPayroll = usePayrollRights().read;

  const employees = list.data?.items ?? [];
  const counters = list.data?.counters;
  const openCreate = () => dialog.show(null);
  const showSlips = (employee: Employee) => {
    setSlipsOf(employee);
    setTab('payroll');
  };

  const toggleStatus = async (employee: Employee) => {
    try {
      await setEmployeeStatus({ id: employee.id, status: employee.status === 'active' ? 'inactive' : 'active' }).unwrap();
      toastSuccess(MESSAGES_EMPLOYEE.statusChanged);
    } catch (error) {
      toastFailure(error, MESSAGES_EMPLOYEE.updateError);
    }
  };

  const payrollTab = tab === 'payroll' && seesPayroll && companyId;
  const employeesTab = !payrollTab;
  return (
    <ListPage
      path="/employes"
      title="Gestion du Personnel"
      session={session}
      list={list}
      errorTitle="Impossible de charger les employés"
      skeletons={3}
      create={canEdit ? { label: 'Nouvel Employé', onClick: openCreate, disabled: !companyId } : undefined}
      // Head counts of the whole company, whatever the search and the filter.
      counters={[
        { label: 'Employés', value: counters?.total ?? 0 },
        { label: 'Actifs', value: counters?.active ?? 0 },
        { label: 'Inactifs', value: counters?.inactive ?? 0 },
      ]}
      above={
        <Tabs
          value={tab}
          onChange={(_e, value: 'employees' | 'payroll') => {
            setTab(value);
            setSlipsOf(null);
          }}
          sx={{ mb: 2 }}
          aria-label="Personnel"
        >
          <Tab value="employees" label="Employés" />
          {seesPayroll ? <Tab value="payroll" label="Paie" /> : null}
        </Tabs>
      }
      search={
        employeesTab
          ? {
              label: 'Rechercher un employé',
              placeholder: 'Nom, matricule ou poste',
              value: searchBox.input,
              onChange: searchBox.setInput,
            }
          : undefined
      }
      toolbar={
        employeesTab ? (
          <FilterSelect label="Statut" value={status} onChange={setStatus} allLabel="Tous" options={STATUS_OPTIONS} minWidth={140} />
        ) : undefined
      }
      frame={(body) => <Box role="tabpanel">{body}</Box>}
      // The 'Paie' tab has its own states and pages: the employees' emptiness is not its own.
      count={payrollTab ? 1 : employees.length}
      filtered={Boolean(search || status)}
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
      emptyFiltered={MESSAGES_EMPLOYEE.emptyFiltered}
      pagination={
        employeesTab ? { page, pageSize: EMPLOYEES_PAGE_SIZE, totalItems: list.data?.totalItems ?? 0, onPageChange: setPage } : undefined
      }
      dialogs={<EmployeeDialog key={dialog.key} {...dialog.props} companyId={companyId} employee={dialog.value} />}
    >
      {payrollTab ? (
        <PayrollTab
          companyId={companyId}
          employee={slipsOf}
          onAllEmployees={() => setSlipsOf(null)}
          hasActiveEmployee={(counters?.active ?? 0) > 0}
        />
      ) : (
        <Box sx={{ ...GRID, opacity: list.isFetching ? 0.6 : 1 }}>
          {employees.map((employee) => (
            <EmployeeCard
              key={employee.id}
              employee={employee}
              onEdit={canEdit ? dialog.show : undefined}
              onToggleStatus={canEdit ? (e) => void toggleStatus(e) : undefined}
              onShowSlips={seesPayroll ? showSlips : undefined}
              busy={statusSaving && originalArgs?.id === employee.id}
            />
          ))}
        </Box>
      )}
    </ListPage>
  );
}
