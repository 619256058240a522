import { sqlStep } from '@xaalis/service-kit';

/**
 * Journal imports ('Importer des écritures'): one row per uploaded file, with
 * what the run needs (the parsed entries, `payload`, dropped once imported),
 * the preview and the first errors shown to the user, and the run's progress.
 *
 * - The same file (sha256 of its bytes) is imported at most once per company:
 *   a partial unique index over the imports that are queued, running or
 *   imported. A ready, invalid or failed import of the file does not block it.
 * - The journal `AN` (À-nouveaux, opening balances) joins the ledger's journals.
 *
 * Set-based ledger checks. An import writes tens of thousands of entries with
 * a few multi-row statements; the row-level triggers of 0002 and 0008 made
 * that quadratic (every entry's validation upserted the same account_balances
 * rows, one row version after another) and paid a query per line and entry.
 * The same rules, once per statement over its transition tables:
 *   - balance (0002, was a deferred constraint trigger per entry): checked at
 *     the end of the UPDATE that takes entries out of draft, over all of them.
 *     Equivalent to the commit-time check: an entry is born a draft, and once
 *     out of draft its lines, total and status are frozen (the guards), so what
 *     the validating statement sees is what commits. Same SQLSTATE and messages.
 *   - account_balances (0008, was per entry): one upsert per statement, grouped
 *     by account and month, in key order (concurrent postings cannot deadlock
 *     on these rows); the date check in the same pass as the balance.
 *   - the lines' guard on INSERT (0002, a FOR SHARE lock per line): one lock
 *     per entry, in id order, skipping the entries this transaction itself
 *     wrote (already its own); UPDATE and DELETE keep the row-level guard.
 *   - the entries' guard on INSERT (0002): called only for a non-draft row,
 *     the one case where it acts (it refuses it).
 *   - entry_date (0008, a lookup per line): a writer may give it (the import
 *     does); the statement-level guard then checks it is the entry's date. Lines
 *     inserted without it still get it from the row-level trigger.
 *   - the lines' balance check on INSERT (0002's defence in depth, a deferred
 *     check per line): once per statement, over the entries of the new lines
 *     that are out of draft and not written by this transaction (as in 0002);
 *     UPDATE and DELETE keep the deferred row-level check.
 * A single posting (3 lines) must stay as cheap as with the row-level
 * triggers, so these functions run few queries, and their plans do not depend
 * on the size of the statement nor of the tables when first planned (a plan
 * is kept for the session): every lookup of an entry or of its lines is per
 * entry through an index (LATERAL … OFFSET 0, which the planner cannot turn
 * into a hash join over the whole table), and no query takes a PL/pgSQL
 * variable (a parameter would make it planned again on every call).
 */
