import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  isRole,
  MESSAGES_MEMBERS,
  type CompanyInvitation,
  type CompanyUser,
  type Invitation,
  type Member,
  type Role,
} from '@xaalis/contracts';
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

const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  companyId: r.company_id,
  companyName: null,
  role: r.role as Role,
  userId: r.user_id,
  username: r.username,
  invitedBy: r.invited_by,
  createdAt: new Date(r.created_at).toISOString(),
});

const toCompanyInvitation = (r: Omit<InvitationRow, 'user_id'>): CompanyInvitation => ({
  id: r.id,
  companyId: r.company_id,
  companyName: null,
  role: r.role as Role,
  username: r.username,
  invitedBy: r.invited_by,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Membership events that make or keep someone a member: who appears in GET /api/users. */
const MEMBER_ACTIONS = `('created', 'accepted', 'role_changed', 'removed')`;

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
  const constraintOf = (err: unknown): string => {
    const e = err as { parent?: { constraint?: string }; original?: { constraint?: string } };
    return e.parent?.constraint ?? e.original?.constraint ?? '';
  };

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

  const INVITED_BY = `${DISPLAY_NAME.replaceAll('u.', 'b.')} AS invited_by`;

  /** The invitee's pending invitations (company names are filled by the caller). */
  const invitationsOf = async (userId: string): Promise<Invitation[]> => {
    const rows = await select<InvitationRow>(
      `SELECT i.id, i.company_id, i.role, i.user_id, u.username, ${INVITED_BY}, i.created_at
         FROM ${S}.invitations i JOIN ${S}.users u ON u.id = i.user_id JOIN ${S}.users b ON b.id = i.invited_by
        WHERE i.status = 'pending' AND i.user_id = $1
        ORDER BY i.created_at`,
      [userId],
    );
    return rows.map(toInvitation);
  };

  /** A company's pending invitations, or one by id, as its owners see them (the login typed). */
  const companyInvitations = async (companyId: string, id: string | null = null): Promise<CompanyInvitation[]> => {
    const rows = await select<Omit<InvitationRow, 'user_id'>>(
      `SELECT i.id, i.company_id, i.role, i.login AS username, ${INVITED_BY}, i.created_at
         FROM ${S}.invitations i JOIN ${S}.users b ON b.id = i.invited_by
        WHERE i.status = 'pending' AND i.company_id = $1 AND ($2::uuid IS NULL OR i.id = $2)
        ORDER BY i.created_at`,
      [companyId, id],
    );
    return rows.map(toCompanyInvitation);
  };

  /**
   * A change of an existing membership: the mirror's marker first (Redis down: nothing changes,
   * 503), the transaction, then the new role in the mirror (see access.ts).
   */
  const changeMembership = async <T>(
    userId: string,
    companyId: string,
    work: (t: Transaction) => Promise<T>,
    roleAfter: (result: T) => Role | null,
  ): Promise<T> => {
    const marker = await access.changing(userId, companyId);
    let result: T;
    try {
      result = await inTransaction(work);
    } catch (err) {
      await access.abandon(userId, companyId, marker);
      throw err;
    }
    await access.settle(userId, companyId, marker, roleAfter(result));
    return result;
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
      return changeMembership(
        userId,
        companyId,
        async (t) => {
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
        },
        () => role,
      );
    },

    async remove(companyId: string, userId: string, actor: Actor): Promise<void> {
      await changeMembership(
        userId,
        companyId,
        async (t) => {
          const [removed] = await select<{ role: string }>(
            `DELETE FROM ${S}.memberships WHERE company_id = $1 AND user_id = $2 RETURNING role`,
            [companyId, userId],
            t,
          );
          if (!removed) throw new HttpError(404, MESSAGES_MEMBERS.memberNotFound);
          await record(t, { companyId, userId, action: 'removed', previousRole: removed.role as Role, actor });
        },
        () => null,
      );
    },

    /**
     * Invites by username or email (case-insensitive). The answer is the same whether the login
     * names an account or not (issue 24): the invitation is kept with the login as typed, bound to
     * the account found now, if any; one naming nobody stays pending for the owner (who may cancel
     * it) and can be accepted by no one — it is not handed to whoever registers that login later,
     * as nothing proves they own it. 409 only for what the owner already knows: the login is
     * already pending in their list, or the account is a member (their members list shows its
     * username and email). A second login of an account already invited is kept too, unbound, so
     * that an email and a username cannot be linked by trying them.
     */
    async invite(companyId: string, login: string, role: Role, actor: Actor): Promise<CompanyInvitation> {
      const typed = login.trim();
      const [invitee] = await select<{ id: string }>(
        `SELECT id FROM ${S}.users WHERE lower(username) = lower($1) OR lower(email) = lower($1) ORDER BY lower(username) = lower($1) DESC LIMIT 1`,
        [typed],
      );
      const id = randomUUID();
      const insert = (bind: boolean) =>
        inTransaction(async (t) => {
          if (invitee) {
            const [member] = await select(
              `SELECT 1 FROM ${S}.memberships WHERE company_id = $1 AND user_id = $2`,
              [companyId, invitee.id],
              t,
            );
            if (member)
              throw new HttpError(409, MESSAGES_MEMBERS.alreadyMember, [{ path: 'login', message: MESSAGES_MEMBERS.alreadyMember }]);
          }
          const [same] = await select(
            `SELECT 1 FROM ${S}.invitations WHERE company_id = $1 AND lower(login) = lower($2) AND status = 'pending'`,
            [companyId, typed],
            t,
          );
          if (same)
            throw new HttpError(409, MESSAGES_MEMBERS.alreadyInvited, [{ path: 'login', message: MESSAGES_MEMBERS.alreadyInvited }]);
          const [live] =
            invitee && bind
              ? await select(
                  `SELECT 1 FROM ${S}.invitations WHERE company_id = $1 AND user_id = $2 AND status = 'pending'`,
                  [companyId, invitee.id],
                  t,
                )
              : [];
          const userId = invitee && bind && !live ? invitee.id : null;
          await sequelize.query(
            `INSERT INTO ${S}.invitations (id, company_id, user_id, login, role, invited_by) VALUES ($1, $2, $3, $4, $5, $6)`,
            { bind: [id, companyId, userId, typed, role, actor.id], transaction: t },
          );
          if (userId) await record(t, { companyId, userId, action: 'invited', role, actor });
        });
      // A concurrent invitation of the same login is a 409; one of the same account under another
      // login (invitations_pending_key) leaves this one unbound.
      const attempt = async (bind: boolean) => {
        try {
          await insert(bind);
        } catch (err) {
          if (isUniqueViolation(err) && constraintOf(err) !== 'invitations_pending_key')
            throw new HttpError(409, MESSAGES_MEMBERS.alreadyInvited, [{ path: 'login', message: MESSAGES_MEMBERS.alreadyInvited }]);
          throw err;
        }
      };
      try {
        await attempt(true);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        await attempt(false);
      }
      return (await companyInvitations(companyId, id))[0];
    },

    invitationsOf,
    companyInvitations: (companyId: string) => companyInvitations(companyId),

    async cancelInvitation(companyId: string, id: string, actor: Actor): Promise<void> {
      await inTransaction(async (t) => {
        const [row] = await select<{ user_id: string | null; role: string }>(
          `UPDATE ${S}.invitations SET status = 'cancelled', answered_at = now()
           WHERE id = $1 AND company_id = $2 AND status = 'pending' RETURNING user_id, role`,
          [id, companyId],
          t,
        );
        if (!row) throw new HttpError(404, MESSAGES_MEMBERS.invitationNotFound);
        // An invitation bound to nobody changed nobody's membership: nothing to record.
        if (row.user_id) await record(t, { companyId, userId: row.user_id, action: 'invitation_cancelled', role: row.role as Role, actor });
      });
    },

    /** The invitee accepts (once: a second answer finds nothing pending) and becomes a member. */
    async accept(id: string, userId: string): Promise<{ companyId: string; role: Role }> {
      const [pending] = await select<{ company_id: string }>(
        `SELECT company_id FROM ${S}.invitations WHERE id = $1 AND user_id = $2 AND status = 'pending'`,
        [id, userId],
      );
      if (!pending) throw new HttpError(404, MESSAGES_MEMBERS.invitationNotFound);
      return changeMembership(
        userId,
        pending.company_id,
        async (t) => {
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
          // Its other logins' unbound invitations are moot now (the owners see its username and email among the members).
          await sequelize.query(
            `UPDATE ${S}.invitations i SET status = 'cancelled', answered_at = now() FROM ${S}.users u
              WHERE u.id = $2 AND i.company_id = $1 AND i.status = 'pending' AND i.user_id IS NULL
                AND lower(i.login) IN (lower(u.username), lower(u.email))`,
            { bind: [row.company_id, userId], transaction: t },
          );
          return { companyId: row.company_id, role };
        },
        (accepted) => accepted.role,
      );
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
     * Everyone who is or was a member of the company (members, and former members named by its
     * history), so the audit trail still names who did what after a member left. People who were
     * only invited are not named: an invitation must not reveal who an account belongs to.
     */
    async companyUsers(companyId: string): Promise<CompanyUser[]> {
      const rows = await select<{ id: string; name: string }>(
        `SELECT u.id, ${DISPLAY_NAME} AS name FROM ${S}.users u
         WHERE u.id IN (SELECT user_id FROM ${S}.memberships WHERE company_id = $1
                        UNION SELECT user_id FROM ${S}.membership_events WHERE company_id = $1 AND action IN ${MEMBER_ACTIONS})`,
        [companyId],
      );
      return rows.sort((a, b) => a.name.localeCompare(b.name, 'fr'));
    },
  };
}
