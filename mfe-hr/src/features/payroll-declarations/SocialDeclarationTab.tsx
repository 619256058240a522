import Alert from '@mui/material/Alert';
import { employeeName, type SocialDeclarationLine, type SocialDeclarationPreview } from '@xaalis/contracts';
import { useState } from 'react';
import { usePreviewSocialDeclarationQuery } from './api';
import { DeclarationPanel } from './DeclarationPanel';
import { previousMonth, unitOf } from './period';
import { ReportTable, type TextColumn } from './ReportTable';
import { DECLARATION_MESSAGES } from './texts';

/** Below this head count the social declaration may be filed by quarter. */
export const QUARTERLY_THRESHOLD = 10;

const COLUMNS: TextColumn<SocialDeclarationLine>[] = [
  { header: 'Matricule', cell: (line) => line.employeeNumber },
  { header: 'Nom', cell: (line) => employeeName(line), rowHeader: true },
  { header: 'N° IPRES', cell: (line) => line.ipresNumber || '-' },
  { header: 'N° CSS', cell: (line) => line.cssNumber || '-' },
  { header: 'Jours', cell: (line) => line.daysWorked, align: 'right' },
];

const AMOUNTS = [
  { header: 'Brut', key: 'gross' },
  { header: 'Base IPRES', key: 'ipresBase' },
  { header: 'IPRES salarié', key: 'ipresEmployee' },
  { header: 'IPRES employeur', key: 'ipresEmployer' },
  { header: 'Base CSS', key: 'cssBase' },
  { header: 'CSS prestations familiales', key: 'cssFamily' },
  { header: 'CSS accidents du travail', key: 'cssAccident' },
] as const;

/** The employees of the social declaration and the totals row. */
function SocialTable({ preview }: { preview: SocialDeclarationPreview }) {
  return (
    <ReportTable
      label="Déclaration sociale par salarié"
      columns={COLUMNS}
      amounts={AMOUNTS}
      lines={preview.employees}
      totals={preview.totals}
    />
  );
}

/**
 * 'IPRES et CSS': the social declaration of a month (the previous one by default) or a quarter,
 * what is paid to each fund, the quarterly hint below 10 employees, 'Déclarer' and the filed ones.
 */
export function SocialDeclarationTab({ companyId }: { companyId: string }) {
  const [period, setPeriod] = useState(() => previousMonth());
  const query = usePreviewSocialDeclarationQuery({ companyId, period });
  return (
    <DeclarationPanel
      companyId={companyId}
      kind="social"
      units={['month', 'quarter']}
      period={period}
      onPeriod={setPeriod}
      query={query}
      table={(preview) => <SocialTable preview={preview} />}
      amounts={(preview) => [
        ['À payer à l’IPRES', preview.totals.ipres],
        ['À payer à la CSS', preview.totals.css],
      ]}
      notices={(preview) =>
        preview.totals.employees < QUARTERLY_THRESHOLD && unitOf(preview.period) === 'month' ? (
          <Alert severity="info">{DECLARATION_MESSAGES.quarterlyHint}</Alert>
        ) : null
      }
    />
  );
}
