import { sqlStep } from '@xaalis/service-kit';

/**
 * Credit notes (issue 29).
 *
 * - `document_counters`: gap-free series of documents other than invoices,
 *   per company, kind and year (AV customer credit notes, AF supplier ones;
 *   the lettering codes use kind 'lettrage', year 0).
 * - `credit_notes` / `credit_note_lines`: an avoir on one validated invoice,
 *   posted (its entry is the reverse of the invoice's lines for its amount).
 *   Its credit is set against invoices (`credit_note_applications`, its own
 *   invoice first) or paid back (`credit_note_refunds`, posted); what is left
 *   is the third party's credit. The database keeps: applied + refunded never
 *   exceed the total.
 * - `invoices.credit_total` (its own credit notes, never above its total) and
 *   `invoices.credited_amount` (credit set against it: it lowers the balance
 *   due; paid + credited never exceed the total). 'paid' now means settled by
 *   payments and credit, with something paid.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.document_counters (
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      kind text NOT NULL,
      year integer NOT NULL,
      last_number integer NOT NULL CHECK (last_number >= 0),
      PRIMARY KEY (company_id, kind, year)
    );

    ALTER TABLE ${s}.invoices
      ADD COLUMN credit_total numeric(15,2) NOT NULL DEFAULT 0,
      ADD COLUMN credited_amount numeric(15,2) NOT NULL DEFAULT 0,
      ADD CONSTRAINT invoices_credit_total_check CHECK (credit_total >= 0 AND credit_total <= total),
      ADD CONSTRAINT invoices_credited_check CHECK (credited_amount >= 0 AND paid_amount + credited_amount <= total),
      ADD CONSTRAINT invoices_credit_states_check CHECK (status NOT IN ('draft', 'cancelled') OR (credit_total = 0 AND credited_amount = 0)),
      DROP CONSTRAINT invoices_paid_check,
      ADD CONSTRAINT invoices_paid_check CHECK (
        (status = 'paid') = (status IN ('validated', 'paid') AND paid_amount > 0 AND paid_amount + credited_amount = total));

    CREATE TABLE ${s}.credit_notes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      invoice_id uuid NOT NULL,
      number text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('customer', 'supplier')),
      third_party_id uuid NOT NULL,
      date date NOT NULL,
      reason text NOT NULL CHECK (reason <> ''),
      subtotal numeric(15,2) NOT NULL CHECK (subtotal >= 0),
      vat_amount numeric(15,2) NOT NULL CHECK (vat_amount >= 0),
      total numeric(15,2) NOT NULL CHECK (total > 0),
      applied_amount numeric(15,2) NOT NULL DEFAULT 0,
      refunded_amount numeric(15,2) NOT NULL DEFAULT 0,
      entry_id uuid NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT credit_notes_company_number_key UNIQUE (company_id, number),
      CONSTRAINT credit_notes_id_company_key UNIQUE (id, company_id),
      CONSTRAINT credit_notes_sum_check CHECK (total = subtotal + vat_amount),
      CONSTRAINT credit_notes_use_check CHECK (applied_amount >= 0 AND refunded_amount >= 0 AND applied_amount + refunded_amount <= total),
      CONSTRAINT credit_notes_invoice_fkey FOREIGN KEY (invoice_id, company_id) REFERENCES ${s}.invoices (id, company_id),
      CONSTRAINT credit_notes_third_party_fkey FOREIGN KEY (company_id, third_party_id) REFERENCES ${s}.third_parties (company_id, id)
        DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT credit_notes_entry_fkey FOREIGN KEY (entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id)
        DEFERRABLE INITIALLY DEFERRED
    );
    CREATE INDEX credit_notes_company_date_idx ON ${s}.credit_notes (company_id, date DESC, number DESC);
    CREATE INDEX credit_notes_invoice_idx ON ${s}.credit_notes (invoice_id);
    CREATE INDEX credit_notes_third_party_idx ON ${s}.credit_notes (company_id, third_party_id);

    CREATE TABLE ${s}.credit_note_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      credit_note_id uuid NOT NULL,
      company_id uuid NOT NULL,
      line_no integer NOT NULL CHECK (line_no >= 1),
      invoice_line_id uuid REFERENCES ${s}.invoice_lines (id),
      description text NOT NULL,
      quantity numeric(10,3) CHECK (quantity > 0),
      unit_price numeric(15,2),
      total numeric(15,2) NOT NULL CHECK (total >= 0),
      -- The account credited back: the invoice line's, else its type's default (701/706/601).
      account_id uuid,
      account_code text,
      inventory_item_id uuid,
      restock boolean NOT NULL DEFAULT false,
      CONSTRAINT credit_note_lines_note_fkey FOREIGN KEY (credit_note_id, company_id) REFERENCES ${s}.credit_notes (id, company_id) ON DELETE CASCADE,
      CONSTRAINT credit_note_lines_account_check CHECK ((account_id IS NULL) <> (account_code IS NULL)),
      CONSTRAINT credit_note_lines_restock_check CHECK (NOT restock OR (inventory_item_id IS NOT NULL AND quantity IS NOT NULL)),
      CONSTRAINT credit_note_lines_line_key UNIQUE (credit_note_id, line_no)
    );
    CREATE INDEX credit_note_lines_invoice_line_idx ON ${s}.credit_note_lines (invoice_line_id) WHERE invoice_line_id IS NOT NULL;

    CREATE TABLE ${s}.credit_note_applications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      credit_note_id uuid NOT NULL,
      invoice_id uuid NOT NULL,
      amount numeric(15,2) NOT NULL CHECK (amount > 0),
      date date NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT credit_note_applications_note_fkey FOREIGN KEY (credit_note_id, company_id) REFERENCES ${s}.credit_notes (id, company_id),
      CONSTRAINT credit_note_applications_invoice_fkey FOREIGN KEY (invoice_id, company_id) REFERENCES ${s}.invoices (id, company_id)
    );
    CREATE INDEX credit_note_applications_note_idx ON ${s}.credit_note_applications (credit_note_id);
    CREATE INDEX credit_note_applications_invoice_idx ON ${s}.credit_note_applications (invoice_id);

    CREATE TABLE ${s}.credit_note_refunds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      credit_note_id uuid NOT NULL,
      amount numeric(15,2) NOT NULL CHECK (amount > 0),
      date date NOT NULL,
      treasury_account_id uuid NOT NULL,
      entry_id uuid NOT NULL,
      reference text,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT credit_note_refunds_note_fkey FOREIGN KEY (credit_note_id, company_id) REFERENCES ${s}.credit_notes (id, company_id),
      CONSTRAINT credit_note_refunds_entry_fkey FOREIGN KEY (entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id)
        DEFERRABLE INITIALLY DEFERRED
    );
    CREATE INDEX credit_note_refunds_note_idx ON ${s}.credit_note_refunds (credit_note_id);

    -- An invoice's history records its credit notes.
    ALTER TABLE ${s}.audit_events DROP CONSTRAINT audit_events_action_check,
      ADD CONSTRAINT audit_events_action_check
        CHECK (action IN ('created', 'edited', 'validated', 'cancelled', 'deleted', 'imported', 'closed', 'reopened', 'paid', 'credited'));
  `,
);

export const down = sqlStep(
  (s) => `
    DELETE FROM ${s}.audit_events WHERE action = 'credited';
    ALTER TABLE ${s}.audit_events DROP CONSTRAINT audit_events_action_check,
      ADD CONSTRAINT audit_events_action_check
        CHECK (action IN ('created', 'edited', 'validated', 'cancelled', 'deleted', 'imported', 'closed', 'reopened', 'paid'));
    DROP TABLE ${s}.credit_note_refunds;
    DROP TABLE ${s}.credit_note_applications;
    DROP TABLE ${s}.credit_note_lines;
    DROP TABLE ${s}.credit_notes;
    ALTER TABLE ${s}.invoices
      DROP CONSTRAINT invoices_paid_check,
      ADD CONSTRAINT invoices_paid_check CHECK ((status = 'paid') = (status IN ('validated', 'paid') AND paid_amount = total AND total > 0)),
      DROP CONSTRAINT invoices_credit_states_check,
      DROP CONSTRAINT invoices_credited_check,
      DROP CONSTRAINT invoices_credit_total_check,
      DROP COLUMN credited_amount,
      DROP COLUMN credit_total;
    DROP TABLE ${s}.document_counters;
  `,
);
