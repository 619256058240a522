import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { isRole, MESSAGES_MEMBERS, type CompanyUser, type Invitation, type Member, type Role } from '@xaalis/contracts';
import { HttpError, isUniqueViolation, sqlStateOf } from '@xaalis/service-kit';
import { IDENTITY_SCHEMA } from '../users/model';
import type { Access } from './access';

/** Who is acting (the audit of membership changes keeps both). */
export interface Actor {
  id: string;
  role: Role | null;
}

type MembershipAction = 'created' | 'invited' | 'invitation_cancelled' | 'accepted' | 'declined' | 'role_changed' | 'removed';

const S = `"${IDENTITY_SCHEMA}"`;
/** "Prénom Nom", or the username when both are empty (SQL side of CompanyUser.name). */
const DISPLAY_NAME = `COALESCE(NULLIF(btrim(concat_ws(' ', NULLIF(btrim(u.first_name), ''), NULLIF(btrim(u.last_name), ''))), ''), u.username)`;

interface InvitationRow {
  id: string;
  company_id: string;
  role: string;
  user_id: string;
  username: string;
  invited_by: string;
  created_at: Date;
}

const toInvitation = (r: InvitationRow, companyName: string | null): Invitation => ({
  id: r.id,
  companyId: r.company_id,
  companyName,
  role: r.role as Role,
  userId: r.user_id,
  username: r.username,
  invitedBy: r.invited_by,
  createdAt: new Date(r.created_at).toISOString(),
});

export type Memberships = ReturnType<typeof createMemberships>;

/**
 * Memberships, invitations and their append-only history in the identity schema. Every change
 * runs in one transaction with its event, then updates the access mirror (see access.ts).
 */
