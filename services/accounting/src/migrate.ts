import { accountingService } from './definition';

/** Applies pending migrations; `node dist/migrate.js` exits once done. */
export const migrateOnly = accountingService.migrateOnly;

if (require.main === module) accountingService.main('migrate');
