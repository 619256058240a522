import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { MESSAGES_ENTRY_IMPORT, formatEntryNumber, type Journal } from '@xaalis/contracts';
import { fromCents } from '@xaalis/domain';
import { HttpError, isUniqueViolation, sqlStateOf, type Logger } from '@xaalis/service-kit';
import { insertMissingAccounts } from '../accounts';
import { recordAuditEvent } from '../audit/record';
import { referenceAccount } from '../chart';
import { LEDGER_SQLSTATE, yearOf } from '../posting';
import { setProgress, transition } from './model';
import type { ImportPayload } from './payload';

/**
 * The run of a checked import: every entry in ONE transaction (all or
 * nothing), in date order, numbered through the counters, written with
 * multi-row statements:
 * - the counters: one statement takes, for every journal and year of the file,
 *   a block of as many numbers as it has entries (the counter rows stay locked
 *   until the transaction ends, as for any posting);
 * - per batch of about `batchLines` lines: one INSERT of the entries (drafts,
 *   as the database requires), one INSERT of their lines, and, when the user
 *   chose validated entries, one UPDATE validating them — the database's
 *   triggers check each entry's balance and feed account_balances as for any
 *   posting (migrations 0002 and 0008);
 * - progress is written after each batch on another connection, so the page
 *   sees it while the transaction runs.
 * Any failure rolls everything back and marks the import failed with a French message.
 */

/** "1500.00" from cents: amounts are at most 15 digits, exact as numbers (no BigInt per line). */
const money = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Lines per batch (tests lower it to fail in the middle of an import). */
export const runSettings = { batchLines: 10_000 };

export interface RunResult {
  entryCount: number;
  firstNumber: string | null;
  lastNumber: string | null;
}

class ImportFailure extends Error {}

interface ImportToRun {
  status: string;
  validate: boolean | null;
  payload: ImportPayload | null;
  line_count: number;
}

/**
 * Runs a queued import. Answers null when there is nothing to do (unknown id,
 * or not queued any more: a duplicate delivery). Never throws for the import's
 * own failures: they are recorded on the row.
 */
export async function runImport(
  sequelize: Sequelize,
  log: Logger,
  companyId: string,
  importId: string,
  userId: string | null,
): Promise<RunResult | null> {
  const [row] = await sequelize.query<ImportToRun>(
    `SELECT status, validate, payload, line_count FROM accounting.entry_imports WHERE company_id = $1 AND id = $2`,
    { bind: [companyId, importId], type: QueryTypes.SELECT },
  );
  // 'running': a redelivery after a worker died mid-run (its transaction died with it: nothing was written).
  if (!row || !['queued', 'running'].includes(row.status) || !row.payload) return null;
  if (!(await transition(sequelize, companyId, importId, ['queued', 'running'], 'running', { progressDone: 0 }))) return null;
  const payload = row.payload;
  const validate = row.validate !== false;

  for (let attempt = 1; ; attempt++) {
    try {
      return await sequelize.transaction((transaction) => writeAll(sequelize, transaction, companyId, importId, userId, payload, validate));
    } catch (err) {
      // A deadlock with a concurrent posting (account_balances rows): the transaction is gone, try once more.
      if (sqlStateOf(err) === '40P01' && attempt < 2) {
        await setProgress(sequelize, companyId, importId, 0);
        continue;
      }
      const message = failureMessage(err);
      if (message === MESSAGES_ENTRY_IMPORT.jobFailed) log.error({ err, importId }, 'entry import failed');
      else log.warn({ importId, message }, 'entry import refused');
      await transition(sequelize, companyId, importId, ['running'], 'failed', { message, finished: true, progressDone: 0 });
      return null;
    }
  }
}

function failureMessage(err: unknown): string {
  if (err instanceof ImportFailure || err instanceof HttpError) return err.message;
  const pg = (err as { parent?: { code?: string; message?: string } }).parent;
  // The ledger triggers' refusals are French already.
  if (pg?.code && (Object.values(LEDGER_SQLSTATE) as string[]).includes(pg.code))
    return `${MESSAGES_ENTRY_IMPORT.jobFailed} (${pg.message})`;
  if (isUniqueViolation(err)) return `${MESSAGES_ENTRY_IMPORT.jobFailed} (numéro d'écriture déjà utilisé)`;
  return MESSAGES_ENTRY_IMPORT.jobFailed;
}

