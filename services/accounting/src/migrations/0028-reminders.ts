import { sqlStep } from '@xaalis/service-kit';

/**
 * Reminders (issue 29): each company's levels (its defaults are written on
 * first use), the reminders made and the overdue invoices each one listed.
 * A reminder is 'sent' only once the mail server accepted it.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.reminder_levels (
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      level integer NOT NULL CHECK (level BETWEEN 1 AND 9),
      name text NOT NULL CHECK (name <> ''),
      delay_days integer NOT NULL CHECK (delay_days BETWEEN 0 AND 365),
      body text NOT NULL,
      fee numeric(15,2) CHECK (fee >= 0),
      interest_rate numeric(5,2) CHECK (interest_rate >= 0),
      PRIMARY KEY (company_id, level)
    );

    CREATE TABLE ${s}.reminders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      third_party_id uuid NOT NULL,
      level integer NOT NULL,
      level_name text NOT NULL,
      date date NOT NULL,
      total numeric(15,2) NOT NULL,
      late_fee numeric(15,2) NOT NULL DEFAULT 0,
      status text NOT NULL CHECK (status IN ('sent', 'to_download', 'failed')),
      email text,
      error text,
      body text NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT reminders_id_company_key UNIQUE (id, company_id),
      CONSTRAINT reminders_third_party_fkey FOREIGN KEY (company_id, third_party_id) REFERENCES ${s}.third_parties (company_id, id)
    );
    CREATE INDEX reminders_company_idx ON ${s}.reminders (company_id, created_at DESC);

    CREATE TABLE ${s}.reminder_invoices (
      reminder_id uuid NOT NULL,
      invoice_id uuid NOT NULL,
      company_id uuid NOT NULL,
      balance_due numeric(15,2) NOT NULL,
      days_overdue integer NOT NULL,
      PRIMARY KEY (reminder_id, invoice_id),
      CONSTRAINT reminder_invoices_reminder_fkey FOREIGN KEY (reminder_id, company_id) REFERENCES ${s}.reminders (id, company_id) ON DELETE CASCADE,
      CONSTRAINT reminder_invoices_invoice_fkey FOREIGN KEY (invoice_id, company_id) REFERENCES ${s}.invoices (id, company_id)
    );
    CREATE INDEX reminder_invoices_invoice_idx ON ${s}.reminder_invoices (invoice_id);
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TABLE ${s}.reminder_invoices;
    DROP TABLE ${s}.reminders;
    DROP TABLE ${s}.reminder_levels;
  `,
);
