import type { Request } from 'express';
import { HttpError } from '../errors';

/** The French refusals of an upload: too large (413), not a file (415: a JSON body), cut short (400). */
export interface UploadMessages {
  tooLarge: string;
  notFile: string;
  interrupted: string;
}

/**
 * The raw body of an upload, at most `max` bytes. Beyond, a 413 with a French
 * message; the rest of the body is still read and dropped, so the client (and
 * a keep-alive connection) gets the answer rather than a reset.
 */
export function readUpload(req: Request, max: number, messages: UploadMessages): Promise<Buffer> {
  // Already parsed as JSON by the app's body parser: not a file.
  if (req.body !== undefined && req.readableEnded) return Promise.reject(new HttpError(415, messages.notFile));
  const tooLarge = () => new HttpError(413, messages.tooLarge);
  return new Promise((resolve, reject) => {
    let size = 0;
    let settled = false;
    const chunks: Buffer[] = [];
    const settle = (err: Error | null, value?: Buffer) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      if (err) reject(err);
      else resolve(value as Buffer);
    };
    if (Number(req.get('content-length')) > max) settle(tooLarge());
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > max) settle(tooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => settle(null, Buffer.concat(chunks, size)));
    req.on('error', (err) => settle(err));
    // The client went away before the end: nothing to answer, but nothing kept either.
    req.on('close', () => settle(new HttpError(400, messages.interrupted)));
  });
}
