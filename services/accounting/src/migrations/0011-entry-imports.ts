import type { MigrationContext } from '@xaalis/service-kit';

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
 *     on these rows); the date check likewise.
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
 */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  const s = `"${schema}"`;
  await sequelize.query(`
    ALTER TABLE ${s}.accounting_entries DROP CONSTRAINT accounting_entries_journal_check;
    ALTER TABLE ${s}.accounting_entries ADD CONSTRAINT accounting_entries_journal_check
      CHECK (journal IN ('VT', 'AC', 'BQ', 'CA', 'MM', 'OD', 'PA', 'AN'));

    -- ─── balance: statement-level ─────────────────────────────────────────
    DROP TRIGGER accounting_entries_balance ON ${s}.accounting_entries;
    CREATE FUNCTION ${s}.accounting_entries_balance_posted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      bad record;
    BEGIN
      -- OFFSET 0: the planner cannot estimate a status filter on a transition
      -- table (it guesses 10 rows and loops); joined unfiltered, it hashes.
      WITH moved AS MATERIALIZED (
        SELECT n.id, n.number, n.total
          FROM (SELECT id, number, total, status FROM new_entries OFFSET 0) n
          JOIN (SELECT id, status FROM old_entries OFFSET 0) o ON o.id = n.id
         WHERE o.status = 'draft' AND n.status <> 'draft'
      )
      SELECT m.id, m.number, m.total, coalesce(l.n, 0) AS n, coalesce(l.d, 0) AS d, coalesce(l.c, 0) AS c INTO bad
        FROM moved m
        LEFT JOIN LATERAL (SELECT count(*) AS n, sum(debit) AS d, sum(credit) AS c
                             FROM ${s}.accounting_entry_lines WHERE entry_id = m.id) l ON true
       WHERE coalesce(l.n, 0) < 2 OR l.d <> l.c OR m.total <> l.d
       LIMIT 1;
      IF NOT FOUND THEN
        RETURN NULL;
      END IF;
      IF bad.n < 2 THEN
        RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'Au moins deux lignes requises',
          DETAIL = format('entry %s (%s) has %s line(s)', bad.number, bad.id, bad.n);
      END IF;
      IF bad.d <> bad.c THEN
        RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'L''écriture n''est pas équilibrée (Débit ≠ Crédit)',
          DETAIL = format('entry %s (%s): debit %s, credit %s', bad.number, bad.id, bad.d, bad.c);
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'Le total de l''écriture ne correspond pas à ses lignes',
        DETAIL = format('entry %s (%s): total %s, debit %s', bad.number, bad.id, bad.total, bad.d);
    END $$;
    CREATE TRIGGER accounting_entries_balance_posted
      AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_balance_posted();

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

    -- ─── account_balances: statement-level ───────────────────────────────
    DROP TRIGGER accounting_entries_post_balances ON ${s}.accounting_entries;
    CREATE FUNCTION ${s}.accounting_entries_post_balances_set() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      moved_number text;
    BEGIN
      -- The entries leaving draft (OFFSET 0: see accounting_entries_balance_posted).
      WITH moved AS MATERIALIZED (
        SELECT n.id, n.number, n.date
          FROM (SELECT id, number, date, status FROM new_entries OFFSET 0) n
          JOIN (SELECT id, status FROM old_entries OFFSET 0) o ON o.id = n.id
         WHERE o.status = 'draft' AND n.status <> 'draft'
      )
      SELECT m.number INTO moved_number
        FROM moved m
        JOIN ${s}.accounting_entry_lines l ON l.entry_id = m.id
       WHERE l.entry_date <> m.date
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'La date d''une écriture ne peut pas changer lors de sa validation',
          DETAIL = format('entry %s', moved_number);
      END IF;
      INSERT INTO ${s}.account_balances AS b (company_id, account_id, month, debit, credit, line_count)
        WITH moved AS MATERIALIZED (
          SELECT n.id, n.company_id, n.date
            FROM (SELECT id, company_id, date, status FROM new_entries OFFSET 0) n
            JOIN (SELECT id, status FROM old_entries OFFSET 0) o ON o.id = n.id
           WHERE o.status = 'draft' AND n.status <> 'draft'
        )
        SELECT m.company_id, l.account_id, date_trunc('month', m.date)::date, sum(l.debit), sum(l.credit), count(*)
          FROM moved m
          JOIN ${s}.accounting_entry_lines l ON l.entry_id = m.id
         GROUP BY 1, 2, 3
         ORDER BY 1, 2, 3
      ON CONFLICT (company_id, account_id, month) DO UPDATE
        SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, line_count = b.line_count + EXCLUDED.line_count;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_post_balances_set
      AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_post_balances_set();

    -- ─── lines' guard on INSERT: statement-level ─────────────────────────
    DROP TRIGGER accounting_entry_lines_guard ON ${s}.accounting_entry_lines;
    CREATE TRIGGER accounting_entry_lines_guard
      BEFORE UPDATE OR DELETE ON ${s}.accounting_entry_lines
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_guard();
    CREATE FUNCTION ${s}.accounting_entry_lines_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids uuid[];
      e record;
    BEGIN
      -- The entries of the new lines, looked up one by one through the primary key
      -- (an unnest is estimated small: index lookups, whatever the table's statistics).
      ids := ARRAY(SELECT DISTINCT entry_id FROM new_lines);
      -- Entries another transaction may validate: locked (FOR SHARE, in id order), then read as locked.
      FOR e IN SELECT en.id, en.status FROM unnest(ids) AS d(id) JOIN ${s}.accounting_entries en ON en.id = d.id
                WHERE en.xmin <> pg_current_xact_id()::xid
                ORDER BY en.id FOR SHARE OF en LOOP
        IF e.status <> 'draft' THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Les lignes d''une écriture validée ne peuvent pas être modifiées',
            DETAIL = format('entry %s is %s', e.id, e.status);
        END IF;
      END LOOP;
      -- This transaction's own entries are its own already: only their status matters.
      SELECT en.id, en.status INTO e FROM unnest(ids) AS d(id) JOIN ${s}.accounting_entries en ON en.id = d.id
       WHERE en.status <> 'draft'
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Les lignes d''une écriture validée ne peuvent pas être modifiées',
          DETAIL = format('entry %s is %s', e.id, e.status);
      END IF;
      -- A writer that gives entry_date (see accounting_entry_lines_date below) gives its entry's date.
      SELECT en.number INTO e FROM new_lines l JOIN ${s}.accounting_entries en ON en.id = l.entry_id
       WHERE l.entry_date <> en.date
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'La date d''une ligne est celle de son écriture',
          DETAIL = format('entry %s', e.number);
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
      FOR x IN SELECT en.id FROM unnest(ARRAY(SELECT DISTINCT entry_id FROM new_lines)) AS d(id)
                 JOIN ${s}.accounting_entries en ON en.id = d.id
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
  `);
}

export async function down({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  const s = `"${schema}"`;
  await sequelize.query(`
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
    DROP TRIGGER accounting_entries_post_balances_set ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_post_balances_set();
    CREATE TRIGGER accounting_entries_post_balances
      AFTER UPDATE OF status ON ${s}.accounting_entries
      FOR EACH ROW WHEN (OLD.status = 'draft' AND NEW.status <> 'draft')
      EXECUTE FUNCTION ${s}.accounting_entries_post_balances();
    DROP TRIGGER accounting_entries_balance_posted ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_balance_posted();
    CREATE CONSTRAINT TRIGGER accounting_entries_balance
      AFTER INSERT OR UPDATE ON ${s}.accounting_entries
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entries_balance();
    ALTER TABLE ${s}.accounting_entries DROP CONSTRAINT accounting_entries_journal_check;
    ALTER TABLE ${s}.accounting_entries ADD CONSTRAINT accounting_entries_journal_check
      CHECK (journal IN ('VT', 'AC', 'BQ', 'CA', 'MM', 'OD', 'PA'));
  `);
}
