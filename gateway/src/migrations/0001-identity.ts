import type { MigrationContext } from '@xaalis/service-kit';

/** identity.users: the gateway's accounts. Each user belongs to at most one company (owned by accounting). */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  await sequelize.query(`
    CREATE TABLE "${schema}".users (
      id uuid PRIMARY KEY,
      username varchar(64) NOT NULL CONSTRAINT users_username_key UNIQUE,
      email text NOT NULL,
      password_hash text NOT NULL,
      first_name text,
      last_name text,
      phone text,
      address text,
      company_id uuid,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  // Emails that differ only by case are the same mailbox: uniqueness ignores case.
  await sequelize.query(`CREATE UNIQUE INDEX users_email_lower_key ON "${schema}".users (lower(email))`);
  await sequelize.query(`CREATE INDEX users_company_id_idx ON "${schema}".users (company_id)`);
}

export async function down({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  await sequelize.query(`DROP TABLE IF EXISTS "${schema}".users`);
}