export const up = sqlStep(
  (s) => `
    ALTER TABLE ${s}.accounting_entries DROP CONSTRAINT accounting_entries_journal_check;
    ALTER TABLE ${s}.accounting_entries ADD CONSTRAINT accounting_entries_journal_check
      CHECK (journal IN ('VT', 'AC', 'BQ', 'CA', 'MM', 'OD', 'PA', 'AN'));

    -- ─── balance, dates and account_balances: statement-level ───────────
    DROP TRIGGER accounting_entries_balance ON ${s}.accounting_entries;
    DROP TRIGGER accounting_entries_post_balances ON ${s}.accounting_entries;
    CREATE FUNCTION ${s}.accounting_entries_posted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      bad record;
    BEGIN
      -- The entries leaving draft (old and new rows paired by a GROUP BY, not a
      -- join: a join planned for a one-row statement loops over a large one),
      -- each with its lines' count, sums and dates (one index lookup per entry).
      WITH moved AS MATERIALIZED (
        SELECT id, max(number) AS number, max(total) AS total, max(date) AS date
          FROM (SELECT id, number, total, date, status, true AS after FROM new_entries
                UNION ALL SELECT id, NULL, NULL, NULL, status, false FROM old_entries) x
         GROUP BY id
        HAVING bool_or(NOT after AND status = 'draft') AND bool_or(after AND status <> 'draft')
      )
      SELECT m.id, m.number, m.total, l.n, l.d, l.c, l.other_date INTO bad
        FROM moved m
        CROSS JOIN LATERAL (SELECT count(*) AS n, coalesce(sum(debit), 0) AS d, coalesce(sum(credit), 0) AS c,
                                   coalesce(bool_or(entry_date <> m.date), false) AS other_date
                              FROM ${s}.accounting_entry_lines WHERE entry_id = m.id) l
       WHERE l.n < 2 OR l.d <> l.c OR m.total <> l.d OR l.other_date
       LIMIT 1;
      IF FOUND THEN
        IF bad.n < 2 THEN
          RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'Au moins deux lignes requises',
            DETAIL = format('entry %s (%s) has %s line(s)', bad.number, bad.id, bad.n);
        END IF;
        IF bad.d <> bad.c THEN
          RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'L''écriture n''est pas équilibrée (Débit ≠ Crédit)',
            DETAIL = format('entry %s (%s): debit %s, credit %s', bad.number, bad.id, bad.d, bad.c);
        END IF;
        IF bad.total <> bad.d THEN
          RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'Le total de l''écriture ne correspond pas à ses lignes',
            DETAIL = format('entry %s (%s): total %s, debit %s', bad.number, bad.id, bad.total, bad.d);
        END IF;
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'La date d''une écriture ne peut pas changer lors de sa validation',
          DETAIL = format('entry %s', bad.number);
      END IF;
      INSERT INTO ${s}.account_balances AS b (company_id, account_id, month, debit, credit, line_count)
        WITH moved AS MATERIALIZED (
          SELECT id, max(date) AS date
            FROM (SELECT id, date, status, true AS after FROM new_entries
                  UNION ALL SELECT id, NULL, status, false FROM old_entries) x
           GROUP BY id
          HAVING bool_or(NOT after AND status = 'draft') AND bool_or(after AND status <> 'draft')
        )
        -- (A line's company is its entry's: the composite foreign key.)
        SELECT l.company_id, l.account_id, date_trunc('month', m.date)::date, sum(l.debit), sum(l.credit), count(*)
          FROM moved m
          CROSS JOIN LATERAL (SELECT company_id, account_id, debit, credit FROM ${s}.accounting_entry_lines
                               WHERE entry_id = m.id OFFSET 0) l
         GROUP BY 1, 2, 3
         ORDER BY 1, 2, 3
      ON CONFLICT (company_id, account_id, month) DO UPDATE
        SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, line_count = b.line_count + EXCLUDED.line_count;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_posted
      AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_posted();

    -- ─── entries' guard on INSERT: only called when it refuses ───────────
    -- On INSERT, 0002's guard does nothing but refuse a non-draft: the WHEN says so
    -- without a PL/pgSQL call per row. UPDATE and DELETE keep it on every row.
    DROP TRIGGER accounting_entries_guard ON ${s}.accounting_entries;
    CREATE TRIGGER accounting_entries_guard
      BEFORE UPDATE OR DELETE ON ${s}.accounting_entries
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entries_guard();
    CREATE TRIGGER accounting_entries_guard_insert
      BEFORE INSERT ON ${s}.accounting_entries
      FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM 'draft') EXECUTE FUNCTION ${s}.accounting_entries_guard();

    -- ─── lines' guard on INSERT: statement-level ─────────────────────────
    DROP TRIGGER accounting_entry_lines_guard ON ${s}.accounting_entry_lines;
    CREATE TRIGGER accounting_entry_lines_guard
      BEFORE UPDATE OR DELETE ON ${s}.accounting_entry_lines
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_guard();
    CREATE FUNCTION ${s}.accounting_entry_lines_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      e record;
    BEGIN
      -- The entries of the new lines, with the dates the lines carry, each
      -- looked up through the primary key (LATERAL … OFFSET 0: whatever the
      -- statement's size, never a hash against the whole table). No PL/pgSQL
      -- variable in the query: a parameter would make it planned on every call.
      -- This transaction's own entries are its own already: only their status and
      -- date matter. The others (another transaction may validate them) are locked below.
      SELECT bool_or(en.xmin <> pg_current_xact_id()::xid) AS others,
             (array_agg(format('%s is %s', en.id, en.status)) FILTER (WHERE en.xmin = pg_current_xact_id()::xid AND en.status <> 'draft'))[1] AS posted,
             (array_agg(en.number) FILTER (WHERE en.xmin = pg_current_xact_id()::xid AND en.date <> d.entry_date))[1] AS redated
        INTO e
        FROM (SELECT DISTINCT entry_id, entry_date FROM new_lines) d
        CROSS JOIN LATERAL (SELECT x.id, x.number, x.status, x.date, x.xmin FROM ${s}.accounting_entries x
                             WHERE x.id = d.entry_id OFFSET 0) en;
      IF e.posted IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Les lignes d''une écriture validée ne peuvent pas être modifiées',
          DETAIL = format('entry %s', e.posted);
      END IF;
      -- A writer that gives entry_date (see accounting_entry_lines_date below) gives its entry's date.
      IF e.redated IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'La date d''une ligne est celle de son écriture',
          DETAIL = format('entry %s', e.redated);
      END IF;
      IF e.others THEN
        -- Locked (FOR SHARE, in id order), then read as locked.
        FOR e IN SELECT en.id, en.number, en.status, en.date <> d.entry_date AS redated
                   FROM (SELECT DISTINCT entry_id, entry_date FROM new_lines ORDER BY entry_id) d
                   CROSS JOIN LATERAL (SELECT x.id, x.number, x.status, x.date FROM ${s}.accounting_entries x
                                        WHERE x.id = d.entry_id AND x.xmin <> pg_current_xact_id()::xid FOR SHARE) en LOOP
          IF e.status <> 'draft' THEN
            RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Les lignes d''une écriture validée ne peuvent pas être modifiées',
              DETAIL = format('entry %s is %s', e.id, e.status);
          END IF;
          IF e.redated THEN
            RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'La date d''une ligne est celle de son écriture',
              DETAIL = format('entry %s', e.number);
          END IF;
        END LOOP;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entry_lines_guard_insert
      AFTER INSERT ON ${s}.accounting_entry_lines
      REFERENCING NEW TABLE AS new_lines
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entry_lines_guard_insert();

    -- ─── lines' balance check on INSERT: statement-level ─────────────────
    -- (UPDATE and DELETE keep 0002's deferred row-level check.) Entries this
    -- transaction wrote are skipped as in 0002: the validating UPDATE checks them.
    -- Named to fire after the guard (statement triggers fire in name order): a
    -- line added to a validated entry is refused as frozen (XA002) first.
    DROP TRIGGER accounting_entry_lines_balance ON ${s}.accounting_entry_lines;
    CREATE CONSTRAINT TRIGGER accounting_entry_lines_balance
      AFTER UPDATE OR DELETE ON ${s}.accounting_entry_lines
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_balance();
    CREATE FUNCTION ${s}.accounting_entry_lines_recheck_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      x uuid;
    BEGIN
      -- Looked up through the primary key, as in accounting_entry_lines_guard_insert.
      FOR x IN SELECT en.id FROM (SELECT DISTINCT entry_id FROM new_lines) d
                 CROSS JOIN LATERAL (SELECT y.id, y.status, y.xmin FROM ${s}.accounting_entries y
                                      WHERE y.id = d.entry_id OFFSET 0) en
                WHERE en.status <> 'draft' AND en.xmin <> pg_current_xact_id()::xid LOOP
        PERFORM ${s}.entry_balance_check(x);
      END LOOP;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entry_lines_recheck_insert
      AFTER INSERT ON ${s}.accounting_entry_lines
      REFERENCING NEW TABLE AS new_lines
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entry_lines_recheck_insert();

    -- ─── entry_date (0008): looked up only when the writer does not give it ──
    DROP TRIGGER accounting_entry_lines_date ON ${s}.accounting_entry_lines;
    CREATE TRIGGER accounting_entry_lines_date
      BEFORE UPDATE ON ${s}.accounting_entry_lines
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_date();
    CREATE TRIGGER accounting_entry_lines_date_insert
      BEFORE INSERT ON ${s}.accounting_entry_lines
      FOR EACH ROW WHEN (NEW.entry_date IS NULL) EXECUTE FUNCTION ${s}.accounting_entry_lines_date();

    CREATE TABLE ${s}.entry_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('entries', 'opening')),
      file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
      file_sha256 text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
      status text NOT NULL CHECK (status IN ('ready', 'invalid', 'queued', 'running', 'imported', 'failed')),
      -- Chosen at run: validated entries (true) or drafts (false).
      validate boolean,
      entry_count integer NOT NULL DEFAULT 0 CHECK (entry_count >= 0),
      line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
      total_debit numeric(20,2) NOT NULL DEFAULT 0,
      total_credit numeric(20,2) NOT NULL DEFAULT 0,
      -- The first errors (EntryImportError[]) and how many there are in all.
      errors jsonb NOT NULL DEFAULT '[]',
      error_count integer NOT NULL DEFAULT 0 CHECK (error_count >= 0),
      -- The first entries (EntryImportPreviewEntry[]).
      preview jsonb NOT NULL DEFAULT '[]',
      -- The parsed entries for the run (see entry-imports/payload.ts); null once imported or when invalid.
      payload jsonb,
      progress_done integer NOT NULL DEFAULT 0,
      progress_total integer NOT NULL DEFAULT 0,
      first_number text,
      last_number text,
      -- Why it failed (French).
      message text,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CONSTRAINT entry_imports_payload_check CHECK (status NOT IN ('ready', 'queued', 'running') OR payload IS NOT NULL)
    );
    CREATE INDEX entry_imports_company_idx ON ${s}.entry_imports (company_id, created_at DESC);
    CREATE UNIQUE INDEX entry_imports_same_file_key ON ${s}.entry_imports (company_id, file_sha256)
      WHERE status IN ('queued', 'running', 'imported');
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TABLE ${s}.entry_imports;
    DROP TRIGGER accounting_entry_lines_recheck_insert ON ${s}.accounting_entry_lines;
    DROP FUNCTION ${s}.accounting_entry_lines_recheck_insert();
    DROP TRIGGER accounting_entry_lines_balance ON ${s}.accounting_entry_lines;
    CREATE CONSTRAINT TRIGGER accounting_entry_lines_balance
      AFTER INSERT OR UPDATE OR DELETE ON ${s}.accounting_entry_lines
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_balance();
    DROP TRIGGER accounting_entry_lines_date_insert ON ${s}.accounting_entry_lines;
    DROP TRIGGER accounting_entry_lines_date ON ${s}.accounting_entry_lines;
    CREATE TRIGGER accounting_entry_lines_date
      BEFORE INSERT OR UPDATE ON ${s}.accounting_entry_lines
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_date();
    DROP TRIGGER accounting_entry_lines_guard_insert ON ${s}.accounting_entry_lines;
    DROP FUNCTION ${s}.accounting_entry_lines_guard_insert();
    DROP TRIGGER accounting_entry_lines_guard ON ${s}.accounting_entry_lines;
    CREATE TRIGGER accounting_entry_lines_guard
      BEFORE INSERT OR UPDATE OR DELETE ON ${s}.accounting_entry_lines
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_guard();
    DROP TRIGGER accounting_entries_guard_insert ON ${s}.accounting_entries;
    DROP TRIGGER accounting_entries_guard ON ${s}.accounting_entries;
    CREATE TRIGGER accounting_entries_guard
      BEFORE INSERT OR UPDATE OR DELETE ON ${s}.accounting_entries
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entries_guard();
    DROP TRIGGER accounting_entries_posted ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_posted();
    CREATE TRIGGER accounting_entries_post_balances
      AFTER UPDATE OF status ON ${s}.accounting_entries
      FOR EACH ROW WHEN (OLD.status = 'draft' AND NEW.status <> 'draft')
      EXECUTE FUNCTION ${s}.accounting_entries_post_balances();
    CREATE CONSTRAINT TRIGGER accounting_entries_balance
      AFTER INSERT OR UPDATE ON ${s}.accounting_entries
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entries_balance();
    ALTER TABLE ${s}.accounting_entries DROP CONSTRAINT accounting_entries_journal_check;
    ALTER TABLE ${s}.accounting_entries ADD CONSTRAINT accounting_entries_journal_check
      CHECK (journal IN ('VT', 'AC', 'BQ', 'CA', 'MM', 'OD', 'PA'));
  `,
);
