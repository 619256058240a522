import type { MigrationContext } from '@xaalis/service-kit';

/**
 * Usernames become unique ignoring case (as emails already are): `AWA` and `awa` were two accounts
 * while the login limiter counted them as one. Existing case-only duplicates cannot be merged
 * automatically: the migration stops and names them, so an operator renames one of each pair.
 */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  const [collisions] = await sequelize.query(`
    SELECT lower(username) AS name, string_agg(username || ' (' || id || ')', ', ' ORDER BY created_at) AS accounts
    FROM "${schema}".users GROUP BY lower(username) HAVING count(*) > 1 ORDER BY 1`);
  const rows = collisions as { name: string; accounts: string }[];
  if (rows.length > 0) {
    throw new Error(
      `Cannot make usernames unique ignoring case: ${rows.length} name(s) are used by several accounts. ` +
        `Rename all but one account of each before migrating again: ${rows.map((r) => `${r.name}: ${r.accounts}`).join('; ')}`,
    );
  }
  await sequelize.query(`CREATE UNIQUE INDEX users_username_lower_key ON "${schema}".users (lower(username))`);
}

export async function down({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  await sequelize.query(`DROP INDEX IF EXISTS "${schema}".users_username_lower_key`);
}
