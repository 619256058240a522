import type { VatReturnSummary } from '@xaalis/contracts';
import { vatPeriodLabel } from '@xaalis/contracts';
import { downloadWithToast } from '../../ui/download';
import { vatReturnFileUrl, type VatReturnFormat } from './api';
import { vatReturnFileName } from './period';

export const VAT_DOWNLOAD_ERROR = 'Erreur lors du téléchargement de la déclaration';

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
