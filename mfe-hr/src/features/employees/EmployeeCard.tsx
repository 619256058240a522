import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EMPLOYEE_STATUS_LABELS, employeeName, SALARY_TYPE_LABELS, type Employee } from '@xaalis/contracts';
import { formatDate, formatMoney, EditIcon } from '@xaalis/web-kit';

/** Spec §2: an active employee shows 'Actif', any other status 'Inactif'. */
export function employeeStatusLabel(status: string): string {
  return status === 'active' ? EMPLOYEE_STATUS_LABELS.active : EMPLOYEE_STATUS_LABELS.inactive;
}

export interface EmployeeCardProps {
  employee: Employee;
  /** 'Modifier' and 'Désactiver'/'Réactiver'; none without them (a role that may not change staff). */
  onEdit?: (employee: Employee) => void;
  onToggleStatus?: (employee: Employee) => void;
  /** 'Bulletins': this employee's pay slips (the 'Paie' tab); none for a role without `payroll`. */
  onShowSlips?: (employee: Employee) => void;
  /** A status change of this employee is being saved. */
  busy?: boolean;
}

/**
 * One employee: name, matricule, position, department, hire date, IPRES and CSS numbers (when
 * recorded), salary and status badge, with edit and (de)activate. The salary is payroll data: a role without `payroll` receives it null, and the
 * card leaves the line out.
 */
export function EmployeeCard({ employee, onEdit, onToggleStatus, onShowSlips, busy = false }: EmployeeCardProps) {
  const name = employeeName(employee);
  const active = employee.status === 'active';
  const facts: [string, string][] = [
    ['Matricule', employee.employeeNumber],
    ['Poste', employee.position],
    ['Département', employee.department || '—'],
    ['Embauche', formatDate(employee.hireDate)],
  ];
  if (employee.ipresNumber) facts.push(['N° IPRES', employee.ipresNumber]);
  if (employee.cssNumber) facts.push(['N° CSS', employee.cssNumber]);
  if (employee.salary !== null)
    facts.push(['Salaire', `${formatMoney(employee.salary)} (${SALARY_TYPE_LABELS[employee.salaryType] ?? employee.salaryType})`]);
  return (
    <Paper variant="outlined" component="article" aria-label={name} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Chip size="small" label={employeeStatusLabel(employee.status)} color={active ? 'success' : 'default'} />
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, m: 0 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {onEdit || onToggleStatus || onShowSlips ? (
        <Box sx={{ display: 'flex', gap: 1, mt: 'auto', pt: 1 }}>
          {onEdit ? (
            <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(employee)} aria-label={`Modifier ${name}`}>
              Modifier
            </Button>
          ) : null}
          {onToggleStatus ? (
            <Button
              size="small"
              color={active ? 'warning' : 'success'}
              disabled={busy}
              onClick={() => onToggleStatus(employee)}
              aria-label={active ? `Désactiver ${name}` : `Réactiver ${name}`}
            >
              {active ? 'Désactiver' : 'Réactiver'}
            </Button>
          ) : null}
          {onShowSlips ? (
            <Button size="small" onClick={() => onShowSlips(employee)} aria-label={`Bulletins de ${name}`}>
              Bulletins
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}
