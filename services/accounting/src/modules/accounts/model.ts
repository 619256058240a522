import { DataTypes, type Model, type ModelStatic, type Optional, type Sequelize } from 'sequelize';
import type { Account } from '@xaalis/contracts';
import { accountingModel, type WithDates } from '../../model-support';

export type AccountAttributes = WithDates<Account>;

type AccountCreation = Optional<AccountAttributes, 'id' | 'parentAccountId' | 'isActive' | 'createdAt' | 'updatedAt'>;
export type AccountRow = Model<AccountAttributes, AccountCreation> & AccountAttributes;
export type AccountModel = ModelStatic<AccountRow>;

/** `accounting.accounts`, defined per Sequelize instance (several services may share a test process). */
export function accountModel(sequelize: Sequelize): AccountModel {
  return accountingModel<AccountRow>(sequelize, 'Account', 'accounts', {
    companyId: { type: DataTypes.UUID, allowNull: false },
    code: { type: DataTypes.TEXT, allowNull: false },
    name: { type: DataTypes.TEXT, allowNull: false },
    type: { type: DataTypes.TEXT, allowNull: false },
    category: { type: DataTypes.TEXT, allowNull: false },
    level: { type: DataTypes.SMALLINT, allowNull: false },
    parentAccountId: { type: DataTypes.UUID, allowNull: true },
    isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
  });
}

export function toAccount(row: AccountAttributes): Account {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    category: row.category,
    level: row.level,
    parentAccountId: row.parentAccountId,
    isActive: row.isActive,
    ...(row.lettrable === undefined ? {} : { lettrable: row.lettrable }),
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
