import type { MigrationContext } from '@xaalis/service-kit';

/**
 * Invitations keep the login the owner typed (issue 24): the owners' list shows it, and an
 * invitation whose login names no account (or an account already invited under another login) is
 * kept too, bound to nobody (user_id null), so that inviting answers the same for a known and an
 * unknown login. One pending invitation per company and login typed (case-insensitively); still
 * one bound pending invitation per company and account (invitations_pending_key, nulls distinct).
 */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  const s = `"${schema}"`;
  await sequelize.query(`ALTER TABLE ${s}.invitations ADD COLUMN login text`);
  await sequelize.query(`UPDATE ${s}.invitations i SET login = u.username FROM ${s}.users u WHERE u.id = i.user_id`);
  await sequelize.query(`ALTER TABLE ${s}.invitations ALTER COLUMN login SET NOT NULL`);
  await sequelize.query(`ALTER TABLE ${s}.invitations ALTER COLUMN user_id DROP NOT NULL`);
  await sequelize.query(
    `CREATE UNIQUE INDEX invitations_pending_login_key ON ${s}.invitations (company_id, lower(login)) WHERE status = 'pending'`,
  );
}

export async function down({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  const s = `"${schema}"`;
  await sequelize.query(`DROP INDEX IF EXISTS ${s}.invitations_pending_login_key`);
  await sequelize.query(`DELETE FROM ${s}.invitations WHERE user_id IS NULL`);
  await sequelize.query(`ALTER TABLE ${s}.invitations ALTER COLUMN user_id SET NOT NULL, DROP COLUMN login`);
}