async function writeAll(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  importId: string,
  userId: string | null,
  payload: ImportPayload,
  validate: boolean,
): Promise<RunResult> {
  const accountIds = await resolveAccounts(sequelize, transaction, companyId, payload.accounts);
  const thirdPartyIds = await resolveThirdParties(sequelize, transaction, companyId, payload.thirdParties);
  const numbers = await takeNumbers(sequelize, transaction, companyId, payload.entries);

  const total = payload.lines.length;
  let entryAt = 0;
  let lineAt = 0;
  while (entryAt < payload.entries.length) {
    // One batch: whole entries, about batchLines lines.
    const ids: string[] = [];
    const eNumber: string[] = [];
    const eJournal: string[] = [];
    const eDate: string[] = [];
    const eDescription: string[] = [];
    const eReference: (string | null)[] = [];
    const eTotal: string[] = [];
    const eSource: string[] = [];
    const lEntry: string[] = [];
    const lNo: number[] = [];
    const lAccount: string[] = [];
    const lDescription: string[] = [];
    const lDebit: string[] = [];
    const lCredit: string[] = [];
    const lThird: (string | null)[] = [];
    const lDate: string[] = [];
    const batchStart = lineAt;
    while (entryAt < payload.entries.length && (lineAt - batchStart < runSettings.batchLines || ids.length === 0)) {
      const [journal, date, description, reference, count] = payload.entries[entryAt];
      const id = randomUUID();
      let debit = 0n;
      for (let k = 0; k < count; k++) {
        const [account, label, d, c, third] = payload.lines[lineAt + k];
        lEntry.push(id);
        lNo.push(k + 1);
        lAccount.push(accountIds[account]);
        lDescription.push(label);
        lDebit.push(money(d));
        lCredit.push(money(c));
        lThird.push(third < 0 ? null : thirdPartyIds[third]);
        lDate.push(date);
        debit += BigInt(d);
      }
      ids.push(id);
      eNumber.push(numbers[entryAt]);
      eJournal.push(journal);
      eDate.push(date);
      eDescription.push(description);
      eReference.push(reference);
      eTotal.push(fromCents(debit));
      eSource.push(`${importId}:${entryAt + 1}`);
      entryAt++;
      lineAt += count;
    }
    await sequelize.query(
      `INSERT INTO accounting.accounting_entries
         (id, company_id, number, journal, date, description, reference, total, source_type, source_id, created_by)
       SELECT e.id, $1, e.number, e.journal, e.date, e.description, e.reference, e.total, 'import', e.source_id, $2
         FROM unnest($3::uuid[], $4::text[], $5::text[], $6::date[], $7::text[], $8::text[], $9::numeric[], $10::text[])
              AS e(id, number, journal, date, description, reference, total, source_id)`,
      { bind: [companyId, userId, ids, eNumber, eJournal, eDate, eDescription, eReference, eTotal, eSource], transaction },
    );
    await sequelize.query(
      // entry_date given: the database checks it rather than looking it up line by line (migration 0011).
      `INSERT INTO accounting.accounting_entry_lines
         (entry_id, company_id, line_no, account_id, description, debit, credit, third_party_id, entry_date)
       SELECT l.entry_id, $1, l.line_no, l.account_id, l.description, l.debit, l.credit, l.third_party_id, l.entry_date
         FROM unnest($2::uuid[], $3::int[], $4::uuid[], $5::text[], $6::numeric[], $7::numeric[], $8::uuid[], $9::date[])
              AS l(entry_id, line_no, account_id, description, debit, credit, third_party_id, entry_date)`,
      { bind: [companyId, lEntry, lNo, lAccount, lDescription, lDebit, lCredit, lThird, lDate], transaction },
    );
    if (validate)
      await sequelize.query(
        // Joined to the ids (primary-key lookups), not `id = ANY(…)` over the company's entries.
        `UPDATE accounting.accounting_entries AS e SET status = 'validated', validated_by = $2
           FROM unnest($3::uuid[]) AS v(id) WHERE e.id = v.id AND e.company_id = $1`,
        { bind: [companyId, userId, ids], transaction },
      );
    await setProgress(sequelize, companyId, importId, lineAt);
  }
  // The deferred balance checks now, as a plain statement error (see ledgerWrite).
  await sequelize.query('SET CONSTRAINTS ALL IMMEDIATE', { transaction });
  const result: RunResult = {
    entryCount: payload.entries.length,
    firstNumber: numbers[0] ?? null,
    lastNumber: numbers[numbers.length - 1] ?? null,
  };
  const [done] = await sequelize.query<{ id: string; file_name: string }>(
    `UPDATE accounting.entry_imports
        SET status = 'imported', payload = NULL, progress_done = $3, first_number = $4, last_number = $5,
            finished_at = now(), updated_at = now(), message = NULL
      WHERE company_id = $1 AND id = $2 AND status = 'running'
      RETURNING id, file_name`,
    { bind: [companyId, importId, total, result.firstNumber, result.lastNumber], type: QueryTypes.SELECT, transaction },
  );
  if (!done) throw new ImportFailure(MESSAGES_ENTRY_IMPORT.interrupted);
  // The entries themselves get their 'created' (and 'validated') events from the triggers (migration 0014).
  await recordAuditEvent(sequelize, transaction, {
    companyId,
    userId,
    action: 'imported',
    objectType: 'entry-import',
    objectId: importId,
    objectLabel: done.file_name,
    details: {
      entryCount: result.entryCount,
      lineCount: total,
      validated: validate,
      firstNumber: result.firstNumber,
      lastNumber: result.lastNumber,
    },
  });
  return result;
}

