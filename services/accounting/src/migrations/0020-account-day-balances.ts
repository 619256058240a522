import { sqlStep } from '@xaalis/service-kit';

/**
 * Per-account DAILY balances beside 0008's monthly ones (issue 26).
 *
 * A report to a date inside a month read that month's posted lines up to the
 * date (or the month's total less the lines after it): at 10 000 000 lines in
 * one company that is about 100 000 lines for a date around the 20th. With
 * `account_day_balances` (per company, account and day: debits, credits and
 * line count of the posted entries) the cut month costs at most ~15 daily
 * rows per account, whatever the number of lines; the reports read no line.
 *
 * Kept exact like the monthly rows: the only way lines start to count is the
 * UPDATE taking entries out of draft (posted entries are frozen, never
 * deleted nor re-dated), and a statement-level trigger on that UPDATE, named
 * to fire after 0011's accounting_entries_posted (which checks the entries
 * and fills the months), adds the entries' lines by account and day in the
 * same transaction, upserting in key order (no deadlock between postings).
 * `rebuild_account_balances` now recomputes both tables from one pass over
 * the company's posted lines (the months are the sums of the days).
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.account_day_balances (
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      account_id uuid NOT NULL,
      day date NOT NULL,
      debit numeric(20,2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
      credit numeric(20,2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
      line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
      -- The reports read one company's days in a range, all accounts: (company, day) first.
      PRIMARY KEY (company_id, day, account_id),
      CONSTRAINT account_day_balances_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id)
        DEFERRABLE INITIALLY DEFERRED
    );

    CREATE FUNCTION ${s}.accounting_entries_posted_days() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.account_day_balances AS b (company_id, account_id, day, debit, credit, line_count)
        WITH moved AS MATERIALIZED (
          SELECT id, max(date) AS date
            FROM (SELECT id, date, status, true AS after FROM new_entries
                  UNION ALL SELECT id, NULL, status, false FROM old_entries) x
           GROUP BY id
          HAVING bool_or(NOT after AND status = 'draft') AND bool_or(after AND status <> 'draft')
        )
        SELECT l.company_id, l.account_id, m.date, sum(l.debit), sum(l.credit), count(*)
          FROM moved m
          CROSS JOIN LATERAL (SELECT company_id, account_id, debit, credit FROM ${s}.accounting_entry_lines
                               WHERE entry_id = m.id OFFSET 0) l
         GROUP BY 1, 3, 2
         ORDER BY 1, 3, 2
      ON CONFLICT (company_id, day, account_id) DO UPDATE
        SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, line_count = b.line_count + EXCLUDED.line_count;
      RETURN NULL;
    END $$;
    -- Statement triggers fire in name order: after accounting_entries_posted (its checks) and _chain.
    CREATE TRIGGER accounting_entries_posted_days
      AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_posted_days();

    -- A company's days and months recomputed from its posted lines, in one pass over them.
    CREATE OR REPLACE FUNCTION ${s}.rebuild_account_balances(p_company uuid) RETURNS void LANGUAGE sql AS $$
      DELETE FROM ${s}.account_balances WHERE company_id = p_company;
      DELETE FROM ${s}.account_day_balances WHERE company_id = p_company;
      WITH d AS MATERIALIZED (
        SELECT l.account_id, l.entry_date AS day, sum(l.debit) AS debit, sum(l.credit) AS credit, count(*) AS n
          FROM ${s}.accounting_entry_lines AS l
          JOIN ${s}.accounting_entries AS e ON e.id = l.entry_id
         WHERE l.company_id = p_company AND e.status <> 'draft'
         GROUP BY 1, 2
      ), days AS (
        INSERT INTO ${s}.account_day_balances (company_id, account_id, day, debit, credit, line_count)
        SELECT p_company, account_id, day, debit, credit, n FROM d
      )
      INSERT INTO ${s}.account_balances (company_id, account_id, month, debit, credit, line_count)
        SELECT p_company, account_id, date_trunc('month', day)::date, sum(debit), sum(credit), sum(n)
          FROM d
         GROUP BY 2, 3;
    $$;

    INSERT INTO ${s}.account_day_balances (company_id, account_id, day, debit, credit, line_count)
      SELECT l.company_id, l.account_id, l.entry_date, sum(l.debit), sum(l.credit), count(*)
        FROM ${s}.accounting_entry_lines AS l
        JOIN ${s}.accounting_entries AS e ON e.id = l.entry_id
       WHERE e.status <> 'draft'
       GROUP BY 1, 2, 3;
  `,
);

export const down = sqlStep(
  (s) => `
    CREATE OR REPLACE FUNCTION ${s}.rebuild_account_balances(p_company uuid) RETURNS void LANGUAGE sql AS $$
      DELETE FROM ${s}.account_balances WHERE company_id = p_company;
      INSERT INTO ${s}.account_balances (company_id, account_id, month, debit, credit, line_count)
        SELECT l.company_id, l.account_id, date_trunc('month', l.entry_date)::date, sum(l.debit), sum(l.credit), count(*)
          FROM ${s}.accounting_entry_lines AS l
          JOIN ${s}.accounting_entries AS e ON e.id = l.entry_id
         WHERE l.company_id = p_company AND e.status <> 'draft'
         GROUP BY 1, 2, 3;
    $$;
    DROP TRIGGER accounting_entries_posted_days ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_posted_days();
    DROP TABLE ${s}.account_day_balances;
  `,
);
