import { QueryTypes, type Sequelize } from 'sequelize';
import {
  MESSAGES_THIRD_PARTY,
  type ThirdParty,
  type ThirdPartyListResponse,
  type thirdPartyInputSchema,
  type thirdPartyListQuerySchema,
} from '@xaalis/contracts';
import { CompanyWhere, pageWindow, pagedOf, foldedPattern, foldedSql, blankToNull } from '@xaalis/service-kit';
import type { z } from 'zod';
import { creationError } from '../../model-support';
import { thirdPartyModel, toThirdParty, type ThirdPartyAttributes } from './model';

type ThirdPartyValues = z.output<typeof thirdPartyInputSchema>;
type ThirdPartyListQuery = z.output<typeof thirdPartyListQuerySchema>;

const COLUMNS = `id, type, name, code, address, phone, email, tax_number AS "taxNumber", withholding_rate AS "withholdingRate",
  payment_terms AS "paymentTerms",
  company_id AS "companyId", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Clients and suppliers of one company. */
export function thirdPartiesService(sequelize: Sequelize) {
  const ThirdParty = thirdPartyModel(sequelize);

  return {
    /**
     * One page by name (the (company_id, name) index), and the counts: the matches, and the
     * company's third parties, clients and suppliers whatever the filters, in one scan of the company's rows.
     */
    async list(companyId: string, q: ThirdPartyListQuery): Promise<ThirdPartyListResponse> {
      const where = new CompanyWhere(companyId);
      if (q.search) where.and(`(${foldedSql('name')} LIKE ? OR ${foldedSql('code')} LIKE ?)`, foldedPattern(q.search));
      if (q.type) where.and('type = ?', q.type);
      if (q.role) where.and("type IN (?, 'both')", q.role);
      if (q.id) where.and('id = ?', q.id);
      const { limit, offset } = pageWindow(q);
      const [rows, [counts]] = await Promise.all([
        sequelize.query<ThirdPartyAttributes>(
          `SELECT ${COLUMNS} FROM accounting.third_parties WHERE ${where.sql} ORDER BY name, id LIMIT ${limit} OFFSET ${offset}`,
          { bind: where.bind, type: QueryTypes.SELECT },
        ),
        sequelize.query<{ matching: number; total: number; clients: number; suppliers: number }>(
          `SELECT count(*) FILTER (WHERE ${where.sql})::int AS matching, count(*)::int AS total,
                  count(*) FILTER (WHERE type IN ('client', 'both'))::int AS clients,
                  count(*) FILTER (WHERE type IN ('supplier', 'both'))::int AS suppliers
             FROM accounting.third_parties WHERE company_id = $1`,
          { bind: where.bind, type: QueryTypes.SELECT },
        ),
      ]);
      return {
        ...pagedOf(rows.map(toThirdParty), q, counts.matching),
        counters: { total: counts.total, clients: counts.clients, suppliers: counts.suppliers },
      };
    },

    async create(companyId: string, values: ThirdPartyValues): Promise<ThirdParty> {
      try {
        const row = await ThirdParty.create({
          companyId,
          type: values.type,
          name: values.name,
          code: blankToNull(values.code),
          address: blankToNull(values.address),
          phone: blankToNull(values.phone),
          email: blankToNull(values.email),
          taxNumber: blankToNull(values.ninea !== undefined ? values.ninea : values.taxNumber),
          withholdingRate: values.withholdingRate ?? null,
          paymentTerms: values.paymentTerms,
        });
        return toThirdParty(row);
      } catch (err) {
        throw creationError(err, MESSAGES_THIRD_PARTY.duplicateCode);
      }
    },
  };
}

export type ThirdPartiesService = ReturnType<typeof thirdPartiesService>;
