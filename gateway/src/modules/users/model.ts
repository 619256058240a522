import { DataTypes, Model, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

export const IDENTITY_SCHEMA = 'identity';

export class UserRecord extends Model<InferAttributes<UserRecord>, InferCreationAttributes<UserRecord>> {
  declare id: string;
  declare username: string;
  declare email: string;
  declare passwordHash: string;
  declare firstName: string | null;
  declare lastName: string | null;
  declare phone: string | null;
  declare address: string | null;
  declare companyId: string | null;
  declare createdAt: Date;
}

/** Binds the model to a Sequelize instance (one per app, so tests can build several). */
export function defineUserModel(sequelize: Sequelize): typeof UserRecord {
  // A subclass per Sequelize instance: Model.init is global to the class otherwise.
  class BoundUser extends UserRecord {}
  BoundUser.init(
    {
      id: { type: DataTypes.UUID, primaryKey: true },
      username: { type: DataTypes.STRING(64), allowNull: false },
      email: { type: DataTypes.TEXT, allowNull: false },
      passwordHash: { type: DataTypes.TEXT, allowNull: false },
      firstName: DataTypes.TEXT,
      lastName: DataTypes.TEXT,
      phone: DataTypes.TEXT,
      address: DataTypes.TEXT,
      companyId: DataTypes.UUID,
      createdAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    },
    { sequelize, schema: IDENTITY_SCHEMA, tableName: 'users', modelName: 'User', underscored: true, timestamps: false },
  );
  return BoundUser;
}
