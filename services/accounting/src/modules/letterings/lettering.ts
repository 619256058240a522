import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { MESSAGES_LETTERING, type Lettering } from '@xaalis/contracts';
import { isZero, sum, sub } from '@xaalis/domain';
import { HttpError, notFound } from '@xaalis/service-kit';
import { takeCounter } from '../posting';

/**
 * Lettering codes: AA, AB … ZZ, then AAA… — bijective base 26 of n + 26, so
 * the first is two letters. One series per company (document_counters,
 * kind 'lettrage'): a code names one lettering of the company.
 */
export function letteringCode(n: number): string {
  let v = n + 26;
  let code = '';
  while (v > 0) {
    const r = (v - 1) % 26;
    code = String.fromCharCode(65 + r) + code;
    v = Math.floor((v - 1) / 26);
  }
  return code;
}

interface LineRow {
  id: string;
  company_id: string;
  account_id: string;
  third_party_id: string | null;
  debit: string;
  credit: string;
  date: string;
  status: string;
  lettrable: boolean;
  lettered: boolean;
}

/** Letters `lineIds` (checked: one account, one third party, validated, lettrable, balanced unless partial) in `transaction`. */
export async function letterIn(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  lineIds: string[],
  opts: { partial: boolean; source: 'manual' | 'auto'; userId: string | null },
): Promise<Lettering> {
  const ids = [...new Set(lineIds)];
  if (ids.length < 2) throw new HttpError(400, MESSAGES_LETTERING.twoLines);
  // The lines locked: two letterings of one line queue up, the second sees the first (and the key refuses it anyway).
  const rows = await sequelize.query<LineRow>(
    `SELECT l.id, l.company_id, l.account_id, l.third_party_id, l.debit, l.credit, e.date::text AS date, e.status, a.lettrable,
            EXISTS (SELECT 1 FROM accounting.lettering_lines ll WHERE ll.entry_line_id = l.id) AS lettered
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id
       JOIN accounting.accounts a ON a.id = l.account_id
      WHERE l.company_id = $1 AND l.id = ANY($2::uuid[])
      ORDER BY l.id
      FOR UPDATE OF l`,
    { bind: [companyId, ids], type: QueryTypes.SELECT, transaction },
  );
  if (rows.length !== ids.length) throw notFound(MESSAGES_LETTERING.lineNotFound);
  if (rows.some((r) => r.status !== 'validated')) throw new HttpError(400, MESSAGES_LETTERING.notValidated);
  if (rows.some((r) => r.lettered)) throw new HttpError(409, MESSAGES_LETTERING.alreadyLettered);
  if (new Set(rows.map((r) => r.account_id)).size > 1) throw new HttpError(400, MESSAGES_LETTERING.oneAccount);
  if (new Set(rows.map((r) => r.third_party_id)).size > 1) throw new HttpError(400, MESSAGES_LETTERING.oneThirdParty);
  if (!rows[0].lettrable) throw new HttpError(400, MESSAGES_LETTERING.notLettrable);
  const balance = sub(sum(rows.map((r) => r.debit)), sum(rows.map((r) => r.credit)));
  const partial = !isZero(balance);
  if (partial && !opts.partial) throw new HttpError(400, MESSAGES_LETTERING.unbalanced);
  const code = letteringCode(await takeCounter(sequelize, transaction, 'document_counters', companyId, 'lettrage', 0));
  const letteredOn = rows.reduce((d, r) => (r.date > d ? r.date : d), rows[0].date);
  const [{ id }] = await sequelize.query<{ id: string }>(
    `INSERT INTO accounting.letterings (company_id, code, account_id, third_party_id, partial, lettered_on, source, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    {
      bind: [companyId, code, rows[0].account_id, rows[0].third_party_id, partial, letteredOn, opts.source, opts.userId],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  await sequelize.query(
    `INSERT INTO accounting.lettering_lines (entry_line_id, lettering_id, company_id) SELECT unnest($1::uuid[]), $2, $3`,
    { bind: [ids, id, companyId], transaction },
  );
  return {
    code: partial ? code.toLowerCase() : code,
    partial,
    accountId: rows[0].account_id,
    thirdPartyId: rows[0].third_party_id,
    lineIds: ids,
    balance,
  };
}

/**
 * The automatic lettering of an invoice, after a payment or a credit note:
 * the third-party lines (401x/411x) of its entry, its payments, its credit
 * notes and their refunds, lettered together — in full when they balance,
 * partially otherwise (the remaining amount shows). Redone each time: the
 * invoice's earlier automatic lettering is replaced; lines a user lettered
 * by hand are left alone.
 */
export async function letterInvoiceIn(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  invoiceId: string,
  userId: string | null,
): Promise<void> {
  const lines = await sequelize.query<{ id: string; lettering_id: string | null; source: string | null }>(
    `WITH inv AS (SELECT id, entry_id, third_party_id FROM accounting.invoices WHERE id = $2 AND company_id = $1),
          entries AS (
            SELECT entry_id AS id FROM inv
            UNION SELECT p.entry_id FROM accounting.payments p WHERE p.invoice_id = $2 AND p.company_id = $1 AND p.entry_id IS NOT NULL
            UNION SELECT n.entry_id FROM accounting.credit_notes n WHERE n.invoice_id = $2 AND n.company_id = $1
            UNION SELECT r.entry_id FROM accounting.credit_note_refunds r JOIN accounting.credit_notes n ON n.id = r.credit_note_id
                   WHERE n.invoice_id = $2 AND n.company_id = $1)
     SELECT l.id, ll.lettering_id, lt.source
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id AND e.status = 'validated'
       JOIN accounting.accounts a ON a.id = l.account_id AND a.code ~ '^4[01]'
       JOIN inv ON inv.third_party_id = l.third_party_id
       LEFT JOIN accounting.lettering_lines ll ON ll.entry_line_id = l.id
       LEFT JOIN accounting.letterings lt ON lt.id = ll.lettering_id
      WHERE l.company_id = $1 AND l.entry_id IN (SELECT id FROM entries)`,
    { bind: [companyId, invoiceId], type: QueryTypes.SELECT, transaction },
  );
  const previous = [...new Set(lines.filter((l) => l.source === 'auto').map((l) => l.lettering_id as string))];
  if (previous.length)
    await sequelize.query('DELETE FROM accounting.letterings WHERE company_id = $1 AND id = ANY($2::uuid[])', {
      bind: [companyId, previous],
      transaction,
    });
  const free = lines.filter((l) => !l.lettering_id || l.source === 'auto').map((l) => l.id);
  if (free.length >= 2) await letterIn(sequelize, transaction, companyId, free, { partial: true, source: 'auto', userId });
}

/**
 * Délettrage: the lettering `code` of the company is removed. Either case: a
 * path segment is lower case (contracts' isCanonicalPath), and codes are
 * unique per company in upper case.
 */
export async function unletter(sequelize: Sequelize, transaction: Transaction, companyId: string, code: string): Promise<void> {
  const [, meta] = await sequelize.query('DELETE FROM accounting.letterings WHERE company_id = $1 AND code = upper($2)', {
    bind: [companyId, code],
    transaction,
  });
  if (!(meta as { rowCount?: number })?.rowCount) throw notFound(MESSAGES_LETTERING.notFound);
}
