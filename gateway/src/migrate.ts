import path from 'node:path';
import type { Sequelize } from 'sequelize';
import { createLogger, createSequelize, migrate, type Logger } from '@xaalis/service-kit';
import { loadConfig } from './config';
import { IDENTITY_SCHEMA } from './modules/users';

/** Applies the gateway's migrations (schema "identity"). */
export function migrateIdentity(sequelize: Sequelize, log?: Logger): Promise<string[]> {
  return migrate(sequelize, IDENTITY_SCHEMA, path.join(__dirname, 'migrations'), log);
}

// `node gateway/dist/migrate.js` (containers run it before the gateway starts).
if (require.main === module) {
  const config = loadConfig();
  const log = createLogger('gateway', config.logLevel);
  const sequelize = createSequelize(config.databaseUrl);
  migrateIdentity(sequelize, log)
    .then((names) => log.info({ applied: names.length }, 'identity migrations done'))
    .finally(() => sequelize.close())
    .catch((err: unknown) => {
      log.error({ err }, 'migration failed');
      process.exitCode = 1;
    });
}
