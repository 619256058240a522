import Box from '@mui/material/Box';
import { EMPLOYEE_CHOICE_PAGE_SIZE, employeeName } from '@xaalis/contracts';
import { useCan } from '@xaalis/web-kit';
import { useCallback, useMemo, useState } from 'react';
import { activeEmployeeChoice, useListEmployeesQuery } from '../../api/employees';
import { LeaveBalancesTable } from './LeaveBalancesTable';
import { LeaveDialog } from './LeaveDialog';
import { LeavesTable } from './LeavesTable';

/**
 * Gestion de la Paie → 'Absences' (issue 31): the paid-leave balances of the employees, then the
 * absences recorded (filter, pages, delete) and 'Nouvelle absence'. Payroll data: the page shows it
 * to a role with the `payroll` capability only, who may also record and delete absences.
 */
export function LeavesPanel({ companyId }: { companyId: string }) {
  const canWrite = useCan('/api/companies/:id/leaves');
  // Every employee (the balances and the filter name former ones too), and the active ones a new absence is for.
  const everyone = useListEmployeesQuery({ companyId, pageSize: EMPLOYEE_CHOICE_PAGE_SIZE });
  const active = useListEmployeesQuery(activeEmployeeChoice(companyId));
  const [creating, setCreating] = useState(false);

  const names = useMemo(() => new Map((everyone.data?.items ?? []).map((e) => [e.id, employeeName(e)])), [everyone.data]);
  const nameOf = useCallback((employeeId: string) => names.get(employeeId) ?? '-', [names]);
  const employeeOptions = useMemo(
    () => (everyone.data?.items ?? []).map((e) => ({ value: e.id, label: `${employeeName(e)} (${e.employeeNumber})` })),
    [everyone.data],
  );
  const activeEmployees = active.data?.items ?? [];

  return (
    <Box>
      <LeaveBalancesTable companyId={companyId} nameOf={nameOf} />
      <LeavesTable
        companyId={companyId}
        employeeOptions={employeeOptions}
        canWrite={canWrite}
        createDisabled={activeEmployees.length === 0}
        onCreate={() => setCreating(true)}
      />
      {creating && canWrite ? (
        <LeaveDialog
          companyId={companyId}
          employees={activeEmployees}
          more={(active.data?.totalItems ?? 0) - activeEmployees.length}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </Box>
  );
}
