import { sqlStep } from '@xaalis/service-kit';

/**
 * Ready to shard by company (issue 32, infra/SHARDING.md): every primary key
 * and unique key of a company's table includes company_id, and every foreign
 * key between two of them pairs company_id on both sides, as Citus needs to
 * distribute the tables by company_id (infra/src/sharding.test.ts checks it).
 *
 * - Keys: company_id is appended, so each index still leads with the columns
 *   it led with (lookups by id or by parent stay as fast), and the keys keep
 *   their names (code refers to them). Where a UNIQUE (id, company_id) exists
 *   already (kept: foreign keys use it), the primary key is (company_id, id),
 *   so no two indexes are the same.
 * - `reconciliation_items` had no primary key (one of its two line columns is
 *   always null): it gets an id.
 * - The foreign keys on a bare id now carry company_id too, with their names,
 *   ON DELETE and deferral; re-adding them checks every row.
 *
 * Each new key takes its index by name (`<key>_next`, renamed to the key's
 * name): built here, unless an operator built it beforehand, online, with
 * `prebuild` (CREATE UNIQUE INDEX CONCURRENTLY), which leaves the migration
 * only the swaps to do. Nothing else changes: the same rows are accepted.
 */

interface Key {
  table: string;
  /** The constraint or index, the same name before and after. */
  name: string;
  kind: 'PRIMARY KEY' | 'UNIQUE' | 'UNIQUE INDEX';
  before: string;
  after: string;
  /** A partial unique index's predicate. */
  where?: string;
}

const primaryKey = (table: string, before: string, after: string): Key => ({
  table,
  name: `${table}_pkey`,
  kind: 'PRIMARY KEY',
  before,
  after,
});

const KEYS: Key[] = [
  ...[
    'accounting_entry_lines',
    'accounts',
    'audit_events',
    'bank_statement_lines',
    'bank_statements',
    'credit_note_applications',
    'credit_note_lines',
    'credit_note_refunds',
    'depreciation_schedules',
    'entry_imports',
    'fiscal_years',
    'inventory_items',
    'investments',
    'invoice_lines',
    'loan_payments',
    'loans',
    'payments',
    'quote_lines',
    'reconciliations',
    'recurring_invoice_lines',
    'statement_rules',
    'stock_consumptions',
    'stock_movements',
    'third_parties',
    'treasury_accounts',
    'treasury_transfers',
    'vat_codes',
    'vat_lines',
    'vat_returns',
    'withholding_statements',
  ].map((t) => primaryKey(t, 'id', 'id, company_id')),
  // UNIQUE (id, company_id) exists: the other order.
  ...['accounting_entries', 'credit_notes', 'invoices', 'letterings', 'quotes', 'recurring_invoices', 'reminders'].map((t) =>
    primaryKey(t, 'id', 'company_id, id'),
  ),
  primaryKey('lettering_lines', 'entry_line_id', 'entry_line_id, company_id'),
  primaryKey('open_items', 'entry_line_id', 'entry_line_id, company_id'),
  primaryKey('recurring_invoice_runs', 'recurring_invoice_id, date', 'recurring_invoice_id, date, company_id'),
  primaryKey('reminder_invoices', 'reminder_id, invoice_id', 'reminder_id, invoice_id, company_id'),
  ...(
    [
      ['accounting_entry_lines', 'accounting_entry_lines_entry_line_key', 'entry_id, line_no'],
      ['credit_note_lines', 'credit_note_lines_line_key', 'credit_note_id, line_no'],
      ['depreciation_schedules', 'depreciation_schedules_entry_key', 'entry_id'],
      ['depreciation_schedules', 'depreciation_schedules_row_key', 'investment_id, row_no'],
      ['depreciation_schedules', 'depreciation_schedules_year_key', 'investment_id, year'],
      ['invoice_lines', 'invoice_lines_invoice_line_key', 'invoice_id, line_no'],
      ['ledger_chain', 'ledger_chain_entry_key', 'entry_id'],
      ['loan_payments', 'loan_payments_loan_due_key', 'loan_id, due_date'],
      ['quote_lines', 'quote_lines_line_key', 'quote_id, line_no'],
      ['quotes', 'quotes_invoice_id_key', 'invoice_id'],
      ['reconciliation_items', 'reconciliation_items_entry_line_key', 'entry_line_id'],
      ['reconciliation_items', 'reconciliation_items_statement_line_key', 'statement_line_id'],
      ['recurring_invoice_lines', 'recurring_invoice_lines_line_key', 'recurring_invoice_id, line_no'],
    ] as const
  ).map(([table, name, before]): Key => ({ table, name, kind: 'UNIQUE', before, after: `${before}, company_id` })),
  {
    table: 'bank_statements',
    name: 'bank_statements_manual_key',
    kind: 'UNIQUE INDEX',
    before: 'treasury_account_id',
    after: 'treasury_account_id, company_id',
    where: `source = 'manual'`,
  },
  {
    table: 'payments',
    name: 'payments_loan_payment_key',
    kind: 'UNIQUE INDEX',
    before: 'loan_payment_id',
    after: 'loan_payment_id, company_id',
    where: 'loan_payment_id IS NOT NULL',
  },
];

