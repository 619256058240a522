import { sqlStep } from '@xaalis/service-kit';

/**
 * VAT per line and the VAT return (issue 30).
 *
 * - `vat_codes`: each company's codes (TVA18, TVA10, EXPORT, EXO, HORS, and
 *   its own), created with the company by a trigger, backfilled here; a rate
 *   no default has (an invoice at 5 %) becomes a code of its own.
 * - `invoice_lines` get their code, rate, share of the invoice's VAT and, for
 *   purchases, whether the VAT is deductible. Existing lines take their
 *   invoice's rate; the invoice's VAT is spread over its lines in proportion
 *   (the last line takes what rounding leaves), so every invoice keeps its
 *   totals.
 * - `vat_lines`: the VAT ledger. One row per VAT code of each posted
 *   document (invoice, credit note, payment with VAT withheld), tied to its
 *   entry and written in the entry's transaction; the return sums the rows of
 *   the period's entries. Backfilled from the validated invoices and credit
 *   notes (all of a purchase's VAT on 4452, as it was posted).
 * - `vat_returns`: what was declared, version by version (corrective returns),
 *   with its figures and the entries behind them. While a return is
 *   `declared`, no entry dated in its period can be inserted or changed:
 *   SQLSTATE XA011, as closed years (0012) do with XA010 (the same test of an
 *   entry's own content); the fiscal year's closing and opening entries are
 *   exempt (they move no VAT).
 * - `payments.vat_withheld`: the VAT a client withheld on a payment;
 *   `payments.withholding`: the tax withheld at source from a supplier (BRS),
 *   and `withholding_statements`, the bordereaux filed (one per period, no overlap).
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.vat_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      code text NOT NULL,
      label text NOT NULL,
      rate numeric(5,2) NOT NULL CHECK (rate >= 0 AND rate <= 100),
      kind text NOT NULL CHECK (kind IN ('taxable', 'export', 'exempt', 'out_of_scope')),
      collected_account text NOT NULL DEFAULT '4431',
      deductible_account text NOT NULL DEFAULT '4452',
      fixed_assets_account text NOT NULL DEFAULT '4451',
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT vat_codes_company_code_key UNIQUE (company_id, code),
      CONSTRAINT vat_codes_company_id_key UNIQUE (company_id, id),
      CONSTRAINT vat_codes_zero_rate_check CHECK (kind = 'taxable' OR rate = 0)
    );
    -- A rate names one taxable code: '18' on a line is TVA18.
    CREATE UNIQUE INDEX vat_codes_taxable_rate_key ON ${s}.vat_codes (company_id, rate) WHERE kind = 'taxable';

    CREATE FUNCTION ${s}.vat_codes_defaults(p_company uuid) RETURNS void LANGUAGE sql AS $$
      INSERT INTO ${s}.vat_codes (company_id, code, label, rate, kind)
      VALUES (p_company, 'TVA18', 'Taux normal 18 %', 18, 'taxable'),
             (p_company, 'TVA10', 'Taux réduit 10 % (hébergement et restauration)', 10, 'taxable'),
             (p_company, 'EXPORT', 'Exportations 0 %', 0, 'export'),
             (p_company, 'EXO', 'Exonéré', 0, 'exempt'),
             (p_company, 'HORS', 'Non imposable', 0, 'out_of_scope')
      ON CONFLICT DO NOTHING
    $$;
    CREATE FUNCTION ${s}.companies_vat_codes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM ${s}.vat_codes_defaults(NEW.id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER companies_vat_codes AFTER INSERT ON ${s}.companies
      FOR EACH ROW EXECUTE FUNCTION ${s}.companies_vat_codes();
    SELECT ${s}.vat_codes_defaults(id) FROM ${s}.companies;

    -- The code of a rate: the taxable code at that rate, EXO for 0 %; other rates get a code of their own.
    INSERT INTO ${s}.vat_codes (company_id, code, label, rate, kind)
    SELECT DISTINCT i.company_id, 'TVA' || trim(to_char(i.vat_rate, 'FM990.99'), '.'),
           'TVA ' || replace(trim(to_char(i.vat_rate, 'FM990.99'), '.'), '.', ',') || ' %', i.vat_rate, 'taxable'
      FROM ${s}.invoices i
     WHERE i.vat_rate NOT IN (0, 10, 18)
    ON CONFLICT DO NOTHING;
    CREATE FUNCTION ${s}.vat_code_of_rate(p_company uuid, p_rate numeric) RETURNS uuid LANGUAGE sql STABLE AS $$
      SELECT id FROM ${s}.vat_codes
       WHERE company_id = p_company AND ((p_rate = 0 AND code = 'EXO') OR (p_rate <> 0 AND kind = 'taxable' AND rate = p_rate))
       LIMIT 1
    $$;

    ALTER TABLE ${s}.invoice_lines
      ADD COLUMN vat_code_id uuid,
      ADD COLUMN vat_rate numeric(5,2),
      ADD COLUMN vat_amount numeric(15,2),
      ADD COLUMN vat_deductible boolean NOT NULL DEFAULT true;
    UPDATE ${s}.invoice_lines l
       SET vat_code_id = ${s}.vat_code_of_rate(i.company_id, i.vat_rate),
           vat_rate = i.vat_rate,
           vat_amount = CASE
             WHEN i.subtotal = 0 THEN 0
             WHEN l.line_no = (SELECT max(x.line_no) FROM ${s}.invoice_lines x WHERE x.invoice_id = i.id)
               THEN i.vat_amount - coalesce((SELECT sum(round(i.vat_amount * x.total / i.subtotal, 2)) FROM ${s}.invoice_lines x
                                             WHERE x.invoice_id = i.id AND x.line_no <> l.line_no), 0)
             ELSE round(i.vat_amount * l.total / i.subtotal, 2)
           END
      FROM ${s}.invoices i
     WHERE i.id = l.invoice_id;
    ALTER TABLE ${s}.invoice_lines
      ALTER COLUMN vat_code_id SET NOT NULL,
      ALTER COLUMN vat_rate SET NOT NULL,
      ALTER COLUMN vat_amount SET NOT NULL,
      ADD CONSTRAINT invoice_lines_vat_code_fkey FOREIGN KEY (company_id, vat_code_id) REFERENCES ${s}.vat_codes (company_id, id);

    CREATE TABLE ${s}.vat_lines (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id uuid NOT NULL,
      entry_id uuid NOT NULL,
      source_type text NOT NULL CHECK (source_type IN ('invoice', 'credit_note', 'payment')),
      source_id uuid NOT NULL,
      vat_code_id uuid NOT NULL,
      -- sales: VAT collected; purchases: VAT paid (deductible or not); withheld: VAT a client withheld.
      flow text NOT NULL CHECK (flow IN ('sales', 'purchases', 'withheld')),
      -- Purchases: deductible on goods and services (4452), on fixed assets (4451), or not deductible (in the charge).
      category text NOT NULL DEFAULT 'goods' CHECK (category IN ('goods', 'assets', 'none')),
      -- Signed: a credit note's rows are negative. Withheld: base is the payment.
      base numeric(15,2) NOT NULL,
      vat numeric(15,2) NOT NULL,
      CONSTRAINT vat_lines_entry_fkey FOREIGN KEY (entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id),
      CONSTRAINT vat_lines_code_fkey FOREIGN KEY (company_id, vat_code_id) REFERENCES ${s}.vat_codes (company_id, id)
    );
    CREATE INDEX vat_lines_entry_idx ON ${s}.vat_lines (entry_id);

    INSERT INTO ${s}.vat_lines (company_id, entry_id, source_type, source_id, vat_code_id, flow, base, vat)
    SELECT i.company_id, i.entry_id, 'invoice', i.id, ${s}.vat_code_of_rate(i.company_id, i.vat_rate),
           CASE WHEN i.type = 'purchase' THEN 'purchases' ELSE 'sales' END, i.subtotal, i.vat_amount
      FROM ${s}.invoices i
     WHERE i.entry_id IS NOT NULL;
    INSERT INTO ${s}.vat_lines (company_id, entry_id, source_type, source_id, vat_code_id, flow, base, vat)
    SELECT c.company_id, c.entry_id, 'credit_note', c.id, ${s}.vat_code_of_rate(i.company_id, i.vat_rate),
           CASE WHEN i.type = 'purchase' THEN 'purchases' ELSE 'sales' END, -c.subtotal, -c.vat_amount
      FROM ${s}.credit_notes c
      JOIN ${s}.invoices i ON i.id = c.invoice_id
     WHERE c.entry_id IS NOT NULL;

    ALTER TABLE ${s}.payments
      ADD COLUMN vat_withheld numeric(15,2) NOT NULL DEFAULT 0 CHECK (vat_withheld >= 0 AND vat_withheld <= amount),
      ADD COLUMN withholding numeric(15,2) NOT NULL DEFAULT 0 CHECK (withholding >= 0 AND withholding <= amount);
    -- The bordereau of a period: its payments with tax withheld, by date.
    CREATE INDEX payments_withholding_idx ON ${s}.payments (company_id, date) WHERE withholding > 0;

    -- Bordereaux de retenue à la source filed: one per period (a month, or a quarter), frozen as filed.
    CREATE TABLE ${s}.withholding_statements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      period text NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL,
      filed_on date NOT NULL,
      reference text,
      figures jsonb NOT NULL,
      total_gross numeric(15,2) NOT NULL,
      total_withheld numeric(15,2) NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- A month and its quarter cannot both be filed: checked under the company's filing lock (no btree_gist here).
      CONSTRAINT withholding_statements_company_period_key UNIQUE (company_id, period)
    );

    CREATE TABLE ${s}.vat_returns (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      period text NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL,
      version integer NOT NULL CHECK (version >= 1),
      status text NOT NULL CHECK (status IN ('declared', 'reopened', 'superseded')),
      filed_on date NOT NULL,
      reference text,
      figures jsonb NOT NULL,
      collected numeric(15,2) NOT NULL,
      deductible numeric(15,2) NOT NULL,
      withheld numeric(15,2) NOT NULL,
      credit_brought_forward numeric(15,2) NOT NULL,
      due numeric(15,2) NOT NULL CHECK (due >= 0),
      credit_carried_forward numeric(15,2) NOT NULL CHECK (credit_carried_forward >= 0),
      entry_ids uuid[] NOT NULL,
      settlement_entry_id uuid,
      previous_id uuid REFERENCES ${s}.vat_returns (id),
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      reopened_by uuid,
      reopened_at timestamptz,
      CONSTRAINT vat_returns_company_period_version_key UNIQUE (company_id, period, version),
      CONSTRAINT vat_returns_range_check CHECK (end_date >= start_date)
    );
    -- One return in force (declared or reopened) per period; the lock looks up the declared ones.
    CREATE UNIQUE INDEX vat_returns_current_key ON ${s}.vat_returns (company_id, period) WHERE status <> 'superseded';
    CREATE INDEX vat_returns_declared_idx ON ${s}.vat_returns (company_id, start_date, end_date) WHERE status = 'declared';

    CREATE FUNCTION ${s}.vat_period_declared_refusal(p_period text) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'XA011',
        MESSAGE = format('La période de TVA %s est déclarée : aucune écriture datée de cette période ne peut y être passée, validée, modifiée ou annulée. Rouvrez la déclaration pour la rectifier.', p_period);
    END $$;

    -- The fiscal year's closing and opening entries (dated its last day and the next year's first) move
    -- no VAT: a year whose December or January was declared can still be closed and reopened.
    CREATE FUNCTION ${s}.vat_lock_exempt(p_source text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
      SELECT coalesce(p_source, '') IN ('fiscal-year-closing', 'fiscal-year-opening')
    $$;

    CREATE FUNCTION ${s}.accounting_entries_vat_lock_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      p text;
    BEGIN
      SELECT r.period INTO p
        FROM (SELECT DISTINCT company_id, date FROM new_entries WHERE NOT ${s}.vat_lock_exempt(source_type)) n
        JOIN ${s}.vat_returns r
          ON r.company_id = n.company_id AND r.status = 'declared' AND n.date BETWEEN r.start_date AND r.end_date
       LIMIT 1;
      IF FOUND THEN
        PERFORM ${s}.vat_period_declared_refusal(p);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_vat_lock_insert
      AFTER INSERT ON ${s}.accounting_entries
      REFERENCING NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_vat_lock_insert();

    -- As for closed years: an entry whose own content changes while dated (before or after) in a declared period.
    CREATE FUNCTION ${s}.accounting_entries_vat_lock_update() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      p text;
    BEGIN
      WITH x AS MATERIALIZED (
        SELECT id, company_id, date,
               row(status, date, number, journal, total, description, reference, reversed_by_id, reversal_of_id)::text AS k
          FROM new_entries WHERE NOT ${s}.vat_lock_exempt(source_type)
        UNION ALL
        SELECT id, company_id, date,
               row(status, date, number, journal, total, description, reference, reversed_by_id, reversal_of_id)::text
          FROM old_entries WHERE NOT ${s}.vat_lock_exempt(source_type)
      ), hit AS MATERIALIZED (
        SELECT DISTINCT x.id, r.period
          FROM x JOIN ${s}.vat_returns r
            ON r.company_id = x.company_id AND r.status = 'declared' AND x.date BETWEEN r.start_date AND r.end_date
      )
      SELECT h.period INTO p
        FROM hit h
       WHERE (SELECT count(DISTINCT x.k) FROM x WHERE x.id = h.id) > 1
       LIMIT 1;
      IF FOUND THEN
        PERFORM ${s}.vat_period_declared_refusal(p);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounting_entries_vat_lock_update
      AFTER UPDATE ON ${s}.accounting_entries
      REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.accounting_entries_vat_lock_update();
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TRIGGER accounting_entries_vat_lock_update ON ${s}.accounting_entries;
    DROP TRIGGER accounting_entries_vat_lock_insert ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_vat_lock_update();
    DROP FUNCTION ${s}.accounting_entries_vat_lock_insert();
    DROP FUNCTION ${s}.vat_period_declared_refusal(text);
    DROP FUNCTION ${s}.vat_lock_exempt(text);
    DROP TABLE ${s}.vat_returns;
    DROP TABLE ${s}.withholding_statements;
    ALTER TABLE ${s}.payments DROP COLUMN vat_withheld, DROP COLUMN withholding;
    DROP TABLE ${s}.vat_lines;
    ALTER TABLE ${s}.invoice_lines DROP CONSTRAINT invoice_lines_vat_code_fkey,
      DROP COLUMN vat_code_id, DROP COLUMN vat_rate, DROP COLUMN vat_amount, DROP COLUMN vat_deductible;
    DROP FUNCTION ${s}.vat_code_of_rate(uuid, numeric);
    DROP TRIGGER companies_vat_codes ON ${s}.companies;
    DROP FUNCTION ${s}.companies_vat_codes();
    DROP FUNCTION ${s}.vat_codes_defaults(uuid);
    DROP TABLE ${s}.vat_codes;
  `,
);
