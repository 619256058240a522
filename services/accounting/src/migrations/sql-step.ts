import type { MigrationContext } from '@xaalis/service-kit';

/**
 * FROZEN: applied migrations run through this; never change what it sends to the
 * database. A new need gets a new helper beside it.
 *
 * A migration step (`up` or `down`) that runs one multi-statement SQL text, built from
 * the quoted schema name `s` (`"accounting"`). One query: Postgres runs it as a single
 * implicit transaction, so a failure leaves nothing half-done.
 */
export function sqlStep(sql: (s: string) => string): (params: { context: MigrationContext }) => Promise<void> {
  return async ({ context: { sequelize, schema } }) => {
    await sequelize.query(sql(`"${schema}"`));
  };
}
