import { sqlStep } from '@xaalis/service-kit';

/**
 * Ready to shard by company (issue 32, infra/SHARDING.md): the primary keys of
 * the identity tables that belong to a company (invitations, the members'
 * history) include company_id, as Citus needs to distribute them by
 * company_id (infra/src/sharding.test.ts checks it). memberships' key has it
 * already; users is a reference table (one account, several companies).
 *
 * company_id is appended, so each index still leads with id, and the keys keep
 * their names. Each new key takes its index by name (`<key>_next`): built here,
 * unless an operator built it beforehand, online, with `prebuild`.
 */

const TABLES = ['invitations', 'membership_events'];

const nextIndex = (s: string, table: string, concurrently = '') =>
  `CREATE UNIQUE INDEX ${concurrently}IF NOT EXISTS ${table}_pkey_next ON ${s}.${table} (id, company_id)`;

/** The new keys' indexes, CONCURRENTLY: run them one by one (outside a transaction) before the migration on a large database. */
export const prebuild = (schema: string): string[] => TABLES.map((t) => nextIndex(`"${schema}"`, t, 'CONCURRENTLY '));

export const up = sqlStep(
  (s) => `
    ${TABLES.map(
      (t) => `${nextIndex(s, t)};
    ALTER TABLE ${s}.${t} DROP CONSTRAINT ${t}_pkey, ADD CONSTRAINT ${t}_pkey PRIMARY KEY USING INDEX ${t}_pkey_next;`,
    ).join('\n    ')}
  `,
);

export const down = sqlStep(
  (s) => `
    ${TABLES.map((t) => `ALTER TABLE ${s}.${t} DROP CONSTRAINT ${t}_pkey, ADD CONSTRAINT ${t}_pkey PRIMARY KEY (id);`).join('\n    ')}
  `,
);
