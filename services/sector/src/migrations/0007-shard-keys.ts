import { sqlStep } from '@xaalis/service-kit';

/**
 * Ready to shard by company (issue 32, infra/SHARDING.md): every primary key
 * and unique key of a company's table includes company_id, as Citus needs to
 * distribute the tables by company_id (infra/src/sharding.test.ts checks it;
 * the foreign keys pair company_id already).
 *
 * company_id is appended to each key, so each index still leads with the
 * columns it led with, and the keys keep their names. Each new key takes its
 * index by name (`<key>_next`, renamed to the key's name): built here, unless
 * an operator built it beforehand, online, with `prebuild` (CREATE UNIQUE
 * INDEX CONCURRENTLY). The same rows are accepted.
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

const KEYS: Key[] = [
  ...[
    'bom_lines',
    'finished_products',
    'menu_items',
    'menus',
    'production_order_consumptions',
    'production_orders',
    'project_billings',
    'projects',
    'raw_materials',
    'recipe_ingredients',
    'recipe_serves',
    'recipes',
    'reservations',
    'rooms',
    'timesheets',
  ].map((table): Key => ({ table, name: `${table}_pkey`, kind: 'PRIMARY KEY', before: 'id', after: 'id, company_id' })),
  ...(
    [
      ['bom_lines', 'bom_lines_pair_key', 'finished_product_id, raw_material_id'],
      ['menu_items', 'menu_items_position_key', 'menu_id, position'],
      ['production_order_consumptions', 'production_order_consumptions_pair_key', 'order_id, raw_material_id'],
      ['recipe_ingredients', 'recipe_ingredients_position_key', 'recipe_id, position'],
    ] as const
  ).map(([table, name, before]): Key => ({ table, name, kind: 'UNIQUE', before, after: `${before}, company_id` })),
  // One pending billing per project (projects' claimBilling: ON CONFLICT (project_id, company_id) WHERE status = 'pending').
  {
    table: 'project_billings',
    name: 'project_billings_one_pending_idx',
    kind: 'UNIQUE INDEX',
    before: 'project_id',
    after: 'project_id, company_id',
    where: `status = 'pending'`,
  },
];

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
    ${KEYS.map((k) => swap(s, k)).join('\n    ')}
  `,
);

export const down = sqlStep(
  (s) => `
    ${KEYS.map((k) => restore(s, k)).join('\n    ')}
  `,
);
