import type { Sequelize, Transaction } from 'sequelize';

/**
 * Runs a ledger write in one transaction and throws `mapError(err)` for its
 * refusals. The deferred checks are fired before COMMIT (SET CONSTRAINTS ALL
 * IMMEDIATE): a refusal is then an ordinary statement error and a clean
 * rollback, rather than a failed COMMIT after which Sequelize discards the
 * connection.
 */
export function ledgerWrite<T>(
  sequelize: Sequelize,
  fn: (transaction: Transaction) => Promise<T>,
  mapError: (err: unknown) => unknown,
): Promise<T> {
  return sequelize
    .transaction(async (transaction) => {
      const result = await fn(transaction);
      await sequelize.query('SET CONSTRAINTS ALL IMMEDIATE', { transaction });
      return result;
    })
    .catch((err: unknown) => {
      throw mapError(err);
    });
}
