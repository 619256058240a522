import type { VatReturnSummary, WithholdingStatementSummary } from '@xaalis/contracts';
import { vatPeriodLabel } from '@xaalis/contracts';
import { downloadWithToast } from '../../ui/download';
import { dsfFileUrl, sumsPaidFileUrl, vatReturnFileUrl, withholdingStatementFileUrl, type FileFormat, type VatReturnFormat } from './api';
import { vatReturnFileName } from './period';

export const VAT_DOWNLOAD_ERROR = 'Erreur lors du téléchargement de la déclaration';
export const WITHHOLDING_DOWNLOAD_ERROR = 'Erreur lors du téléchargement du bordereau';
export const SUMS_PAID_DOWNLOAD_ERROR = 'Erreur lors du téléchargement de l’état des sommes versées';
export const DSF_DOWNLOAD_ERROR = 'Erreur lors du téléchargement de la liasse fiscale';

/** Downloads a filed return as PDF or XLSX (the server's file name, else `TVA-<period>[-v<n>].<format>`). */
export function downloadVatReturn(
  companyId: string,
  summary: Pick<VatReturnSummary, 'id' | 'period' | 'version'>,
  format: VatReturnFormat,
) {
  return downloadWithToast(
    vatReturnFileUrl(companyId, summary.id, format),
    vatReturnFileName(summary.period, summary.version, format),
    VAT_DOWNLOAD_ERROR,
    { preferServerName: true },
  );
}

/** 'Initiale', 'Rectificative n°2'. */
export const versionLabel = (version: number) => (version > 1 ? `Rectificative n°${version}` : 'Initiale');

/** How a download button names itself: 'PDF de la déclaration octobre 2026 (Rectificative n°2)'. */
export const downloadLabel = (summary: Pick<VatReturnSummary, 'period' | 'version'>, format: VatReturnFormat) =>
  `${format.toUpperCase()} de la déclaration ${vatPeriodLabel(summary.period)}${summary.version > 1 ? ` (${versionLabel(summary.version)})` : ''}`;

/** Downloads a filed bordereau as PDF or XLSX (the server's file name, else `bordereau-retenues-<period>.<format>`). */
export function downloadWithholdingStatement(
  companyId: string,
  summary: Pick<WithholdingStatementSummary, 'id' | 'period'>,
  format: FileFormat,
) {
  return downloadWithToast(
    withholdingStatementFileUrl(companyId, summary.id, format),
    `bordereau-retenues-${summary.period}.${format}`,
    WITHHOLDING_DOWNLOAD_ERROR,
    { preferServerName: true },
  );
}

/** How a bordereau's download button names itself: 'PDF du bordereau octobre 2026'. */
export const withholdingDownloadLabel = (summary: Pick<WithholdingStatementSummary, 'period'>, format: FileFormat) =>
  `${format.toUpperCase()} du bordereau ${vatPeriodLabel(summary.period)}`;

/** Downloads the état des sommes versées of `year` as PDF or XLSX. */
export function downloadSumsPaid(companyId: string, year: number, format: FileFormat) {
  return downloadWithToast(sumsPaidFileUrl(companyId, year, format), `etat-sommes-versees-${year}.${format}`, SUMS_PAID_DOWNLOAD_ERROR, {
    preferServerName: true,
  });
}

/** Downloads the DSF pack of `year` (PDF). */
export function downloadDsf(companyId: string, year: number) {
  return downloadWithToast(dsfFileUrl(companyId, year), `liasse-dsf-${year}.pdf`, DSF_DOWNLOAD_ERROR, { preferServerName: true });
}
