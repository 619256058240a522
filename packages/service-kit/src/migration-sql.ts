import type { Migration, MigrationContext } from './db';

/*
 * Pieces of the services' SQL migrations. FROZEN: migrations that already ran
 * interpolate them, and the SQL of a migration never changes once it has run.
 * A new rule gets a new piece; never edit one of these (indentation included).
 */

/**
 * The key of a company's row, as the migrations before the shard keys wrote it (frozen: they
 * use it). A shard-key migration then moved company_id into each primary key.
 */
export const ROW_KEY = `id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL`;

/**
 * The key of a company's row in a new table: its own uuid and its company, company_id in the
 * primary key so the table can be distributed by company (infra/SHARDING.md; checked by
 * infra/src/sharding.test.ts). Foreign keys to it name both: `(x_id, company_id)`.
 */
export const TENANT_ROW_KEY = `id uuid NOT NULL DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      PRIMARY KEY (id, company_id)`;

/** When the row was created and last edited. */
export const TIMESTAMPS = `created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()`;

/** One counter row per company and year in schema `s`: the transaction taking the next number increments it (and so locks it). */
export const yearCounterTable = (s: string, table: string) => `CREATE TABLE ${s}.${table} (
      company_id uuid NOT NULL,
      year integer NOT NULL CHECK (year BETWEEN 1900 AND 9999),
      last_number integer NOT NULL CHECK (last_number >= 1),
      PRIMARY KEY (company_id, year)
    );`;

/**
 * A migration step (`up` or `down`) that runs one multi-statement SQL text (a single
 * implicit transaction: a failure leaves nothing half-done), written for `s`, the
 * service's schema (quoted, e.g. `"accounting"`).
 */
export function sqlStep(sql: (s: string) => string): (params: { context: MigrationContext }) => Promise<void> {
  return async ({ context: { sequelize, schema } }) => {
    await sequelize.query(sql(`"${schema}"`));
  };
}

/** A migration that is one such step each way. */
export function sqlMigration(up: (s: string) => string, down: (s: string) => string): Required<Migration> {
  return { up: sqlStep(up), down: sqlStep(down) };
}

/** The down of a migration that created these tables: drops them in this order (children first), a statement a line. */
export const dropTables = (s: string, tables: string[]) => `\n${tables.map((table) => `    DROP TABLE ${s}.${table};\n`).join('')}  `;
