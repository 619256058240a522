import { sqlStep } from '@xaalis/service-kit';

/**
 * Quotes (issue 29): numbered DV-YYYY-NNNN from document_counters (kind
 * 'DV'), never posted. An accepted quote becomes an invoice once: the link is
 * kept both ways (quotes.invoice_id unique, invoices.quote_id).
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.quotes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      number text NOT NULL,
      type text NOT NULL CHECK (type IN ('sale', 'service')),
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'accepted', 'refused', 'expired')),
      client_id uuid NOT NULL,
      date date NOT NULL,
      valid_until date,
      vat_rate numeric(5,2) NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 100),
      subtotal numeric(15,2) NOT NULL CHECK (subtotal >= 0),
      vat_amount numeric(15,2) NOT NULL CHECK (vat_amount >= 0),
      total numeric(15,2) NOT NULL,
      notes text,
      invoice_id uuid UNIQUE,
      issuer_snapshot jsonb,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT quotes_company_number_key UNIQUE (company_id, number),
      CONSTRAINT quotes_id_company_key UNIQUE (id, company_id),
      CONSTRAINT quotes_sum_check CHECK (total = subtotal + vat_amount),
      CONSTRAINT quotes_valid_until_check CHECK (valid_until IS NULL OR valid_until >= date),
      CONSTRAINT quotes_converted_check CHECK (invoice_id IS NULL OR status = 'accepted'),
      CONSTRAINT quotes_client_fkey FOREIGN KEY (company_id, client_id) REFERENCES ${s}.third_parties (company_id, id),
      CONSTRAINT quotes_invoice_fkey FOREIGN KEY (invoice_id, company_id) REFERENCES ${s}.invoices (id, company_id)
    );
    CREATE INDEX quotes_company_date_idx ON ${s}.quotes (company_id, date DESC, number DESC);
    CREATE INDEX quotes_expiry_idx ON ${s}.quotes (valid_until) WHERE status = 'sent';

    CREATE TABLE ${s}.quote_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      quote_id uuid NOT NULL,
      company_id uuid NOT NULL,
      line_no integer NOT NULL CHECK (line_no >= 1),
      description text NOT NULL,
      quantity numeric(10,3) NOT NULL CHECK (quantity > 0),
      unit_price numeric(15,2) NOT NULL CHECK (unit_price >= 0),
      total numeric(15,2) NOT NULL CHECK (total >= 0),
      account_id uuid,
      inventory_item_id uuid,
      CONSTRAINT quote_lines_quote_fkey FOREIGN KEY (quote_id, company_id) REFERENCES ${s}.quotes (id, company_id) ON DELETE CASCADE,
      CONSTRAINT quote_lines_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id),
      CONSTRAINT quote_lines_item_fkey FOREIGN KEY (company_id, inventory_item_id) REFERENCES ${s}.inventory_items (company_id, id),
      CONSTRAINT quote_lines_line_key UNIQUE (quote_id, line_no)
    );

    ALTER TABLE ${s}.invoices ADD COLUMN quote_id uuid,
      ADD CONSTRAINT invoices_quote_fkey FOREIGN KEY (quote_id, company_id) REFERENCES ${s}.quotes (id, company_id);
  `,
);

export const down = sqlStep(
  (s) => `
    ALTER TABLE ${s}.invoices DROP COLUMN quote_id;
    DROP TABLE ${s}.quote_lines;
    DROP TABLE ${s}.quotes;
  `,
);
