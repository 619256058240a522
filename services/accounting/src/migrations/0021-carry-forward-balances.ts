import { sqlStep } from '@xaalis/service-kit';

/**
 * The monthly and daily balances leave out the carry-forward entries (issue 27).
 *
 * A closing posts an OD entry zeroing classes 6–8 into 131/139 and an AN entry
 * restating every class 1–5 balance on the next year's first day. Summed with
 * the movements (as 0008 and 0020 did), every balance after a closing counted
 * twice (capital, bank, clients…) and the closed year's Compte de résultat
 * showed nothing. Now the balances hold the movements only; the statements
 * start a year that follows a closed one from its AN entry's lines
 * (reports/totals.ts), and the readers of lines leave those entries out
 * (posting/carry-forward.ts).
 *
 * Carry-forward entries: source type 'fiscal-year-closing' or
 * 'fiscal-year-opening', and the reversals of such entries (a reopening).
 * Rather than rewriting 0011's and 0020's trigger functions, a third statement
 * trigger, named to fire after them (statement triggers fire in name order),
 * takes such entries' lines back out of both tables in the same statement.
 * Entries of any other kind only cost a filter on the transition table.
 * `rebuild_account_balances` leaves them out too, and every company that has
 * closed a year is rebuilt.
 */

const CARRIED = `('fiscal-year-closing', 'fiscal-year-opening')`;

/** `e` is a carry-forward entry (schema `s`). */
const isCarried = (s: string, e: string) =>
  `(coalesce(${e}.source_type, '') IN ${CARRIED}
    OR (${e}.reversal_of_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM ${s}.accounting_entries o WHERE o.id = ${e}.reversal_of_id AND o.source_type IN ${CARRIED})))`;

/** 0020's rebuild, with `filter` on the entries `e` read. */
const rebuild = (s: string, filter: string) => `
    CREATE OR REPLACE FUNCTION ${s}.rebuild_account_balances(p_company uuid) RETURNS void LANGUAGE sql AS $$
      DELETE FROM ${s}.account_balances WHERE company_id = p_company;
      DELETE FROM ${s}.account_day_balances WHERE company_id = p_company;
      WITH d AS MATERIALIZED (
        SELECT l.account_id, l.entry_date AS day, sum(l.debit) AS debit, sum(l.credit) AS credit, count(*) AS n
          FROM ${s}.accounting_entry_lines AS l
          JOIN ${s}.accounting_entries AS e ON e.id = l.entry_id
         WHERE l.company_id = p_company AND e.status <> 'draft' ${filter}
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
    SELECT ${s}.rebuild_account_balances(c.company_id)
      FROM (SELECT DISTINCT company_id FROM ${s}.accounting_entries WHERE source_type IN ${CARRIED}) c;`;

export const up = sqlStep(
  (s) => `
    CREATE FUNCTION ${s}.accounting_entries_posted_carry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH carried AS MATERIALIZED (
        -- Carry-forward entries leaving draft in this statement.
        SELECT n.id, n.date FROM new_entries n
         WHERE n.status <> 'draft' AND ${isCarried(s, 'n')}
           AND EXISTS (SELECT 1 FROM old_entries o WHERE o.id = n.id AND o.status = 'draft')
      ), days AS MATERIALIZED (
        SELECT l.company_id, l.account_id, c.date AS day, sum(l.debit) AS debit, sum(l.credit) AS credit, count(*) AS n
          FROM carried c
          JOIN ${s}.accounting_entry_lines l ON l.entry_id = c.id
         GROUP BY 1, 2, 3
      ), months AS (
        UPDATE ${s}.account_balances b
           SET debit = b.debit - x.debit, credit = b.credit - x.credit, line_count = b.line_count - x.n
          FROM (SELECT company_id, account_id, date_trunc('month', day)::date AS month, sum(debit) AS debit, sum(credit) AS credit, sum(n) AS n
                  FROM days GROUP BY 1, 2, 3) x
         WHERE b.company_id = x.company_id AND b.account_id = x.account_id AND b.month = x.month
      )
      UPDATE ${s}.account_day_balances b
         SET debit = b.debit - x.debit, credit = b.credit - x.credit, line_count = b.line_count - x.n
        FROM days x
       WHERE b.company_id = x.company_id AND b.day = x.day AND b.account_id = x.account_id;
      RETURN NULL;
    END $$;
    -- Fires after accounting_entries_posted and accounting_entries_posted_days ('z': name order), which added the lines.
    CREATE TRIGGER accounting_entries_posted_zcarry
      AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_posted_carry();
    ${rebuild(s, `AND NOT ${isCarried(s, 'e')}`)}
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TRIGGER accounting_entries_posted_zcarry ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_posted_carry();
    ${rebuild(s, '')}
  `,
);
