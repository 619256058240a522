import { sqlMigration } from '@xaalis/service-kit';

/**
 * Payroll declarations (issue 31): the IPRES and CSS numbers of each
 * employee and the declarations filed (`payroll_declarations`: the social declaration per month
 * or quarter, the salary-tax statement per month), kept with their figures as
 * filed. A period covered by a declaration in force is locked: a payslip in it
 * can no longer enter or leave what the declarations count (validated or paid)
 * nor change its figures — paying a validated slip and the ledger's
 * confirmations stay allowed. SQLSTATE XA012, answered 409 by the service.
 */
export const { up, down } = sqlMigration(
  (s) => `
    ALTER TABLE ${s}.employees
      ADD COLUMN ipres_number text CHECK (char_length(ipres_number) <= 30),
      ADD COLUMN css_number text CHECK (char_length(css_number) <= 30);

    CREATE TABLE ${s}.payroll_declarations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('social', 'salary-tax')),
      period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2]|Q[1-4])$'),
      first_month text NOT NULL CHECK (first_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      last_month text NOT NULL CHECK (last_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' AND last_month >= first_month),
      version integer NOT NULL CHECK (version >= 1),
      status text NOT NULL DEFAULT 'declared' CHECK (status IN ('declared', 'reopened', 'superseded')),
      filed_on date NOT NULL,
      reference text CHECK (char_length(reference) <= 80),
      total numeric(15,2) NOT NULL,
      figures jsonb NOT NULL,
      payslip_ids uuid[] NOT NULL,
      declared_by uuid,
      reopened_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT payroll_declarations_version_key UNIQUE (company_id, kind, period, version)
    );
    -- One declaration in force per kind and period.
    CREATE UNIQUE INDEX payroll_declarations_in_force_key ON ${s}.payroll_declarations (company_id, kind, period)
      WHERE status = 'declared';
    CREATE INDEX payroll_declarations_list_idx ON ${s}.payroll_declarations (company_id, kind, created_at DESC);

    -- Figures as filed never change; only the status moves (declared → reopened → superseded).
    CREATE FUNCTION ${s}.payroll_declaration_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION USING ERRCODE = 'XA012', MESSAGE = 'a filed payroll declaration is never deleted';
      END IF;
      IF (NEW.company_id, NEW.kind, NEW.period, NEW.first_month, NEW.last_month, NEW.version, NEW.filed_on, NEW.total, NEW.figures, NEW.payslip_ids)
         IS DISTINCT FROM
         (OLD.company_id, OLD.kind, OLD.period, OLD.first_month, OLD.last_month, OLD.version, OLD.filed_on, OLD.total, OLD.figures, OLD.payslip_ids) THEN
        RAISE EXCEPTION USING ERRCODE = 'XA012', MESSAGE = 'a filed payroll declaration keeps its figures';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER payroll_declarations_frozen BEFORE UPDATE OR DELETE ON ${s}.payroll_declarations
      FOR EACH ROW EXECUTE FUNCTION ${s}.payroll_declaration_frozen();

    -- The declared-period lock of the payslips.
    CREATE FUNCTION ${s}.payslip_declared_period_lock() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_counted boolean := TG_OP <> 'INSERT' AND OLD.status IN ('validated', 'paid');
      new_counted boolean := TG_OP <> 'DELETE' AND NEW.status IN ('validated', 'paid');
      row_company uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
      periods text[];
    BEGIN
      IF TG_OP = 'UPDATE' AND old_counted = new_counted AND (NOT new_counted OR (
           NEW.period = OLD.period AND NEW.employee_id = OLD.employee_id AND NEW.gross_salary = OLD.gross_salary
           AND NEW.social_charges = OLD.social_charges AND NEW.employer_contributions = OLD.employer_contributions
           AND NEW.income_tax = OLD.income_tax AND NEW.trimf = OLD.trimf AND NEW.net_salary = OLD.net_salary
           AND NEW.breakdown = OLD.breakdown)) THEN
        RETURN NEW;
      END IF;
      IF NOT (old_counted OR new_counted) THEN
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      END IF;
      periods := ARRAY[]::text[];
      IF old_counted THEN periods := periods || OLD.period; END IF;
      IF new_counted THEN periods := periods || NEW.period; END IF;
      IF EXISTS (SELECT 1 FROM ${s}.payroll_declarations d
                 WHERE d.company_id = row_company AND d.status = 'declared'
                   AND EXISTS (SELECT 1 FROM unnest(periods) p WHERE p BETWEEN d.first_month AND d.last_month)) THEN
        RAISE EXCEPTION USING ERRCODE = 'XA012',
          MESSAGE = 'Période de paie déclarée : ses bulletins ne peuvent plus être validés, modifiés ni annulés';
      END IF;
      RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    END $$;
    CREATE TRIGGER payslips_declared_period_lock BEFORE INSERT OR UPDATE OR DELETE ON ${s}.payslips
      FOR EACH ROW EXECUTE FUNCTION ${s}.payslip_declared_period_lock();
  `,
  (s) => `
    DROP TRIGGER payslips_declared_period_lock ON ${s}.payslips;
    DROP FUNCTION ${s}.payslip_declared_period_lock();
    DROP TABLE ${s}.payroll_declarations;
    DROP FUNCTION ${s}.payroll_declaration_frozen();
    ALTER TABLE ${s}.employees DROP COLUMN ipres_number, DROP COLUMN css_number;
  `,
);
