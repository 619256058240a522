import { sqlStep } from '@xaalis/service-kit';

/**
 * The open items of the clients' and suppliers' accounts, kept by triggers
 * (issue 29: the aged balance of 10 000 clients and 500 000 invoice lines in
 * ≤ 300 ms).
 *
 * Reading them from the ledger meant joining every 411x/401x line with its
 * entry, account, invoice and lettering — about 1.5 s at that size. Here one
 * narrow row per line that can still be owed: a line of a validated entry
 * (not a carry-forward one) on 411x (`receivable`) or 401x (`payable`) with a
 * third party, signed as owed, dated, due at its invoice's due date (else its
 * entry's date), that is not in a full lettering; a line in a partial
 * lettering keeps its row with the lettering's id.
 *
 * `open_items_refresh(lines)` recomputes the rows of some lines from the
 * ledger, whatever changed; every trigger calls it with the lines it touched:
 * entries changing status, an invoice getting its entry or due date,
 * lettering lines inserted or deleted (a lettering deleted cascades to its
 * lines), an account re-coded. Lines of posted entries are frozen (never
 * re-dated, hash chain), so nothing else moves them.
 *
 * The aged balance at a past date adds back the lines of full letterings
 * completed after it (letterings.lettered_on, by the new index): few for a
 * recent date.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.open_items (
      entry_line_id uuid PRIMARY KEY REFERENCES ${s}.accounting_entry_lines (id) ON DELETE CASCADE,
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('receivable', 'payable')),
      third_party_id uuid NOT NULL,
      entry_id uuid NOT NULL,
      date date NOT NULL,
      due date NOT NULL,
      amount numeric(15,2) NOT NULL,
      lettering_id uuid
    );
    CREATE INDEX open_items_company_kind_date_idx ON ${s}.open_items (company_id, kind, date);
    CREATE INDEX open_items_party_idx ON ${s}.open_items (company_id, third_party_id);
    -- The lines of partial letterings, grouped into one item each: few among many.
    CREATE INDEX open_items_lettering_idx ON ${s}.open_items (company_id, lettering_id) WHERE lettering_id IS NOT NULL;
    CREATE INDEX letterings_company_lettered_on_idx ON ${s}.letterings (company_id, lettered_on);

    -- plpgsql: its statements' plans are kept for the session (a posting or a lettering calls it each time).
    CREATE FUNCTION ${s}.open_items_refresh(p_lines uuid[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      -- Most updates of entries change no status: nothing to do.
      IF cardinality(p_lines) = 0 THEN
        RETURN;
      END IF;
      DELETE FROM ${s}.open_items WHERE entry_line_id = ANY (p_lines);
      INSERT INTO ${s}.open_items (entry_line_id, company_id, kind, third_party_id, entry_id, date, due, amount, lettering_id)
      SELECT l.id, l.company_id, k.kind, l.third_party_id, l.entry_id, e.date,
             coalesce((SELECT i.due_date FROM ${s}.invoices i WHERE i.entry_id = e.id AND i.company_id = e.company_id LIMIT 1), e.date),
             CASE k.kind WHEN 'receivable' THEN l.debit - l.credit ELSE l.credit - l.debit END,
             lt.id
        FROM ${s}.accounting_entry_lines l
        JOIN ${s}.accounting_entries e ON e.id = l.entry_id
        JOIN ${s}.accounts a ON a.id = l.account_id
        CROSS JOIN LATERAL (SELECT CASE WHEN a.code LIKE '411%' THEN 'receivable' WHEN a.code LIKE '401%' THEN 'payable' END AS kind) k
        LEFT JOIN ${s}.lettering_lines ll ON ll.entry_line_id = l.id
        LEFT JOIN ${s}.letterings lt ON lt.id = ll.lettering_id
       WHERE l.id = ANY (p_lines) AND k.kind IS NOT NULL AND e.status = 'validated' AND l.third_party_id IS NOT NULL
         AND (ll.entry_line_id IS NULL OR lt.partial)
         -- not a carry-forward entry (posting/carry-forward.ts): a closing or opening entry, or a reversal of one
         AND NOT (e.source_type IN ('fiscal-year-closing', 'fiscal-year-opening') AND e.source_id IS NOT NULL AND e.reversal_of_id IS NULL)
         AND NOT EXISTS (SELECT 1 FROM ${s}.accounting_entries cfo
                          WHERE cfo.id = e.reversal_of_id AND cfo.source_type IN ('fiscal-year-closing', 'fiscal-year-opening')
                            AND cfo.source_id IS NOT NULL AND cfo.reversal_of_id IS NULL);
    END $$;

    CREATE FUNCTION ${s}.accounting_entries_open_items() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM ${s}.open_items_refresh(ARRAY(
        SELECT l.id FROM new_entries n
          JOIN old_entries o ON o.id = n.id AND o.status IS DISTINCT FROM n.status
          JOIN ${s}.accounting_entry_lines l ON l.entry_id = n.id
         WHERE l.third_party_id IS NOT NULL));
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_open_items
      AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_open_items();

    CREATE FUNCTION ${s}.invoices_open_items() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      entries uuid[] := ARRAY[NEW.entry_id];
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        entries := entries || OLD.entry_id;
      END IF;
      PERFORM ${s}.open_items_refresh(ARRAY(
        SELECT l.id FROM ${s}.accounting_entry_lines l WHERE l.entry_id = ANY (entries) AND l.third_party_id IS NOT NULL));
      RETURN NULL;
    END $$;
    CREATE TRIGGER invoices_open_items_insert AFTER INSERT ON ${s}.invoices
      FOR EACH ROW WHEN (NEW.entry_id IS NOT NULL) EXECUTE FUNCTION ${s}.invoices_open_items();
    CREATE TRIGGER invoices_open_items_update AFTER UPDATE OF entry_id, due_date ON ${s}.invoices
      FOR EACH ROW WHEN (NEW.entry_id IS DISTINCT FROM OLD.entry_id OR NEW.due_date IS DISTINCT FROM OLD.due_date)
      EXECUTE FUNCTION ${s}.invoices_open_items();

    CREATE FUNCTION ${s}.lettering_lines_open_items() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM ${s}.open_items_refresh(ARRAY(SELECT entry_line_id FROM new_lines));
      ELSE
        PERFORM ${s}.open_items_refresh(ARRAY(SELECT entry_line_id FROM old_lines));
      END IF;
      RETURN NULL;
    END $$;
    -- Named after lettering_lines_check, which fires first and refuses a bad lettering.
    CREATE TRIGGER lettering_lines_open_items_insert AFTER INSERT ON ${s}.lettering_lines
      REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ${s}.lettering_lines_open_items();
    CREATE TRIGGER lettering_lines_open_items_delete AFTER DELETE ON ${s}.lettering_lines
      REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION ${s}.lettering_lines_open_items();

    CREATE FUNCTION ${s}.accounts_open_items() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM ${s}.open_items_refresh(ARRAY(
        SELECT l.id FROM ${s}.accounting_entry_lines l WHERE l.account_id = NEW.id AND l.third_party_id IS NOT NULL));
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounts_open_items AFTER UPDATE OF code ON ${s}.accounts
      FOR EACH ROW WHEN (NEW.code IS DISTINCT FROM OLD.code) EXECUTE FUNCTION ${s}.accounts_open_items();

    SELECT ${s}.open_items_refresh(ARRAY(
      SELECT l.id FROM ${s}.accounting_entry_lines l
        JOIN ${s}.accounts a ON a.id = l.account_id
       WHERE l.third_party_id IS NOT NULL AND (a.code LIKE '411%' OR a.code LIKE '401%')));
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TRIGGER accounts_open_items ON ${s}.accounts;
    DROP FUNCTION ${s}.accounts_open_items();
    DROP TRIGGER lettering_lines_open_items_delete ON ${s}.lettering_lines;
    DROP TRIGGER lettering_lines_open_items_insert ON ${s}.lettering_lines;
    DROP FUNCTION ${s}.lettering_lines_open_items();
    DROP TRIGGER invoices_open_items_update ON ${s}.invoices;
    DROP TRIGGER invoices_open_items_insert ON ${s}.invoices;
    DROP FUNCTION ${s}.invoices_open_items();
    DROP TRIGGER accounting_entries_open_items ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_open_items();
    DROP FUNCTION ${s}.open_items_refresh(uuid[]);
    DROP INDEX ${s}.letterings_company_lettered_on_idx;
    DROP TABLE ${s}.open_items;
  `,
);
