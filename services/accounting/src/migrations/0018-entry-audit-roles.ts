import { sqlStep } from '@xaalis/service-kit';

/**
 * The actor's role of the entries' audit events (0014's statement triggers)
 * taken in their own INSERT … SELECT, joined to `actor_roles` (0016), rather
 * than by 0016's row trigger: a journal import records two events per entry
 * ('created', 'validated'), and the row trigger cost a PL/pgSQL call and a
 * lookup for each of them (about a tenth of the import's database time).
 * The row trigger now runs only for an event that comes without a role and
 * has an actor (WHEN): the other writers (invoices, payments, the services'
 * explicit events) get the role exactly as before, and an event the join left
 * without a role (no `actor_roles` row) gets the row trigger's same answer.
 */
export const up = sqlStep(
  (s) => `
    DROP TRIGGER audit_events_actor_role ON ${s}.audit_events;
    CREATE TRIGGER audit_events_actor_role BEFORE INSERT ON ${s}.audit_events
      FOR EACH ROW WHEN (NEW.actor_role IS NULL AND NEW.user_id IS NOT NULL)
      EXECUTE FUNCTION ${s}.audit_events_actor_role();

    CREATE OR REPLACE FUNCTION ${s}.audit_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.audit_events (company_id, user_id, action, object_type, object_id, object_label, details, actor_role)
      SELECT n.company_id, n.created_by, 'created', 'entry', n.id, n.number,
             jsonb_strip_nulls(jsonb_build_object('journal', n.journal, 'date', n.date, 'reversalOf', n.reversal_of_id,
                                                  'sourceType', n.source_type, 'sourceId', n.source_id)),
             r.role
        FROM new_rows n
        LEFT JOIN ${s}.actor_roles r ON r.company_id = n.company_id AND r.user_id = n.created_by;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION ${s}.audit_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.audit_events (company_id, user_id, action, object_type, object_id, object_label, details, actor_role)
      SELECT n.company_id,
             x.user_id,
             CASE WHEN n.status = 'validated' THEN 'validated' ELSE 'cancelled' END,
             'entry', n.id, n.number,
             CASE WHEN n.status = 'cancelled'
                  THEN jsonb_build_object('reversalEntryId', n.reversed_by_id,
                                          'reversalNumber', (SELECT r.number FROM ${s}.accounting_entries r WHERE r.id = n.reversed_by_id))
             END,
             ar.role
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        CROSS JOIN LATERAL (SELECT CASE WHEN n.status = 'validated' THEN n.validated_by ELSE n.cancelled_by END AS user_id) x
        LEFT JOIN ${s}.actor_roles ar ON ar.company_id = n.company_id AND ar.user_id = x.user_id
       WHERE n.status IS DISTINCT FROM o.status
         AND ((o.status = 'draft' AND n.status = 'validated') OR (o.status = 'validated' AND n.status = 'cancelled'));
      RETURN NULL;
    END $$;
  `,
);

export const down = sqlStep(
  (s) => `
    CREATE OR REPLACE FUNCTION ${s}.audit_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.audit_events (company_id, user_id, action, object_type, object_id, object_label, details)
      SELECT n.company_id, n.created_by, 'created', 'entry', n.id, n.number,
             jsonb_strip_nulls(jsonb_build_object('journal', n.journal, 'date', n.date, 'reversalOf', n.reversal_of_id,
                                                  'sourceType', n.source_type, 'sourceId', n.source_id))
        FROM new_rows n;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION ${s}.audit_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.audit_events (company_id, user_id, action, object_type, object_id, object_label, details)
      SELECT n.company_id,
             CASE WHEN n.status = 'validated' THEN n.validated_by ELSE n.cancelled_by END,
             CASE WHEN n.status = 'validated' THEN 'validated' ELSE 'cancelled' END,
             'entry', n.id, n.number,
             CASE WHEN n.status = 'cancelled'
                  THEN jsonb_build_object('reversalEntryId', n.reversed_by_id,
                                          'reversalNumber', (SELECT r.number FROM ${s}.accounting_entries r WHERE r.id = n.reversed_by_id))
             END
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.status IS DISTINCT FROM o.status
         AND ((o.status = 'draft' AND n.status = 'validated') OR (o.status = 'validated' AND n.status = 'cancelled'));
      RETURN NULL;
    END $$;

    DROP TRIGGER audit_events_actor_role ON ${s}.audit_events;
    CREATE TRIGGER audit_events_actor_role BEFORE INSERT ON ${s}.audit_events
      FOR EACH ROW EXECUTE FUNCTION ${s}.audit_events_actor_role();
  `,
);
