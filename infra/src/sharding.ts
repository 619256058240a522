import { Client } from 'pg';

/**
 * Readiness to shard by company (Citus, distribution column `company_id`): which tables are
 * not distributed, and the catalog check every other table must pass (infra/SHARDING.md).
 *
 * Every table of the services' schemas is one of:
 * - distributed: it has a `company_id` column (or it is the companies table, whose `id` is the
 *   company id), co-located with the companies table;
 * - reference: replicated to every node, read with any company's rows;
 * - local: stays on the coordinator, never joined with a distributed table.
 * A table with a `company_id` column is distributed unless declared below with `companyId`,
 * the sentence that says why that column does not name the row's owner.
 */

/** The schemas the gateway and the services migrate (one per service). */
export const SHARDED_SCHEMAS = ['identity', 'accounting', 'hr', 'sector'] as const;

/** The distribution column of every distributed table but the companies table. */
export const DISTRIBUTION_COLUMN = 'company_id';

/** The companies table: distributed by its own id, the table every other one is co-located with. */
export const COMPANIES_TABLE = { table: 'accounting.companies', column: 'id' } as const;

export interface DeclaredTable {
  /** Why the table is not distributed by company. */
  reason: string;
  /** Only for a table that has a `company_id` column: why that column is not the row's owner. */
  companyId?: string;
}

/**
 * Reference tables: replicated to every node. The SYSCOHADA chart (`SYSCOHADA_ACCOUNTS`,
 * services/accounting/src/modules/chart) and the payroll parameter sets (`@xaalis/domain`'s
 * payroll) are code, shipped with every process, not tables; a table that holds shared data
 * like them goes here.
 */
export const REFERENCE_TABLES: Record<string, DeclaredTable> = {
  'identity.users': {
    reason: 'accounts exist before any company and belong to several (memberships); username and e-mail are unique across companies',
    companyId: 'the company the user last worked in, where the next sign-in lands (nullable): a preference, not an owner',
  },
};

/** Local tables: on the coordinator only. */
export const LOCAL_TABLES: Record<string, DeclaredTable> = {
  'identity.migrations': { reason: 'umzug’s log of the gateway’s migrations: schema state, not company data' },
  'accounting.migrations': { reason: 'umzug’s log of the accounting service’s migrations: schema state, not company data' },
  'hr.migrations': { reason: 'umzug’s log of the HR service’s migrations: schema state, not company data' },
  'sector.migrations': { reason: 'umzug’s log of the sector service’s migrations: schema state, not company data' },
  ...Object.fromEntries(
    (['accounting', 'hr', 'sector'] as const).map((schema) => [
      `${schema}.job_runs`,
      {
        reason:
          'the once-only log of BullMQ jobs, keyed by the job id alone (service-kit’s recordJobRun: ON CONFLICT (job_id)); to distribute before the switch (SHARDING.md, what is left)',
        companyId: 'nullable, kept beside the job id for the job-status routes: the key is the job id',
      },
    ]),
  ),
};

/** What the check reads from the catalog (`catalogQueries`), one row type per query. */
export interface CatalogTable {
  /** Schema-qualified. */
  name: string;
  /** attnum of company_id, null without one. */
  company_attnum: number | null;
  /** attnum of id, null without one. */
  id_attnum: number | null;
}
export interface CatalogConstraint {
  name: string;
  table: string;
  /** p primary key, u unique, x exclusion, f foreign key. */
  type: 'p' | 'u' | 'x' | 'f';
  columns: number[];
  /** Foreign keys: the referenced table and columns (same order as `columns`). */
  ref_table: string | null;
  ref_columns: number[] | null;
  /** Exclusion constraints: the operator of each column. */
  operators: string[] | null;
  definition: string;
}
export interface CatalogUniqueIndex {
  name: string;
  table: string;
  /** Key columns (0 for an expression), INCLUDE columns left out: they take no part in uniqueness. */
  columns: number[];
  definition: string;
}
export interface Catalog {
  tables: CatalogTable[];
  constraints: CatalogConstraint[];
  /** Unique indexes that back no constraint (CREATE UNIQUE INDEX, partial or on expressions). */
  uniqueIndexes: CatalogUniqueIndex[];
}

