import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { carryForwardIds } from '../posting';
import type { Journal, MobileMoneyProvider, StatementCsvLayout, TreasuryAccountKindName } from '@xaalis/contracts';

/** A row of accounting.treasury_accounts with its account's code. */
export interface TreasuryAccountRow {
  id: string;
  kind: TreasuryAccountKindName;
  name: string;
  bank_name: string | null;
  account_holder: string | null;
  iban: string | null;
  provider: MobileMoneyProvider | null;
  wallet_number: string | null;
  account_id: string;
  account_code: string;
  journal: Journal;
  is_default: boolean;
  /** The CSV layout of the last statement confirmed for it (migration 0023). */
  statement_layout: StatementCsvLayout | null;
}

const COLUMNS = `t.id, t.kind, t.name, t.bank_name, t.account_holder, t.iban, t.provider, t.wallet_number,
  t.account_id, a.code AS account_code, t.journal, t.is_default, t.statement_layout`;
const FROM = `accounting.treasury_accounts t JOIN accounting.accounts a ON a.company_id = t.company_id AND a.id = t.account_id`;
// Defaults first, then by kind and creation.
const ORDER = `ORDER BY array_position(ARRAY['bank', 'mobile_money', 'cash', 'cheques'], t.kind), NOT t.is_default, t.created_at, t.id`;

/** One page of the company's treasury accounts, with their count. */
export async function listRows(
  sequelize: Sequelize,
  companyId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: TreasuryAccountRow[]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    sequelize.query<TreasuryAccountRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE t.company_id = $1 ${ORDER} LIMIT $2 OFFSET $3`, {
      bind: [companyId, pageSize, (page - 1) * pageSize],
      type: QueryTypes.SELECT,
    }),
    sequelize.query<{ n: number }>('SELECT count(*)::int AS n FROM accounting.treasury_accounts WHERE company_id = $1', {
      bind: [companyId],
      type: QueryTypes.SELECT,
    }),
  ]);
  return { rows, total: n };
}

/** Treasury accounts of the company by id (unknown or another company's ids are absent); `lock` holds them until the transaction ends. */
export function rowsById(
  sequelize: Sequelize,
  companyId: string,
  ids: string[],
  transaction?: Transaction,
  lock = false,
): Promise<TreasuryAccountRow[]> {
  return sequelize.query<TreasuryAccountRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE t.company_id = $1 AND t.id = ANY($2::uuid[]) ${lock ? 'FOR SHARE OF t' : ''}`,
    { bind: [companyId, ids], type: QueryTypes.SELECT, transaction },
  );
}

export async function defaultRow(
  sequelize: Sequelize,
  companyId: string,
  kind: TreasuryAccountKindName,
  transaction?: Transaction,
): Promise<TreasuryAccountRow | null> {
  const [row] = await sequelize.query<TreasuryAccountRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE t.company_id = $1 AND t.kind = $2 AND t.is_default`,
    {
      bind: [companyId, kind],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row ?? null;
}

export interface NewTreasuryAccount {
  companyId: string;
  kind: TreasuryAccountKindName;
  name: string;
  bankName?: string | null;
  accountHolder?: string | null;
  iban?: string | null;
  provider?: MobileMoneyProvider | null;
  walletNumber?: string | null;
  accountId: string;
  journal: string;
  isDefault: boolean;
}

/** Inserts a treasury account; a default that already exists is left alone (answers null). */
export async function insertRow(sequelize: Sequelize, transaction: Transaction, t: NewTreasuryAccount): Promise<string | null> {
  const rows = await sequelize.query<{ id: string }>(
    `INSERT INTO accounting.treasury_accounts
       (company_id, kind, name, bank_name, account_holder, iban, provider, wallet_number, account_id, journal, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ${t.isDefault ? 'ON CONFLICT (company_id, kind) WHERE is_default DO NOTHING' : ''}
     RETURNING id`,
    {
      bind: [
        t.companyId,
        t.kind,
        t.name,
        t.bankName ?? null,
        t.accountHolder ?? null,
        t.iban ?? null,
        t.provider ?? null,
        t.walletNumber ?? null,
        t.accountId,
        t.journal,
        t.isDefault,
      ],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows[0]?.id ?? null;
}

export interface ReconciliationFigures {
  lastStatementDate: string | null;
  lastStatementBalance: string | null;
  unmatchedStatementLines: number;
  unmatchedLedgerLines: number;
}

/**
 * Per treasury account (`id`, on the chart account `accountId`): its latest
 * confirmed statement's end date and closing balance, and its statement and
 * ledger lines not yet reconciled (validated entries, reversals and
 * carry-forward entries left out, as the matching screen counts them).
 */
export async function reconciliationFigures(
  sequelize: Sequelize,
  companyId: string,
  accounts: { id: string; accountId: string }[],
): Promise<Map<string, ReconciliationFigures>> {
  if (!accounts.length) return new Map();
  const rows = await sequelize.query<ReconciliationFigures & { id: string }>(
    `SELECT t.id,
            last.end_date::text AS "lastStatementDate", last.closing_balance::text AS "lastStatementBalance",
            (SELECT count(*)::int FROM accounting.bank_statement_lines l
               LEFT JOIN accounting.reconciliation_items i ON i.statement_line_id = l.id
              WHERE l.company_id = $1 AND l.treasury_account_id = t.id AND l.confirmed AND i.reconciliation_id IS NULL) AS "unmatchedStatementLines",
            (SELECT count(*)::int FROM accounting.accounting_entry_lines el
               JOIN accounting.accounting_entries e ON e.id = el.entry_id
               LEFT JOIN accounting.reconciliation_items i ON i.entry_line_id = el.id
              WHERE el.company_id = $1 AND el.account_id = t.account_id AND e.status = 'validated' AND e.reversal_of_id IS NULL
                AND e.id NOT IN (${carryForwardIds('$1')}) AND i.reconciliation_id IS NULL) AS "unmatchedLedgerLines"
       FROM unnest($2::uuid[], $3::uuid[]) AS t(id, account_id)
       LEFT JOIN LATERAL (
         SELECT s.end_date, s.closing_balance FROM accounting.bank_statements s
          WHERE s.company_id = $1 AND s.treasury_account_id = t.id AND s.status = 'confirmed' AND s.source <> 'manual'
          ORDER BY s.end_date DESC NULLS LAST, s.confirmed_at DESC LIMIT 1) last ON true`,
    { bind: [companyId, accounts.map((a) => a.id), accounts.map((a) => a.accountId)], type: QueryTypes.SELECT },
  );
  return new Map(rows.map((r) => [r.id, r]));
}
