import { jobRunsTableSql, type MigrationContext } from '@xaalis/service-kit';

/** The schema's first table: the job log of the ping handler (modules add theirs later). */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  await sequelize.query(jobRunsTableSql(schema));
}
