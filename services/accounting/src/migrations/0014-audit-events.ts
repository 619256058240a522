import { sqlStep } from '@xaalis/service-kit';

/**
 * The audit trail (issue 15): an append-only history of who created, edited,
 * validated, cancelled, imported, closed… what, and when.
 *
 * - accounting.audit_events: one row per event. No foreign key to companies:
 *   the history outlives what it tells about (a deleted draft keeps its
 *   events; a company removed by the gateway's compensation keeps them too).
 * - Append-only, enforced by the database: UPDATE, DELETE and TRUNCATE of the
 *   table are refused by statement triggers (SQLSTATE XA030), whoever asks.
 * - Recorded by the database where the row itself names the actor
 *   (created_by / validated_by / cancelled_by, migration 0005), so every path
 *   (API, postings of invoices and payments, imports, closing) is covered:
 *     entries:  INSERT → 'created'; draft → validated → 'validated';
 *               validated → cancelled → 'cancelled' (its reversal entry gets
 *               its own 'created' and 'validated', with reversalOf);
 *     invoices: INSERT → 'created'; → validated → 'validated'; → cancelled → 'cancelled';
 *     payments: INSERT → 'created', and for an invoice payment 'paid' on the invoice.
 *   Statement-level triggers over transition tables: one INSERT … SELECT per
 *   statement, so an import's multi-row statements stay set-based.
 * - Edits and deletions of drafts, imports, closing and reopening are recorded
 *   by the services (modules/audit/record.ts), in the same transaction.
 * - Backfill: the documents already stored get the history their columns tell
 *   (created_at/created_by, validated_at/validated_by, cancelled_at/cancelled_by;
 *   payments: created), marked details.backfilled = true.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.audit_events (
      id bigserial PRIMARY KEY,
      company_id uuid NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      user_id uuid,
      action text NOT NULL CHECK (action IN ('created', 'edited', 'validated', 'cancelled', 'deleted', 'imported', 'closed', 'reopened', 'paid')),
      object_type text NOT NULL CHECK (object_type IN ('entry', 'invoice', 'payment', 'entry-import', 'fiscal-year')),
      object_id uuid NOT NULL,
      object_label text,
      details jsonb
    );
    CREATE INDEX audit_events_object_idx ON ${s}.audit_events (company_id, object_type, object_id, at);

    -- ─── Append-only ──────────────────────────────────────────────────────────
    CREATE FUNCTION ${s}.audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'XA030', MESSAGE = 'L''historique ne peut être ni modifié ni supprimé',
        DETAIL = format('%s on audit_events refused', TG_OP);
    END $$;
    CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON ${s}.audit_events
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_events_append_only();
    CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON ${s}.audit_events
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_events_append_only();
    CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON ${s}.audit_events
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_events_append_only();

    -- ─── Entries ──────────────────────────────────────────────────────────────
    CREATE FUNCTION ${s}.audit_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.audit_events (company_id, user_id, action, object_type, object_id, object_label, details)
      SELECT n.company_id, n.created_by, 'created', 'entry', n.id, n.number,
             jsonb_strip_nulls(jsonb_build_object('journal', n.journal, 'date', n.date, 'reversalOf', n.reversal_of_id,
                                                  'sourceType', n.source_type, 'sourceId', n.source_id))
        FROM new_rows n;
      RETURN NULL;
    END $$;
    CREATE TRIGGER audit_entries_inserted AFTER INSERT ON ${s}.accounting_entries
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_entries_inserted();

    CREATE FUNCTION ${s}.audit_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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
    CREATE TRIGGER audit_entries_updated AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_entries_updated();

    -- ─── Invoices ─────────────────────────────────────────────────────────────
    CREATE FUNCTION ${s}.audit_invoices_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.audit_events (company_id, user_id, action, object_type, object_id, object_label, details)
      SELECT n.company_id, n.created_by, 'created', 'invoice', n.id, n.number,
             jsonb_build_object('type', n.type, 'date', n.date, 'total', n.total)
        FROM new_rows n;
      RETURN NULL;
    END $$;
    CREATE TRIGGER audit_invoices_inserted AFTER INSERT ON ${s}.invoices
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_invoices_inserted();

    CREATE FUNCTION ${s}.audit_invoices_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.audit_events (company_id, user_id, action, object_type, object_id, object_label, details)
      SELECT n.company_id,
             CASE WHEN n.status = 'cancelled' THEN n.cancelled_by ELSE n.validated_by END,
             CASE WHEN n.status = 'cancelled' THEN 'cancelled' ELSE 'validated' END,
             'invoice', n.id, n.number,
             CASE WHEN n.status = 'cancelled'
                  -- The reversal is written after the status (0003): the entry's own history names it.
                  THEN jsonb_strip_nulls(jsonb_build_object('entryId', n.entry_id, 'reversalEntryId', n.reversal_entry_id))
                  ELSE jsonb_build_object('entryId', n.entry_id, 'total', n.total)
             END
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (o.status = 'draft' AND n.status = 'validated')
          OR (o.status <> 'cancelled' AND n.status = 'cancelled');
      RETURN NULL;
    END $$;
    CREATE TRIGGER audit_invoices_updated AFTER UPDATE ON ${s}.invoices
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_invoices_updated();

    -- ─── Payments (and the invoices they settle) ──────────────────────────────
    CREATE FUNCTION ${s}.audit_payments_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.audit_events (company_id, user_id, action, object_type, object_id, object_label, details)
      SELECT n.company_id, n.created_by, 'created', 'payment', n.id, n.reference,
             jsonb_strip_nulls(jsonb_build_object('type', n.type, 'amount', n.amount, 'date', n.date, 'method', n.method,
                                                  'invoiceId', n.invoice_id, 'entryId', n.entry_id))
        FROM new_rows n
      UNION ALL
      SELECT n.company_id, n.created_by, 'paid', 'invoice', n.invoice_id, i.number,
             jsonb_build_object('paymentId', n.id, 'amount', n.amount, 'date', n.date, 'method', n.method)
        FROM new_rows n LEFT JOIN ${s}.invoices i ON i.id = n.invoice_id
       WHERE n.invoice_id IS NOT NULL;
      RETURN NULL;
    END $$;
    CREATE TRIGGER audit_payments_inserted AFTER INSERT ON ${s}.payments
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_payments_inserted();

    -- ─── Backfill: what the documents already tell ────────────────────────────
    INSERT INTO ${s}.audit_events (company_id, at, user_id, action, object_type, object_id, object_label, details)
    SELECT company_id, at, user_id, action, object_type, object_id, object_label, details || '{"backfilled": true}'::jsonb
      FROM (
        SELECT e.company_id, e.created_at AS at, e.created_by AS user_id, 'created' AS action, 'entry' AS object_type, e.id AS object_id,
               e.number AS object_label,
               jsonb_strip_nulls(jsonb_build_object('journal', e.journal, 'date', e.date, 'reversalOf', e.reversal_of_id,
                                                    'sourceType', e.source_type, 'sourceId', e.source_id)) AS details
          FROM ${s}.accounting_entries e
        UNION ALL
        SELECT e.company_id, e.validated_at, e.validated_by, 'validated', 'entry', e.id, e.number, '{}'::jsonb
          FROM ${s}.accounting_entries e WHERE e.validated_at IS NOT NULL
        UNION ALL
        SELECT e.company_id, coalesce(e.cancelled_at, e.updated_at), e.cancelled_by, 'cancelled', 'entry', e.id, e.number,
               jsonb_build_object('reversalEntryId', e.reversed_by_id, 'reversalNumber', r.number)
          FROM ${s}.accounting_entries e LEFT JOIN ${s}.accounting_entries r ON r.id = e.reversed_by_id
         WHERE e.status = 'cancelled'
        UNION ALL
        SELECT i.company_id, i.created_at, i.created_by, 'created', 'invoice', i.id, i.number,
               jsonb_build_object('type', i.type, 'date', i.date, 'total', i.total)
          FROM ${s}.invoices i
        UNION ALL
        SELECT i.company_id, i.validated_at, i.validated_by, 'validated', 'invoice', i.id, i.number,
               jsonb_strip_nulls(jsonb_build_object('entryId', i.entry_id, 'total', i.total))
          FROM ${s}.invoices i WHERE i.validated_at IS NOT NULL
        UNION ALL
        SELECT i.company_id, coalesce(i.cancelled_at, i.updated_at), i.cancelled_by, 'cancelled', 'invoice', i.id, i.number,
               jsonb_strip_nulls(jsonb_build_object('entryId', i.entry_id, 'reversalEntryId', i.reversal_entry_id))
          FROM ${s}.invoices i WHERE i.status = 'cancelled'
        UNION ALL
        SELECT p.company_id, p.created_at, p.created_by, 'created', 'payment', p.id, p.reference,
               jsonb_strip_nulls(jsonb_build_object('type', p.type, 'amount', p.amount, 'date', p.date, 'method', p.method,
                                                    'invoiceId', p.invoice_id, 'entryId', p.entry_id))
          FROM ${s}.payments p
        UNION ALL
        SELECT p.company_id, p.created_at, p.created_by, 'paid', 'invoice', p.invoice_id, i.number,
               jsonb_build_object('paymentId', p.id, 'amount', p.amount, 'date', p.date, 'method', p.method)
          FROM ${s}.payments p LEFT JOIN ${s}.invoices i ON i.id = p.invoice_id
         WHERE p.invoice_id IS NOT NULL
      ) AS history
     ORDER BY at;
  `,
);

/** Drops the trail (a rollback of the schema, not an edit of the history: the table goes as a whole). */
export const down = sqlStep(
  (s) => `
    DROP TRIGGER audit_payments_inserted ON ${s}.payments;
    DROP TRIGGER audit_invoices_updated ON ${s}.invoices;
    DROP TRIGGER audit_invoices_inserted ON ${s}.invoices;
    DROP TRIGGER audit_entries_updated ON ${s}.accounting_entries;
    DROP TRIGGER audit_entries_inserted ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.audit_payments_inserted();
    DROP FUNCTION ${s}.audit_invoices_updated();
    DROP FUNCTION ${s}.audit_invoices_inserted();
    DROP FUNCTION ${s}.audit_entries_updated();
    DROP FUNCTION ${s}.audit_entries_inserted();
    DROP TABLE ${s}.audit_events;
    DROP FUNCTION ${s}.audit_events_append_only();
  `,
);
