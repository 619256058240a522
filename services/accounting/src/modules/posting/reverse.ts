import type { Transaction } from 'sequelize';
import { MESSAGES_ENTRY, type AccountingEntry } from '@xaalis/contracts';
import { HttpError, notFound, mustExist } from '@xaalis/service-kit';
import {
  findEntry,
  findEntryWithLines,
  findLines,
  insertDraftEntry,
  insertLines,
  numberAndValidate,
  provisionalNumber,
  sequelizeOf,
} from './ledger';
import { takeEntryNumber, todayInDakar, yearOf } from './numbering';

/**
 * Cancels a validated entry by reversal (contre-passation), in the caller's
 * transaction: a new validated entry in the same journal, dated today, numbered
 * from the counter, whose lines swap debit and credit; the original becomes
 * `cancelled` and both point at each other. Nothing is deleted: the ledger keeps
 * both movements, which net to zero on every account.
 */
export async function reverseEntry(
  transaction: Transaction,
  companyId: string,
  entryId: string,
  /** userId: the acting user, who creates and validates the reversal and cancels the original. */
  opts: { date?: string; userId?: string | null } = {},
): Promise<{ entry: AccountingEntry; reversal: AccountingEntry }> {
  const sequelize = sequelizeOf(transaction);
  // FOR UPDATE: two cancellations of one entry queue up; the second sees `cancelled`.
  const original = await findEntry(sequelize, companyId, entryId, { transaction, lock: true });
  if (!original) throw notFound();
  if (original.status !== 'validated') throw new HttpError(409, MESSAGES_ENTRY.notValidated);
  // Reversing a reversal would revive an entry that stays marked cancelled: post a new entry instead.
  if (original.reversalOfId) throw new HttpError(409, MESSAGES_ENTRY.reversalNotCancellable);
  const lines = await findLines(sequelize, entryId, transaction);

  const date = opts.date ?? todayInDakar();
  // Provisional number first, the counter last (see postEntry).
  const reversalId = await insertDraftEntry(sequelize, transaction, {
    companyId,
    number: provisionalNumber(),
    journal: original.journal,
    date,
    description: `Contre-passation de ${original.number} — ${original.description}`,
    reference: original.reference,
    total: original.total,
    reversalOfId: original.id,
    createdBy: opts.userId ?? null,
  });
  await insertLines(
    sequelize,
    transaction,
    companyId,
    reversalId,
    lines.map((l) => ({
      accountId: l.accountId,
      description: l.description,
      debit: l.credit,
      credit: l.debit,
      thirdPartyId: l.thirdPartyId,
    })),
  );
  const number = await takeEntryNumber(sequelize, transaction, companyId, original.journal, yearOf(date));
  await numberAndValidate(sequelize, transaction, reversalId, number, opts.userId ?? null);
  // cancelled_at is set by the guard (0005).
  await sequelize.query(
    `UPDATE accounting.accounting_entries SET status = 'cancelled', reversed_by_id = $2, cancelled_by = $3 WHERE id = $1`,
    {
      bind: [entryId, reversalId, opts.userId ?? null],
      transaction,
    },
  );
  return {
    entry: mustExist(await findEntryWithLines(sequelize, companyId, entryId, transaction), 'entry'),
    reversal: mustExist(await findEntryWithLines(sequelize, companyId, reversalId, transaction), 'entry'),
  };
}
