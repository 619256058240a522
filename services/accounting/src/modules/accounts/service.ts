import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { MESSAGES_ACCOUNT, type Account, type AccountCategory, type AccountInput, type AccountType } from '@xaalis/contracts';
import { HttpError } from '@xaalis/service-kit';
import { columnArrays, creationError } from '../../model-support';
import { accountModel, toAccount } from './model';

/** An account to create from a reference (SYSCOHADA chart, sector accounts). */
export interface AccountDefinition {
  code: string;
  name: string;
  type: AccountType;
  category: AccountCategory;
  level: number;
}

/** The validated body of POST /accounts (accountInputSchema's output). */
type AccountValues = Omit<AccountInput, 'level'> & { level: number };

/**
 * The parent of an account is the longest account of the company whose code
 * is a proper prefix of its code (601 for 6011, 60 for 601). One index lookup
 * per candidate prefix, through the (company_id, code) unique index.
 */
const LONGEST_PREFIX = `
  SELECT p.id FROM accounting.accounts p
   WHERE p.company_id = a.company_id
     AND p.code = ANY (ARRAY(SELECT left(a.code, n) FROM generate_series(1, length(a.code) - 1) AS n))
   ORDER BY length(p.code) DESC
   LIMIT 1`;

/**
 * Inserts the accounts the company lacks, in the caller's transaction, and links
 * each new one to its parent. Codes already present are left untouched (unique
 * (company_id, code) + ON CONFLICT DO NOTHING): running it twice, or twice at
 * once, never duplicates anything. Returns the rows it created.
 */
export async function insertMissingAccounts(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  defs: readonly AccountDefinition[],
): Promise<{ id: string; code: string }[]> {
  if (defs.length === 0) return [];
  // In code order: concurrent callers (chart job, postings) then take the
  // unique-index slots in one order and queue up instead of deadlocking.
  defs = [...defs].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const created = await sequelize.query<{ id: string; code: string }>(
    `INSERT INTO accounting.accounts (company_id, code, name, type, category, level)
     SELECT $1, d.code, d.name, d.type, d.category, d.level
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::smallint[]) AS d(code, name, type, category, level)
     ON CONFLICT (company_id, code) DO NOTHING
     RETURNING id, code`,
    {
      bind: [companyId, ...columnArrays(defs, ['code', 'name', 'type', 'category', 'level'])],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  if (created.length) {
    // After the insert, so a parent created by the same call is found.
    await sequelize.query(
      `UPDATE accounting.accounts a SET parent_account_id = (${LONGEST_PREFIX})
        WHERE a.company_id = $1 AND a.id = ANY($2::uuid[])`,
      { bind: [companyId, created.map((c) => c.id)], transaction },
    );
  }
  return created;
}

/** The chart of accounts of one company (settings page, entry form, postings). */
export function accountsService(sequelize: Sequelize) {
  const Account = accountModel(sequelize);

  return {
    /** The whole chart, in code order (a SYSCOHADA chart is ~600 accounts: one page). */
    async list(companyId: string): Promise<Account[]> {
      const rows = await Account.findAll({ where: { companyId }, order: [['code', 'ASC']] });
      return rows.map(toAccount);
    },

    /**
     * Creates an account. The parent, when given, must be one of the company's
     * accounts; when absent, the longest existing prefix account is used.
     */
    async create(companyId: string, values: AccountValues): Promise<Account> {
      return sequelize.transaction(async (transaction) => {
        let parentAccountId = values.parentAccountId ?? null;
        if (parentAccountId) {
          const parent = await Account.findOne({ where: { id: parentAccountId, companyId }, transaction });
          if (!parent) throw new HttpError(400, MESSAGES_ACCOUNT.parentNotFound);
        } else {
          const [found] = await sequelize.query<{ id: string }>(
            `SELECT (${LONGEST_PREFIX}) AS id FROM (SELECT $1::uuid AS company_id, $2::text AS code) a`,
            { bind: [companyId, values.code], type: QueryTypes.SELECT, transaction },
          );
          parentAccountId = found?.id ?? null;
        }
        try {
          const row = await Account.create(
            {
              companyId,
              code: values.code,
              name: values.name,
              type: values.type,
              category: values.category,
              level: values.level,
              parentAccountId,
            },
            { transaction },
          );
          return toAccount(row);
        } catch (err) {
          throw creationError(err, MESSAGES_ACCOUNT.duplicateCode);
        }
      });
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
