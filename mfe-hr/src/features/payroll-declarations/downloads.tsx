import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  PAYROLL_DECLARATION_SEGMENTS,
  payrollPeriodLabel,
  type PayrollDeclarationKind,
  type PayrollDeclarationSummary,
} from '@xaalis/contracts';
import { downloadWithToast } from '@xaalis/web-kit';
import { annualSalaryFileUrl, declarationFileUrl, declarationPreviewFileUrl, payrollJournalFileUrl, type FileFormat } from './api';

export const FILE_FORMATS: readonly FileFormat[] = ['pdf', 'xlsx'];

export const DECLARATION_DOWNLOAD_ERROR = 'Erreur lors du téléchargement de la déclaration';
export const JOURNAL_DOWNLOAD_ERROR = 'Erreur lors du téléchargement du livre de paie';
export const ANNUAL_DOWNLOAD_ERROR = 'Erreur lors du téléchargement de la déclaration annuelle';

/** The name a file falls back to when the server names none: `social-declarations-2026-03-v2.pdf`. */
export function declarationFileName(kind: PayrollDeclarationKind, period: string, format: FileFormat, version = 1): string {
  return `${PAYROLL_DECLARATION_SEGMENTS[kind]}-${period}${version > 1 ? `-v${version}` : ''}.${format}`;
}

/** How a filed declaration's button names itself: 'PDF de la déclaration mars 2026 (version 2)'. */
export const declarationFileLabel = (declaration: Pick<PayrollDeclarationSummary, 'period' | 'version'>, format: FileFormat) =>
  `${format.toUpperCase()} de la déclaration ${payrollPeriodLabel(declaration.period)}${declaration.version > 1 ? ` (version ${declaration.version})` : ''}`;

/** Downloads the preview of a period (what would be filed) as PDF or XLSX. */
export function downloadDeclarationPreview(companyId: string, kind: PayrollDeclarationKind, period: string, format: FileFormat) {
  return downloadWithToast(
    declarationPreviewFileUrl(companyId, kind, period, format),
    declarationFileName(kind, period, format),
    DECLARATION_DOWNLOAD_ERROR,
    { preferServerName: true },
  );
}

/** Downloads a filed declaration (its figures as filed) as PDF or XLSX. */
export function downloadDeclaration(
  companyId: string,
  declaration: Pick<PayrollDeclarationSummary, 'id' | 'kind' | 'period' | 'version'>,
  format: FileFormat,
) {
  return downloadWithToast(
    declarationFileUrl(companyId, declaration.kind, declaration.id, format),
    declarationFileName(declaration.kind, declaration.period, format, declaration.version),
    DECLARATION_DOWNLOAD_ERROR,
    { preferServerName: true },
  );
}

/** Downloads the livre de paie of a month or a year. */
export function downloadPayrollJournal(companyId: string, period: string, format: FileFormat) {
  return downloadWithToast(payrollJournalFileUrl(companyId, period, format), `livre-de-paie-${period}.${format}`, JOURNAL_DOWNLOAD_ERROR, {
    preferServerName: true,
  });
}

/** Downloads the annual declaration of salaries of `year`. */
export function downloadAnnualSalary(companyId: string, year: number, format: FileFormat) {
  return downloadWithToast(
    annualSalaryFileUrl(companyId, year, format),
    `declaration-annuelle-salaires-${year}.${format}`,
    ANNUAL_DOWNLOAD_ERROR,
    { preferServerName: true },
  );
}

/** 'PDF' and 'XLSX': each button names what it downloads (`label(format)`) and calls `download`. */
export function FileButtons({
  label,
  download,
  variant,
}: {
  label: (format: FileFormat) => string;
  download: (format: FileFormat) => Promise<unknown>;
  variant?: 'outlined';
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end' }}>
      {FILE_FORMATS.map((format) => (
        <Button key={format} size="small" variant={variant} aria-label={label(format)} onClick={() => void download(format)}>
          {format.toUpperCase()}
        </Button>
      ))}
    </Box>
  );
}
