import { sqlMigration } from '@xaalis/service-kit';

/**
 * Paid leave and absences (issue 31): one row per employee and date range,
 * its working days counted when recorded (the service refuses two of an
 * employee that overlap, under a per-employee lock: btree_gist lives in the
 * sector schema, out of this service's reach). The company's leave earned per
 * month worked.
 */
export const { up, down } = sqlMigration(
  (s) => `
    CREATE TABLE ${s}.leaves (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      employee_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('paid', 'unpaid', 'sick', 'other')),
      start_date date NOT NULL,
      end_date date NOT NULL CHECK (end_date >= start_date AND end_date - start_date <= 366),
      days numeric(5,2) NOT NULL CHECK (days > 0),
      note text CHECK (char_length(note) <= 255),
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT leaves_employee_fkey FOREIGN KEY (company_id, employee_id) REFERENCES ${s}.employees (company_id, id)
    );
    CREATE INDEX leaves_company_idx ON ${s}.leaves (company_id, start_date DESC);
    CREATE INDEX leaves_employee_idx ON ${s}.leaves (employee_id, start_date);
    ALTER TABLE ${s}.payroll_settings ADD COLUMN leave_days_per_month numeric(4,2) NOT NULL DEFAULT 2 CHECK (leave_days_per_month BETWEEN 0 AND 10);
  `,
  (s) => `
    ALTER TABLE ${s}.payroll_settings DROP COLUMN leave_days_per_month;
    DROP TABLE ${s}.leaves;
  `,
);
