import { sqlStep } from '@xaalis/service-kit';

/**
 * Bank and mobile-money reconciliation (issue 28).
 *
 * - `bank_statements` / `bank_statement_lines`: a treasury account's imported
 *   statements (a preview until confirmed; the same file is refused twice for
 *   an account once confirmed) and the lines typed in by hand (one 'manual'
 *   statement per account). `confirmed` on the lines mirrors their statement,
 *   so the matching lists read one index.
 * - `reconciliations` / `reconciliation_items`: statement lines tied to ledger
 *   lines of the same treasury account. The database keeps the rules: each
 *   line at most once (unique), both sides present and of equal sums, the
 *   statement lines confirmed and of the account, the ledger lines on the
 *   account's chart account in validated entries. The items of one
 *   reconciliation are inserted by one statement, which checks them all at
 *   once (ten thousand reconciliations of an automatic matching in one pass).
 * - A validated entry with a reconciled line cannot be cancelled (XA002 →
 *   409); a reconciliation with a line in a closed fiscal year cannot be undone
 *   (XA010 → 409).
 * (The French messages are written out: an applied migration's SQL never changes.)
 * - `statement_rules`: "libellé contient X → compte Y", applied on import.
 * - `loans.treasury_account_id`: the treasury account a loan's funds were received on.
 * - `treasury_accounts.statement_layout`: the CSV layout last confirmed for the
 *   account, used again when the next file has the same header.
 */
