import { sqlStep } from '@xaalis/service-kit';

/**
 * The general ledger: chart of accounts, third parties, journal entries and
 * their lines, and the gap-free numbering counters.
 *
 * The database itself guarantees the ledger's invariants, whatever the code
 * path (API, posting engine, a psql session):
 *
 *   1. An entry is always born a draft. It becomes `validated` through an UPDATE
 *      once its lines exist; `validated` may then only become `cancelled`
 *      (accounting_entries_guard). A non-draft entry cannot be deleted, and its number,
 *      date, journal, total, company, description and reference never change.
 *   2. Lines can be inserted, updated or deleted only while their entry is a
 *      draft (accounting_entry_lines_guard). The guard takes a FOR SHARE lock on the entry
 *      row, so a concurrent validation (an UPDATE of that row) waits for the line
 *      writer to commit, and a line writer waits for a running validation:
 *      lines can never slip into an entry validated by another transaction.
 *   3. At commit, every non-draft entry touched by the transaction balances:
 *      at least two lines, SUM(debit) = SUM(credit) and total = SUM(debit)
 *      (deferred constraint triggers on both tables calling entry_balance_check).
 *
 * Why "born a draft" rather than "inserts allowed in the creating transaction":
 * one rule for the API and the posting engine (insert draft → insert lines →
 * UPDATE to validated, all in one transaction), no reliance on transaction ids
 * for correctness, and the validating UPDATE is what arms the commit-time check.
 *
 * Errors raised here carry custom SQLSTATEs the service maps to HTTP answers:
 *   XA001  unbalanced / fewer than two lines / wrong total  → 400
 *   XA002  change refused on a validated or cancelled entry → 409
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (code ~ '^[0-9]{1,12}$'),
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('asset', 'liability', 'equity', 'revenue', 'expense')),
      category text NOT NULL CHECK (category IN ('actif', 'passif', 'charge', 'produit')),
      level smallint NOT NULL CHECK (level BETWEEN 1 AND 7),
      parent_account_id uuid,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- Also the (company_id, code) index used for every lookup by code.
      CONSTRAINT accounts_company_code_key UNIQUE (company_id, code),
      -- Target of the composite foreign keys below: they make "same company" a database fact.
      CONSTRAINT accounts_company_id_key UNIQUE (company_id, id),
      -- Deferred, like the lines' account and third-party keys below: deleting a
      -- company cascades to its accounts, entries and lines in an order
      -- Postgres chooses; the references are checked once all of it is gone.
      CONSTRAINT accounts_parent_fkey FOREIGN KEY (company_id, parent_account_id) REFERENCES ${s}.accounts (company_id, id)
        DEFERRABLE INITIALLY DEFERRED
    );

    CREATE TABLE ${s}.third_parties (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('client', 'supplier', 'both')),
      name text NOT NULL,
      code text,
      address text,
      phone text,
      email text,
      tax_number text,
      payment_terms integer NOT NULL DEFAULT 30 CHECK (payment_terms >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT third_parties_company_id_key UNIQUE (company_id, id)
    );
    CREATE UNIQUE INDEX third_parties_company_code_key ON ${s}.third_parties (company_id, code) WHERE code IS NOT NULL;
    CREATE INDEX third_parties_company_name_idx ON ${s}.third_parties (company_id, name);

    CREATE TABLE ${s}.accounting_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      number text NOT NULL,
      journal text NOT NULL CHECK (journal IN ('VT', 'AC', 'BQ', 'CA', 'MM', 'OD', 'PA')),
      date date NOT NULL,
      description text NOT NULL,
      reference text,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'validated', 'cancelled')),
      total numeric(15,2) NOT NULL DEFAULT 0 CHECK (total >= 0),
      reversal_of_id uuid,
      reversed_by_id uuid,
      -- The business document an automatic posting comes from (invoice, payment…).
      source_type text,
      source_id text,
      validated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT accounting_entries_company_number_key UNIQUE (company_id, number),
      CONSTRAINT accounting_entries_id_company_key UNIQUE (id, company_id),
      CONSTRAINT accounting_entries_reversal_of_fkey FOREIGN KEY (reversal_of_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id),
      CONSTRAINT accounting_entries_reversed_by_fkey FOREIGN KEY (reversed_by_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id),
      CONSTRAINT accounting_entries_validated_at_check CHECK ((status = 'draft') = (validated_at IS NULL)),
      CONSTRAINT accounting_entries_cancelled_check CHECK ((status = 'cancelled') = (reversed_by_id IS NOT NULL)),
      CONSTRAINT accounting_entries_source_check CHECK ((source_type IS NULL) = (source_id IS NULL))
    );
    -- The list: one company's entries, newest first. INCLUDE lets a page (even a
    -- deep one, and with a status or journal filter) be located from the index
    -- alone; only the rows of the page are then read from the table.
    CREATE INDEX accounting_entries_list_idx ON ${s}.accounting_entries (company_id, date DESC, number DESC) INCLUDE (id, status, journal);
    -- The counters: COUNT/SUM per status over a company, answerable from the index alone.
    CREATE INDEX accounting_entries_status_idx ON ${s}.accounting_entries (company_id, status) INCLUDE (total);
    -- A business document is posted once (job retries find the existing entry).
    CREATE UNIQUE INDEX accounting_entries_source_key ON ${s}.accounting_entries (company_id, source_type, source_id)
      WHERE source_id IS NOT NULL AND reversal_of_id IS NULL;
    -- Deleting a draft checks the self-references: keep those checks off a sequential scan.
    CREATE INDEX accounting_entries_reversal_of_idx ON ${s}.accounting_entries (reversal_of_id) WHERE reversal_of_id IS NOT NULL;
    CREATE INDEX accounting_entries_reversed_by_idx ON ${s}.accounting_entries (reversed_by_id) WHERE reversed_by_id IS NOT NULL;

    CREATE TABLE ${s}.accounting_entry_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      entry_id uuid NOT NULL,
      company_id uuid NOT NULL,
      line_no integer NOT NULL CHECK (line_no >= 1),
      account_id uuid NOT NULL,
      description text NOT NULL,
      debit numeric(15,2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
      credit numeric(15,2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
      third_party_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT accounting_entry_lines_one_side_check CHECK (NOT (debit > 0 AND credit > 0)),
      CONSTRAINT accounting_entry_lines_amount_check CHECK (debit > 0 OR credit > 0),
      -- The line, its entry, its account and its third party all belong to one company.
      CONSTRAINT accounting_entry_lines_entry_fkey FOREIGN KEY (entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id) ON DELETE CASCADE,
      CONSTRAINT accounting_entry_lines_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id)
        DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT accounting_entry_lines_third_party_fkey FOREIGN KEY (company_id, third_party_id) REFERENCES ${s}.third_parties (company_id, id)
        DEFERRABLE INITIALLY DEFERRED,
      -- Also the (entry_id) index: lines of an entry, in order.
      CONSTRAINT accounting_entry_lines_entry_line_key UNIQUE (entry_id, line_no)
    );
    CREATE INDEX accounting_entry_lines_account_idx ON ${s}.accounting_entry_lines (company_id, account_id);
    CREATE INDEX accounting_entry_lines_third_party_idx ON ${s}.accounting_entry_lines (company_id, third_party_id) WHERE third_party_id IS NOT NULL;

    -- Gap-free numbering: one row per company, journal and year, locked by the
    -- transaction that takes a number until it commits or rolls back.
    CREATE TABLE ${s}.entry_counters (
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      journal text NOT NULL,
      year integer NOT NULL,
      last_number integer NOT NULL CHECK (last_number >= 0),
      PRIMARY KEY (company_id, journal, year)
    );

    -- ─── (3) commit-time balance check ───────────────────────────────────────
    CREATE FUNCTION ${s}.entry_balance_check(p_entry uuid) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      e record;
      n integer;
      d numeric;
      c numeric;
    BEGIN
      SELECT number, status, total INTO e FROM ${s}.accounting_entries WHERE id = p_entry;
      -- Deleted since (a draft), or still a draft: nothing to check.
      IF NOT FOUND OR e.status = 'draft' THEN
        RETURN;
      END IF;
      SELECT count(*), coalesce(sum(debit), 0), coalesce(sum(credit), 0) INTO n, d, c
        FROM ${s}.accounting_entry_lines WHERE entry_id = p_entry;
      IF n < 2 THEN
        RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'Au moins deux lignes requises',
          DETAIL = format('entry %s (%s) has %s line(s)', e.number, p_entry, n);
      END IF;
      IF d <> c THEN
        RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'L''écriture n''est pas équilibrée (Débit ≠ Crédit)',
          DETAIL = format('entry %s (%s): debit %s, credit %s', e.number, p_entry, d, c);
      END IF;
      IF e.total <> d THEN
        RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'Le total de l''écriture ne correspond pas à ses lignes',
          DETAIL = format('entry %s (%s): total %s, debit %s', e.number, p_entry, e.total, d);
      END IF;
    END $$;

    -- NEW is the row as this event wrote it. An event that left the entry a
    -- draft needs no check: the only way out of draft is a later UPDATE, whose
    -- own event checks the entry as it stands at commit. So a posting (insert
    -- draft, insert lines, validate) is checked once, not twice.
    CREATE FUNCTION ${s}.accounting_entries_balance() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status <> 'draft' THEN
        PERFORM ${s}.entry_balance_check(NEW.id);
      END IF;
      RETURN NULL;
    END $$;

    CREATE CONSTRAINT TRIGGER accounting_entries_balance
      AFTER INSERT OR UPDATE ON ${s}.accounting_entries
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entries_balance();

    -- Lines only change while their entry is a draft (guard below), and an
    -- entry leaves the draft state through an UPDATE that queues the check
    -- above: so an entry row written by this very transaction is already
    -- covered and is skipped here (a cheap test, not a correctness condition:
    -- rows written under a savepoint carry another xid and are simply re-checked).
    -- What remains is defence in depth, should the guard ever be bypassed.
    CREATE FUNCTION ${s}.accounting_entry_lines_balance() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids uuid[];
      x uuid;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ids := ARRAY[NEW.entry_id];
      ELSIF TG_OP = 'DELETE' THEN
        ids := ARRAY[OLD.entry_id];
      ELSE
        ids := ARRAY[OLD.entry_id, NEW.entry_id];
      END IF;
      FOREACH x IN ARRAY ids LOOP
        IF NOT EXISTS (SELECT 1 FROM ${s}.accounting_entries
                        WHERE id = x AND (status = 'draft' OR xmin = pg_current_xact_id()::xid)) THEN
          PERFORM ${s}.entry_balance_check(x);
        END IF;
      END LOOP;
      RETURN NULL;
    END $$;

    CREATE CONSTRAINT TRIGGER accounting_entry_lines_balance
      AFTER INSERT OR UPDATE OR DELETE ON ${s}.accounting_entry_lines
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_balance();

    -- ─── (2) lines of a validated or cancelled entry are frozen ──────────────
    CREATE FUNCTION ${s}.accounting_entry_lines_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      st text;
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        -- Not found: the entry itself is being deleted (a draft, see accounting_entries_guard) and this is its cascade.
        SELECT status INTO st FROM ${s}.accounting_entries WHERE id = OLD.entry_id FOR SHARE;
        IF FOUND AND st <> 'draft' THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Les lignes d''une écriture validée ne peuvent pas être modifiées',
            DETAIL = format('entry %s is %s', OLD.entry_id, st);
        END IF;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        -- Not found: the foreign key refuses the line anyway.
        SELECT status INTO st FROM ${s}.accounting_entries WHERE id = NEW.entry_id FOR SHARE;
        IF FOUND AND st <> 'draft' THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Les lignes d''une écriture validée ne peuvent pas être modifiées',
            DETAIL = format('entry %s is %s', NEW.entry_id, st);
        END IF;
        RETURN NEW;
      END IF;
      RETURN OLD;
    END $$;

    CREATE TRIGGER accounting_entry_lines_guard
      BEFORE INSERT OR UPDATE OR DELETE ON ${s}.accounting_entry_lines
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_guard();

    -- ─── (1) life cycle of an entry ──────────────────────────────────────────
    CREATE FUNCTION ${s}.accounting_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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

    CREATE TRIGGER accounting_entries_guard
      BEFORE INSERT OR UPDATE OR DELETE ON ${s}.accounting_entries
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entries_guard();
  `,
);
