import { sqlStep } from '@xaalis/service-kit';

/**
 * Recurring invoices (issue 29): a template and its lines; each invoice it
 * created is a run, unique per template and date, inserted in the invoice's
 * transaction — so a job run twice, late or concurrently creates each
 * period's invoice once.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.recurring_invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      client_id uuid NOT NULL,
      type text NOT NULL CHECK (type IN ('sale', 'service')),
      frequency text NOT NULL CHECK (frequency IN ('monthly', 'quarterly', 'yearly')),
      day integer NOT NULL CHECK (day BETWEEN 1 AND 28),
      start_date date NOT NULL,
      end_date date,
      validate boolean NOT NULL,
      due_days integer NOT NULL CHECK (due_days BETWEEN 0 AND 365),
      payment_method text NOT NULL CHECK (payment_method IN ('bank', 'orange', 'cash', 'check')),
      vat_rate numeric(5,2) NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 100),
      subtotal numeric(15,2) NOT NULL,
      vat_amount numeric(15,2) NOT NULL,
      total numeric(15,2) NOT NULL,
      notes text,
      active boolean NOT NULL DEFAULT true,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT recurring_invoices_id_company_key UNIQUE (id, company_id),
      CONSTRAINT recurring_invoices_end_check CHECK (end_date IS NULL OR end_date >= start_date),
      CONSTRAINT recurring_invoices_client_fkey FOREIGN KEY (company_id, client_id) REFERENCES ${s}.third_parties (company_id, id)
    );
    CREATE INDEX recurring_invoices_company_idx ON ${s}.recurring_invoices (company_id, created_at DESC);
    CREATE INDEX recurring_invoices_active_idx ON ${s}.recurring_invoices (start_date) WHERE active;

    CREATE TABLE ${s}.recurring_invoice_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      recurring_invoice_id uuid NOT NULL,
      company_id uuid NOT NULL,
      line_no integer NOT NULL CHECK (line_no >= 1),
      description text NOT NULL,
      quantity numeric(10,3) NOT NULL CHECK (quantity > 0),
      unit_price numeric(15,2) NOT NULL CHECK (unit_price >= 0),
      total numeric(15,2) NOT NULL CHECK (total >= 0),
      account_id uuid,
      inventory_item_id uuid,
      CONSTRAINT recurring_invoice_lines_template_fkey FOREIGN KEY (recurring_invoice_id, company_id)
        REFERENCES ${s}.recurring_invoices (id, company_id) ON DELETE CASCADE,
      CONSTRAINT recurring_invoice_lines_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id),
      CONSTRAINT recurring_invoice_lines_item_fkey FOREIGN KEY (company_id, inventory_item_id) REFERENCES ${s}.inventory_items (company_id, id),
      CONSTRAINT recurring_invoice_lines_line_key UNIQUE (recurring_invoice_id, line_no)
    );

    CREATE TABLE ${s}.recurring_invoice_runs (
      recurring_invoice_id uuid NOT NULL REFERENCES ${s}.recurring_invoices (id) ON DELETE CASCADE,
      date date NOT NULL,
      company_id uuid NOT NULL,
      invoice_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (recurring_invoice_id, date),
      CONSTRAINT recurring_invoice_runs_invoice_fkey FOREIGN KEY (invoice_id, company_id) REFERENCES ${s}.invoices (id, company_id)
    );
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TABLE ${s}.recurring_invoice_runs;
    DROP TABLE ${s}.recurring_invoice_lines;
    DROP TABLE ${s}.recurring_invoices;
  `,
);
