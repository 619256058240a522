import type { Sequelize, Transaction } from 'sequelize';
import { sqlStateOf } from '@xaalis/service-kit';

/**
 * A deadlock (the other transaction went on): the whole write is run again, at most this many
 * times in all, after a short random pause (writes that deadlocked once, retried in lockstep,
 * tend to deadlock again: three attempts were not enough for six concurrent payments of one
 * supplier's invoices on a loaded machine).
 */
const ATTEMPTS = 10;
const DEADLOCK_PAUSE_MS = 20;
/**
 * A lock a write waits for at most `lock_timeout` (lock_not_available, 55P03: the fiscal-year
 * closing's table lock): it gives its place in the queue back, then tries again this many times.
 */
const LOCK_ATTEMPTS = 120;
const LOCK_RETRY_MS = 250;

/**
 * Runs a ledger write in one transaction and throws `mapError(err)` for its
 * refusals. The deferred checks are fired before COMMIT (SET CONSTRAINTS ALL
 * IMMEDIATE): a refusal is then an ordinary statement error and a clean
 * rollback, rather than a failed COMMIT after which Sequelize discards the
 * connection.
 *
 * A deadlock (40P01) between concurrent writes of shared rows (balances,
 * counters, lettering) rolls the transaction back whole: it is run again, as
 * the entry import does; so is a write that gave up waiting for a lock it
 * asked with a timeout (55P03, `lockEntriesTable`). `fn` only writes through
 * `transaction`, so a retry repeats nothing that was kept.
 */
export async function ledgerWrite<T>(
  sequelize: Sequelize,
  fn: (transaction: Transaction) => Promise<T>,
  mapError: (err: unknown) => unknown,
): Promise<T> {
  for (let attempt = 1, lockAttempt = 1; ;) {
    try {
      return await sequelize.transaction(async (transaction) => {
        const result = await fn(transaction);
        await sequelize.query('SET CONSTRAINTS ALL IMMEDIATE', { transaction });
        return result;
      });
    } catch (err) {
      const state = sqlStateOf(err);
      if (state === '40P01' && attempt++ < ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * DEADLOCK_PAUSE_MS * attempt));
        continue;
      }
      if (state === '55P03' && lockAttempt++ < LOCK_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
        continue;
      }
      throw mapError(err);
    }
  }
}

/**
 * The lock that keeps every writer of the ledger out while a fiscal year is closed or
 * reopened (SHARE ROW EXCLUSIVE on the entries), asked for a second at a time: a request
 * waiting on a long transaction would queue every other writer behind it. On timeout the
 * transaction fails with 55P03, and ledgerWrite runs it again a moment later.
 */
export async function lockEntriesTable(sequelize: Sequelize, transaction: Transaction): Promise<void> {
  await sequelize.query(`SET LOCAL lock_timeout = '1s'`, { transaction });
  await sequelize.query('LOCK TABLE accounting.accounting_entries IN SHARE ROW EXCLUSIVE MODE', { transaction });
  await sequelize.query('SET LOCAL lock_timeout TO DEFAULT', { transaction });
}
