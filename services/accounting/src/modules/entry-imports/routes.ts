import type { Request, Router } from 'express';
import {
  ENTRY_IMPORT_MAX_BYTES,
  MESSAGES_ENTRY_IMPORT,
  entryImportListQuerySchema,
  entryImportRunSchema,
  entryImportUploadQuerySchema,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  HttpError,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { entryImportsService } from './service';

/**
 * The raw body of an upload, at most `max` bytes. Beyond, a 413 with a French
 * message; the rest of the body is still read and dropped, so the client (and
 * a keep-alive connection) gets the answer rather than a reset.
 */
function readBody(req: Request, max: number): Promise<Buffer> {
  // Already parsed as JSON by the app's body parser: not a file.
  if (req.body !== undefined && req.readableEnded) return Promise.reject(new HttpError(415, MESSAGES_ENTRY_IMPORT.notCsvOrXlsx));
  const tooLarge = () => new HttpError(413, MESSAGES_ENTRY_IMPORT.tooLarge);
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
    req.on('close', () => settle(new HttpError(400, MESSAGES_ENTRY_IMPORT.uploadError)));
  });
}

/**
 * 'Importer des écritures': upload (raw CSV/XLSX body) → checked preview; run
 * (BullMQ job) → progress on the import. Company-scoped: another company's
 * import is a 404.
 */
export function entryImportsApi(ctx: ServiceContext): Router {
  const imports = entryImportsService(ctx);
  const router = caseSensitiveRouter();

  router.post(
    '/companies/:companyId/entry-imports',
    requireSameCompany,
    validate({ query: entryImportUploadQuerySchema }),
    async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      const query = validated(req, 'query', entryImportUploadQuerySchema);
      const bytes = await readBody(req, ENTRY_IMPORT_MAX_BYTES);
      res.status(201).json(await imports.upload(companyId, userId, query, bytes));
    },
  );

  router.get(
    '/companies/:companyId/entry-imports',
    requireSameCompany,
    validate({ query: entryImportListQuerySchema }),
    async (req, res) => {
      res.json(await imports.list(tenantOf(req).companyId, validated(req, 'query', entryImportListQuerySchema)));
    },
  );

  router.get('/companies/:companyId/entry-imports/:id', requireSameCompany, async (req, res) => {
    res.json(await imports.get(tenantOf(req).companyId, String(req.params.id)));
  });

  router.post(
    '/companies/:companyId/entry-imports/:id/run',
    requireSameCompany,
    validate({ body: entryImportRunSchema }),
    async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      const { validate: validateEntries } = validated(req, 'body', entryImportRunSchema);
      res.status(202).json(await imports.run(companyId, userId, String(req.params.id), validateEntries));
    },
  );

  return router;
}
