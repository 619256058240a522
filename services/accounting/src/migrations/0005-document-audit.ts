import { sqlStep } from '@xaalis/service-kit';

/**
 * Documents keep what they said, and who did what.
 *
 * 1. Invoices keep a snapshot of the issuer (the company) and of the client or
 *    supplier, taken when the invoice is issued (validated): the PDF of an issued
 *    invoice prints from it, whatever the company or the third party became.
 *    Invoices issued before this migration (entry_id set: validated, paid, or
 *    cancelled after validation) are backfilled from the CURRENT company and
 *    third-party data — the best record left; what they printed before is lost.
 * 2. The acting user (the gateway's X-User-Id, a uuid of identity.users: no
 *    foreign key across schemas) on invoices, payments, journal entries and
 *    stock movements: created_by, validated_by, cancelled_by. Nullable: rows
 *    from before this migration, and requests without a user.
 *    validated_at / cancelled_at give the dates; old rows are backfilled from
 *    their postings where the ledger knows them.
 * 3. The guards keep the trail: a validated entry's created_by/validated_by never
 *    change, cancelled_by/cancelled_at are set only by the cancellation; an issued
 *    invoice's snapshots and validation fields never change. XA002 → 409.
 */
export const up = sqlStep(
  (s) => `
    ALTER TABLE ${s}.invoices
      ADD COLUMN issuer_snapshot jsonb,
      ADD COLUMN client_snapshot jsonb,
      ADD COLUMN created_by uuid,
      ADD COLUMN validated_by uuid,
      ADD COLUMN validated_at timestamptz,
      ADD COLUMN cancelled_by uuid,
      ADD COLUMN cancelled_at timestamptz;
    ALTER TABLE ${s}.payments ADD COLUMN created_by uuid;
    ALTER TABLE ${s}.stock_movements ADD COLUMN created_by uuid;
    ALTER TABLE ${s}.accounting_entries
      ADD COLUMN created_by uuid,
      ADD COLUMN validated_by uuid,
      ADD COLUMN cancelled_by uuid,
      ADD COLUMN cancelled_at timestamptz;

    -- Backfill (see above): snapshots from the current data, dates from the postings.
    UPDATE ${s}.invoices i
       SET issuer_snapshot = (SELECT jsonb_build_object('name', c.name, 'address', c.address, 'phone', c.phone, 'email', c.email,
                                     'registrationNumber', c.registration_number, 'taxNumber', c.tax_number)
                                FROM ${s}.companies c WHERE c.id = i.company_id),
           client_snapshot = (SELECT jsonb_build_object('name', tp.name, 'address', tp.address, 'phone', tp.phone, 'email', tp.email,
                                     'taxNumber', tp.tax_number)
                                FROM ${s}.third_parties tp WHERE tp.company_id = i.company_id AND tp.id = i.third_party_id),
           validated_at = (SELECT e.validated_at FROM ${s}.accounting_entries e WHERE e.id = i.entry_id)
     WHERE i.entry_id IS NOT NULL;
    UPDATE ${s}.invoices i
       SET cancelled_at = coalesce((SELECT e.validated_at FROM ${s}.accounting_entries e WHERE e.id = i.reversal_entry_id), i.updated_at)
     WHERE i.status = 'cancelled';
    -- The entries' guard refreshes updated_at on every update: a backfill is not a change of the entry.
    ALTER TABLE ${s}.accounting_entries DISABLE TRIGGER accounting_entries_guard;
    UPDATE ${s}.accounting_entries e
       SET cancelled_at = (SELECT r.validated_at FROM ${s}.accounting_entries r WHERE r.id = e.reversed_by_id)
     WHERE e.status = 'cancelled';
    ALTER TABLE ${s}.accounting_entries ENABLE TRIGGER accounting_entries_guard;

    -- No CHECK that a posted invoice has its snapshots: documents written straight
    -- into the table (test fixtures of the reports) have none, and print current data.

    -- 0002's life cycle, with the audit columns: set once, by the transition they record.
    CREATE OR REPLACE FUNCTION ${s}.accounting_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.status <> 'draft' THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Une écriture est créée en brouillon, puis validée',
            DETAIL = format('entry %s inserted as %s', NEW.number, NEW.status);
        END IF;
        RETURN NEW;
      END IF;

      IF TG_OP = 'DELETE' THEN
        IF OLD.status <> 'draft' THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Seule une écriture en brouillon peut être supprimée',
            DETAIL = format('entry %s is %s', OLD.number, OLD.status);
        END IF;
        RETURN OLD;
      END IF;

      IF NEW.created_by IS DISTINCT FROM OLD.created_by
         OR (NEW.status = OLD.status AND (NEW.cancelled_by, NEW.cancelled_at) IS DISTINCT FROM (OLD.cancelled_by, OLD.cancelled_at)) THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'L''historique d''une écriture ne peut pas être modifié',
          DETAIL = format('entry %s', OLD.number);
      END IF;

      IF OLD.status = 'draft' THEN
        IF NEW.status = 'cancelled' THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Seule une écriture validée peut être annulée',
            DETAIL = format('entry %s is a draft', OLD.number);
        END IF;
        IF NEW.status = 'validated' THEN
          NEW.validated_at := now();
        ELSIF NEW.validated_by IS DISTINCT FROM OLD.validated_by THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'L''historique d''une écriture ne peut pas être modifié',
            DETAIL = format('entry %s', OLD.number);
        END IF;
      ELSE
        IF (NEW.company_id, NEW.number, NEW.journal, NEW.date, NEW.description, NEW.reference, NEW.total,
            NEW.reversal_of_id, NEW.source_type, NEW.source_id, NEW.validated_at, NEW.created_at, NEW.validated_by)
           IS DISTINCT FROM
           (OLD.company_id, OLD.number, OLD.journal, OLD.date, OLD.description, OLD.reference, OLD.total,
            OLD.reversal_of_id, OLD.source_type, OLD.source_id, OLD.validated_at, OLD.created_at, OLD.validated_by) THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Une écriture validée ne peut plus être modifiée',
            DETAIL = format('entry %s is %s', OLD.number, OLD.status);
        END IF;
        IF NOT (NEW.status = OLD.status OR (OLD.status = 'validated' AND NEW.status = 'cancelled'))
           OR (OLD.reversed_by_id IS NOT NULL AND NEW.reversed_by_id IS DISTINCT FROM OLD.reversed_by_id) THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Changement de statut interdit',
            DETAIL = format('entry %s: %s -> %s', OLD.number, OLD.status, NEW.status);
        END IF;
        IF NEW.status = 'cancelled' AND OLD.status = 'validated' THEN
          NEW.cancelled_at := now();
        END IF;
      END IF;
      NEW.updated_at := now();
      RETURN NEW;
    END $$;

    -- An invoice's trail: created_by never changes; once issued, its snapshots and
    -- validation fields are frozen; once cancelled, its cancellation fields too.
    CREATE FUNCTION ${s}.invoices_audit_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.created_by IS DISTINCT FROM OLD.created_by
         OR (OLD.issuer_snapshot IS NOT NULL
             AND (NEW.issuer_snapshot, NEW.client_snapshot, NEW.validated_by, NEW.validated_at)
                 IS DISTINCT FROM (OLD.issuer_snapshot, OLD.client_snapshot, OLD.validated_by, OLD.validated_at))
         OR (OLD.status = 'cancelled' AND (NEW.cancelled_by, NEW.cancelled_at) IS DISTINCT FROM (OLD.cancelled_by, OLD.cancelled_at)) THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Une facture émise garde ce qu''elle a imprimé et son historique',
          DETAIL = format('invoice %s', OLD.number);
      END IF;
      RETURN NEW;
    END $$;

    CREATE TRIGGER invoices_audit_guard
      BEFORE UPDATE ON ${s}.invoices
      FOR EACH ROW EXECUTE FUNCTION ${s}.invoices_audit_guard();
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TRIGGER invoices_audit_guard ON ${s}.invoices;
    DROP FUNCTION ${s}.invoices_audit_guard();
    CREATE OR REPLACE FUNCTION ${s}.accounting_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.status <> 'draft' THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Une écriture est créée en brouillon, puis validée',
            DETAIL = format('entry %s inserted as %s', NEW.number, NEW.status);
        END IF;
        RETURN NEW;
      END IF;
      IF TG_OP = 'DELETE' THEN
        IF OLD.status <> 'draft' THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Seule une écriture en brouillon peut être supprimée',
            DETAIL = format('entry %s is %s', OLD.number, OLD.status);
        END IF;
        RETURN OLD;
      END IF;
      IF OLD.status = 'draft' THEN
        IF NEW.status = 'cancelled' THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Seule une écriture validée peut être annulée',
            DETAIL = format('entry %s is a draft', OLD.number);
        END IF;
        IF NEW.status = 'validated' THEN
          NEW.validated_at := now();
        END IF;
      ELSE
        IF (NEW.company_id, NEW.number, NEW.journal, NEW.date, NEW.description, NEW.reference, NEW.total,
            NEW.reversal_of_id, NEW.source_type, NEW.source_id, NEW.validated_at, NEW.created_at)
           IS DISTINCT FROM
           (OLD.company_id, OLD.number, OLD.journal, OLD.date, OLD.description, OLD.reference, OLD.total,
            OLD.reversal_of_id, OLD.source_type, OLD.source_id, OLD.validated_at, OLD.created_at) THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Une écriture validée ne peut plus être modifiée',
            DETAIL = format('entry %s is %s', OLD.number, OLD.status);
        END IF;
        IF NOT (NEW.status = OLD.status OR (OLD.status = 'validated' AND NEW.status = 'cancelled'))
           OR (OLD.reversed_by_id IS NOT NULL AND NEW.reversed_by_id IS DISTINCT FROM OLD.reversed_by_id) THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Changement de statut interdit',
            DETAIL = format('entry %s: %s -> %s', OLD.number, OLD.status, NEW.status);
        END IF;
      END IF;
      NEW.updated_at := now();
      RETURN NEW;
    END $$;
    ALTER TABLE ${s}.accounting_entries DROP COLUMN created_by, DROP COLUMN validated_by, DROP COLUMN cancelled_by, DROP COLUMN cancelled_at;
    ALTER TABLE ${s}.stock_movements DROP COLUMN created_by;
    ALTER TABLE ${s}.payments DROP COLUMN created_by;
    ALTER TABLE ${s}.invoices DROP COLUMN issuer_snapshot, DROP COLUMN client_snapshot, DROP COLUMN created_by, DROP COLUMN validated_by,
      DROP COLUMN validated_at, DROP COLUMN cancelled_by, DROP COLUMN cancelled_at;
  `,
);
