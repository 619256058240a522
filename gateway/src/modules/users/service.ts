import { randomUUID } from 'node:crypto';
import { fn, col, where, type Sequelize, type Transaction } from 'sequelize';
import { HttpError, isUniqueViolation } from '@xaalis/service-kit';
import { MESSAGES_AUTH, type Role, type User } from '@xaalis/contracts';
import { defineUserModel, type UserRecord } from './model';

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  companyId: string | null;
}

/** What the session keeps about the company; refreshed from the accounting service. */
export interface CompanySnapshot {
  name: string | null;
  sector: string | null;
}

/** The user as returned to the browser, in `landing` (the session's company) with their role there. */
export function toUser(row: UserRecord, company: CompanySnapshot | null, landing: { companyId: string; role: Role } | null): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: company?.name ?? null,
    phone: row.phone,
    address: row.address,
    sector: company?.sector ?? null,
    companyId: landing?.companyId ?? null,
    role: landing?.role ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The 409 for a unique violation on identity.users, by the constraint that fired. */
function conflictFrom(err: unknown): HttpError | null {
  if (!isUniqueViolation(err)) return null;
  const e = err as { parent?: { constraint?: string }; original?: { constraint?: string } };
  const constraint = e.parent?.constraint ?? e.original?.constraint ?? '';
  return new HttpError(409, constraint.includes('email') ? MESSAGES_AUTH.emailTaken : MESSAGES_AUTH.usernameTaken);
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository(sequelize: Sequelize) {
  const Users = defineUserModel(sequelize);
  return {
    // Usernames are unique case-insensitively (index on lower(username)): look them up the same way.
    findByUsername: (username: string) => Users.findOne({ where: where(fn('lower', col('username')), username.trim().toLowerCase()) }),
    findById: (id: string) => Users.findByPk(id),

    /** Answers 409 before any expensive work when the username or email is already used. */
    async assertAvailable(username: string, email: string): Promise<void> {
      const sameUsername = await Users.findOne({
        where: where(fn('lower', col('username')), username.trim().toLowerCase()),
        attributes: ['id'],
      });
      if (sameUsername) throw new HttpError(409, MESSAGES_AUTH.usernameTaken);
      const sameEmail = await Users.findOne({ where: where(fn('lower', col('email')), email.toLowerCase()), attributes: ['id'] });
      if (sameEmail) throw new HttpError(409, MESSAGES_AUTH.emailTaken);
    },

    /** Inserts a user; a concurrent duplicate still becomes a 409 through the unique indexes. */
    async create(input: NewUser, transaction?: Transaction): Promise<UserRecord> {
      try {
        return await Users.create({ id: randomUUID(), ...input, createdAt: new Date() }, { transaction });
      } catch (err) {
        throw conflictFrom(err) ?? err;
      }
    },

    /** Replaces the user's password hash (password change). */
    async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
      await Users.update({ passwordHash }, { where: { id: userId } });
    },

    /** Remembers the company the user last worked in (the next sign-in lands there). */
    async setLastCompany(userId: string, companyId: string): Promise<void> {
      await Users.update({ companyId }, { where: { id: userId } });
    },

    transaction: () => sequelize.transaction(),
  };
}
