import type { MigrationContext } from '@xaalis/service-kit';

/**
 * The sector modules a company has switched on (Paramètres → Modules). One row
 * per company. `modules` NULL means "follow the sector" (the company never saved
 * its choice); `sector` is the last sector read from the accounting service, kept
 * so that the default still resolves while that service is down. The company
 * lives in the accounting service: company_id has no foreign key.
 */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  await sequelize.query(`
    CREATE TABLE "${schema}".company_modules (
      company_id uuid PRIMARY KEY,
      modules text[] CHECK (modules <@ ARRAY['restaurant', 'transformation', 'hotel', 'services']::text[]),
      sector text,
      updated_by uuid,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `);
}

export async function down({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  await sequelize.query(`DROP TABLE "${schema}".company_modules`);
}
