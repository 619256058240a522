import { ROW_KEY, sqlMigration, TIMESTAMPS } from '@xaalis/service-kit';

/**
 * Employees (spec §3): one row per person on a company's staff. The rules
 * live in the database as well as in the contracts: required texts are never
 * empty and capped (the caps of EMPLOYEE_TEXT_LIMITS), the matricule is
 * unique per company, money is numeric(15,2) and positive, enumerations are
 * CHECKs. `(company_id, id)` is unique so payslips can reference an employee
 * of their own company only. Employees are never deleted (set inactive).
 * The company lives in the accounting service: company_id has no foreign key.
 */
export const { up, down } = sqlMigration(
  (s) => `
    CREATE TABLE ${s}.employees (
      ${ROW_KEY},
      employee_number text NOT NULL CHECK (char_length(employee_number) BETWEEN 1 AND 50),
      first_name text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 100),
      last_name text NOT NULL CHECK (char_length(last_name) BETWEEN 1 AND 100),
      position text NOT NULL CHECK (char_length(position) BETWEEN 1 AND 100),
      department text CHECK (char_length(department) <= 100),
      hire_date date NOT NULL,
      salary numeric(15,2) NOT NULL CHECK (salary > 0),
      salary_type text NOT NULL DEFAULT 'monthly' CHECK (salary_type IN ('monthly', 'hourly', 'daily')),
      bank_account text CHECK (char_length(bank_account) <= 64),
      phone text CHECK (char_length(phone) <= 30),
      email text CHECK (char_length(email) <= 254),
      address text CHECK (char_length(address) <= 255),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      is_cadre boolean NOT NULL DEFAULT false,
      marital_status text CHECK (marital_status IN ('single', 'married', 'divorced', 'widowed')),
      children smallint NOT NULL DEFAULT 0 CHECK (children BETWEEN 0 AND 20),
      created_by uuid,
      ${TIMESTAMPS},
      CONSTRAINT employees_company_id_key UNIQUE (company_id, id),
      CONSTRAINT employees_company_number_key UNIQUE (company_id, employee_number)
    );
    -- The list: by name within a company.
    CREATE INDEX employees_company_name_idx ON ${s}.employees (company_id, last_name, first_name);
  `,
  (s) => `DROP TABLE ${s}.employees`,
);
