import { UnrecoverableError } from 'bullmq';
import type { ImportEntriesJob } from '@xaalis/contracts';
import { isUuid, type ServiceContext } from '@xaalis/service-kit';
import { runImport } from './run';

/** `import-entries`: writes a queued import (see runImport); its outcome is recorded on the import row. */
export function importEntriesHandler(ctx: Pick<ServiceContext, 'sequelize' | 'log'>) {
  return async (data: unknown) => {
    const d = (data ?? {}) as Partial<ImportEntriesJob>;
    if (!isUuid(d.companyId) || !isUuid(d.importId)) throw new UnrecoverableError('import-entries: malformed payload');
    return runImport(ctx.sequelize, ctx.log, d.companyId.toLowerCase(), d.importId.toLowerCase(), isUuid(d.userId) ? d.userId : null);
  };
}
