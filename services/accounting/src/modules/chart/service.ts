import { QueryTypes, type Sequelize } from 'sequelize';
import type { ChartGenerationResult, Sector } from '@xaalis/contracts';
import { insertMissingAccounts } from '../accounts';
import { chartFor } from './reference';

/**
 * Adds to the company's chart every reference and sector account it lacks, in
 * one transaction (all or nothing). Existing accounts, generated or typed by
 * hand, are left as they are; a second run creates nothing.
 */
export async function generateChart(sequelize: Sequelize, companyId: string, sector: Sector): Promise<ChartGenerationResult> {
  return sequelize.transaction(async (transaction) => {
    const created = await insertMissingAccounts(sequelize, transaction, companyId, chartFor(sector));
    const [{ total }] = await sequelize.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM accounting.accounts WHERE company_id = $1',
      { bind: [companyId], type: QueryTypes.SELECT, transaction },
    );
    return { created: created.length, total };
  });
}

/** How many accounts the company has: part of the chart job's id (see routes.ts). */
export async function countAccounts(sequelize: Sequelize, companyId: string): Promise<number> {
  const [{ total }] = await sequelize.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM accounting.accounts WHERE company_id = $1',
    {
      bind: [companyId],
      type: QueryTypes.SELECT,
    },
  );
  return total;
}
