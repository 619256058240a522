import type { Router } from 'express';
import {
  ENTRY_IMPORT_MAX_BYTES,
  MESSAGES_ENTRY_IMPORT,
  entryImportListQuerySchema,
  entryImportRunSchema,
  entryImportUploadQuerySchema,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  readUpload,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { entryImportsService } from './service';

const UPLOAD_MESSAGES = {
  tooLarge: MESSAGES_ENTRY_IMPORT.tooLarge,
  notFile: MESSAGES_ENTRY_IMPORT.notCsvOrXlsx,
  interrupted: MESSAGES_ENTRY_IMPORT.uploadError,
};

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
      const bytes = await readUpload(req, ENTRY_IMPORT_MAX_BYTES, UPLOAD_MESSAGES);
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
