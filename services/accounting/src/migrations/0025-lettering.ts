import { sqlStep } from '@xaalis/service-kit';

/**
 * Lettrage of third-party accounts (issue 29).
 *
 * - `accounts.lettrable`: 40x and 41x are, always; any other account can be
 *   marked (421, 4411…).
 * - `letterings` / `lettering_lines`: lines of one account and one third
 *   party matched under a code (AA, AB… per company). A full lettering
 *   balances (debits = credits); a partial one is kept as such. Its
 *   `lettered_on` is the date of its latest line: a line counts as settled at
 *   a date only from then on (aged balance at a past date).
 * - The database keeps the rules: each line once; lines of validated entries
 *   of the lettering's account, third party and company; a lettrable account;
 *   a full lettering balanced. The lines of one lettering are inserted by one
 *   statement, which checks them all at once.
 * - An entry cancelled takes its letterings with it (délettrage).
 * (French messages written out: an applied migration's SQL never changes.)
 */
export const up = sqlStep(
  (s) => `
    ALTER TABLE ${s}.accounts ADD COLUMN lettrable boolean NOT NULL DEFAULT false;
    UPDATE ${s}.accounts SET lettrable = true WHERE code ~ '^4[01]';
    ALTER TABLE ${s}.accounts ADD CONSTRAINT accounts_lettrable_check CHECK (lettrable OR code !~ '^4[01]');
    CREATE FUNCTION ${s}.accounts_lettrable_default() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.lettrable := NEW.lettrable OR NEW.code ~ '^4[01]';
      RETURN NEW;
    END $$;
    CREATE TRIGGER accounts_lettrable_default BEFORE INSERT OR UPDATE OF code, lettrable ON ${s}.accounts
      FOR EACH ROW EXECUTE FUNCTION ${s}.accounts_lettrable_default();

    CREATE TABLE ${s}.letterings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (code ~ '^[A-Z]{2,}$'),
      account_id uuid NOT NULL,
      third_party_id uuid,
      partial boolean NOT NULL,
      lettered_on date NOT NULL,
      source text NOT NULL CHECK (source IN ('manual', 'auto')),
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT letterings_company_code_key UNIQUE (company_id, code),
      CONSTRAINT letterings_id_company_key UNIQUE (id, company_id),
      CONSTRAINT letterings_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id)
    );
    CREATE INDEX letterings_party_idx ON ${s}.letterings (company_id, third_party_id);

    CREATE TABLE ${s}.lettering_lines (
      entry_line_id uuid PRIMARY KEY REFERENCES ${s}.accounting_entry_lines (id) ON DELETE CASCADE,
      lettering_id uuid NOT NULL,
      company_id uuid NOT NULL,
      CONSTRAINT lettering_lines_lettering_fkey FOREIGN KEY (lettering_id, company_id) REFERENCES ${s}.letterings (id, company_id) ON DELETE CASCADE
    );
    CREATE INDEX lettering_lines_lettering_idx ON ${s}.lettering_lines (lettering_id);

    CREATE FUNCTION ${s}.lettering_lines_check() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      bad record;
    BEGIN
      SELECT lt.id, lt.code INTO bad
        FROM ${s}.letterings lt
       WHERE lt.id IN (SELECT DISTINCT lettering_id FROM new_lines)
         AND (
           EXISTS (
             SELECT 1 FROM ${s}.lettering_lines ll
               JOIN ${s}.accounting_entry_lines l ON l.id = ll.entry_line_id
               JOIN ${s}.accounting_entries e ON e.id = l.entry_id
               JOIN ${s}.accounts a ON a.id = l.account_id
              WHERE ll.lettering_id = lt.id
                AND (l.company_id <> lt.company_id OR ll.company_id <> lt.company_id OR l.account_id <> lt.account_id
                     OR l.third_party_id IS DISTINCT FROM lt.third_party_id OR e.status <> 'validated' OR NOT a.lettrable))
           OR (SELECT count(*) FROM ${s}.lettering_lines ll WHERE ll.lettering_id = lt.id) < 2
           OR (NOT lt.partial AND (SELECT sum(l.debit - l.credit) FROM ${s}.lettering_lines ll
                 JOIN ${s}.accounting_entry_lines l ON l.id = ll.entry_line_id WHERE ll.lettering_id = lt.id) <> 0))
       LIMIT 1;
      IF bad.id IS NOT NULL THEN
        RAISE EXCEPTION 'Lettrage % invalide : lignes validées d''un même compte lettrable et d''un même tiers, équilibrées sauf lettrage partiel', bad.code
          USING ERRCODE = 'check_violation', CONSTRAINT = 'lettering_lines_check';
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER lettering_lines_check AFTER INSERT ON ${s}.lettering_lines
      REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ${s}.lettering_lines_check();

    CREATE FUNCTION ${s}.accounting_entries_unletter() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM ${s}.letterings lt
       WHERE lt.id IN (SELECT ll.lettering_id FROM ${s}.lettering_lines ll
                         JOIN ${s}.accounting_entry_lines l ON l.id = ll.entry_line_id WHERE l.entry_id = NEW.id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_unletter AFTER UPDATE OF status ON ${s}.accounting_entries
      FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status <> 'cancelled') EXECUTE FUNCTION ${s}.accounting_entries_unletter();
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TRIGGER accounting_entries_unletter ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_unletter();
    DROP TABLE ${s}.lettering_lines;
    DROP FUNCTION ${s}.lettering_lines_check();
    DROP TABLE ${s}.letterings;
    DROP TRIGGER accounts_lettrable_default ON ${s}.accounts;
    DROP FUNCTION ${s}.accounts_lettrable_default();
    ALTER TABLE ${s}.accounts DROP CONSTRAINT accounts_lettrable_check, DROP COLUMN lettrable;
  `,
);
