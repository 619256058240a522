import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * Per company and year numbering ('OP-2026-0007', 'RES-2026-0007'): a counter
 * table keyed by (company_id, year) with last_number.
 */

/** The next number of the company's counter for `year` in `counterTable` (the row stays locked until the transaction ends). */
export async function takeYearNumber(
  db: { sequelize: Sequelize; transaction?: Transaction },
  counterTable: string,
  companyId: string,
  year: number,
): Promise<number> {
  const [row] = await db.sequelize.query<{ last_number: number }>(
    `INSERT INTO ${counterTable} AS c (company_id, year, last_number) VALUES ($1, $2, 1)
     ON CONFLICT (company_id, year) DO UPDATE SET last_number = c.last_number + 1
     RETURNING c.last_number`,
    { bind: [companyId, year], type: QueryTypes.SELECT, transaction: db.transaction },
  );
  return row.last_number;
}

/** `${prefix}-2026-0007`: the year of creation (Dakar), four digits at least. */
export const formatYearNumber = (prefix: string, year: number, n: number) => `${prefix}-${year}-${String(n).padStart(4, '0')}`;
