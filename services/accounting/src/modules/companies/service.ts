import type { Sequelize } from 'sequelize';
import { MESSAGES_COMPANY, type Company, type CompanyValues } from '@xaalis/contracts';
import { HttpError, isUniqueViolation, isUuid, blankToNull } from '@xaalis/service-kit';
import { companyModel, toCompany } from './model';

/** Optional fields left empty in a form are stored as NULL, not as ''. */
function toColumns(values: CompanyValues) {
  return {
    name: values.name,
    registrationNumber: blankToNull(values.registrationNumber),
    taxNumber: blankToNull(values.taxNumber),
    address: blankToNull(values.address),
    phone: blankToNull(values.phone),
    email: blankToNull(values.email),
    sector: values.sector,
    fiscalYear: values.fiscalYear,
  };
}

/** The company record. Ids that are not uuids simply do not exist (no SQL error). */
export function companiesService(sequelize: Sequelize) {
  const Company = companyModel(sequelize);

  return {
    async get(id: string): Promise<Company | null> {
      if (!isUuid(id)) return null;
      const row = await Company.findByPk(id);
      return row && toCompany(row);
    },

    async update(id: string, values: CompanyValues): Promise<Company | null> {
      if (!isUuid(id)) return null;
      const [, rows] = await Company.update(toColumns(values), { where: { id }, returning: true });
      return rows[0] ? toCompany(rows[0]) : null;
    },

    /** Creates a company, with the caller's id when given (409 if that id exists). */
    async create(values: CompanyValues & { id?: string }): Promise<Company> {
      try {
        const row = await Company.create({ ...toColumns(values), ...(values.id ? { id: values.id } : {}) });
        return toCompany(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, MESSAGES_COMPANY.alreadyExists);
        throw err;
      }
    },

    /** Idempotent: deleting a company that does not exist is not an error. */
    async remove(id: string): Promise<void> {
      if (isUuid(id)) await Company.destroy({ where: { id } });
    },
  };
}

export type CompaniesService = ReturnType<typeof companiesService>;
