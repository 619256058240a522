import { isCalendarDate } from '@xaalis/domain';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_ENTRY,
  entryTotals,
  roleForbiddenMessage,
  type AccountingEntry,
  type EntryCancellation,
  type EntryListResponse,
  type Journal,
  type Role,
  type entryInputSchema,
  type entryListQuerySchema,
} from '@xaalis/contracts';
import { HttpError, isUuid, notFound, mustExist } from '@xaalis/service-kit';
import type { z } from 'zod';
import {
  assertThirdParties,
  findEntry,
  findEntryWithLines,
  fitsCounter,
  insertDraftEntry,
  insertLines,
  isCounterFormat,
  ledgerError,
  ledgerWrite,
  peekEntryNumber,
  reverseEntry,
  takeEntryNumber,
  todayInDakar,
  yearOf,
} from '../posting';
import { recordAuditEvent } from '../audit/record';
import { listEntries } from './model';
import { isPayrollEntry, PAYROLL_JOURNAL, seesPayroll } from './payroll';

type EntryValues = z.output<typeof entryInputSchema>;
type ListQuery = z.output<typeof entryListQuerySchema>;

/**
 * Journal entries typed in the "Écritures" page: drafts that can be edited and
 * deleted, then validated (frozen) and possibly cancelled by reversal. Every
 * write is one transaction; the database triggers have the last word on
 * balance and immutability (their refusals become 400/409 through ledgerError).
 */
