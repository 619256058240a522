import { HttpError } from '@xaalis/service-kit';
import { workerTask } from '@xaalis/service-kit/workers';
import type { ParsedStatement, StatementCsvLayout } from '@xaalis/contracts';
import { readStatement, type CsvOptions } from './index';

/** What the thread answers: the statement and its CSV layout, or the file's French refusal. */
export type ParseOutcome =
  { ok: true; statement: ParsedStatement; layout: StatementCsvLayout | null } | { ok: false; status: number; message: string };

/**
 * Parses an uploaded statement in the worker pool, never on the request's
 * event loop. An HttpError (the file's refusal) crosses the thread as data:
 * the pool only carries plain errors.
 */
const task = workerTask<{ bytes: Uint8Array; options: CsvOptions }, ParseOutcome>(
  __filename,
  'accounting.parse-statement',
  ({ bytes, options }) => {
    try {
      return { ok: true, ...readStatement(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), options) };
    } catch (error) {
      if (error instanceof HttpError) return { ok: false, status: error.status, message: error.message };
      throw error;
    }
  },
);

/** The statement in `bytes` (a French 4xx when the file is refused). */
export async function parseStatementOffLoop(bytes: Buffer, options: CsvOptions) {
  const outcome = await task.run({ bytes: new Uint8Array(bytes), options });
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
  return outcome;
}
