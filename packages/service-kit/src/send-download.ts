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
