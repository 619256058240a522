import type { Readable } from 'node:stream';
import type { Response } from 'express';
import { streamDownload } from '@xaalis/service-kit';

/** Sends a workbook as a download, as it is written (see streamDownload). */
export function sendWorkbook(res: Response, filename: string, workbook: Readable): Promise<void> {
  return streamDownload(res, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename, workbook);
}
