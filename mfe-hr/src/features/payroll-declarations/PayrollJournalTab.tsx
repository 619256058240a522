import { employeeName, payrollPeriodLabel, type PayrollJournalLine } from '@xaalis/contracts';
import { useState } from 'react';
import { useGetPayrollJournalQuery } from './api';
import { downloadPayrollJournal } from './downloads';
import { PeriodPicker } from './PeriodPicker';
import { previousMonth } from './period';
import { ReportView } from './ReportView';
import { ReportTable, type TextColumn } from './ReportTable';

const COLUMNS: TextColumn<PayrollJournalLine>[] = [
  { header: 'Matricule', cell: (line) => line.employeeNumber },
  { header: 'Nom', cell: (line) => employeeName(line), rowHeader: true },
  { header: 'Poste', cell: (line) => line.position },
  { header: 'Mois', cell: (line) => line.months, align: 'right' },
];

const AMOUNTS = [
  { header: 'Salaire de base', key: 'baseSalary' },
  { header: 'Indemnités', key: 'allowances' },
  { header: 'Heures supplémentaires', key: 'overtimePay' },
  { header: 'Brut', key: 'gross' },
  { header: 'Cotisations salariales', key: 'employeeContributions' },
  { header: 'IR', key: 'incomeTax' },
  { header: 'TRIMF', key: 'trimf' },
  { header: 'Net', key: 'net' },
  { header: 'Cotisations patronales', key: 'employerContributions' },
  { header: 'Coût employeur', key: 'employerCost' },
] as const;

/** "mars 2026", or "année 2026" for a year. */
const journalPeriodLabel = (period: string) => (/^\d{4}$/.test(period) ? `année ${period}` : payrollPeriodLabel(period));

/** 'Livre de paie': the validated and paid slips of a month (the previous one by default) or of a year, by employee, with the totals. */
export function PayrollJournalTab({ companyId }: { companyId: string }) {
  const [period, setPeriod] = useState(() => previousMonth());
  const query = useGetPayrollJournalQuery({ companyId, period });
  const label = journalPeriodLabel(period);
  return (
    <ReportView
      title={`Livre de paie — ${label}`}
      picker={<PeriodPicker units={['month', 'year']} period={period} onChange={setPeriod} />}
      query={query}
      errorTitle="Impossible de charger le livre de paie"
      isEmpty={(journal) => journal.lines.length === 0}
      fileLabel={(format) => `${format.toUpperCase()} du livre de paie ${label}`}
      download={(format) => downloadPayrollJournal(companyId, period, format)}
    >
      {(journal) => <ReportTable label="Livre de paie" columns={COLUMNS} amounts={AMOUNTS} lines={journal.lines} totals={journal.totals} />}
    </ReportView>
  );
}
