import type { Sequelize, Transaction } from 'sequelize';
import { sqlStateOf } from '@xaalis/service-kit';

/** A deadlock (the other transaction went on): the whole write is run again, at most this many times in all. */
const ATTEMPTS = 3;

/**
 * Runs a ledger write in one transaction and throws `mapError(err)` for its
 * refusals. The deferred checks are fired before COMMIT (SET CONSTRAINTS ALL
 * IMMEDIATE): a refusal is then an ordinary statement error and a clean
 * rollback, rather than a failed COMMIT after which Sequelize discards the
 * connection.
 *
 * A deadlock (40P01) between concurrent writes of shared rows (balances,
 * counters, lettering) rolls the transaction back whole: it is run again, as
 * the entry import does. `fn` only writes through `transaction`, so a retry
 * repeats nothing that was kept.
 */
export async function ledgerWrite<T>(
  sequelize: Sequelize,
  fn: (transaction: Transaction) => Promise<T>,
  mapError: (err: unknown) => unknown,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sequelize.transaction(async (transaction) => {
        const result = await fn(transaction);
        await sequelize.query('SET CONSTRAINTS ALL IMMEDIATE', { transaction });
        return result;
      });
    } catch (err) {
      if (sqlStateOf(err) === '40P01' && attempt < ATTEMPTS) continue;
      throw mapError(err);
    }
  }
}
