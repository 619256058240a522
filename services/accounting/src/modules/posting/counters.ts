import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/** The counter tables (one row per company, key and year) and the column of their key. */
const COUNTER_KEYS = { entry_counters: 'journal', invoice_counters: 'type', document_counters: 'kind' } as const;
export type CounterTable = keyof typeof COUNTER_KEYS;

/**
 * Takes the next number of a gap-free series from its counter row, incremented
 * in the caller's transaction: the row stays locked until that transaction
 * ends, so concurrent takers queue up and each gets the next number; a
 * transaction that rolls back gives its number back (the increment is undone).
 * No sequence (sequences leave gaps), no MAX(number)+1 (races).
 */
export async function takeCounter(
  sequelize: Sequelize,
  transaction: Transaction,
  table: CounterTable,
  companyId: string,
  key: string,
  year: number,
): Promise<number> {
  const column = COUNTER_KEYS[table];
  const [row] = await sequelize.query<{ last_number: number }>(
    `INSERT INTO accounting.${table} AS c (company_id, ${column}, year, last_number)
     VALUES ($1, $2, $3, 1)
     ON CONFLICT (company_id, ${column}, year) DO UPDATE SET last_number = c.last_number + 1
     RETURNING c.last_number`,
    { bind: [companyId, key, year], type: QueryTypes.SELECT, transaction },
  );
  return row.last_number;
}

/** The number the counter would give next (a form's proposal): reads the row, takes nothing. */
export async function peekCounter(
  sequelize: Sequelize,
  table: CounterTable,
  companyId: string,
  key: string,
  year: number,
): Promise<number> {
  const rows = await sequelize.query<{ last_number: number }>(
    `SELECT last_number FROM accounting.${table} WHERE company_id = $1 AND ${COUNTER_KEYS[table]} = $2 AND year = $3`,
    {
      bind: [companyId, key, year],
      type: QueryTypes.SELECT,
    },
  );
  return (rows[0]?.last_number ?? 0) + 1;
}

/**
 * A gap-free numbering over one counter table: `take` in the caller's transaction, `peek` for a
 * form's proposal, and the counter-format checks. Numbers shaped like the counters' are reserved
 * to them (a form sends one as a proposal, the server replaces it with the number taken);
 * `fits` says whether one belongs to this key and year (a draft keeps it when edited).
 */
export function counterNumbering<K extends string>(
  table: CounterTable,
  format: (key: K, year: number, n: number) => string,
  /** The counters' format: its first group the key as written in a number, its second the year. */
  pattern: RegExp,
  written: (key: K) => string = (key) => key,
) {
  return {
    take: async (sequelize: Sequelize, transaction: Transaction, companyId: string, key: K, year: number): Promise<string> =>
      format(key, year, await takeCounter(sequelize, transaction, table, companyId, key, year)),
    peek: async (sequelize: Sequelize, companyId: string, key: K, year: number): Promise<string> =>
      format(key, year, await peekCounter(sequelize, table, companyId, key, year)),
    isCounterFormat: (number: string): boolean => pattern.test(number),
    fits: (number: string, key: K, year: number): boolean => {
      const m = pattern.exec(number);
      return !!m && m[1] === written(key) && Number(m[2]) === year;
    },
  };
}
