import { ROW_KEY, TIMESTAMPS, sqlMigration } from '@xaalis/service-kit';

/**
 * Services (spec 02 "Gestion des Services"): projects, timesheets and the
 * billings of a project's hours ('Facturer les heures'). A project's client is
 * an accounting third party and a timesheet's employee an HR employee: plain
 * uuids (no foreign key across services), checked through internal routes on
 * every write. Child rows point at their parent through (company_id, id), so a
 * row can never mix two companies.
 */
export const { up, down } = sqlMigration(
  (s) => `
    CREATE TABLE ${s}.projects (
      ${ROW_KEY},
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
      description text CHECK (char_length(description) <= 2000),
      client_id uuid NOT NULL,
      start_date date NOT NULL,
      end_date date,
      budget numeric(15,2) NOT NULL DEFAULT 0 CHECK (budget >= 0),
      hourly_rate numeric(15,2) NOT NULL DEFAULT 0 CHECK (hourly_rate >= 0),
      status text NOT NULL DEFAULT 'planning' CHECK (status IN ('planning', 'active', 'on_hold', 'completed', 'cancelled')),
      ${TIMESTAMPS},
      CONSTRAINT projects_company_id_key UNIQUE (company_id, id),
      CONSTRAINT projects_dates_check CHECK (end_date IS NULL OR end_date >= start_date)
    );
    CREATE INDEX projects_company_created_idx ON ${s}.projects (company_id, created_at DESC);

    -- One 'Facturer les heures': pending until the accounting service has
    -- answered the invoice (request kept to replay it with the same sourceId).
    CREATE TABLE ${s}.project_billings (
      ${ROW_KEY},
      project_id uuid NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'billed')),
      request jsonb,
      invoice_id uuid,
      invoice_number text,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      CONSTRAINT project_billings_company_id_key UNIQUE (company_id, id),
      CONSTRAINT project_billings_project_fkey FOREIGN KEY (company_id, project_id) REFERENCES ${s}.projects (company_id, id),
      CONSTRAINT project_billings_invoice_check CHECK ((status = 'billed') = (invoice_id IS NOT NULL AND invoice_number IS NOT NULL))
    );
    -- At most one billing in flight per project: two clicks cannot bill the same hours twice.
    CREATE UNIQUE INDEX project_billings_one_pending_idx ON ${s}.project_billings (project_id) WHERE status = 'pending';

    CREATE TABLE ${s}.timesheets (
      ${ROW_KEY},
      employee_id uuid NOT NULL,
      project_id uuid,
      date date NOT NULL,
      start_time time NOT NULL,
      end_time time NOT NULL,
      break_minutes integer NOT NULL DEFAULT 0 CHECK (break_minutes BETWEEN 0 AND 1440),
      -- Quarter hours (spec §9 'hours step 0.25'), computed by the server.
      hours_worked numeric(5,2) NOT NULL CHECK (hours_worked > 0 AND hours_worked * 4 = trunc(hours_worked * 4)),
      description text CHECK (char_length(description) <= 2000),
      hourly_rate numeric(15,2) NOT NULL DEFAULT 0 CHECK (hourly_rate >= 0),
      total_cost numeric(15,2) NOT NULL CHECK (total_cost >= 0),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'billing', 'billed')),
      billing_id uuid,
      invoice_id uuid,
      invoice_number text,
      ${TIMESTAMPS},
      CONSTRAINT timesheets_times_check CHECK (end_time > start_time),
      -- Worked minutes rounded to the nearest quarter hour.
      CONSTRAINT timesheets_hours_check CHECK (abs(hours_worked * 60 - (EXTRACT(EPOCH FROM end_time - start_time) / 60 - break_minutes)) <= 7),
      CONSTRAINT timesheets_project_fkey FOREIGN KEY (company_id, project_id) REFERENCES ${s}.projects (company_id, id),
      CONSTRAINT timesheets_billing_fkey FOREIGN KEY (company_id, billing_id) REFERENCES ${s}.project_billings (company_id, id),
      CONSTRAINT timesheets_billing_check CHECK ((status = 'pending') = (billing_id IS NULL) AND (status = 'billed') = (invoice_id IS NOT NULL)
        AND (billing_id IS NULL OR project_id IS NOT NULL))
    );
    CREATE INDEX timesheets_company_date_idx ON ${s}.timesheets (company_id, date DESC, start_time DESC, created_at DESC, id DESC);
    CREATE INDEX timesheets_project_idx ON ${s}.timesheets (company_id, project_id, status) WHERE project_id IS NOT NULL;
    CREATE INDEX timesheets_employee_idx ON ${s}.timesheets (company_id, employee_id, date DESC);
    CREATE INDEX timesheets_billing_idx ON ${s}.timesheets (billing_id) WHERE billing_id IS NOT NULL;
  `,
  (s) => `DROP TABLE ${s}.timesheets; DROP TABLE ${s}.project_billings; DROP TABLE ${s}.projects`,
);
