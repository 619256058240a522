import { DataTypes, type Model, type ModelStatic, type Optional, type Sequelize } from 'sequelize';
import type { ThirdParty } from '@xaalis/contracts';
import { accountingModel, optionalText, type WithDates } from '../../model-support';

export type ThirdPartyAttributes = WithDates<Omit<ThirdParty, 'ninea'>>;

type ThirdPartyCreation = Optional<
  ThirdPartyAttributes,
  'id' | 'code' | 'address' | 'phone' | 'email' | 'taxNumber' | 'withholdingRate' | 'paymentTerms' | 'createdAt' | 'updatedAt'
>;
export type ThirdPartyRow = Model<ThirdPartyAttributes, ThirdPartyCreation> & ThirdPartyAttributes;
export type ThirdPartyModel = ModelStatic<ThirdPartyRow>;

/** `accounting.third_parties` (clients and suppliers), defined per Sequelize instance. */
export function thirdPartyModel(sequelize: Sequelize): ThirdPartyModel {
  return accountingModel<ThirdPartyRow>(sequelize, 'ThirdParty', 'third_parties', {
    companyId: { type: DataTypes.UUID, allowNull: false },
    type: { type: DataTypes.TEXT, allowNull: false },
    name: { type: DataTypes.TEXT, allowNull: false },
    code: optionalText(),
    address: optionalText(),
    phone: optionalText(),
    email: optionalText(),
    taxNumber: optionalText(),
    withholdingRate: { type: DataTypes.DECIMAL(5, 2), allowNull: true },
    paymentTerms: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 30 },
  });
}

export function toThirdParty(row: ThirdPartyAttributes): ThirdParty {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    code: row.code,
    address: row.address,
    phone: row.phone,
    email: row.email,
    taxNumber: row.taxNumber,
    ninea: row.taxNumber,
    withholdingRate: row.withholdingRate,
    paymentTerms: row.paymentTerms,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
