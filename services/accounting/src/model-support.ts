// Shared by the Sequelize models of the service (companies, accounts, third parties).
import { DataTypes, type Attributes, type Model, type ModelAttributes, type ModelStatic, type Sequelize } from 'sequelize';

/** A contracts type as its row holds it: the same fields, the timestamps as Dates rather than ISO strings. */
export type WithDates<T extends { createdAt: string; updatedAt: string }> = Omit<T, 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};

// A function, not a shared object: Sequelize writes the column name into each
// attribute definition, so one shared object would map every field to one column.
export const optionalText = () => ({ type: DataTypes.TEXT, allowNull: true });

/**
 * `accounting.<tableName>`: a generated UUID `id`, these attributes, then
 * `createdAt` and `updatedAt` (snake_case columns). Defined per Sequelize
 * instance (not with a global `Model.init`) so several service instances can
 * live in one process (tests); the instance's model when already defined.
 */
export function accountingModel<M extends Model>(
  sequelize: Sequelize,
  name: string,
  tableName: string,
  attributes: Omit<ModelAttributes<M, Attributes<M>>, 'id' | 'createdAt' | 'updatedAt'>,
): ModelStatic<M> {
  if (sequelize.isDefined(name)) return sequelize.model(name) as ModelStatic<M>;
  return sequelize.define<M>(
    name,
    {
      id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
      ...attributes,
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    } as ModelAttributes<M, Attributes<M>>,
    { schema: 'accounting', tableName, underscored: true },
  );
}
