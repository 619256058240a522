import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { AccountingEntry, EntryLine, EntryStatus, Journal } from '@xaalis/contracts';
import { columnArrays, rowFinder } from '../../model-support';

/**
 * Row-level access to the ledger tables (accounting_entries and their lines),
 * shared by the posting engine and the journal-entries feature. Plain SQL: the
 * statements are few, the locking is explicit, and lines go in with one
 * multi-row insert. The database triggers (migration 0002) guard every write.
 */

/** The columns of a ledger document's trail: who created, validated and cancelled it, and when. */
export interface DocumentTrailRow {
  created_by: string | null;
  validated_by: string | null;
  validated_at: Date | null;
  cancelled_by: string | null;
  cancelled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A ledger document's trail (entries, invoices) as the API answers it. */
export function documentTrail(row: DocumentTrailRow) {
  return {
    createdBy: row.created_by,
    validatedBy: row.validated_by,
    validatedAt: isoOrNull(row.validated_at),
    cancelledBy: row.cancelled_by,
    cancelledAt: isoOrNull(row.cancelled_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

interface EntryDbRow extends DocumentTrailRow {
  id: string;
  company_id: string;
  number: string;
  journal: Journal;
  date: string;
  description: string;
  reference: string | null;
  status: EntryStatus;
  total: string;
  reversal_of_id: string | null;
  reversed_by_id: string | null;
  source_type: string | null;
  source_id: string | null;
}

interface LineDbRow {
  id: string;
  entry_id: string;
  account_id: string;
  account_code: string;
  account_name: string;
  description: string;
  debit: string;
  credit: string;
  third_party_id: string | null;
  lettering_code?: string | null;
}

/** The columns toEntry reads, qualified by `e`. */
export const ENTRY_COLUMNS = `e.id, e.company_id, e.number, e.journal, e.date, e.description, e.reference, e.status, e.total,
  e.reversal_of_id, e.reversed_by_id, e.source_type, e.source_id, e.validated_at, e.created_by, e.validated_by, e.cancelled_by,
  e.cancelled_at, e.created_at, e.updated_at`;

export function toEntry(row: EntryDbRow): AccountingEntry {
  return {
    id: row.id,
    number: row.number,
    journal: row.journal,
    date: row.date,
    description: row.description,
    reference: row.reference,
    status: row.status,
    total: row.total,
    companyId: row.company_id,
    reversalOfId: row.reversal_of_id,
    reversedById: row.reversed_by_id,
    sourceType: row.source_type,
    sourceId: row.source_id,
    ...documentTrail(row),
  };
}

function toLine(row: LineDbRow): EntryLine {
  return {
    id: row.id,
    accountId: row.account_id,
    account: { id: row.account_id, code: row.account_code, name: row.account_name },
    description: row.description,
    debit: row.debit,
    credit: row.credit,
    thirdPartyId: row.third_party_id,
    letteringCode: row.lettering_code ?? null,
  };
}

/** The Sequelize instance a transaction belongs to (set by Sequelize, missing from its typings). */
export function sequelizeOf(transaction: Transaction): Sequelize {
  return (transaction as unknown as { sequelize: Sequelize }).sequelize;
}

/** One entry of the company, or null (unknown id, or another company's). */
export const findEntry = rowFinder<EntryDbRow, AccountingEntry>(
  (lock) =>
    `SELECT ${ENTRY_COLUMNS} FROM accounting.accounting_entries e WHERE e.id = $1 AND e.company_id = $2${lock ? ' FOR UPDATE' : ''}`,
  toEntry,
);

/** The lines of an entry, in order, each with its account's code and name. */
export async function findLines(sequelize: Sequelize, entryId: string, transaction?: Transaction): Promise<EntryLine[]> {
  const rows = await sequelize.query<LineDbRow>(
    `SELECT l.id, l.entry_id, l.account_id, a.code AS account_code, a.name AS account_name,
            l.description, l.debit, l.credit, l.third_party_id,
            CASE WHEN lt.partial THEN lower(lt.code) ELSE lt.code END AS lettering_code
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounts a ON a.id = l.account_id
       LEFT JOIN accounting.lettering_lines ll ON ll.entry_line_id = l.id
       LEFT JOIN accounting.letterings lt ON lt.id = ll.lettering_id
      WHERE l.entry_id = $1
      ORDER BY l.line_no`,
    { bind: [entryId], type: QueryTypes.SELECT, transaction },
  );
  return rows.map(toLine);
}

/** An entry with its lines, or null. */
export async function findEntryWithLines(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  transaction?: Transaction,
): Promise<AccountingEntry | null> {
  const entry = await findEntry(sequelize, companyId, id, { transaction });
  return entry && { ...entry, lines: await findLines(sequelize, id, transaction) };
}

export interface NewEntry {
  companyId: string;
  number: string;
  journal: Journal;
  date: string;
  description: string;
  reference?: string | null;
  /** Sum of the debits, "1500.00". */
  total: string;
  reversalOfId?: string | null;
  sourceType?: string | null;
  sourceId?: string | null;
  /** The acting user (X-User-Id), null when unknown. */
  createdBy?: string | null;
}

/** Inserts an entry; always a draft (the database refuses anything else, see migration 0002). */
export async function insertDraftEntry(sequelize: Sequelize, transaction: Transaction, e: NewEntry): Promise<string> {
  return (await insertDraftEntryRow(sequelize, transaction, e)).id;
}

/** insertDraftEntry, answering the whole row. */
export async function insertDraftEntryRow(sequelize: Sequelize, transaction: Transaction, e: NewEntry): Promise<AccountingEntry> {
  const [row] = await sequelize.query<EntryDbRow>(
    `INSERT INTO accounting.accounting_entries AS e
       (company_id, number, journal, date, description, reference, total, reversal_of_id, source_type, source_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     RETURNING ${ENTRY_COLUMNS}`,
    {
      bind: [
        e.companyId,
        e.number,
        e.journal,
        e.date,
        e.description,
        e.reference ?? null,
        e.total,
        e.reversalOfId ?? null,
        e.sourceType ?? null,
        e.sourceId ?? null,
        e.createdBy ?? null,
      ],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return toEntry(row);
}

/**
 * A draft's number before the real one is taken: unique (a random uuid) and
 * never in the counters' format. It lives only inside the writing transaction.
 */
export const provisionalNumber = (): string => `PROVISOIRE-${randomUUID()}`;

/** Gives a draft its number and validates it in one statement (by `validatedBy`, null when unknown); answers the updated row. */
export async function numberAndValidate(
  sequelize: Sequelize,
  transaction: Transaction,
  entryId: string,
  number: string,
  validatedBy: string | null = null,
): Promise<AccountingEntry> {
  const [row] = await sequelize.query<EntryDbRow>(
    `UPDATE accounting.accounting_entries AS e SET number = $2, status = 'validated', validated_by = $3 WHERE e.id = $1 RETURNING ${ENTRY_COLUMNS}`,
    { bind: [entryId, number, validatedBy], type: QueryTypes.SELECT, transaction },
  );
  return toEntry(row);
}

export interface NewLine {
  accountId: string;
  description: string;
  /** Two-decimal strings; exactly one of them is positive. */
  debit: string;
  credit: string;
  thirdPartyId?: string | null;
}

/** Inserts the lines of a draft entry (numbered 1..n) in one statement; answers their ids in order. */
export async function insertLines(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  entryId: string,
  lines: readonly NewLine[],
): Promise<string[]> {
  const rows = await sequelize.query<{ id: string; line_no: number }>(
    `INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit, third_party_id)
     SELECT $1, $2, l.line_no, l.account_id, l.description, l.debit, l.credit, l.third_party_id
       FROM unnest($3::int[], $4::uuid[], $5::text[], $6::numeric[], $7::numeric[], $8::uuid[])
            AS l(line_no, account_id, description, debit, credit, third_party_id)
     RETURNING id, line_no`,
    {
      bind: [
        entryId,
        companyId,
        lines.map((_, i) => i + 1),
        ...columnArrays(lines, ['accountId', 'description', 'debit', 'credit']),
        lines.map((l) => l.thirdPartyId ?? null),
      ],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows.sort((a, b) => a.line_no - b.line_no).map((r) => r.id);
}