/** The SQL of each part of `Catalog`, over `schemas`; bind `$1` to the schema names (text[]). */
export const catalogQueries = {
  tables: `
    SELECT n.nspname || '.' || c.relname AS name,
           (SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = '${DISTRIBUTION_COLUMN}' AND NOT a.attisdropped) AS company_attnum,
           (SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'id' AND NOT a.attisdropped) AS id_attnum
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY ($1::text[]) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY 1`,
  constraints: `
    SELECT con.conname AS name, n.nspname || '.' || c.relname AS "table", con.contype AS type, con.conkey::int[] AS columns,
           (SELECT rn.nspname || '.' || r.relname FROM pg_class r JOIN pg_namespace rn ON rn.oid = r.relnamespace WHERE r.oid = con.confrelid) AS ref_table,
           con.confkey::int[] AS ref_columns,
           (SELECT array_agg(o.oprname::text ORDER BY k.i) FROM unnest(con.conexclop) WITH ORDINALITY k(op, i) JOIN pg_operator o ON o.oid = k.op) AS operators,
           pg_get_constraintdef(con.oid) AS definition
      FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY ($1::text[]) AND con.contype IN ('p', 'u', 'x', 'f')
     ORDER BY 2, 1`,
  uniqueIndexes: `
    SELECT i.relname AS name, n.nspname || '.' || t.relname AS "table", (x.indkey::int2[])[0:x.indnkeyatts - 1]::int[] AS columns,
           pg_get_indexdef(x.indexrelid) AS definition
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = ANY ($1::text[]) AND x.indisunique
       AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = x.indexrelid AND con.conrelid = x.indrelid AND con.contype IN ('p', 'u', 'x'))
     ORDER BY 2, 1`,
} as const;

/** The declared tables (the test of the check passes its own). */
export interface Declarations {
  reference: Record<string, DeclaredTable>;
  local: Record<string, DeclaredTable>;
}
export const DECLARED: Declarations = { reference: REFERENCE_TABLES, local: LOCAL_TABLES };

export type TableKind = 'distributed' | 'reference' | 'local';

/** Each table's kind, by the rule above. A table that fits none is left out (`shardingViolations` names it). */
export function classify(catalog: Catalog, declared: Declarations = DECLARED): Map<string, TableKind> {
  const kinds = new Map<string, TableKind>();
  for (const t of catalog.tables) {
    if (t.name in declared.reference) kinds.set(t.name, 'reference');
    else if (t.name in declared.local) kinds.set(t.name, 'local');
    else if (t.name === COMPANIES_TABLE.table || t.company_attnum !== null) kinds.set(t.name, 'distributed');
  }
  return kinds;
}

/**
 * Everything that would stop `create_distributed_table(…, 'company_id', colocate_with => companies)`
 * or `create_reference_table`, or would let one company's rows constrain another's: one sentence
 * per offence, empty when the schemas are ready.
 */
export function shardingViolations(catalog: Catalog, declared: Declarations = DECLARED): string[] {
  const out: string[] = [];
  const kinds = classify(catalog, declared);
  const { reference, local } = declared;
  const byName = new Map(catalog.tables.map((t) => [t.name, t]));
  /** The attnum that holds the company id of a distributed table. */
  const companyColumn = (t: CatalogTable) => (t.name === COMPANIES_TABLE.table ? t.id_attnum : t.company_attnum);

  for (const [tables, list] of [
    [reference, 'REFERENCE_TABLES'],
    [local, 'LOCAL_TABLES'],
  ] as const)
    for (const name of Object.keys(tables)) if (!byName.has(name)) out.push(`${name}: declared in ${list} but no such table`);
  for (const name of Object.keys(reference)) if (name in local) out.push(`${name}: declared both in REFERENCE_TABLES and in LOCAL_TABLES`);

  for (const t of catalog.tables) {
    const kind = kinds.get(t.name);
    if (!kind) {
      out.push(
        `${t.name}: no ${DISTRIBUTION_COLUMN} column and not declared: add ${DISTRIBUTION_COLUMN} (a company's data) or declare it in infra/src/sharding.ts (REFERENCE_TABLES or LOCAL_TABLES)`,
      );
      continue;
    }
    if (kind !== 'distributed') {
      const entry = reference[t.name] ?? local[t.name];
      if (t.company_attnum !== null && !entry.companyId)
        out.push(
          `${t.name}: declared ${kind} but has a ${DISTRIBUTION_COLUMN} column: distribute it, or say in its companyId why that column is not its owner`,
        );
      if (t.company_attnum === null && entry.companyId)
        out.push(`${t.name}: declared with a companyId note but has no ${DISTRIBUTION_COLUMN} column`);
      continue;
    }
    const company = companyColumn(t);
    const keys = catalog.constraints.filter((c) => c.table === t.name && c.type !== 'f');
    const pk = keys.find((c) => c.type === 'p');
    if (!pk) out.push(`${t.name}: no primary key (one including ${DISTRIBUTION_COLUMN})`);
    for (const c of keys) {
      const at = company === null ? -1 : c.columns.indexOf(company);
      const label = c.type === 'p' ? 'primary key' : c.type === 'u' ? 'unique constraint' : 'exclusion constraint';
      if (at < 0) out.push(`${t.name}: ${label} ${c.name} lacks ${DISTRIBUTION_COLUMN}: ${c.definition}`);
      else if (c.type === 'x' && c.operators?.[at] !== '=')
        out.push(`${t.name}: exclusion constraint ${c.name} must compare ${DISTRIBUTION_COLUMN} with =: ${c.definition}`);
    }
    for (const i of catalog.uniqueIndexes.filter((u) => u.table === t.name))
      if (company === null || !i.columns.includes(company))
        out.push(`${t.name}: unique index ${i.name} lacks ${DISTRIBUTION_COLUMN}: ${i.definition}`);
  }

  for (const fk of catalog.constraints.filter((c) => c.type === 'f')) {
    const from = byName.get(fk.table);
    const to = fk.ref_table === null ? undefined : byName.get(fk.ref_table);
    if (!from) continue;
    const fromKind = kinds.get(from.name);
    if (!to) {
      out.push(`${from.name}: foreign key ${fk.name} references a table outside ${SHARDED_SCHEMAS.join(', ')}: ${fk.definition}`);
      continue;
    }
    const toKind = kinds.get(to.name);
    if (!fromKind || !toKind) continue;
    if (fromKind === 'distributed' && toKind === 'distributed') {
      const [a, b] = [companyColumn(from), companyColumn(to)];
      const paired = fk.columns.some((col, i) => col === a && fk.ref_columns?.[i] === b);
      if (!paired) out.push(`${from.name}: foreign key ${fk.name} to ${to.name} does not pair the company columns: ${fk.definition}`);
    } else if (fromKind !== 'distributed' && toKind === 'distributed')
      out.push(`${from.name}: foreign key ${fk.name} from a ${fromKind} table to the distributed ${to.name}: ${fk.definition}`);
    else if (toKind === 'local' && fromKind !== 'local')
      out.push(`${from.name}: foreign key ${fk.name} from a ${fromKind} table to the local ${to.name}: ${fk.definition}`);
  }
  return out;
}

