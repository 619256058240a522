import { QueryTypes, type Sequelize } from 'sequelize';
import { MESSAGES_RECONCILIATION, type StatementRule, type StatementRuleList, type statementRuleInputSchema } from '@xaalis/contracts';
import { HttpError, isUniqueViolation, isUuid, mustExist, notFound } from '@xaalis/service-kit';
import type { z } from 'zod';

type RuleValues = z.output<typeof statementRuleInputSchema>;

interface RuleRow {
  id: string;
  contains: string;
  account_code: string;
  account_name: string | null;
  created_at: Date;
}

const SELECT = `SELECT r.id, r.contains, r.account_code, a.name AS account_name, r.created_at
  FROM accounting.statement_rules r LEFT JOIN accounting.accounts a ON a.company_id = r.company_id AND a.code = r.account_code`;

const toRule = (r: RuleRow): StatementRule => ({
  id: r.id,
  contains: r.contains,
  accountCode: r.account_code,
  accountName: r.account_name,
  createdAt: r.created_at.toISOString(),
});

const DUPLICATE = 'Une règle existe déjà pour ce texte';

/**
 * The company's labelling rules ("libellé contient FRAIS TENUE → 6311"):
 * applied to the lines of each statement imported afterwards, as the account
 * they suggest.
 */
export function statementRulesService(sequelize: Sequelize) {
  async function get(companyId: string, id: string): Promise<StatementRule> {
    const [row] = isUuid(id)
      ? await sequelize.query<RuleRow>(`${SELECT} WHERE r.company_id = $1 AND r.id = $2`, {
          bind: [companyId, id],
          type: QueryTypes.SELECT,
        })
      : [];
    if (!row) throw notFound(MESSAGES_RECONCILIATION.ruleNotFound);
    return toRule(row);
  }
  const duplicate = (err: unknown) => (isUniqueViolation(err) ? new HttpError(409, DUPLICATE) : err);

  return {
    async list(companyId: string, page: number, pageSize: number): Promise<StatementRuleList> {
      const [rows, [count]] = await Promise.all([
        sequelize.query<RuleRow>(`${SELECT} WHERE r.company_id = $1 ORDER BY r.contains, r.id LIMIT $2 OFFSET $3`, {
          bind: [companyId, pageSize, (page - 1) * pageSize],
          type: QueryTypes.SELECT,
        }),
        sequelize.query<{ n: number }>('SELECT count(*)::int AS n FROM accounting.statement_rules WHERE company_id = $1', {
          bind: [companyId],
          type: QueryTypes.SELECT,
        }),
      ]);
      return { items: rows.map(toRule), page, pageSize, totalItems: count.n };
    },
    async create(companyId: string, v: RuleValues): Promise<StatementRule> {
      const rows = await sequelize
        .query<{ id: string }>(
          'INSERT INTO accounting.statement_rules (company_id, contains, account_code) VALUES ($1, $2, $3) RETURNING id',
          {
            bind: [companyId, v.contains, v.accountCode],
            type: QueryTypes.SELECT,
          },
        )
        .catch((err: unknown) => {
          throw duplicate(err);
        });
      return get(companyId, mustExist(rows[0], 'rule').id);
    },
    async update(companyId: string, id: string, v: RuleValues): Promise<StatementRule> {
      if (!isUuid(id)) throw notFound(MESSAGES_RECONCILIATION.ruleNotFound);
      const rows = await sequelize
        .query(
          'UPDATE accounting.statement_rules SET contains = $3, account_code = $4, updated_at = now() WHERE company_id = $1 AND id = $2 RETURNING id',
          { bind: [companyId, id, v.contains, v.accountCode], type: QueryTypes.SELECT },
        )
        .catch((err: unknown) => {
          throw duplicate(err);
        });
      if (!rows.length) throw notFound(MESSAGES_RECONCILIATION.ruleNotFound);
      return get(companyId, id);
    },
    async remove(companyId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(MESSAGES_RECONCILIATION.ruleNotFound);
      const rows = await sequelize.query('DELETE FROM accounting.statement_rules WHERE company_id = $1 AND id = $2 RETURNING id', {
        bind: [companyId, id],
        type: QueryTypes.SELECT,
      });
      if (!rows.length) throw notFound(MESSAGES_RECONCILIATION.ruleNotFound);
    },
  };
}