/** The foreign keys on a bare id: `column` → `parent (id)` becomes (`column`, company_id) → `parent (id, company_id)`. */
interface ForeignKey {
  table: string;
  name: string;
  column: string;
  parent: string;
  onDelete?: 'CASCADE';
}

const FOREIGN_KEYS: ForeignKey[] = [
  { table: 'credit_note_lines', name: 'credit_note_lines_invoice_line_id_fkey', column: 'invoice_line_id', parent: 'invoice_lines' },
  {
    table: 'lettering_lines',
    name: 'lettering_lines_entry_line_id_fkey',
    column: 'entry_line_id',
    parent: 'accounting_entry_lines',
    onDelete: 'CASCADE',
  },
  {
    table: 'open_items',
    name: 'open_items_entry_line_id_fkey',
    column: 'entry_line_id',
    parent: 'accounting_entry_lines',
    onDelete: 'CASCADE',
  },
  {
    table: 'recurring_invoice_runs',
    name: 'recurring_invoice_runs_recurring_invoice_id_fkey',
    column: 'recurring_invoice_id',
    parent: 'recurring_invoices',
    onDelete: 'CASCADE',
  },
  { table: 'vat_returns', name: 'vat_returns_previous_id_fkey', column: 'previous_id', parent: 'vat_returns' },
];

const dropForeignKeys = (s: string) => FOREIGN_KEYS.map((f) => `ALTER TABLE ${s}.${f.table} DROP CONSTRAINT ${f.name};`).join('\n    ');
const addForeignKeys = (s: string, withCompany: boolean) =>
  FOREIGN_KEYS.map((f) => {
    const [columns, key] = withCompany ? [`${f.column}, company_id`, 'id, company_id'] : [f.column, 'id'];
    return `ALTER TABLE ${s}.${f.table} ADD CONSTRAINT ${f.name} FOREIGN KEY (${columns}) REFERENCES ${s}.${f.parent} (${key})${f.onDelete ? ` ON DELETE ${f.onDelete}` : ''};`;
  }).join('\n    ');

const nextIndex = (s: string, k: Key, concurrently = '') =>
  `CREATE UNIQUE INDEX ${concurrently}IF NOT EXISTS ${k.name}_next ON ${s}.${k.table} (${k.after})${k.where ? ` WHERE ${k.where}` : ''}`;

/** The new keys' indexes, CONCURRENTLY: run them one by one (outside a transaction) before the migration on a large database. */
export const prebuild = (schema: string): string[] => KEYS.map((k) => nextIndex(`"${schema}"`, k, 'CONCURRENTLY '));

function swap(s: string, k: Key): string {
  if (k.kind === 'UNIQUE INDEX')
    return `${nextIndex(s, k)};
    DROP INDEX ${s}.${k.name};
    ALTER INDEX ${s}.${k.name}_next RENAME TO ${k.name};`;
  return `${nextIndex(s, k)};
    ALTER TABLE ${s}.${k.table} DROP CONSTRAINT ${k.name}, ADD CONSTRAINT ${k.name} ${k.kind} USING INDEX ${k.name}_next;`;
}

function restore(s: string, k: Key): string {
  if (k.kind === 'UNIQUE INDEX')
    return `DROP INDEX ${s}.${k.name};
    CREATE UNIQUE INDEX ${k.name} ON ${s}.${k.table} (${k.before})${k.where ? ` WHERE ${k.where}` : ''};`;
  return `ALTER TABLE ${s}.${k.table} DROP CONSTRAINT ${k.name}, ADD CONSTRAINT ${k.name} ${k.kind} (${k.before});`;
}

export const up = sqlStep(
  (s) => `
    ${dropForeignKeys(s)}
    ALTER TABLE ${s}.reconciliation_items
      ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(),
      ADD CONSTRAINT reconciliation_items_pkey PRIMARY KEY (id, company_id);
    ${KEYS.map((k) => swap(s, k)).join('\n    ')}
    ${addForeignKeys(s, true)}
  `,
);

export const down = sqlStep(
  (s) => `
    ${dropForeignKeys(s)}
    ${KEYS.map((k) => restore(s, k)).join('\n    ')}
    ALTER TABLE ${s}.reconciliation_items DROP COLUMN id;
    ${addForeignKeys(s, false)}
  `,
);
