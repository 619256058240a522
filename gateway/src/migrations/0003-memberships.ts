import type { MigrationContext } from '@xaalis/service-kit';

/**
 * A user belongs to one or more companies, each with a role (issue 16). `users.company_id` stays:
 * it is now the company the user last worked in (where the next sign-in lands).
 * - memberships: (user, company) → role; every company keeps at least one owner (trigger below);
 * - invitations: pending until the invitee accepts or declines (once), or an owner cancels;
 * - membership_events: append-only record of who did what to whose membership (never updated).
 * Existing users become the owners of their company.
 */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  const s = `"${schema}"`;
  const roles = `('owner', 'accountant', 'collaborator', 'reader')`;
  await sequelize.query(`
    CREATE TABLE ${s}.memberships (
      user_id uuid NOT NULL REFERENCES ${s}.users (id),
      company_id uuid NOT NULL,
      role text NOT NULL CONSTRAINT memberships_role_check CHECK (role IN ${roles}),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, company_id)
    )`);
  await sequelize.query(`CREATE INDEX memberships_company_id_idx ON ${s}.memberships (company_id, role)`);
  await sequelize.query(`
    INSERT INTO ${s}.memberships (user_id, company_id, role, created_at)
    SELECT id, company_id, 'owner', created_at FROM ${s}.users WHERE company_id IS NOT NULL`);

  // The last owner can be neither removed nor demoted. Two owners removing each other at once:
  // the per-company lock serialises the checks, and each check reads the committed state anew.
  await sequelize.query(`
    CREATE FUNCTION ${s}.memberships_keep_owner() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.role = 'owner' AND (TG_OP = 'DELETE' OR NEW.role <> 'owner' OR NEW.company_id <> OLD.company_id) THEN
        PERFORM pg_advisory_xact_lock(hashtext('xaalis.memberships.' || OLD.company_id::text));
        IF NOT EXISTS (SELECT 1 FROM ${s}.memberships WHERE company_id = OLD.company_id AND role = 'owner') THEN
          RAISE EXCEPTION 'L’entreprise doit garder au moins un propriétaire' USING ERRCODE = 'XA020';
        END IF;
      END IF;
      RETURN NULL;
    END $$`);
  await sequelize.query(`
    CREATE TRIGGER memberships_keep_owner AFTER UPDATE OR DELETE ON ${s}.memberships
    FOR EACH ROW EXECUTE FUNCTION ${s}.memberships_keep_owner()`);

  await sequelize.query(`
    CREATE TABLE ${s}.invitations (
      id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES ${s}.users (id),
      role text NOT NULL CONSTRAINT invitations_role_check CHECK (role IN ${roles}),
      invited_by uuid NOT NULL REFERENCES ${s}.users (id),
      status text NOT NULL DEFAULT 'pending'
        CONSTRAINT invitations_status_check CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled')),
      created_at timestamptz NOT NULL DEFAULT now(),
      answered_at timestamptz,
      CONSTRAINT invitations_answered_check CHECK ((status = 'pending') = (answered_at IS NULL))
    )`);
  // One pending invitation per company and invitee.
  await sequelize.query(`CREATE UNIQUE INDEX invitations_pending_key ON ${s}.invitations (company_id, user_id) WHERE status = 'pending'`);
  await sequelize.query(`CREATE INDEX invitations_user_pending_idx ON ${s}.invitations (user_id) WHERE status = 'pending'`);

  await sequelize.query(`
    CREATE TABLE ${s}.membership_events (
      id bigserial PRIMARY KEY,
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      action text NOT NULL CONSTRAINT membership_events_action_check
        CHECK (action IN ('created', 'invited', 'invitation_cancelled', 'accepted', 'declined', 'role_changed', 'removed')),
      role text,
      previous_role text,
      actor_id uuid,
      actor_role text,
      at timestamptz NOT NULL DEFAULT now()
    )`);
  await sequelize.query(`CREATE INDEX membership_events_company_idx ON ${s}.membership_events (company_id, at)`);
  await sequelize.query(`
    CREATE FUNCTION ${s}.membership_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'L’historique des membres ne peut pas être modifié' USING ERRCODE = 'XA021';
    END $$`);
  await sequelize.query(`
    CREATE TRIGGER membership_events_append_only BEFORE UPDATE OR DELETE ON ${s}.membership_events
    FOR EACH ROW EXECUTE FUNCTION ${s}.membership_events_append_only()`);
  await sequelize.query(`
    CREATE TRIGGER membership_events_no_truncate BEFORE TRUNCATE ON ${s}.membership_events
    FOR EACH STATEMENT EXECUTE FUNCTION ${s}.membership_events_append_only()`);
  await sequelize.query(`
    INSERT INTO ${s}.membership_events (company_id, user_id, action, role, actor_id, actor_role, at)
    SELECT company_id, user_id, 'created', 'owner', user_id, 'owner', created_at FROM ${s}.memberships`);
}

export async function down({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  const s = `"${schema}"`;
  await sequelize.query(`DROP TABLE IF EXISTS ${s}.membership_events, ${s}.invitations, ${s}.memberships`);
  await sequelize.query(`DROP FUNCTION IF EXISTS ${s}.memberships_keep_owner(), ${s}.membership_events_append_only()`);
}
