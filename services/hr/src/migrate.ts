import { hrService } from './definition';

/** Applies pending migrations; `node dist/migrate.js` exits once done. */
export const migrateOnly = hrService.migrateOnly;

if (require.main === module) hrService.main('migrate');