/** Reads `Catalog` through `query` (rows of a parameterised SQL text), over the services' schemas. */
export async function readCatalog(
  query: (sql: string, params: unknown[]) => Promise<unknown[]>,
  schemas: readonly string[] = SHARDED_SCHEMAS,
): Promise<Catalog> {
  const params = [[...schemas]];
  return {
    tables: (await query(catalogQueries.tables, params)) as CatalogTable[],
    constraints: (await query(catalogQueries.constraints, params)) as CatalogConstraint[],
    uniqueIndexes: (await query(catalogQueries.uniqueIndexes, params)) as CatalogUniqueIndex[],
  };
}

/**
 * The statements that switch the schemas to Citus: the foreign keys between the tables it takes over
 * dropped (a table can only be distributed once the tables it references are, and invoices and
 * quotes reference each other), the reference tables, the companies table, every other distributed
 * table co-located with it, then the foreign keys again (checked anew, shard by shard).
 */
export function citusStatements(catalog: Catalog, declared: Declarations = DECLARED): string[] {
  const kinds = classify(catalog, declared);
  const of = (kind: TableKind) => [...kinds].filter(([, k]) => k === kind).map(([name]) => name);
  const taken = (t: string | null) => t !== null && (kinds.get(t) === 'distributed' || kinds.get(t) === 'reference');
  const foreignKeys = catalog.constraints.filter((c) => c.type === 'f' && taken(c.table) && taken(c.ref_table));
  return [
    ...foreignKeys.map((fk) => `ALTER TABLE ${fk.table} DROP CONSTRAINT ${fk.name};`),
    ...of('reference').map((t) => `SELECT create_reference_table('${t}');`),
    `SELECT create_distributed_table('${COMPANIES_TABLE.table}', '${COMPANIES_TABLE.column}');`,
    ...of('distributed')
      .filter((t) => t !== COMPANIES_TABLE.table)
      .map((t) => `SELECT create_distributed_table('${t}', '${DISTRIBUTION_COLUMN}', colocate_with => '${COMPANIES_TABLE.table}');`),
    ...foreignKeys.map((fk) => `ALTER TABLE ${fk.table} ADD CONSTRAINT ${fk.name} ${fk.definition};`),
  ];
}

// `node infra/dist/sharding.js` (DATABASE_URL: a database every service migrated): the offences, or
// when there is none, the statements that distribute the tables (infra/SHARDING.md, switching on).
if (require.main === module) {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  client
    .connect()
    .then(async () => {
      // Every name schema-qualified in the definitions read (foreign keys' REFERENCES).
      await client.query('SET search_path = pg_catalog');
      const catalog = await readCatalog(async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows);
      const violations = shardingViolations(catalog);
      if (violations.length > 0) {
        console.error(`Not ready to shard by company:\n${violations.join('\n')}`);
        process.exitCode = 1;
      } else console.log(citusStatements(catalog).join('\n'));
    })
    .catch((err: unknown) => {
      console.error(`sharding: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    })
    .finally(() => void client.end());
}
