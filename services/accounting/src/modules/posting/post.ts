import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { MESSAGES_ENTRY, type AccountingEntry, type Journal } from '@xaalis/contracts';
import { Decimal, money, sumDec, isCalendarDate } from '@xaalis/domain';
import { HttpError, mustExist } from '@xaalis/service-kit';
import { insertMissingAccounts } from '../accounts';
import { referenceAccount } from '../chart';
import {
  findEntryWithLines,
  insertDraftEntryRow,
  insertLines,
  numberAndValidate,
  provisionalNumber,
  sequelizeOf,
  type NewLine,
} from './ledger';
import { takeEntryNumber, yearOf } from './numbering';

/** A money amount: a decimal string ("1500.00") or a decimal.js value; never a JavaScript number. */
export type Amount = string | Decimal;

export interface PostingLine {
  /** The account, by code in the company's chart (created from the SYSCOHADA reference when missing)… */
  accountCode?: string;
  /** …or by id (must be one of the company's accounts). */
  accountId?: string;
  description: string;
  debit?: Amount;
  credit?: Amount;
  thirdPartyId?: string | null;
}

export interface Posting {
  companyId: string;
  journal: Journal;
  /** ISO date, "2026-03-14". */
  date: string;
  description: string;
  reference?: string | null;
  lines: PostingLine[];
  /** The business document posted (e.g. 'invoice' + its id): a document is posted once. */
  sourceType?: string;
  sourceId?: string;
  /**
   * The user whose action posts it (X-User-Id of the request that issued the
   * document), recorded as the entry's creator and validator; null for
   * postings no user caused.
   */
  userId?: string | null;
}

/** An amount, exactly; refuses negatives, more than two decimals and non-numbers. */
function amountOf(amount: Amount | undefined, where: string): Decimal {
  if (amount === undefined || amount === '') return new Decimal(0);
  // JavaScript numbers are floats: refused even from untyped callers.
  if (typeof amount !== 'string' && !Decimal.isDecimal(amount))
    throw new Error(`postEntry: ${where} must be a string or a Decimal, not ${typeof amount}`);
  let d: Decimal;
  try {
    d = new Decimal(amount);
  } catch {
    throw new Error(`postEntry: ${where} is not an amount: ${String(amount)}`);
  }
  if (!d.isFinite() || d.isNegative() || d.decimalPlaces() > 2)
    throw new Error(`postEntry: ${where} must be a non-negative amount with at most two decimals: ${d.toString()}`);
  return d;
}

/**
 * Writes a validated entry inside the caller's transaction (invoices, payments,
 * depreciation, loans, payroll post through here, in the same transaction as
 * their own change: both or neither).
 *
 * - Amounts are exact (decimals); lines whose debit and credit are both
 *   zero are dropped (a 0 % VAT line), then at least two lines must remain,
 *   each on one side only, and debits must equal credits.
 * - Accounts given by code are looked up in the company's chart; a code the
 *   chart lacks is created from the SYSCOHADA reference (an unknown code is an error).
 * - The number comes from the company/journal/year counter, locked until the
 *   caller's transaction ends: numbers are consecutive, without gaps.
 * - With sourceType/sourceId, posting the same document again returns the entry
 *   already posted (a retried job changes nothing).
 * The database re-checks the balance when the caller commits.
 */
