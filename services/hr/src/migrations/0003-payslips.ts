import type { MigrationContext } from '@xaalis/service-kit';

/**
 * Payslips (spec §3 "payrolls"): one per employee and period, of the
 * employee's own company (composite foreign key). The figures are the
 * calculator's, stored with the parameter set and the full breakdown they
 * were computed with. `unposted_events` is the outbox of ledger postings:
 * an event ('validated', 'paid', 'cancelled') is appended in the transaction
 * that changes the status and removed when the accounting service reports
 * the entry back (payslip-posted); a sweep re-enqueues what stays there, so a
 * Redis outage at validation time loses nothing.
 */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  const s = `"${schema}"`;
  const money = (name: string) => `${name} numeric(15,2) NOT NULL CHECK (${name} >= 0)`;
  await sequelize.query(`
    CREATE TABLE ${s}.payslips (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      employee_id uuid NOT NULL,
      period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      parameter_set_id text NOT NULL,
      ${money('base_salary')},
      ${money('allowances')},
      ${money('overtime_pay')},
      ${money('gross_salary')},
      ${money('social_charges')},
      ${money('employer_contributions')},
      ${money('income_tax')},
      ${money('trimf')},
      other_deductions numeric(15,2) NOT NULL DEFAULT 0 CHECK (other_deductions >= 0),
      net_salary numeric(15,2) NOT NULL,
      ${money('employer_cost')},
      breakdown jsonb NOT NULL,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'validated', 'paid', 'cancelled')),
      payment_date date,
      payment_method text CHECK (payment_method IN ('bank', 'orange', 'cash', 'check')),
      cancelled_on date,
      validated_by uuid,
      paid_by uuid,
      cancelled_by uuid,
      posted_entry_number text,
      payment_entry_number text,
      cancellation_entry_number text,
      unposted_events text[] NOT NULL DEFAULT '{}',
      unposted_since timestamptz,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT payslips_employee_fkey FOREIGN KEY (company_id, employee_id) REFERENCES ${s}.employees (company_id, id),
      CONSTRAINT payslips_employee_period_key UNIQUE (employee_id, period),
      CONSTRAINT payslips_paid_check CHECK (status <> 'paid' OR (payment_date IS NOT NULL AND payment_method IS NOT NULL))
    );
    -- The list: newest period first within a company.
    CREATE INDEX payslips_company_period_idx ON ${s}.payslips (company_id, period DESC);
    -- The posting sweep: only the slips with something left to post.
    CREATE INDEX payslips_unposted_idx ON ${s}.payslips (unposted_since) WHERE unposted_events <> '{}';
  `);
}

export async function down({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  await sequelize.query(`DROP TABLE "${schema}".payslips`);
}
