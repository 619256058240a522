import { sqlStep } from '@xaalis/service-kit';

/**
 * The role in audit events without a per-request context in the process (0015 read it from a
 * transaction setting stamped through AsyncLocalStorage, whose hooks cost every request ~5 % CPU).
 * Each write request records its caller's role in `actor_roles` (company, user) before it runs;
 * an audit event with an actor and no role takes that user's role from there. Jobs started by a
 * user (an import run, a closing) so carry the role that user last wrote with.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.actor_roles (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'accountant', 'collaborator', 'reader')),
      seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, user_id)
    );
    ALTER TABLE ${s}.audit_events ALTER COLUMN actor_role DROP DEFAULT;
    CREATE FUNCTION ${s}.audit_events_actor_role() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.actor_role IS NULL AND NEW.user_id IS NOT NULL THEN
        SELECT r.role INTO NEW.actor_role FROM ${s}.actor_roles r WHERE r.company_id = NEW.company_id AND r.user_id = NEW.user_id;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER audit_events_actor_role BEFORE INSERT ON ${s}.audit_events
      FOR EACH ROW EXECUTE FUNCTION ${s}.audit_events_actor_role();
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TRIGGER audit_events_actor_role ON ${s}.audit_events;
    DROP FUNCTION ${s}.audit_events_actor_role();
    DROP TABLE ${s}.actor_roles;
    ALTER TABLE ${s}.audit_events ALTER COLUMN actor_role SET DEFAULT nullif(current_setting('xaalis.actor_role', true), '');
  `,
);
