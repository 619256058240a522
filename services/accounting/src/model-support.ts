// Shared by the models of the service (the Sequelize ones: companies, accounts, third parties;
// the plain-SQL row access of the documents and the ledger) and by how its writes answer
// the database's refusals.
import {
  DataTypes,
  QueryTypes,
  type Attributes,
  type Model,
  type ModelAttributes,
  type ModelStatic,
  type Sequelize,
  type Transaction,
} from 'sequelize';
import { MESSAGES_COMPANY } from '@xaalis/contracts';
import type { NextFunction, Request, Response } from 'express';
import { HttpError, isForeignKeyViolation, isUniqueViolation, isUuid, notFound, tenantOf } from '@xaalis/service-kit';

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

/**
 * The bind arrays of a multi-row statement over `unnest($n::type[], …)`: one array per
 * field of `rows`, in the order of `fields` (the order of the unnest's arguments).
 */
export function columnArrays<T, K extends keyof T>(rows: readonly T[], fields: readonly K[]): T[K][][] {
  return fields.map((field) => rows.map((row) => row[field]));
}

/** How one row is read by id: within `transaction`, and locked for it (FOR UPDATE) when `lock`. */
export interface FindOptions {
  transaction?: Transaction;
  lock?: boolean;
}

/**
 * A reader of one row of a company by id, or null (unknown id, or another company's):
 * `sql(lock)` selects it with `$1` the id and `$2` the company (and its FOR UPDATE clause
 * when `lock`), `map` turns the row into what the reader answers.
 */
export function rowFinder<Row extends object, T = Row>(sql: (lock: boolean) => string, map: (row: Row) => T) {
  return async (sequelize: Sequelize, companyId: string, id: string, opts: FindOptions = {}): Promise<T | null> => {
    const rows = await sequelize.query<Row>(sql(opts.lock === true), {
      bind: [id, companyId],
      type: QueryTypes.SELECT,
      transaction: opts.transaction,
    });
    return rows[0] ? map(rows[0]) : null;
  };
}

/**
 * A create's database error as the API answers it: a code already taken in the company
 * is a 409 with `duplicateCode`, a tenant's company deleted meanwhile a 404; others as they are.
 */
export function creationError(err: unknown, duplicateCode: string): unknown {
  if (isUniqueViolation(err)) return new HttpError(409, duplicateCode);
  if (isForeignKeyViolation(err)) return notFound(MESSAGES_COMPANY.notFound);
  return err;
}

/** A company the accounting service does not know (FK on companies, SQLSTATE 23503) is a 404; other errors as they are. */
export const unknownCompany = (err: unknown): unknown => {
  const code = (err as { parent?: { code?: string } })?.parent?.code ?? (err as { code?: string })?.code;
  return code === '23503' ? notFound() : err;
};

/**
 * `router.param` for a document addressed by id: the caller's company must own the row of
 * `accounting.<table>` (one indexed existence check, not the document itself), else 404 with
 * `message` — before the route validates anything, so another company's id never answers a 400.
 */
export function ownedParam(sequelize: Sequelize, table: string, message?: string) {
  return (req: Request, _res: Response, next: NextFunction, id: unknown): void => {
    const found = isUuid(id)
      ? sequelize.query(`SELECT 1 FROM accounting.${table} WHERE company_id = $1 AND id = $2`, {
          bind: [tenantOf(req).companyId, id],
          type: QueryTypes.SELECT,
        })
      : Promise.resolve([]);
    found.then((rows) => next(rows.length ? undefined : notFound(message)), next);
  };
}

/** The company's name and NINEA, as reports and returns print them ('' and null for an unknown id). */
export async function companyIdentity(
  sequelize: Sequelize,
  companyId: string,
  transaction?: Transaction,
): Promise<{ name: string; ninea: string | null }> {
  const [row] = await sequelize.query<{ name: string; ninea: string | null }>(
    'SELECT name, tax_number AS ninea FROM accounting.companies WHERE id = $1',
    { bind: [companyId], type: QueryTypes.SELECT, transaction },
  );
  return row ?? { name: '', ninea: null };
}
