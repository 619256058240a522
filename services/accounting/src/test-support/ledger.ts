// Test helpers: a company's ledger written straight in SQL through the real
// triggers (draft → lines → validated, cancellations with their reversal),
// and a naive per-account sum over the lines to compare the reports with.
// Not imported by the service itself.
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { fromCents, toCents } from '@xaalis/domain';

export type Fate = 'draft' | 'validated' | 'cancelled';

export interface EntrySpec {
  date: string;
  /** [account code, debit cents, credit cents] */
  lines: [string, bigint, bigint][];
  fate?: Fate;
  /** The reversal's date when cancelled (default: the entry's date). */
  reversalDate?: string;
}

type SpecLine = EntrySpec['lines'][number];
/** A line of an EntrySpec that debits `code` with whole francs. */
export const debit = (code: string, francs: number): SpecLine => [code, toCents(String(francs)), 0n];
/** A line of an EntrySpec that credits `code` with whole francs. */
export const credit = (code: string, francs: number): SpecLine => [code, 0n, toCents(String(francs))];
/** A validated entry of these lines (spread it to give another fate). */
export const entryOn = (date: string, ...lines: SpecLine[]): EntrySpec => ({ date, lines });

const typeOf = (code: string): [string, string] => {
  if (code.startsWith('1')) return ['equity', 'passif'];
  if (code.startsWith('6') || code.startsWith('8')) return ['expense', 'charge'];
  if (code.startsWith('7')) return ['revenue', 'produit'];
  if (code.startsWith('4')) return ['liability', 'passif'];
  return ['asset', 'actif'];
};

/** Accounts by code for the company, created as needed (any digits, in or out of the SYSCOHADA chart). */
export async function ensureAccounts(sequelize: Sequelize, companyId: string, codes: string[]): Promise<Map<string, string>> {
  for (const code of new Set(codes)) {
    const [type, category] = typeOf(code);
    await sequelize.query(
      `INSERT INTO accounting.accounts (company_id, code, name, type, category, level)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (company_id, code) DO NOTHING`,
      { bind: [companyId, code, `Compte ${code}`, type, category, Math.min(code.length, 7)] },
    );
  }
  const rows = await sequelize.query<{ id: string; code: string }>('SELECT id, code FROM accounting.accounts WHERE company_id = $1', {
    bind: [companyId],
    type: QueryTypes.SELECT,
  });
  return new Map(rows.map((r) => [r.code, r.id]));
}

let counter = 0;

async function insertEntry(
  sequelize: Sequelize,
  t: Transaction,
  companyId: string,
  ids: Map<string, string>,
  date: string,
  lines: [string, bigint, bigint][],
  reversalOf?: string,
): Promise<string> {
  const total = lines.reduce((s, [, d]) => s + d, 0n);
  const [{ id }] = await sequelize.query<{ id: string }>(
    `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, total, reversal_of_id)
     VALUES ($1, $2, 'OD', $3, 'Écriture de test', $4, $5) RETURNING id`,
    {
      bind: [companyId, `T-${process.pid}-${++counter}`, date, fromCents(total), reversalOf ?? null],
      type: QueryTypes.SELECT,
      transaction: t,
    },
  );
  let lineNo = 0;
  for (const [code, debit, credit] of lines) {
    await sequelize.query(
      `INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      { bind: [id, companyId, ++lineNo, ids.get(code), `ligne ${lineNo}`, fromCents(debit), fromCents(credit)], transaction: t },
    );
  }
  return id;
}

/** Writes one entry as the posting engine would, and takes it to its fate. */
export async function postSql(sequelize: Sequelize, companyId: string, ids: Map<string, string>, spec: EntrySpec): Promise<string> {
  return sequelize.transaction(async (t) => {
    const id = await insertEntry(sequelize, t, companyId, ids, spec.date, spec.lines);
    if ((spec.fate ?? 'validated') === 'draft') return id;
    await sequelize.query(`UPDATE accounting.accounting_entries SET status = 'validated' WHERE id = $1`, { bind: [id], transaction: t });
    if (spec.fate === 'cancelled') {
      const swapped = spec.lines.map(([code, d, c]): [string, bigint, bigint] => [code, c, d]);
      const reversal = await insertEntry(sequelize, t, companyId, ids, spec.reversalDate ?? spec.date, swapped, id);
      await sequelize.query(`UPDATE accounting.accounting_entries SET status = 'validated' WHERE id = $1`, {
        bind: [reversal],
        transaction: t,
      });
      await sequelize.query(`UPDATE accounting.accounting_entries SET status = 'cancelled', reversed_by_id = $2 WHERE id = $1`, {
        bind: [id, reversal],
        transaction: t,
      });
    }
    return id;
  });
}

/** Σ debit − credit per account code over the posted lines dated in [from, to] (naively, from the lines). */
export function naiveBalances(specs: EntrySpec[], from: string, to: string): Map<string, { debit: bigint; credit: bigint }> {
  const out = new Map<string, { debit: bigint; credit: bigint }>();
  const add = (date: string, lines: [string, bigint, bigint][]) => {
    if (date < from || date > to) return;
    for (const [code, d, c] of lines) {
      const cur = out.get(code) ?? { debit: 0n, credit: 0n };
      out.set(code, { debit: cur.debit + d, credit: cur.credit + c });
    }
  };
  for (const s of specs) {
    if ((s.fate ?? 'validated') === 'draft') continue;
    add(s.date, s.lines);
    if (s.fate === 'cancelled')
      add(
        s.reversalDate ?? s.date,
        s.lines.map(([code, d, c]) => [code, c, d]),
      );
  }
  return out;
}

/** The monthly and daily balances as stored, and as recomputed from the lines: both sides of the rebuild check. */
export async function storedAndRebuiltBalances(sequelize: Sequelize, companyId: string) {
  const q = (sql: string) => sequelize.query<Record<string, string>>(sql, { bind: [companyId], type: QueryTypes.SELECT });
  const stored = await q(
    `SELECT account_id, month::text, debit::text, credit::text, line_count::text FROM accounting.account_balances
      WHERE company_id = $1 ORDER BY account_id, month`,
  );
  const rebuilt = await q(
    `SELECT l.account_id, date_trunc('month', e.date)::date::text AS month, sum(l.debit)::text AS debit, sum(l.credit)::text AS credit,
            count(*)::text AS line_count
       FROM accounting.accounting_entry_lines l JOIN accounting.accounting_entries e ON e.id = l.entry_id
      WHERE l.company_id = $1 AND e.status <> 'draft'
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const storedDays = await q(
    `SELECT account_id, day::text, debit::text, credit::text, line_count::text FROM accounting.account_day_balances
      WHERE company_id = $1 ORDER BY account_id, day`,
  );
  const rebuiltDays = await q(
    `SELECT l.account_id, e.date::text AS day, sum(l.debit)::text AS debit, sum(l.credit)::text AS credit, count(*)::text AS line_count
       FROM accounting.accounting_entry_lines l JOIN accounting.accounting_entries e ON e.id = l.entry_id
      WHERE l.company_id = $1 AND e.status <> 'draft'
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return { stored, rebuilt, storedDays, rebuiltDays };
}

export const cents = (value: string) => toCents(value);
