import { sqlStep } from '@xaalis/service-kit';

/**
 * Journals as data and treasury accounts (issue 28).
 *
 * `journals`: each company's journals. Every company has the standard ones
 * (VT, AC, BQ, CA, MM, OD, PA, AN: inserted for the existing companies and by
 * a trigger for new ones); a treasury account after the first of its kind
 * adds its own (BQ2, MM2, CA2…). The entries' fixed list of journals (a
 * CHECK since 0002/0011) becomes a foreign key to the company's journals,
 * so an entry can only be in a journal its company has.
 *
 * `treasury_accounts`: a company's bank accounts, mobile-money wallets, cash
 * boxes and its cheques-to-cash account, each on its own account of the chart
 * (unique) and in a journal. The first of each kind (is_default) is on the
 * account the payment methods always used (521 bank, 552 mobile money, 571
 * cash, 513 cheques) in BQ, MM, CA and BQ: existing companies get theirs here
 * for the accounts their chart has, so every figure stays as it was; the
 * service creates the missing ones when first asked (a chart generated later).
 */
const STANDARD = `('VT', 'Ventes'), ('AC', 'Achats'), ('BQ', 'Banque'), ('CA', 'Caisse'), ('MM', 'Mobile Money'),
                  ('OD', 'Opérations diverses'), ('PA', 'Paie'), ('AN', 'À-nouveaux')`;

export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.journals (
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (code ~ '^(VT|AC|OD|PA|AN|(BQ|CA|MM)([2-9]|[1-9][0-9])?)$'),
      label text NOT NULL CHECK (length(label) BETWEEN 1 AND 120),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, code)
    );
    INSERT INTO ${s}.journals (company_id, code, label)
      SELECT c.id, j.code, j.label FROM ${s}.companies c CROSS JOIN (VALUES ${STANDARD}) AS j(code, label);

    CREATE FUNCTION ${s}.companies_standard_journals() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${s}.journals (company_id, code, label)
        SELECT NEW.id, j.code, j.label FROM (VALUES ${STANDARD}) AS j(code, label);
      RETURN NULL;
    END $$;
    CREATE TRIGGER companies_standard_journals AFTER INSERT ON ${s}.companies
      FOR EACH ROW EXECUTE FUNCTION ${s}.companies_standard_journals();

    ALTER TABLE ${s}.accounting_entries DROP CONSTRAINT accounting_entries_journal_check;
    ALTER TABLE ${s}.accounting_entries ADD CONSTRAINT accounting_entries_journal_fkey
      FOREIGN KEY (company_id, journal) REFERENCES ${s}.journals (company_id, code);

    CREATE TABLE ${s}.treasury_accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('bank', 'mobile_money', 'cash', 'cheques')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      bank_name text CHECK (length(bank_name) <= 100),
      account_holder text CHECK (length(account_holder) <= 100),
      iban text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$'),
      provider text CHECK (provider IN ('wave', 'orange_money', 'free_money', 'other')),
      wallet_number text CHECK (length(wallet_number) <= 30),
      currency text NOT NULL DEFAULT 'XOF' CHECK (currency = 'XOF'),
      account_id uuid NOT NULL,
      journal text NOT NULL,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT treasury_accounts_bank_fields CHECK (kind = 'bank' OR (iban IS NULL AND bank_name IS NULL)),
      CONSTRAINT treasury_accounts_wallet_fields CHECK (kind = 'mobile_money' OR (provider IS NULL AND wallet_number IS NULL)),
      CONSTRAINT treasury_accounts_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id),
      CONSTRAINT treasury_accounts_journal_fkey FOREIGN KEY (company_id, journal) REFERENCES ${s}.journals (company_id, code),
      UNIQUE (company_id, id),
      UNIQUE (company_id, account_id)
    );
    -- One default per kind; one cheques account per company.
    CREATE UNIQUE INDEX treasury_accounts_default_key ON ${s}.treasury_accounts (company_id, kind) WHERE is_default;
    CREATE UNIQUE INDEX treasury_accounts_cheques_key ON ${s}.treasury_accounts (company_id) WHERE kind = 'cheques';

    INSERT INTO ${s}.treasury_accounts (company_id, kind, name, provider, account_id, journal, is_default)
      SELECT a.company_id, d.kind, d.name, d.provider, a.id, d.journal, true
        FROM (VALUES ('bank', '521', 'Banque', NULL, 'BQ'), ('mobile_money', '552', 'Orange Money', 'orange_money', 'MM'),
                     ('cash', '571', 'Caisse', NULL, 'CA'), ('cheques', '513', 'Chèques à encaisser', NULL, 'BQ'))
             AS d(kind, code, name, provider, journal)
        JOIN ${s}.accounts a ON a.code = d.code;

    -- Money moved between two treasury accounts: two entries through 585 Virements de fonds.
    CREATE TABLE ${s}.treasury_transfers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      from_account_id uuid NOT NULL,
      to_account_id uuid NOT NULL,
      amount numeric(15,2) NOT NULL CHECK (amount > 0),
      date date NOT NULL,
      reference text CHECK (length(reference) <= 100),
      out_entry_id uuid NOT NULL,
      in_entry_id uuid NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (from_account_id <> to_account_id),
      FOREIGN KEY (company_id, from_account_id) REFERENCES ${s}.treasury_accounts (company_id, id),
      FOREIGN KEY (company_id, to_account_id) REFERENCES ${s}.treasury_accounts (company_id, id),
      FOREIGN KEY (out_entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id),
      FOREIGN KEY (in_entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id)
    );
    CREATE INDEX treasury_transfers_company_idx ON ${s}.treasury_transfers (company_id, date DESC);

    -- A payment may name its treasury account (the method is then the account's kind's).
    ALTER TABLE ${s}.payments ADD COLUMN treasury_account_id uuid;
    ALTER TABLE ${s}.payments ADD CONSTRAINT payments_treasury_account_fkey
      FOREIGN KEY (company_id, treasury_account_id) REFERENCES ${s}.treasury_accounts (company_id, id);
  `,
);

export const down = sqlStep(
  (s) => `
    ALTER TABLE ${s}.payments DROP COLUMN treasury_account_id;
    DROP TABLE ${s}.treasury_transfers;
    DROP TABLE ${s}.treasury_accounts;
    ALTER TABLE ${s}.accounting_entries DROP CONSTRAINT accounting_entries_journal_fkey;
    ALTER TABLE ${s}.accounting_entries ADD CONSTRAINT accounting_entries_journal_check
      CHECK (journal IN ('VT', 'AC', 'BQ', 'CA', 'MM', 'OD', 'PA', 'AN'));
    DROP TRIGGER companies_standard_journals ON ${s}.companies;
    DROP FUNCTION ${s}.companies_standard_journals();
    DROP TABLE ${s}.journals;
  `,
);
