import { DataTypes, type Model, type ModelStatic, type Optional, type Sequelize } from 'sequelize';
import type { Company } from '@xaalis/contracts';
import { accountingModel, optionalText, type WithDates } from '../../model-support';

export type CompanyAttributes = WithDates<Company>;

type CompanyCreation = Optional<
  CompanyAttributes,
  'id' | 'registrationNumber' | 'taxNumber' | 'address' | 'phone' | 'email' | 'fiscalYear' | 'createdAt' | 'updatedAt'
>;
export type CompanyRow = Model<CompanyAttributes, CompanyCreation> & CompanyAttributes;
export type CompanyModel = ModelStatic<CompanyRow>;

/** `accounting.companies`, defined per Sequelize instance. */
export function companyModel(sequelize: Sequelize): CompanyModel {
  return accountingModel<CompanyRow>(sequelize, 'Company', 'companies', {
    name: { type: DataTypes.TEXT, allowNull: false },
    registrationNumber: optionalText(),
    taxNumber: optionalText(),
    address: optionalText(),
    phone: optionalText(),
    email: optionalText(),
    sector: { type: DataTypes.TEXT, allowNull: false },
    fiscalYear: { type: DataTypes.TEXT, allowNull: false, defaultValue: '01-01' },
  });
}

/** The row as the API returns it (the contracts' `Company`). */
export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    registrationNumber: row.registrationNumber,
    taxNumber: row.taxNumber,
    address: row.address,
    phone: row.phone,
    email: row.email,
    sector: row.sector,
    fiscalYear: row.fiscalYear,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
