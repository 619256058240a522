import { employeeName, type SalaryTaxLine, type SalaryTaxPreview } from '@xaalis/contracts';
import { useState } from 'react';
import { usePreviewSalaryTaxStatementQuery } from './api';
import { DeclarationPanel } from './DeclarationPanel';
import { previousMonth } from './period';
import { ReportTable, type TextColumn } from './ReportTable';

const COLUMNS: TextColumn<SalaryTaxLine>[] = [
  { header: 'Matricule', cell: (line) => line.employeeNumber },
  { header: 'Nom', cell: (line) => employeeName(line), rowHeader: true },
];

const AMOUNTS = [
  { header: 'Brut', key: 'gross' },
  { header: 'Imposable', key: 'taxable' },
  { header: 'IR', key: 'incomeTax' },
  { header: 'TRIMF', key: 'trimf' },
  { header: 'CFCE', key: 'cfce' },
  { header: 'Total', key: 'total' },
] as const;

/** The employees of the salary-tax statement and the totals row. */
function SalaryTaxTable({ preview }: { preview: SalaryTaxPreview }) {
  return (
    <ReportTable
      label="Retenues sur salaires par salarié"
      columns={COLUMNS}
      amounts={AMOUNTS}
      lines={preview.employees}
      totals={preview.totals}
    />
  );
}

/** 'Retenues sur salaires': the month's statement of IR, TRIMF and CFCE (the previous month by default), 'Déclarer' and the filed ones. */
export function SalaryTaxTab({ companyId }: { companyId: string }) {
  const [period, setPeriod] = useState(() => previousMonth());
  const query = usePreviewSalaryTaxStatementQuery({ companyId, period });
  return (
    <DeclarationPanel
      companyId={companyId}
      kind="salary-tax"
      units={['month']}
      period={period}
      onPeriod={setPeriod}
      query={query}
      table={(preview) => <SalaryTaxTable preview={preview} />}
      amounts={(preview) => [['À reverser (IR, TRIMF et CFCE)', preview.totals.total]]}
    />
  );
}
