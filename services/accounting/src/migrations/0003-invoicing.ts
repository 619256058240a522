import { documentCancelGuard } from './entry-cancel-guards';
import { sqlStep } from '@xaalis/service-kit';

/**
 * Business documents that post to the ledger: invoices and their lines, their
 * gap-free numbering counters, stock (items and movements), payments, loans and
 * their instalments.
 *
 * As in 0002, "same company" is a database fact: every reference between these
 * tables (and to accounts, third parties and entries) is a composite foreign key
 * that includes company_id, so a row can never point at another company's row.
 * References that leave the table's own cascade (to accounts, third parties,
 * entries, items) are DEFERRABLE INITIALLY DEFERRED: deleting a company cascades
 * to all of them in an order Postgres chooses, and the references are checked
 * once everything is gone.
 *
 * Money numeric(15,2), quantities numeric(10,3), rates numeric(5,2). The
 * dashboard and treasury read these tables by these exact names.
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.inventory_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (name <> ''),
      category text NOT NULL CHECK (category IN ('ingredient', 'beverage', 'supply', 'material', 'finished')),
      unit text NOT NULL CHECK (unit IN ('kg', 'l', 'pcs', 'm', 'pack', 'box')),
      -- May go below zero: a movement that takes stock below zero is not blocked (spec 02 §4).
      current_stock numeric(10,3) NOT NULL DEFAULT 0,
      min_stock numeric(10,3) NOT NULL DEFAULT 0,
      unit_cost numeric(15,2) NOT NULL DEFAULT 0 CHECK (unit_cost >= 0),
      supplier_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT inventory_items_company_id_key UNIQUE (company_id, id),
      CONSTRAINT inventory_items_supplier_fkey FOREIGN KEY (company_id, supplier_id) REFERENCES ${s}.third_parties (company_id, id)
        DEFERRABLE INITIALLY DEFERRED
    );
    -- The list: a company's items by name.
    CREATE INDEX inventory_items_company_name_idx ON ${s}.inventory_items (company_id, name);
    CREATE INDEX inventory_items_supplier_idx ON ${s}.inventory_items (company_id, supplier_id) WHERE supplier_id IS NOT NULL;

    CREATE TABLE ${s}.invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      number text NOT NULL CHECK (number <> ''),
      type text NOT NULL CHECK (type IN ('sale', 'purchase', 'service')),
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'validated', 'paid', 'cancelled')),
      date date NOT NULL,
      due_date date,
      third_party_id uuid NOT NULL,
      subtotal numeric(15,2) NOT NULL DEFAULT 0 CHECK (subtotal >= 0),
      vat_rate numeric(5,2) NOT NULL DEFAULT 18.00 CHECK (vat_rate >= 0 AND vat_rate <= 100),
      vat_amount numeric(15,2) NOT NULL DEFAULT 0 CHECK (vat_amount >= 0),
      total numeric(15,2) NOT NULL DEFAULT 0,
      paid_amount numeric(15,2) NOT NULL DEFAULT 0,
      payment_method text NOT NULL DEFAULT 'bank' CHECK (payment_method IN ('bank', 'orange', 'cash', 'check')),
      notes text,
      -- The VT/AC posting made at validation, and its reversal when a validated invoice is cancelled.
      entry_id uuid,
      reversal_entry_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT invoices_company_number_key UNIQUE (company_id, number),
      CONSTRAINT invoices_id_company_key UNIQUE (id, company_id),
      CONSTRAINT invoices_total_check CHECK (total = subtotal + vat_amount),
      -- Payments never exceed the total (the last line of defence against overpayment).
      CONSTRAINT invoices_paid_amount_check CHECK (paid_amount >= 0 AND paid_amount <= total),
      CONSTRAINT invoices_due_date_check CHECK (due_date IS NULL OR due_date >= date),
      -- A validated or paid invoice has its posting.
      CONSTRAINT invoices_entry_check CHECK (status NOT IN ('validated', 'paid') OR entry_id IS NOT NULL),
      -- 'paid' exactly when payments cover the total; drafts and cancelled invoices carry no payment.
      CONSTRAINT invoices_paid_check CHECK ((status = 'paid') = (status IN ('validated', 'paid') AND paid_amount = total AND total > 0)),
      CONSTRAINT invoices_unpaid_states_check CHECK (status NOT IN ('draft', 'cancelled') OR paid_amount = 0),
      CONSTRAINT invoices_third_party_fkey FOREIGN KEY (company_id, third_party_id) REFERENCES ${s}.third_parties (company_id, id)
        DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT invoices_entry_fkey FOREIGN KEY (entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id)
        DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT invoices_reversal_entry_fkey FOREIGN KEY (reversal_entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id)
        DEFERRABLE INITIALLY DEFERRED
    );
    -- The list, newest first (number breaks ties); INCLUDE lets the page and its
    -- status/type filters be located from the index alone.
    CREATE INDEX invoices_company_date_idx ON ${s}.invoices (company_id, date DESC, number DESC) INCLUDE (status, type);
    CREATE INDEX invoices_company_status_idx ON ${s}.invoices (company_id, status);
    CREATE INDEX invoices_company_type_idx ON ${s}.invoices (company_id, type);
    -- Receivables, payables and upcoming payments (dashboard, treasury forecast).
    CREATE INDEX invoices_company_due_date_idx ON ${s}.invoices (company_id, due_date) INCLUDE (type, total, paid_amount) WHERE status = 'validated';
    CREATE INDEX invoices_third_party_idx ON ${s}.invoices (company_id, third_party_id);
    CREATE INDEX invoices_entry_idx ON ${s}.invoices (entry_id) WHERE entry_id IS NOT NULL;
    CREATE INDEX invoices_reversal_entry_idx ON ${s}.invoices (reversal_entry_id) WHERE reversal_entry_id IS NOT NULL;

    CREATE TABLE ${s}.invoice_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      invoice_id uuid NOT NULL,
      company_id uuid NOT NULL,
      line_no integer NOT NULL CHECK (line_no >= 1),
      description text NOT NULL,
      quantity numeric(10,3) NOT NULL CHECK (quantity > 0),
      unit_price numeric(15,2) NOT NULL CHECK (unit_price >= 0),
      total numeric(15,2) NOT NULL CHECK (total >= 0),
      account_id uuid,
      inventory_item_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT invoice_lines_invoice_fkey FOREIGN KEY (invoice_id, company_id) REFERENCES ${s}.invoices (id, company_id) ON DELETE CASCADE,
      CONSTRAINT invoice_lines_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id)
        DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT invoice_lines_item_fkey FOREIGN KEY (company_id, inventory_item_id) REFERENCES ${s}.inventory_items (company_id, id)
        DEFERRABLE INITIALLY DEFERRED,
      -- Also the (invoice_id) index: lines of an invoice, in order.
      CONSTRAINT invoice_lines_invoice_line_key UNIQUE (invoice_id, line_no)
    );
    CREATE INDEX invoice_lines_item_idx ON ${s}.invoice_lines (company_id, inventory_item_id) WHERE inventory_item_id IS NOT NULL;
    CREATE INDEX invoice_lines_account_idx ON ${s}.invoice_lines (company_id, account_id) WHERE account_id IS NOT NULL;

    -- Gap-free invoice numbers per company, type and year (FV-2026-0001), like entry_counters.
    CREATE TABLE ${s}.invoice_counters (
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('sale', 'purchase', 'service')),
      year integer NOT NULL,
      last_number integer NOT NULL CHECK (last_number >= 0),
      PRIMARY KEY (company_id, type, year)
    );

    CREATE TABLE ${s}.stock_movements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      item_id uuid NOT NULL,
      type text NOT NULL CHECK (type IN ('in', 'out')),
      quantity numeric(10,3) NOT NULL CHECK (quantity > 0),
      -- The item's stock right after this movement (movements are applied one at a time, row locked).
      stock_after numeric(10,3) NOT NULL,
      reason text NOT NULL CHECK (reason <> ''),
      reference text,
      invoice_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT stock_movements_item_fkey FOREIGN KEY (company_id, item_id) REFERENCES ${s}.inventory_items (company_id, id) ON DELETE CASCADE,
      CONSTRAINT stock_movements_invoice_fkey FOREIGN KEY (invoice_id, company_id) REFERENCES ${s}.invoices (id, company_id)
        DEFERRABLE INITIALLY DEFERRED
    );
    -- An item's history, newest first.
    CREATE INDEX stock_movements_item_idx ON ${s}.stock_movements (item_id, created_at DESC);
    CREATE INDEX stock_movements_invoice_idx ON ${s}.stock_movements (invoice_id) WHERE invoice_id IS NOT NULL;

    CREATE TABLE ${s}.loans (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      lender text NOT NULL,
      amount numeric(15,2) NOT NULL CHECK (amount > 0),
      interest_rate numeric(5,2) NOT NULL DEFAULT 0 CHECK (interest_rate >= 0),
      start_date date NOT NULL,
      end_date date NOT NULL,
      payment_frequency text NOT NULL DEFAULT 'monthly' CHECK (payment_frequency IN ('monthly', 'quarterly', 'yearly')),
      remaining_balance numeric(15,2) NOT NULL CHECK (remaining_balance >= 0),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'defaulted')),
      -- The posting of the funds received (D 521 / C 162), when the loan feature records it.
      entry_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT loans_company_id_key UNIQUE (company_id, id),
      CONSTRAINT loans_dates_check CHECK (end_date >= start_date),
      CONSTRAINT loans_entry_fkey FOREIGN KEY (entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id)
        DEFERRABLE INITIALLY DEFERRED
    );
    CREATE INDEX loans_company_idx ON ${s}.loans (company_id, start_date DESC);

    CREATE TABLE ${s}.loan_payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      loan_id uuid NOT NULL,
      due_date date NOT NULL,
      principal_amount numeric(15,2) NOT NULL CHECK (principal_amount >= 0),
      interest_amount numeric(15,2) NOT NULL DEFAULT 0 CHECK (interest_amount >= 0),
      total_amount numeric(15,2) NOT NULL CHECK (total_amount > 0),
      payment_date date,
      payment_method text CHECK (payment_method IN ('bank', 'orange', 'cash', 'check')),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'overdue')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT loan_payments_company_id_key UNIQUE (company_id, id),
      CONSTRAINT loan_payments_total_check CHECK (total_amount = principal_amount + interest_amount),
      CONSTRAINT loan_payments_paid_check CHECK ((status = 'paid') = (payment_date IS NOT NULL)),
      CONSTRAINT loan_payments_loan_fkey FOREIGN KEY (company_id, loan_id) REFERENCES ${s}.loans (company_id, id) ON DELETE CASCADE
    );
    -- A loan's schedule by due date; instalments still to pay (dashboard, treasury forecast).
    CREATE INDEX loan_payments_loan_idx ON ${s}.loan_payments (loan_id, due_date);
    CREATE INDEX loan_payments_company_due_idx ON ${s}.loan_payments (company_id, due_date) INCLUDE (total_amount) WHERE status <> 'paid';

    CREATE TABLE ${s}.payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('invoice_payment', 'loan_payment', 'expense')),
      invoice_id uuid,
      loan_payment_id uuid,
      amount numeric(15,2) NOT NULL CHECK (amount > 0),
      date date NOT NULL,
      method text NOT NULL CHECK (method IN ('bank', 'orange', 'cash', 'check')),
      reference text,
      notes text,
      status text NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'pending')),
      -- Expense payments: the charge account debited (class 6).
      account_id uuid,
      -- The BQ/CA/MM posting.
      entry_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT payments_invoice_check CHECK ((type = 'invoice_payment') = (invoice_id IS NOT NULL)),
      CONSTRAINT payments_loan_payment_check CHECK ((type = 'loan_payment') = (loan_payment_id IS NOT NULL)),
      CONSTRAINT payments_invoice_fkey FOREIGN KEY (invoice_id, company_id) REFERENCES ${s}.invoices (id, company_id)
        DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT payments_loan_payment_fkey FOREIGN KEY (company_id, loan_payment_id) REFERENCES ${s}.loan_payments (company_id, id)
        DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT payments_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id)
        DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT payments_entry_fkey FOREIGN KEY (entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id)
        DEFERRABLE INITIALLY DEFERRED
    );
    -- The list, newest first.
    CREATE INDEX payments_company_date_idx ON ${s}.payments (company_id, date DESC, created_at DESC);
    CREATE INDEX payments_invoice_idx ON ${s}.payments (invoice_id) WHERE invoice_id IS NOT NULL;
    -- An instalment is paid once.
    CREATE UNIQUE INDEX payments_loan_payment_key ON ${s}.payments (loan_payment_id) WHERE loan_payment_id IS NOT NULL;
    CREATE INDEX payments_entry_idx ON ${s}.payments (entry_id) WHERE entry_id IS NOT NULL;

    -- An entry posted by a document is cancelled through the document, never on
    -- its own (the Écritures page offers "cancel" on every validated entry):
    -- reversing an invoice's posting while the invoice stands, or a payment's
    -- while the invoice counts it as paid, would split the ledger from the
    -- documents (4111 ≠ balances due). Cancelling the invoice marks it
    -- cancelled first, then reverses its entry. XA002 → 409 (ledgerError).
    ${documentCancelGuard(
      s,
      'accounting_entries_document_guard',
      [
        `SELECT 'la facture ' || number INTO doc FROM ${s}.invoices WHERE entry_id = NEW.id AND status <> 'cancelled' LIMIT 1;`,
        `SELECT 'un paiement' INTO doc FROM ${s}.payments WHERE entry_id = NEW.id LIMIT 1;`,
      ],
      'annuler',
    )}
  `,
);