export const up = sqlStep(
  (s) => `
    ALTER TABLE ${s}.treasury_accounts ADD COLUMN statement_layout jsonb;

    -- A loan's funds are received on any treasury account (its kind's code stays in treasury_account).
    ALTER TABLE ${s}.loans ADD COLUMN treasury_account_id uuid;
    ALTER TABLE ${s}.loans ADD CONSTRAINT loans_treasury_account_fkey
      FOREIGN KEY (company_id, treasury_account_id) REFERENCES ${s}.treasury_accounts (company_id, id);

    CREATE TABLE ${s}.bank_statements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      treasury_account_id uuid NOT NULL,
      status text NOT NULL CHECK (status IN ('preview', 'confirmed')),
      source text NOT NULL CHECK (source IN ('csv', 'ofx', 'camt053', 'manual')),
      file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
      file_sha256 text CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
      opening_balance numeric(15,2),
      closing_balance numeric(15,2),
      total numeric(15,2) NOT NULL DEFAULT 0,
      start_date date,
      end_date date,
      line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
      previous_closing_balance numeric(15,2),
      warnings jsonb NOT NULL DEFAULT '[]',
      errors jsonb NOT NULL DEFAULT '[]',
      error_count integer NOT NULL DEFAULT 0 CHECK (error_count >= 0),
      layout jsonb,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      confirmed_at timestamptz,
      CONSTRAINT bank_statements_confirmed_check CHECK ((status = 'confirmed') = (confirmed_at IS NOT NULL)),
      CONSTRAINT bank_statements_file_check CHECK ((source = 'manual') = (file_sha256 IS NULL)),
      CONSTRAINT bank_statements_account_fkey FOREIGN KEY (company_id, treasury_account_id)
        REFERENCES ${s}.treasury_accounts (company_id, id) ON DELETE CASCADE,
      UNIQUE (company_id, id)
    );
    CREATE UNIQUE INDEX bank_statements_file_key ON ${s}.bank_statements (company_id, treasury_account_id, file_sha256)
      WHERE status = 'confirmed';
    CREATE UNIQUE INDEX bank_statements_manual_key ON ${s}.bank_statements (treasury_account_id) WHERE source = 'manual';
    CREATE INDEX bank_statements_account_idx ON ${s}.bank_statements (company_id, treasury_account_id, created_at DESC);

    CREATE TABLE ${s}.bank_statement_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      statement_id uuid NOT NULL,
      treasury_account_id uuid NOT NULL,
      line_no integer NOT NULL CHECK (line_no >= 1),
      date date NOT NULL,
      value_date date,
      label text NOT NULL CHECK (length(label) <= 255),
      reference text CHECK (length(reference) <= 100),
      amount numeric(15,2) NOT NULL CHECK (amount <> 0),
      suggested_account_code text CHECK (suggested_account_code ~ '^[0-9]{2,12}$'),
      confirmed boolean NOT NULL DEFAULT false,
      CONSTRAINT bank_statement_lines_statement_fkey FOREIGN KEY (company_id, statement_id)
        REFERENCES ${s}.bank_statements (company_id, id) ON DELETE CASCADE,
      UNIQUE (company_id, id)
    );
    CREATE INDEX bank_statement_lines_statement_idx ON ${s}.bank_statement_lines (statement_id, line_no);
    CREATE INDEX bank_statement_lines_account_idx ON ${s}.bank_statement_lines (treasury_account_id, date, id) WHERE confirmed;

    CREATE TABLE ${s}.reconciliations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      treasury_account_id uuid NOT NULL,
      auto boolean NOT NULL DEFAULT false,
      -- Set once its items are written (and checked): no statement adds items to it afterwards.
      sealed boolean NOT NULL DEFAULT false,
      -- Written with the seal: the sum of either side, and the number of ledger lines (the matching
      -- screen's counters read these rather than every line).
      amount numeric(15,2),
      entry_line_count integer,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT reconciliations_account_fkey FOREIGN KEY (company_id, treasury_account_id)
        REFERENCES ${s}.treasury_accounts (company_id, id) ON DELETE CASCADE,
      UNIQUE (company_id, id)
    );
    CREATE INDEX reconciliations_account_idx ON ${s}.reconciliations (company_id, treasury_account_id);

    CREATE TABLE ${s}.reconciliation_items (
      reconciliation_id uuid NOT NULL,
      company_id uuid NOT NULL,
      statement_line_id uuid,
      -- No foreign key: the check below finds each ledger line, and a validated entry's lines are never deleted.
      entry_line_id uuid,
      CONSTRAINT reconciliation_items_one_side CHECK ((statement_line_id IS NULL) <> (entry_line_id IS NULL)),
      CONSTRAINT reconciliation_items_reconciliation_fkey FOREIGN KEY (company_id, reconciliation_id)
        REFERENCES ${s}.reconciliations (company_id, id) ON DELETE CASCADE,
      CONSTRAINT reconciliation_items_statement_line_fkey FOREIGN KEY (company_id, statement_line_id)
        REFERENCES ${s}.bank_statement_lines (company_id, id),
      CONSTRAINT reconciliation_items_statement_line_key UNIQUE (statement_line_id),
      CONSTRAINT reconciliation_items_entry_line_key UNIQUE (entry_line_id)
    );
    CREATE INDEX reconciliation_items_reconciliation_idx ON ${s}.reconciliation_items (reconciliation_id);

    -- Every reconciliation the statement gave items to: not sealed by an earlier statement, both sides,
    -- equal sums, the right lines (read from the transition table: one pass, however many reconciliations).
    CREATE FUNCTION ${s}.reconciliation_items_check() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      bad record;
    BEGIN
      SELECT n.reconciliation_id, sum(sl.amount) AS statement_sum, sum(el.debit - el.credit) AS ledger_sum,
             count(n.statement_line_id) AS statement_n, count(n.entry_line_id) AS ledger_n,
             count(sl.id) = count(n.statement_line_id)
               AND bool_and(sl.id IS NULL OR (sl.treasury_account_id = r.treasury_account_id AND sl.confirmed)) AS statement_ok,
             count(el.id) = count(n.entry_line_id)
               AND bool_and(el.id IS NULL OR (el.company_id = r.company_id AND el.account_id = t.account_id
                                              AND e.status = 'validated' AND e.reversal_of_id IS NULL)) AS ledger_ok,
             NOT r.sealed AS whole
        INTO bad
        FROM new_items n
        JOIN ${s}.reconciliations r ON r.id = n.reconciliation_id
        JOIN ${s}.treasury_accounts t ON t.id = r.treasury_account_id
        LEFT JOIN ${s}.bank_statement_lines sl ON sl.id = n.statement_line_id
        LEFT JOIN ${s}.accounting_entry_lines el ON el.id = n.entry_line_id
        LEFT JOIN ${s}.accounting_entries e ON e.id = el.entry_id
       GROUP BY n.reconciliation_id, r.treasury_account_id, r.company_id, r.sealed, t.account_id
      HAVING r.sealed OR count(n.statement_line_id) = 0 OR count(n.entry_line_id) = 0
          OR sum(sl.amount) IS DISTINCT FROM sum(el.debit - el.credit)
          OR count(sl.id) <> count(n.statement_line_id) OR count(el.id) <> count(n.entry_line_id)
          OR NOT bool_and(sl.id IS NULL OR (sl.treasury_account_id = r.treasury_account_id AND sl.confirmed))
          OR NOT bool_and(el.id IS NULL OR (el.company_id = r.company_id AND el.account_id = t.account_id
                                            AND e.status = 'validated' AND e.reversal_of_id IS NULL));
      -- No LIMIT: with one, the planner chose a fast-start plan scanning the items once per reconciliation.
      IF NOT FOUND THEN
        UPDATE ${s}.reconciliations r SET sealed = true, amount = g.amount, entry_line_count = g.n
          FROM (SELECT n.reconciliation_id, sum(sl.amount) AS amount, count(n.entry_line_id)::int AS n
                  FROM new_items n LEFT JOIN ${s}.bank_statement_lines sl ON sl.id = n.statement_line_id
                 GROUP BY n.reconciliation_id) g
         WHERE r.id = g.reconciliation_id;
        RETURN NULL;
      END IF;
      IF bad.statement_n = 0 OR bad.ledger_n = 0 OR NOT bad.whole THEN
        RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'Choisissez au moins une ligne de relevé et une ligne du grand livre';
      ELSIF NOT bad.statement_ok OR NOT bad.ledger_ok THEN
        RAISE EXCEPTION USING ERRCODE = 'XA001', MESSAGE = 'Une des lignes choisies n''est pas une ligne validée de ce compte de trésorerie';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'XA001',
        MESSAGE = format('Les montants ne sont pas égaux : relevé %s, grand livre %s', bad.statement_sum, bad.ledger_sum);
    END $$;
    CREATE TRIGGER reconciliation_items_check AFTER INSERT ON ${s}.reconciliation_items
      REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION ${s}.reconciliation_items_check();

    -- Items are written once, with their reconciliation; undoing one deletes the reconciliation.
    CREATE FUNCTION ${s}.reconciliation_items_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'reconciliation items are never updated';
    END $$;
    CREATE TRIGGER reconciliation_items_frozen BEFORE UPDATE ON ${s}.reconciliation_items
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.reconciliation_items_frozen();

    -- A reconciliation with a ledger line in a closed fiscal year stays.
    CREATE FUNCTION ${s}.reconciliations_closed_year() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (
        SELECT 1 FROM ${s}.reconciliation_items i
          JOIN ${s}.accounting_entry_lines el ON el.id = i.entry_line_id
          JOIN ${s}.accounting_entries e ON e.id = el.entry_id
          JOIN ${s}.fiscal_years f ON f.company_id = e.company_id AND f.status = 'closed'
                                   AND e.date BETWEEN f.start_date AND f.end_date
         WHERE i.reconciliation_id = OLD.id
      ) THEN
        RAISE EXCEPTION USING ERRCODE = 'XA010', MESSAGE = 'Ce rapprochement porte sur un exercice clôturé : il ne peut plus être annulé';
      END IF;
      RETURN OLD;
    END $$;
    CREATE TRIGGER reconciliations_closed_year BEFORE DELETE ON ${s}.reconciliations
      FOR EACH ROW EXECUTE FUNCTION ${s}.reconciliations_closed_year();

    -- A validated entry whose lines are reconciled is not cancelled before the reconciliation is undone.
    CREATE FUNCTION ${s}.accounting_entries_reconciled_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (
        SELECT 1 FROM ${s}.accounting_entry_lines l JOIN ${s}.reconciliation_items i ON i.entry_line_id = l.id
         WHERE l.entry_id = NEW.id
      ) THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Cette écriture est rapprochée avec un relevé : annulez d’abord le rapprochement',
          DETAIL = format('entry %s', NEW.number);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER accounting_entries_reconciled_guard BEFORE UPDATE OF status ON ${s}.accounting_entries
      FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status <> 'cancelled')
      EXECUTE FUNCTION ${s}.accounting_entries_reconciled_guard();

    CREATE TABLE ${s}.statement_rules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      contains text NOT NULL CHECK (length(contains) BETWEEN 1 AND 100),
      account_code text NOT NULL CHECK (account_code ~ '^[0-9]{2,12}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, contains)
    );
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TABLE ${s}.statement_rules;
    DROP TRIGGER accounting_entries_reconciled_guard ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_reconciled_guard();
    DROP TABLE ${s}.reconciliation_items;
    DROP FUNCTION ${s}.reconciliation_items_check();
    DROP FUNCTION ${s}.reconciliation_items_frozen();
    DROP TABLE ${s}.reconciliations;
    DROP FUNCTION ${s}.reconciliations_closed_year();
    DROP TABLE ${s}.bank_statement_lines;
    DROP TABLE ${s}.bank_statements;
    ALTER TABLE ${s}.loans DROP COLUMN treasury_account_id;
    ALTER TABLE ${s}.treasury_accounts DROP COLUMN statement_layout;
  `,
);
