import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_ACCOUNT,
  MESSAGES_LETTRABLE,
  type Account,
  type AccountCategory,
  type AccountInput,
  type AccountListResponse,
  type AccountType,
  type accountListQuerySchema,
} from '@xaalis/contracts';
import { CompanyWhere, HttpError, isUuid, notFound, pageWindow, pagedOf, foldedPattern, foldedSql } from '@xaalis/service-kit';
import type { z } from 'zod';
import { columnArrays, creationError } from '../../model-support';
import { accountModel, toAccount, type AccountAttributes } from './model';

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
type AccountListQuery = z.output<typeof accountListQuerySchema>;

const COLUMNS = `id, code, name, type, category, level, parent_account_id AS "parentAccountId", is_active AS "isActive", lettrable,
  company_id AS "companyId", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** `2,21` as a LIKE pattern per prefix: `{2%,21%}` (codes are digits: nothing to escape). */
const prefixPatterns = (prefix: string) => prefix.split(',').map((p) => `${p}%`);

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
    /**
     * One page of the chart in code order (the unique (company_id, code) index); `search` is a
     * code that starts with it or a name that contains it. `counters.total` counts the chart.
     */
    async list(companyId: string, q: AccountListQuery): Promise<AccountListResponse> {
      const where = new CompanyWhere(companyId);
      // '%term%' for the name; without its first '%', 'term%' for the code (a code that starts so).
      if (q.search) where.and(`(code LIKE substr(?, 2) OR ${foldedSql('name')} LIKE ?)`, foldedPattern(q.search));
      if (q.prefix) where.and('code LIKE ANY (?::text[])', prefixPatterns(q.prefix));
      if (q.type) where.and('type = ?', q.type);
      if (q.active) where.and('is_active = ?', q.active === 'true');
      if (q.id) where.and('id = ?', q.id);
      const { limit, offset } = pageWindow(q);
      const [rows, [counts]] = await Promise.all([
        sequelize.query<AccountAttributes>(
          `SELECT ${COLUMNS} FROM accounting.accounts WHERE ${where.sql} ORDER BY code LIMIT ${limit} OFFSET ${offset}`,
          { bind: where.bind, type: QueryTypes.SELECT },
        ),
        sequelize.query<{ matching: number; total: number }>(
          `SELECT count(*) FILTER (WHERE ${where.sql})::int AS matching, count(*)::int AS total
             FROM accounting.accounts WHERE company_id = $1`,
          { bind: where.bind, type: QueryTypes.SELECT },
        ),
      ]);
      return { ...pagedOf(rows.map(toAccount), q, counts.matching), counters: { total: counts.total } };
    },

    /** Marks an account lettrable or not (40x and 41x stay lettrable: the database refuses otherwise). */
    async setLettrable(companyId: string, accountId: string, lettrable: boolean): Promise<Account> {
      if (!isUuid(accountId)) throw notFound(MESSAGES_LETTRABLE.notFound);
      const [rows] = await sequelize.query(
        `UPDATE accounting.accounts SET lettrable = $3, updated_at = now() WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        { bind: [companyId, accountId, lettrable] },
      );
      const row = (rows as AccountAttributes[])[0];
      if (!row) throw notFound(MESSAGES_LETTRABLE.notFound);
      // The database keeps 40x and 41x lettrable whatever is asked (its trigger): say so rather than answer as if done.
      if (row.lettrable !== lettrable) throw new HttpError(400, MESSAGES_LETTRABLE.alwaysLettrable);
      return toAccount(row);
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