/** Account ids by payload index; reference accounts the chart lacks are created (as a posting does). */
async function resolveAccounts(sequelize: Sequelize, transaction: Transaction, companyId: string, codes: string[]): Promise<string[]> {
  const lookup = async () =>
    new Map(
      (
        await sequelize.query<{ id: string; code: string }>(
          'SELECT id, code FROM accounting.accounts WHERE company_id = $1 AND code = ANY($2::text[])',
          { bind: [companyId, codes], type: QueryTypes.SELECT, transaction },
        )
      ).map((r) => [r.code, r.id]),
    );
  let byCode = await lookup();
  const missing = codes.filter((c) => !byCode.has(c));
  if (missing.length) {
    const defs = missing.map((code) => {
      const def = referenceAccount(code);
      if (!def) throw new ImportFailure(MESSAGES_ENTRY_IMPORT.unknownAccount(code));
      return def;
    });
    await insertMissingAccounts(sequelize, transaction, companyId, defs);
    byCode = await lookup();
  }
  return codes.map((c) => {
    const id = byCode.get(c);
    if (!id) throw new ImportFailure(MESSAGES_ENTRY_IMPORT.unknownAccount(c));
    return id;
  });
}

/** Third-party ids by payload index (one may have been deleted since the upload). */
async function resolveThirdParties(sequelize: Sequelize, transaction: Transaction, companyId: string, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await sequelize.query<{ id: string; code: string }>(
    'SELECT id, code FROM accounting.third_parties WHERE company_id = $1 AND code = ANY($2::text[])',
    { bind: [companyId, codes], type: QueryTypes.SELECT, transaction },
  );
  const byCode = new Map(rows.map((r) => [r.code, r.id]));
  return codes.map((c) => {
    const id = byCode.get(c);
    if (!id) throw new ImportFailure(MESSAGES_ENTRY_IMPORT.unknownThirdParty(c));
    return id;
  });
}

/**
 * The entries' numbers, in their (date) order: one statement takes a block of
 * numbers per journal and year from the counters (rows locked in key order,
 * like every taker, so two imports cannot deadlock on them).
 */
async function takeNumbers(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  entries: ImportPayload['entries'],
): Promise<string[]> {
  const counts = new Map<string, number>();
  for (const [journal, date] of entries) {
    const key = `${journal}-${yearOf(date)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const keys = [...counts.keys()].sort();
  const rows = await sequelize.query<{ journal: Journal; year: number; last_number: number }>(
    `INSERT INTO accounting.entry_counters AS c (company_id, journal, year, last_number)
     SELECT $1, v.journal, v.year, v.n FROM unnest($2::text[], $3::int[], $4::int[]) WITH ORDINALITY AS v(journal, year, n, o) ORDER BY v.o
     ON CONFLICT (company_id, journal, year) DO UPDATE SET last_number = c.last_number + EXCLUDED.last_number
     RETURNING c.journal, c.year, c.last_number`,
    {
      bind: [companyId, keys.map((k) => k.split('-')[0]), keys.map((k) => Number(k.split('-')[1])), keys.map((k) => counts.get(k) ?? 0)],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  const next = new Map(rows.map((r) => [`${r.journal}-${r.year}`, r.last_number - (counts.get(`${r.journal}-${r.year}`) ?? 0) + 1]));
  return entries.map(([journal, date]) => {
    const key = `${journal}-${yearOf(date)}`;
    const seq = next.get(key) ?? 1;
    next.set(key, seq + 1);
    return formatEntryNumber(journal, yearOf(date), seq);
  });
}
