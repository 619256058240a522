import { sqlMigration } from '@xaalis/service-kit';

/**
 * Payments of payroll debts in one entry each (issue 31): the salaries of a
 * period paid by one bank transfer (its slips name it), and the payments of
 * the declarations to IPRES, CSS and the tax office. `detail` holds the lines
 * sent to the accounting service (debt, description, amount); `unposted` is the
 * outbox flag, cleared when the accounting service reports the entry back.
 */
export const { up, down } = sqlMigration(
  (s) => `
    CREATE TABLE ${s}.payroll_payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('transfer', 'social', 'salary-tax')),
      period text NOT NULL,
      declaration_id uuid REFERENCES ${s}.payroll_declarations (id),
      payment_date date NOT NULL,
      treasury_account_id uuid,
      total numeric(15,2) NOT NULL CHECK (total > 0),
      detail jsonb NOT NULL,
      entry_number text,
      unposted boolean NOT NULL DEFAULT true,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT payroll_payments_declaration_check CHECK ((kind = 'transfer') = (declaration_id IS NULL))
    );
    CREATE INDEX payroll_payments_company_idx ON ${s}.payroll_payments (company_id, kind, period);
    CREATE INDEX payroll_payments_unposted_idx ON ${s}.payroll_payments (created_at) WHERE unposted;
    ALTER TABLE ${s}.payslips ADD COLUMN payroll_payment_id uuid REFERENCES ${s}.payroll_payments (id);
  `,
  (s) => `
    ALTER TABLE ${s}.payslips DROP COLUMN payroll_payment_id;
    DROP TABLE ${s}.payroll_payments;
  `,
);
