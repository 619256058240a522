import { sqlStep } from '@xaalis/service-kit';

/**
 * Fiscal-year closing ('Clôturer l'exercice'): one row per year a company has
 * closed (and maybe reopened), identified by its first day.
 *
 * The closed years are enforced by the database: no entry can be inserted,
 * and no entry can change (validation, cancellation, edit: status, date,
 * number, journal, total, description, reference, reversal link) while its
 * date — before or after the change — falls in a closed year of its company.
 * SQLSTATE XA010, French message naming the year; the services map it to 409.
 * Columns other triggers keep up to date on entries (e.g. an integrity hash)
 * are not "the entry" and pass.
 *
 * Statement-level, as the ledger's other checks since 0011: one query per
 * statement whatever its size (an import writes tens of thousands of entries
 * at once), joined to the handful of closed years.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.fiscal_years (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      start_date date NOT NULL,
      end_date date NOT NULL,
      status text NOT NULL CHECK (status IN ('open', 'closed')),
      -- Net result at closing (classes 6–8, credit − debit; negative: a loss).
      result numeric(20,2),
      closed_at timestamptz,
      closed_by uuid,
      closing_entry_id uuid,
      opening_entry_id uuid,
      reopened_at timestamptz,
      reopened_by uuid,
      -- How many times it was closed: a new closing (after a reopening) is a new job id.
      closing_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT fiscal_years_company_start_key UNIQUE (company_id, start_date),
      CONSTRAINT fiscal_years_range_check CHECK (end_date > start_date),
      CONSTRAINT fiscal_years_closed_check CHECK ((status = 'closed') = (closed_at IS NOT NULL))
    );
    CREATE INDEX fiscal_years_closed_idx ON ${s}.fiscal_years (company_id, start_date, end_date) WHERE status = 'closed';

    CREATE FUNCTION ${s}.fiscal_year_closed_refusal(y_start date, y_end date) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      label text := CASE WHEN extract(year FROM y_start) = extract(year FROM y_end)
                         THEN to_char(y_start, 'YYYY') ELSE to_char(y_start, 'YYYY') || '-' || to_char(y_end, 'YYYY') END;
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'XA010',
        MESSAGE = format('L''exercice %s est clôturé : aucune écriture ne peut y être passée, validée ou annulée.', label),
        DETAIL = format('closed fiscal year %s – %s', y_start, y_end);
    END $$;

    CREATE FUNCTION ${s}.accounting_entries_closed_year_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      y record;
    BEGIN
      SELECT f.start_date, f.end_date INTO y
        FROM (SELECT DISTINCT company_id, date FROM new_entries) n
        JOIN ${s}.fiscal_years f
          ON f.company_id = n.company_id AND f.status = 'closed' AND n.date BETWEEN f.start_date AND f.end_date
       LIMIT 1;
      IF FOUND THEN
        PERFORM ${s}.fiscal_year_closed_refusal(y.start_date, y.end_date);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_closed_year_insert
      AFTER INSERT ON ${s}.accounting_entries
      REFERENCING NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_closed_year_insert();

    CREATE FUNCTION ${s}.accounting_entries_closed_year_update() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      y record;
    BEGIN
      -- The rows (before and after) dated in a closed year: normally none, then
      -- among them an entry whose own content changed.
      WITH x AS MATERIALIZED (
        SELECT id, company_id, date,
               row(status, date, number, journal, total, description, reference, reversed_by_id, reversal_of_id)::text AS k
          FROM new_entries
        UNION ALL
        SELECT id, company_id, date,
               row(status, date, number, journal, total, description, reference, reversed_by_id, reversal_of_id)::text
          FROM old_entries
      ), hit AS MATERIALIZED (
        SELECT DISTINCT x.id, f.start_date, f.end_date
          FROM x JOIN ${s}.fiscal_years f
            ON f.company_id = x.company_id AND f.status = 'closed' AND x.date BETWEEN f.start_date AND f.end_date
      )
      SELECT h.start_date, h.end_date INTO y
        FROM hit h
       WHERE (SELECT count(DISTINCT x.k) FROM x WHERE x.id = h.id) > 1
       LIMIT 1;
      IF FOUND THEN
        PERFORM ${s}.fiscal_year_closed_refusal(y.start_date, y.end_date);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_closed_year_update
      AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_closed_year_update();
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TRIGGER accounting_entries_closed_year_update ON ${s}.accounting_entries;
    DROP TRIGGER accounting_entries_closed_year_insert ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_closed_year_update();
    DROP FUNCTION ${s}.accounting_entries_closed_year_insert();
    DROP FUNCTION ${s}.fiscal_year_closed_refusal(date, date);
    DROP TABLE ${s}.fiscal_years;
  `,
);
