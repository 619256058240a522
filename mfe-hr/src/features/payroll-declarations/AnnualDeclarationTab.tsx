import Typography from '@mui/material/Typography';
import { employeeName, MARITAL_STATUS_LABELS, type AnnualSalaryLine, type MaritalStatus } from '@xaalis/contracts';
import { FilterSelect, formatDate } from '@xaalis/web-kit';
import { useState } from 'react';
import { useGetAnnualSalaryDeclarationQuery } from './api';
import { downloadAnnualSalary } from './downloads';
import { lastYear, recentYears } from './period';
import { ReportView } from './ReportView';
import { ReportTable, type TextColumn } from './ReportTable';

/** 'Marié(e)', or what the server sent when it is not a known status; '-' when none. */
const maritalLabel = (status: string | null) => (status ? (MARITAL_STATUS_LABELS[status as MaritalStatus] ?? status) : '-');

const COLUMNS: TextColumn<AnnualSalaryLine>[] = [
  { header: 'Matricule', cell: (line) => line.employeeNumber },
  { header: 'Nom', cell: (line) => employeeName(line), rowHeader: true },
  { header: 'Poste', cell: (line) => line.position },
  { header: 'Situation familiale', cell: (line) => maritalLabel(line.maritalStatus) },
  { header: 'Enfants', cell: (line) => line.children, align: 'right' },
  { header: 'Parts', cell: (line) => String(line.parts).replace('.', ','), align: 'right' },
  { header: 'Mois', cell: (line) => line.months, align: 'right' },
];

const AMOUNTS = [
  { header: 'Brut', key: 'gross' },
  { header: 'Avantages en nature', key: 'benefitsInKind' },
  { header: 'Indemnités', key: 'allowances' },
  { header: 'Imposable', key: 'taxable' },
  { header: 'IR', key: 'incomeTax' },
  { header: 'TRIMF', key: 'trimf' },
  { header: 'Cotisations salariales', key: 'employeeContributions' },
  { header: 'Net', key: 'net' },
] as const;

/** 'Déclaration annuelle': the salaries paid over a year (last year by default), by employee, with the totals and the due date. */
export function AnnualDeclarationTab({ companyId }: { companyId: string }) {
  const [years] = useState(() => recentYears());
  const [year, setYear] = useState(() => lastYear());
  const query = useGetAnnualSalaryDeclarationQuery({ companyId, year });
  return (
    <ReportView
      title={`Déclaration annuelle des salaires — ${year}`}
      picker={
        <FilterSelect
          label="Année"
          value={String(year)}
          onChange={(value) => setYear(Number(value))}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
          minWidth={110}
        />
      }
      query={query}
      errorTitle="Impossible de charger la déclaration annuelle des salaires"
      isEmpty={(annual) => annual.lines.length === 0}
      fileLabel={(format) => `${format.toUpperCase()} de la déclaration annuelle ${year}`}
      download={(format) => downloadAnnualSalary(companyId, year, format)}
    >
      {(annual) => (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {`À déposer au plus tard le ${formatDate(annual.dueOn)}.`}
          </Typography>
          <ReportTable
            label="Déclaration annuelle des salaires"
            columns={COLUMNS}
            amounts={AMOUNTS}
            lines={annual.lines}
            totals={annual.totals}
          />
        </>
      )}
    </ReportView>
  );
}
