import type { Readable } from 'node:stream';
import type { Response } from 'express';
import { sendDownload, streamDownload } from '@xaalis/service-kit';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a workbook as a download, as it is written (see streamDownload). */
export function sendWorkbook(res: Response, filename: string, workbook: Readable): Promise<void> {
  return streamDownload(res, XLSX, filename, workbook);
}

/**
 * A report answered as `?format=`: its JSON, or its PDF or XLSX file named `<name>.<format>`,
 * each built only when asked (in the worker pool).
 */
export async function sendReport(
  res: Response,
  format: 'json' | 'pdf' | 'xlsx',
  name: string,
  report: { json: unknown; pdf: () => Promise<Buffer>; xlsx: () => Readable | Promise<Readable> },
): Promise<void> {
  if (format === 'json') res.json(report.json);
  else if (format === 'pdf') sendDownload(res, 'application/pdf', `${name}.pdf`, await report.pdf());
  else await sendWorkbook(res, `${name}.xlsx`, await report.xlsx());
}