export function createMemberships(sequelize: Sequelize, access: Access) {
  const select = <T extends object>(sql: string, bind: unknown[], transaction?: Transaction) =>
    sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction });

  const record = (
    t: Transaction,
    e: { companyId: string; userId: string; action: MembershipAction; role?: Role | null; previousRole?: Role | null; actor: Actor },
  ) =>
    sequelize.query(
      `INSERT INTO ${S}.membership_events (company_id, user_id, action, role, previous_role, actor_id, actor_role)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      { bind: [e.companyId, e.userId, e.action, e.role ?? null, e.previousRole ?? null, e.actor.id, e.actor.role], transaction: t },
    );

  /** Runs `work` in a transaction; the last owner rule of the database becomes a French 409. */
  const inTransaction = async <T>(work: (t: Transaction) => Promise<T>): Promise<T> => {
    try {
      return await sequelize.transaction(work);
    } catch (err) {
      if (sqlStateOf(err) === 'XA020') throw new HttpError(409, MESSAGES_MEMBERS.lastOwner);
      throw err;
    }
  };

  const memberRow = (companyId: string, userId: string | null, t?: Transaction) =>
    select<{ user_id: string; username: string; name: string; email: string; role: string; since: Date }>(
      `SELECT u.id AS user_id, u.username, ${DISPLAY_NAME} AS name, u.email, m.role, m.created_at AS since
       FROM ${S}.memberships m JOIN ${S}.users u ON u.id = m.user_id
       WHERE m.company_id = $1 AND ($2::uuid IS NULL OR m.user_id = $2)
       ORDER BY lower(${DISPLAY_NAME}), u.username`,
      [companyId, userId],
      t,
    );
  const toMember = (r: Awaited<ReturnType<typeof memberRow>>[number]): Member => ({
    userId: r.user_id,
    username: r.username,
    name: r.name,
    email: r.email,
    role: r.role as Role,
    since: new Date(r.since).toISOString(),
  });

  /** Pending invitations of a company, of an invitee, or one by id (company names are filled by the caller). */
  const pendingInvitations = async (by: { companyId?: string; userId?: string; id?: string }): Promise<Invitation[]> => {
    const rows = await select<InvitationRow>(
      `SELECT i.id, i.company_id, i.role, i.user_id, u.username, ${DISPLAY_NAME.replaceAll('u.', 'b.')} AS invited_by, i.created_at
         FROM ${S}.invitations i JOIN ${S}.users u ON u.id = i.user_id JOIN ${S}.users b ON b.id = i.invited_by
         WHERE i.status = 'pending' AND ($1::uuid IS NULL OR i.company_id = $1) AND ($2::uuid IS NULL OR i.user_id = $2)
           AND ($3::uuid IS NULL OR i.id = $3)
         ORDER BY i.created_at`,
      [by.companyId ?? null, by.userId ?? null, by.id ?? null],
    );
    return rows.map((r) => toInvitation(r, null));
  };

  return {
    /** The user's companies and roles, oldest membership first. */
    async listForUser(userId: string): Promise<{ companyId: string; role: Role }[]> {
      const rows = await select<{ company_id: string; role: string }>(
        `SELECT company_id, role FROM ${S}.memberships WHERE user_id = $1 ORDER BY created_at, company_id`,
        [userId],
      );
      return rows.filter((r) => isRole(r.role)).map((r) => ({ companyId: r.company_id, role: r.role as Role }));
    },

    /** The role read from Postgres itself (switching, signing in), not from the mirror. */
    async roleInDatabase(userId: string, companyId: string): Promise<Role | null> {
      const rows = await select<{ role: string }>(`SELECT role FROM ${S}.memberships WHERE user_id = $1 AND company_id = $2`, [
        userId,
        companyId,
      ]);
      return isRole(rows[0]?.role) ? rows[0].role : null;
    },

    /** The creator of a company becomes its owner (registration, 'Créer une entreprise'), in the caller's transaction. */
    async addOwner(userId: string, companyId: string, t: Transaction): Promise<void> {
      await sequelize.query(`INSERT INTO ${S}.memberships (user_id, company_id, role) VALUES ($1, $2, 'owner')`, {
        bind: [userId, companyId],
        transaction: t,
      });
      await record(t, { companyId, userId, action: 'created', role: 'owner', actor: { id: userId, role: 'owner' } });
    },

    async members(companyId: string): Promise<Member[]> {
      return (await memberRow(companyId, null)).map(toMember);
    },

    async changeRole(companyId: string, userId: string, role: Role, actor: Actor): Promise<Member> {
      const member = await inTransaction(async (t) => {
        const [current] = await select<{ role: string }>(
          `SELECT role FROM ${S}.memberships WHERE company_id = $1 AND user_id = $2 FOR UPDATE`,
          [companyId, userId],
          t,
        );
        if (!current) throw new HttpError(404, MESSAGES_MEMBERS.memberNotFound);
        if (current.role !== role) {
          await sequelize.query(`UPDATE ${S}.memberships SET role = $3 WHERE company_id = $1 AND user_id = $2`, {
            bind: [companyId, userId, role],
            transaction: t,
          });
          await record(t, { companyId, userId, action: 'role_changed', role, previousRole: current.role as Role, actor });
        }
        return toMember((await memberRow(companyId, userId, t))[0]);
      });
      await access.changed(userId, companyId, role);
      return member;
    },

    async remove(companyId: string, userId: string, actor: Actor): Promise<void> {
      await inTransaction(async (t) => {
        const [removed] = await select<{ role: string }>(
          `DELETE FROM ${S}.memberships WHERE company_id = $1 AND user_id = $2 RETURNING role`,
          [companyId, userId],
          t,
        );
        if (!removed) throw new HttpError(404, MESSAGES_MEMBERS.memberNotFound);
        await record(t, { companyId, userId, action: 'removed', previousRole: removed.role as Role, actor });
      });
      await access.changed(userId, companyId, null);
    },

    /** Invites an existing user by username or email (case-insensitive). */
    async invite(companyId: string, login: string, role: Role, actor: Actor): Promise<Invitation> {
      const [invitee] = await select<{ id: string; username: string }>(
        `SELECT id, username FROM ${S}.users WHERE lower(username) = lower($1) OR lower(email) = lower($1) LIMIT 1`,
        [login.trim()],
      );
      if (!invitee) throw new HttpError(404, MESSAGES_MEMBERS.userNotFound, [{ path: 'login', message: MESSAGES_MEMBERS.userNotFound }]);
      const id = randomUUID();
      try {
        await inTransaction(async (t) => {
          const [member] = await select(
            `SELECT 1 FROM ${S}.memberships WHERE company_id = $1 AND user_id = $2`,
            [companyId, invitee.id],
            t,
          );
          if (member)
            throw new HttpError(409, MESSAGES_MEMBERS.alreadyMember, [{ path: 'login', message: MESSAGES_MEMBERS.alreadyMember }]);
          await sequelize.query(`INSERT INTO ${S}.invitations (id, company_id, user_id, role, invited_by) VALUES ($1, $2, $3, $4, $5)`, {
            bind: [id, companyId, invitee.id, role, actor.id],
            transaction: t,
          });
          await record(t, { companyId, userId: invitee.id, action: 'invited', role, actor });
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new HttpError(409, MESSAGES_MEMBERS.alreadyInvited, [{ path: 'login', message: MESSAGES_MEMBERS.alreadyInvited }]);
        throw err;
      }
      const [row] = await pendingInvitations({ id });
      return row;
    },

    pendingInvitations,

    async cancelInvitation(companyId: string, id: string, actor: Actor): Promise<void> {
      await inTransaction(async (t) => {
        const [row] = await select<{ user_id: string; role: string }>(
          `UPDATE ${S}.invitations SET status = 'cancelled', answered_at = now()
           WHERE id = $1 AND company_id = $2 AND status = 'pending' RETURNING user_id, role`,
          [id, companyId],
          t,
        );
        if (!row) throw new HttpError(404, MESSAGES_MEMBERS.invitationNotFound);
        await record(t, { companyId, userId: row.user_id, action: 'invitation_cancelled', role: row.role as Role, actor });
      });
    },

    /** The invitee accepts (once: a second answer finds nothing pending) and becomes a member. */
    async accept(id: string, userId: string): Promise<{ companyId: string; role: Role }> {
      const accepted = await inTransaction(async (t) => {
        const [row] = await select<{ company_id: string; role: string }>(
          `UPDATE ${S}.invitations SET status = 'accepted', answered_at = now()
           WHERE id = $1 AND user_id = $2 AND status = 'pending' RETURNING company_id, role`,
          [id, userId],
          t,
        );
        if (!row) throw new HttpError(404, MESSAGES_MEMBERS.invitationNotFound);
        const role = row.role as Role;
        await sequelize.query(`INSERT INTO ${S}.memberships (user_id, company_id, role) VALUES ($1, $2, $3)`, {
          bind: [userId, row.company_id, role],
          transaction: t,
        });
        await record(t, { companyId: row.company_id, userId, action: 'accepted', role, actor: { id: userId, role } });
        return { companyId: row.company_id, role };
      });
      await access.changed(userId, accepted.companyId, accepted.role);
      return accepted;
    },

    async decline(id: string, userId: string): Promise<void> {
      await inTransaction(async (t) => {
        const [row] = await select<{ company_id: string; role: string }>(
          `UPDATE ${S}.invitations SET status = 'declined', answered_at = now()
           WHERE id = $1 AND user_id = $2 AND status = 'pending' RETURNING company_id, role`,
          [id, userId],
          t,
        );
        if (!row) throw new HttpError(404, MESSAGES_MEMBERS.invitationNotFound);
        await record(t, {
          companyId: row.company_id,
          userId,
          action: 'declined',
          role: row.role as Role,
          actor: { id: userId, role: null },
        });
      });
    },

    /**
     * Everyone who is or was in the company (members, and former members named by its history),
     * so the audit trail still names who did what after a member left.
     */
    async companyUsers(companyId: string): Promise<CompanyUser[]> {
      const rows = await select<{ id: string; name: string }>(
        `SELECT u.id, ${DISPLAY_NAME} AS name FROM ${S}.users u
         WHERE u.id IN (SELECT user_id FROM ${S}.memberships WHERE company_id = $1
                        UNION SELECT user_id FROM ${S}.membership_events WHERE company_id = $1)`,
        [companyId],
      );
      return rows.sort((a, b) => a.name.localeCompare(b.name, 'fr'));
    },
  };
}
