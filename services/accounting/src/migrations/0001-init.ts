import { jobRunsTableSql, type MigrationContext } from '@xaalis/service-kit';

/** The company record and the job log of the ping handler. */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  // One multi-statement query: Postgres runs it as a single implicit
  // transaction, so a failure leaves no table half-created.
  await sequelize.query(`
    CREATE TABLE "${schema}".companies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      registration_number text,
      tax_number text,
      address text,
      phone text,
      email text,
      sector text NOT NULL,
      fiscal_year text NOT NULL DEFAULT '01-01',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    ${jobRunsTableSql(schema)}
  `);
}
