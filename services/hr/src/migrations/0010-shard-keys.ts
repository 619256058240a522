import { sqlStep } from '@xaalis/service-kit';

/**
 * Ready to shard by company (issue 32, infra/SHARDING.md): every primary key
 * and unique key of a company's table includes company_id, and every foreign
 * key between two of them pairs company_id on both sides, as Citus needs to
 * distribute the tables by company_id (infra/src/sharding.test.ts checks it).
 *
 * - Keys: company_id is appended, so each index still leads with the columns
 *   it led with, and the keys keep their names (payroll's ON CONFLICT ON
 *   CONSTRAINT payslips_employee_period_key).
 * - The foreign keys on a bare id (a payment's declaration, a slip's payment)
 *   now carry company_id too, with their names; re-adding them checks every row.
 *
 * Each new key takes its index by name (`<key>_next`, renamed to the key's
 * name): built here, unless an operator built it beforehand, online, with
 * `prebuild` (CREATE UNIQUE INDEX CONCURRENTLY). The same rows are accepted.
 */

interface Key {
  table: string;
  /** The constraint, the same name before and after. */
  name: string;
  kind: 'PRIMARY KEY' | 'UNIQUE';
  before: string;
  after: string;
}

const KEYS: Key[] = [
  ...['employees', 'leaves', 'payroll_declarations', 'payroll_payments', 'payslips'].map((table): Key => ({
    table,
    name: `${table}_pkey`,
    kind: 'PRIMARY KEY',
    before: 'id',
    after: 'id, company_id',
  })),
  {
    table: 'payslips',
    name: 'payslips_employee_period_key',
    kind: 'UNIQUE',
    before: 'employee_id, period',
    after: 'employee_id, period, company_id',
  },
];

/** The foreign keys on a bare id: `column` → `parent (id)` becomes (`column`, company_id) → `parent (id, company_id)`. */
const FOREIGN_KEYS = [
  { table: 'payroll_payments', name: 'payroll_payments_declaration_id_fkey', column: 'declaration_id', parent: 'payroll_declarations' },
  { table: 'payslips', name: 'payslips_payroll_payment_id_fkey', column: 'payroll_payment_id', parent: 'payroll_payments' },
];

const dropForeignKeys = (s: string) => FOREIGN_KEYS.map((f) => `ALTER TABLE ${s}.${f.table} DROP CONSTRAINT ${f.name};`).join('\n    ');
const addForeignKeys = (s: string, withCompany: boolean) =>
  FOREIGN_KEYS.map((f) => {
    const [columns, key] = withCompany ? [`${f.column}, company_id`, 'id, company_id'] : [f.column, 'id'];
    return `ALTER TABLE ${s}.${f.table} ADD CONSTRAINT ${f.name} FOREIGN KEY (${columns}) REFERENCES ${s}.${f.parent} (${key});`;
  }).join('\n    ');

const nextIndex = (s: string, k: Key, concurrently = '') =>
  `CREATE UNIQUE INDEX ${concurrently}IF NOT EXISTS ${k.name}_next ON ${s}.${k.table} (${k.after})`;

/** The new keys' indexes, CONCURRENTLY: run them one by one (outside a transaction) before the migration on a large database. */
export const prebuild = (schema: string): string[] => KEYS.map((k) => nextIndex(`"${schema}"`, k, 'CONCURRENTLY '));

export const up = sqlStep(
  (s) => `
    ${dropForeignKeys(s)}
    ${KEYS.map(
      (k) => `${nextIndex(s, k)};
    ALTER TABLE ${s}.${k.table} DROP CONSTRAINT ${k.name}, ADD CONSTRAINT ${k.name} ${k.kind} USING INDEX ${k.name}_next;`,
    ).join('\n    ')}
    ${addForeignKeys(s, true)}
  `,
);

export const down = sqlStep(
  (s) => `
    ${dropForeignKeys(s)}
    ${KEYS.map((k) => `ALTER TABLE ${s}.${k.table} DROP CONSTRAINT ${k.name}, ADD CONSTRAINT ${k.name} ${k.kind} (${k.before});`).join('\n    ')}
    ${addForeignKeys(s, false)}
  `,
);
