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
