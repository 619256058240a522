import { sectorService } from './definition';

/** Applies pending migrations; `node dist/migrate.js` exits once done. */
export const migrateOnly = sectorService.migrateOnly;

if (require.main === module) sectorService.main('migrate');