export async function postEntry(transaction: Transaction, posting: Posting): Promise<AccountingEntry> {
  const sequelize = sequelizeOf(transaction);
  const { companyId } = posting;

  if (posting.sourceType && posting.sourceId) {
    const existing = await sequelize.query<{ id: string }>(
      `SELECT id FROM accounting.accounting_entries
        WHERE company_id = $1 AND source_type = $2 AND source_id = $3 AND reversal_of_id IS NULL`,
      { bind: [companyId, posting.sourceType, posting.sourceId], type: QueryTypes.SELECT, transaction },
    );
    if (existing[0]) return mustExist(await findEntryWithLines(sequelize, companyId, existing[0].id, transaction), 'entry');
  }

  if (!isCalendarDate(posting.date)) throw new HttpError(400, MESSAGES_ENTRY.dateRequired);
  if (!posting.description?.trim()) throw new HttpError(400, MESSAGES_ENTRY.descriptionRequired);

  const amounts = posting.lines
    .map((line, i) => ({ line, debit: amountOf(line.debit, `line ${i + 1} debit`), credit: amountOf(line.credit, `line ${i + 1} credit`) }))
    .filter((l) => l.debit.gt(0) || l.credit.gt(0));
  if (amounts.length < 2) throw new HttpError(400, MESSAGES_ENTRY.twoLines);
  if (amounts.some((a) => a.debit.gt(0) && a.credit.gt(0))) throw new HttpError(400, MESSAGES_ENTRY.debitAndCredit);
  const debit = sumDec(amounts.map((a) => a.debit));
  if (!debit.eq(sumDec(amounts.map((a) => a.credit)))) throw new HttpError(400, MESSAGES_ENTRY.unbalanced);

  const accounts = await resolveAccounts(
    sequelize,
    transaction,
    companyId,
    amounts.map((a) => a.line),
  );
  await assertThirdParties(
    sequelize,
    transaction,
    companyId,
    amounts.map((a) => a.line.thirdPartyId),
  );

  const lines: NewLine[] = amounts.map((a, i) => ({
    accountId: accounts[i].id,
    description: a.line.description?.trim() || posting.description,
    debit: money(a.debit),
    credit: money(a.credit),
    thirdPartyId: a.line.thirdPartyId ?? null,
  }));

  // The entry and its lines go in under a provisional number; the real number
  // is taken last and set by the validating UPDATE. The counter row is where
  // concurrent postings of one journal queue up (it stays locked until the
  // caller commits): taking it last keeps that queue as short as possible.
  const draft = await insertDraftEntryRow(sequelize, transaction, {
    companyId,
    number: provisionalNumber(),
    journal: posting.journal,
    date: posting.date,
    description: posting.description.trim(),
    reference: posting.reference ?? null,
    total: money(debit),
    sourceType: posting.sourceType ?? null,
    sourceId: posting.sourceId ?? null,
    createdBy: posting.userId ?? null,
  });
  const lineIds = await insertLines(sequelize, transaction, companyId, draft.id, lines);
  const number = await takeEntryNumber(sequelize, transaction, companyId, posting.journal, yearOf(posting.date));
  const entry = await numberAndValidate(sequelize, transaction, draft.id, number, posting.userId ?? null);
  return {
    ...entry,
    lines: lines.map((l, i) => ({
      id: lineIds[i],
      accountId: l.accountId,
      account: accounts[i],
      description: l.description,
      debit: l.debit,
      credit: l.credit,
      thirdPartyId: l.thirdPartyId ?? null,
    })),
  };
}

type AccountRef = { id: string; code: string; name: string };

/** The account of each line, creating missing reference accounts in the company's chart. */
async function resolveAccounts(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  lines: PostingLine[],
): Promise<AccountRef[]> {
  const codes = [...new Set(lines.filter((l) => !l.accountId).map((l) => l.accountCode ?? ''))];
  const ids = [...new Set(lines.filter((l) => l.accountId).map((l) => l.accountId as string))];
  const byCode = new Map<string, AccountRef>();
  const byId = new Map<string, AccountRef>();

  const lookup = async () => {
    const rows = await sequelize.query<AccountRef>(
      'SELECT id, code, name FROM accounting.accounts WHERE company_id = $1 AND code = ANY($2::text[])',
      {
        bind: [companyId, codes],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    for (const r of rows) byCode.set(r.code, r);
  };
  if (codes.length) {
    await lookup();
    const missing = codes.filter((c) => !byCode.has(c));
    if (missing.length) {
      const defs = missing.map((code) => {
        const def = referenceAccount(code);
        if (!def) throw new HttpError(400, `${MESSAGES_ENTRY.accountNotFound} (${code || '?'})`);
        return def;
      });
      // ON CONFLICT DO NOTHING: a concurrent posting may create the same account; read them back either way.
      await insertMissingAccounts(sequelize, transaction, companyId, defs);
      await lookup();
    }
  }
  if (ids.length) {
    const rows = await sequelize.query<AccountRef>(
      'SELECT id, code, name FROM accounting.accounts WHERE company_id = $1 AND id = ANY($2::uuid[])',
      {
        bind: [companyId, ids],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (rows.length !== ids.length) throw new HttpError(400, MESSAGES_ENTRY.accountNotFound);
    for (const r of rows) byId.set(r.id, r);
  }
  return lines.map((l) => (l.accountId ? byId.get(l.accountId) : byCode.get(l.accountCode ?? '')) as AccountRef);
}

/** Every third party named must be one of the company's. */
export async function assertThirdParties(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  thirdPartyIds: (string | null | undefined)[],
): Promise<void> {
  const ids = [...new Set(thirdPartyIds.filter((id): id is string => !!id))];
  if (!ids.length) return;
  const rows = await sequelize.query<{ id: string }>(
    'SELECT id FROM accounting.third_parties WHERE company_id = $1 AND id = ANY($2::uuid[])',
    {
      bind: [companyId, ids],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  if (rows.length !== ids.length) throw new HttpError(400, MESSAGES_ENTRY.thirdPartyNotFound);
}
