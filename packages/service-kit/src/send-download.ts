import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/** Answers `buffer` as a file to save (`attachment; filename="…"`), of type `contentType` (a PDF, a workbook). */
export function sendDownload(res: Response, contentType: string, filename: string, buffer: Buffer): void {
  res
    .status(200)
    .set({
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Content-Length': String(buffer.length),
    })
    .end(buffer);
}

/**
 * Answers a file written as it is sent (a workbook from the worker pool):
 * nothing is sent before its first bytes, so a failure before them (a
 * timeout, a full pool, a bug) is an ordinary error response; the headers go
 * with the first bytes (chunked, no length), and a failure after them cuts
 * the response (the client sees an incomplete download, never a file that
 * looks whole). A client that goes away stops the writing.
 */
export async function streamDownload(res: Response, contentType: string, filename: string, body: Readable): Promise<void> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  res.status(200).set({
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
  if (first.done) {
    res.end();
    return;
  }
  async function* all() {
    yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  try {
    await pipeline(all, res);
  } catch (err) {
    body.destroy();
    (res.req as { log?: { warn: (o: unknown, m: string) => void } }).log?.warn({ err }, 'download cut');
    res.destroy();
  }
}

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
