import { sqlMigration } from '@xaalis/service-kit';

/**
 * Indexes of the paginated lists (issue 26): Gestion du Personnel filtered by
 * status, in name order; Gestion de la Paie filtered by status, newest period
 * first. The other filters already have theirs: the period (payslips_company_period_idx),
 * one employee's slips (payslips_employee_period_key), the name order
 * (employees_company_name_idx).
 */
export const { up, down } = sqlMigration(
  (s) => `
    CREATE INDEX employees_company_status_name_idx ON ${s}.employees (company_id, status, last_name, first_name);
    CREATE INDEX payslips_company_status_period_idx ON ${s}.payslips (company_id, status, period DESC);
  `,
  (s) => `
    DROP INDEX ${s}.payslips_company_status_period_idx;
    DROP INDEX ${s}.employees_company_status_name_idx;
  `,
);
