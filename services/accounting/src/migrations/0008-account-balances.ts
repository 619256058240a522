import { sqlStep } from '@xaalis/service-kit';

/**
 * What the financial reports read instead of the lines.
 *
 * 1. `account_balances`: per company, account and month, the debits, credits
 *    and line count of the posted (validated or cancelled) entries. A report
 *    over a year reads at most 12 rows per account, whatever the number of
 *    lines. The database keeps it exact: the only way an entry's lines start
 *    to count is the UPDATE that takes it out of draft (0002: born a draft,
 *    lines frozen once posted, posted entries never deleted nor re-dated), and
 *    a trigger on that UPDATE adds the entry's lines, in the same transaction.
 *    `rebuild_account_balances` recomputes a company's rows from the lines (the
 *    tests compare both; the benchmark loads lines in bulk and then rebuilds).
 *
 * 2. `accounting_entry_lines.entry_date`: the entry's date copied onto its
 *    lines (set on insert, followed while the entry is a draft), so that the
 *    Grand livre of an account and the partial months of a date range are one
 *    index range scan on (company, account, date). It supersedes 0004's
 *    (company_id, account_id) INCLUDE (entry_id, debit, credit) index, which is
 *    dropped: a posting maintains as many indexes as before.
 */
export const up = sqlStep(
  (s) => `
    ALTER TABLE ${s}.accounting_entry_lines ADD COLUMN entry_date date;
    -- Posted lines are frozen by their guard: this one-off copy goes around it.
    ALTER TABLE ${s}.accounting_entry_lines DISABLE TRIGGER accounting_entry_lines_guard;
    ALTER TABLE ${s}.accounting_entry_lines DISABLE TRIGGER accounting_entry_lines_balance;
    UPDATE ${s}.accounting_entry_lines AS l SET entry_date = e.date FROM ${s}.accounting_entries AS e WHERE e.id = l.entry_id;
    ALTER TABLE ${s}.accounting_entry_lines ENABLE TRIGGER accounting_entry_lines_guard;
    ALTER TABLE ${s}.accounting_entry_lines ENABLE TRIGGER accounting_entry_lines_balance;
    ALTER TABLE ${s}.accounting_entry_lines ALTER COLUMN entry_date SET NOT NULL;

    CREATE INDEX accounting_entry_lines_ledger_idx ON ${s}.accounting_entry_lines (company_id, account_id, entry_date)
      INCLUDE (entry_id, line_no, debit, credit);
    DROP INDEX ${s}.accounting_entry_lines_account_amounts_idx;

    -- A line takes its entry's date, whatever the writer sent (runs after the
    -- guard, which refuses lines of a posted entry).
    CREATE FUNCTION ${s}.accounting_entry_lines_date() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT date INTO NEW.entry_date FROM ${s}.accounting_entries WHERE id = NEW.entry_id;
      RETURN NEW;
    END $$;
    CREATE TRIGGER accounting_entry_lines_date
      BEFORE INSERT OR UPDATE ON ${s}.accounting_entry_lines
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounting_entry_lines_date();

    -- A draft's new date follows on its lines (a posted entry's date never changes: 0002's guard).
    CREATE FUNCTION ${s}.accounting_entries_date_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ${s}.accounting_entry_lines SET entry_date = NEW.date WHERE entry_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_date_follow
      AFTER UPDATE OF date ON ${s}.accounting_entries
      FOR EACH ROW WHEN (OLD.date IS DISTINCT FROM NEW.date AND OLD.status = 'draft' AND NEW.status = 'draft')
      EXECUTE FUNCTION ${s}.accounting_entries_date_follow();

    CREATE TABLE ${s}.account_balances (
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      account_id uuid NOT NULL,
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      -- Sums of numeric(15,2) amounts: wider than one amount.
      debit numeric(20,2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
      credit numeric(20,2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
      line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
      PRIMARY KEY (company_id, account_id, month),
      CONSTRAINT account_balances_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id)
        DEFERRABLE INITIALLY DEFERRED
    );
    -- The reports: one company's months, all accounts.
    CREATE INDEX account_balances_month_idx ON ${s}.account_balances (company_id, month) INCLUDE (account_id, debit, credit, line_count);

    -- An entry leaving draft adds its lines to the months. Rows are upserted in
    -- account order, so two postings touching the same accounts lock them in
    -- the same order and cannot deadlock each other. A validating UPDATE that
    -- also changes the date is refused: its lines would keep the old date.
    CREATE FUNCTION ${s}.accounting_entries_post_balances() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM ${s}.accounting_entry_lines WHERE entry_id = NEW.id AND entry_date <> NEW.date) THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'La date d''une écriture ne peut pas changer lors de sa validation',
          DETAIL = format('entry %s', NEW.number);
      END IF;
      INSERT INTO ${s}.account_balances AS b (company_id, account_id, month, debit, credit, line_count)
        SELECT NEW.company_id, l.account_id, date_trunc('month', NEW.date)::date, sum(l.debit), sum(l.credit), count(*)
          FROM ${s}.accounting_entry_lines AS l
         WHERE l.entry_id = NEW.id
         GROUP BY l.account_id
         ORDER BY l.account_id
      ON CONFLICT (company_id, account_id, month) DO UPDATE
        SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, line_count = b.line_count + EXCLUDED.line_count;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_post_balances
      AFTER UPDATE OF status ON ${s}.accounting_entries
      FOR EACH ROW WHEN (OLD.status = 'draft' AND NEW.status <> 'draft')
      EXECUTE FUNCTION ${s}.accounting_entries_post_balances();

    -- A company's months recomputed from its posted lines.
    CREATE FUNCTION ${s}.rebuild_account_balances(p_company uuid) RETURNS void LANGUAGE sql AS $$
      DELETE FROM ${s}.account_balances WHERE company_id = p_company;
      INSERT INTO ${s}.account_balances (company_id, account_id, month, debit, credit, line_count)
        SELECT l.company_id, l.account_id, date_trunc('month', l.entry_date)::date, sum(l.debit), sum(l.credit), count(*)
          FROM ${s}.accounting_entry_lines AS l
          JOIN ${s}.accounting_entries AS e ON e.id = l.entry_id
         WHERE l.company_id = p_company AND e.status <> 'draft'
         GROUP BY 1, 2, 3;
    $$;

    INSERT INTO ${s}.account_balances (company_id, account_id, month, debit, credit, line_count)
      SELECT l.company_id, l.account_id, date_trunc('month', l.entry_date)::date, sum(l.debit), sum(l.credit), count(*)
        FROM ${s}.accounting_entry_lines AS l
        JOIN ${s}.accounting_entries AS e ON e.id = l.entry_id
       WHERE e.status <> 'draft'
       GROUP BY 1, 2, 3;
  `,
);

export const down = sqlStep(
  (s) => `
    DROP FUNCTION ${s}.rebuild_account_balances(uuid);
    DROP TRIGGER accounting_entries_post_balances ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_post_balances();
    DROP TABLE ${s}.account_balances;
    DROP TRIGGER accounting_entries_date_follow ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_date_follow();
    DROP TRIGGER accounting_entry_lines_date ON ${s}.accounting_entry_lines;
    DROP FUNCTION ${s}.accounting_entry_lines_date();
    CREATE INDEX accounting_entry_lines_account_amounts_idx ON ${s}.accounting_entry_lines (company_id, account_id) INCLUDE (entry_id, debit, credit);
    DROP INDEX ${s}.accounting_entry_lines_ledger_idx;
    ALTER TABLE ${s}.accounting_entry_lines DROP COLUMN entry_date;
  `,
);