export function entriesService(sequelize: Sequelize) {
  /** Runs a write in one transaction (deferred checks fired before COMMIT) and maps the ledger's refusals. */
  const write = <T>(fn: (transaction: Transaction) => Promise<T>): Promise<T> => ledgerWrite(sequelize, fn, ledgerError);

  /** Checks what the schema cannot: a real date, and accounts and third parties of this company. */
  async function checkReferences(transaction: Transaction, companyId: string, values: EntryValues): Promise<void> {
    if (!isCalendarDate(values.entry.date)) throw new HttpError(400, MESSAGES_ENTRY.dateRequired);
    const accountIds = [...new Set(values.lines.map((l) => l.accountId))];
    const [{ found }] = await sequelize.query<{ found: number }>(
      'SELECT count(*)::int AS found FROM accounting.accounts WHERE company_id = $1 AND id = ANY($2::uuid[])',
      { bind: [companyId, accountIds], type: QueryTypes.SELECT, transaction },
    );
    if (found !== accountIds.length) throw new HttpError(400, MESSAGES_ENTRY.accountNotFound);
    await assertThirdParties(
      sequelize,
      transaction,
      companyId,
      values.lines.map((l) => l.thirdPartyId),
    );
  }

  /**
   * The number to store. A number in the counters' format is a proposal: the
   * counter of the entry's journal and year gives the real one (two users who
   * saved the same proposal get two consecutive numbers). Any other number is
   * the user's own and must be unique (the constraint answers 409).
   * On an update (`current`), a draft keeps its counter number while it still
   * fits its journal and year: editing does not burn numbers.
   */
  async function numberFor(transaction: Transaction, companyId: string, values: EntryValues, current?: string): Promise<string> {
    const { number, journal, date } = values.entry;
    if (!isCounterFormat(number)) return number;
    if (current !== undefined && fitsCounter(current, journal, yearOf(date))) return current;
    return takeEntryNumber(sequelize, transaction, companyId, journal, yearOf(date));
  }

  const linesOf = (values: EntryValues) =>
    values.lines.map((l) => ({
      accountId: l.accountId,
      description: l.description,
      debit: l.debit,
      credit: l.credit,
      thirdPartyId: l.thirdPartyId ?? null,
    }));

  /** The entry of this company, locked for the rest of the transaction; 404 otherwise, 403 when `role` may not see it. */
  async function lockOwn(transaction: Transaction, companyId: string, id: string, role: Role | null): Promise<AccountingEntry> {
    const entry = isUuid(id) ? await findEntry(sequelize, companyId, id, { transaction, lock: true }) : null;
    if (!entry) throw notFound();
    await refusePayroll(role, entry, transaction);
    return entry;
  }

  /**
   * Payroll entries (see ./payroll) are refused (403, like a write the role may not make) to a role
   * without `payroll`: opening, editing or deleting one, or typing an entry in the payroll journal.
   */
  async function refusePayroll(
    role: Role | null,
    entry: Pick<AccountingEntry, 'companyId' | 'journal' | 'sourceType' | 'reversalOfId'>,
    transaction?: Transaction,
  ): Promise<void> {
    if (seesPayroll(role)) return;
    const original = entry.reversalOfId ? await findEntry(sequelize, entry.companyId, entry.reversalOfId, { transaction }) : null;
    if (isPayrollEntry(entry, original)) throw new HttpError(403, roleForbiddenMessage(role));
  }

  return {
    /** One page of entries; a role without `payroll` sees neither the payroll entries nor their counts. */
    list(companyId: string, query: ListQuery, role: Role | null): Promise<EntryListResponse> {
      return listEntries(sequelize, companyId, query, { hidePayroll: !seesPayroll(role) });
    },

    async nextNumber(companyId: string, journal: Journal, date?: string): Promise<string> {
      const day = date ?? todayInDakar();
      if (!isCalendarDate(day)) throw new HttpError(400, MESSAGES_ENTRY.dateRequired);
      return peekEntryNumber(sequelize, companyId, journal, yearOf(day));
    },

    async get(companyId: string, id: string, role: Role | null): Promise<AccountingEntry> {
      const entry = isUuid(id) ? await findEntryWithLines(sequelize, companyId, id) : null;
      if (!entry) throw notFound();
      await refusePayroll(role, entry);
      return entry;
    },

    /** A new draft (by `userId`, null when unknown); the total is the sum of the debits, whatever the client sent. */
    create(companyId: string, values: EntryValues, userId: string | null, role: Role | null): Promise<AccountingEntry> {
      if (values.entry.journal === PAYROLL_JOURNAL && !seesPayroll(role))
        return Promise.reject(new HttpError(403, roleForbiddenMessage(role)));
      return write(async (transaction) => {
        await checkReferences(transaction, companyId, values);
        const id = await insertDraftEntry(sequelize, transaction, {
          companyId,
          number: await numberFor(transaction, companyId, values),
          journal: values.entry.journal,
          date: values.entry.date,
          description: values.entry.description,
          reference: values.entry.reference || null,
          total: entryTotals(values.lines).debit,
          createdBy: userId,
        });
        await insertLines(sequelize, transaction, companyId, id, linesOf(values));
        return mustExist(await findEntryWithLines(sequelize, companyId, id, transaction), 'entry');
      });
    },

    /** Replaces a draft's header and lines (by `userId`: recorded in the audit trail). */
    update(companyId: string, id: string, values: EntryValues, userId: string | null, role: Role | null): Promise<AccountingEntry> {
      if (values.entry.journal === PAYROLL_JOURNAL && !seesPayroll(role))
        return Promise.reject(new HttpError(403, roleForbiddenMessage(role)));
      return write(async (transaction) => {
        const entry = await lockOwn(transaction, companyId, id, role);
        if (entry.status !== 'draft') throw new HttpError(409, MESSAGES_ENTRY.notDraft);
        await checkReferences(transaction, companyId, values);
        const number = await numberFor(transaction, companyId, values, entry.number);
        await sequelize.query(
          `UPDATE accounting.accounting_entries
              SET number = $2, journal = $3, date = $4, description = $5, reference = $6, total = $7
            WHERE id = $1`,
          {
            bind: [
              id,
              number,
              values.entry.journal,
              values.entry.date,
              values.entry.description,
              values.entry.reference || null,
              entryTotals(values.lines).debit,
            ],
            transaction,
          },
        );
        await sequelize.query('DELETE FROM accounting.accounting_entry_lines WHERE entry_id = $1', { bind: [id], transaction });
        await insertLines(sequelize, transaction, companyId, id, linesOf(values));
        const after = mustExist(await findEntryWithLines(sequelize, companyId, id, transaction), 'entry');
        await recordAuditEvent(sequelize, transaction, {
          companyId,
          userId,
          action: 'edited',
          objectType: 'entry',
          objectId: id,
          objectLabel: after.number,
          details: { before: { journal: entry.journal, date: entry.date, description: entry.description, total: entry.total } },
        });
        return after;
      });
    },

    /** Only drafts can be deleted (its lines go with it); the deletion stays in the audit trail. */
    remove(companyId: string, id: string, userId: string | null, role: Role | null): Promise<void> {
      return write(async (transaction) => {
        const entry = await lockOwn(transaction, companyId, id, role);
        if (entry.status !== 'draft') throw new HttpError(409, MESSAGES_ENTRY.notDraft);
        await sequelize.query('DELETE FROM accounting.accounting_entries WHERE id = $1', { bind: [id], transaction });
        await recordAuditEvent(sequelize, transaction, {
          companyId,
          userId,
          action: 'deleted',
          objectType: 'entry',
          objectId: id,
          objectLabel: entry.number,
          details: { journal: entry.journal, date: entry.date, description: entry.description, total: entry.total },
        });
      });
    },

    /**
     * draft → validated. The lines are checked here for a clear message; the
     * deferred trigger checks them again at commit, whatever happens meanwhile.
     */
    validate(companyId: string, id: string, userId: string | null, role: Role | null): Promise<AccountingEntry> {
      return write(async (transaction) => {
        const entry = await lockOwn(transaction, companyId, id, role);
        if (entry.status !== 'draft') throw new HttpError(409, MESSAGES_ENTRY.notDraft);
        const [sums] = await sequelize.query<{ n: number; debit: string; credit: string }>(
          `SELECT count(*)::int AS n, coalesce(sum(debit), 0.00)::text AS debit, coalesce(sum(credit), 0.00)::text AS credit
             FROM accounting.accounting_entry_lines WHERE entry_id = $1`,
          { bind: [id], type: QueryTypes.SELECT, transaction },
        );
        if (sums.n < 2) throw new HttpError(400, MESSAGES_ENTRY.twoLines);
        if (!entryTotals([sums]).balanced) throw new HttpError(400, MESSAGES_ENTRY.unbalanced);
        await sequelize.query(
          `UPDATE accounting.accounting_entries SET status = 'validated', total = $2, validated_by = $3 WHERE id = $1`,
          {
            bind: [id, sums.debit, userId],
            transaction,
          },
        );
        return mustExist(await findEntryWithLines(sequelize, companyId, id, transaction), 'entry');
      });
    },

    /** validated → cancelled, with its reversal entry (contre-passation) dated today. */
    cancel(companyId: string, id: string, userId: string | null, role: Role | null): Promise<EntryCancellation> {
      return write(async (transaction) => {
        await lockOwn(transaction, companyId, id, role);
        return reverseEntry(transaction, companyId, id, { userId });
      });
    },
  };
}

export type EntriesService = ReturnType<typeof entriesService>;
