import { documentCancelGuard } from './entry-cancel-guards';
import { sqlStep } from '@xaalis/service-kit';

/**
 * Investments (immobilisations) and their depreciation plans (spec 02 §3, issue 9).
 *
 * As in 0002/0003, "same company" is a database fact: composite foreign keys
 * with company_id to accounts, entries and the investment; references leaving
 * the table's own cascade are DEFERRABLE INITIALLY DEFERRED.
 *
 * The plan is written by the worker (compute-depreciation-plan): `plan_status`
 * is 'computing' until then, 'ready' once the rows are stored, 'none' for a
 * financial asset (not depreciated). `revision` counts the edits of the
 * parameters: the job of an older revision changes nothing.
 *
 * The database guarantees the recording rules, whatever the code path
 * (depreciation_schedules_guard, XA002 → 409):
 *   - a row is born pending; once recorded (is_recorded, its OD entry, the
 *     date) it never changes and is never deleted: recorded once;
 *   - a row is recorded only when the row before it is: in order;
 *   - an investment's parameters cannot change once a row is recorded
 *     (investments_guard);
 *   - the entries an investment posted (acquisition, depreciation) are cancelled
 *     through the investment, never from the journal
 *     (accounting_entries_investment_guard, next to 0003's document guard).
 */
export const up = sqlStep(
  (s) => `
    CREATE TABLE ${s}.investments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${s}.companies (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (name <> ''),
      category text NOT NULL DEFAULT 'material' CHECK (category IN ('material', 'immaterial', 'financial')),
      purchase_date date NOT NULL,
      purchase_price numeric(15,2) NOT NULL CHECK (purchase_price > 0),
      depreciation_method text NOT NULL DEFAULT 'linear' CHECK (depreciation_method IN ('linear', 'declining')),
      depreciation_rate numeric(5,2) NOT NULL CHECK (depreciation_rate >= 0 AND depreciation_rate <= 100),
      useful_life integer NOT NULL CHECK (useful_life BETWEEN 1 AND 100),
      residual_value numeric(15,2) NOT NULL DEFAULT 0 CHECK (residual_value >= 0),
      -- Price less the recorded depreciation (spec §4: starts at the purchase price).
      current_value numeric(15,2) NOT NULL,
      -- The asset account debited at acquisition (class 2).
      account_id uuid NOT NULL,
      -- The acquisition posting (D 2xx / C 481, journal OD).
      entry_id uuid,
      revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0),
      plan_status text NOT NULL DEFAULT 'computing' CHECK (plan_status IN ('computing', 'ready', 'none')),
      created_by uuid,
      updated_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT investments_company_id_key UNIQUE (company_id, id),
      CONSTRAINT investments_residual_check CHECK (residual_value <= purchase_price),
      CONSTRAINT investments_current_value_check CHECK (current_value >= residual_value AND current_value <= purchase_price),
      CONSTRAINT investments_financial_plan_check CHECK ((category = 'financial') = (plan_status = 'none')),
      CONSTRAINT investments_account_fkey FOREIGN KEY (company_id, account_id) REFERENCES ${s}.accounts (company_id, id)
        DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT investments_entry_fkey FOREIGN KEY (entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id)
        DEFERRABLE INITIALLY DEFERRED
    );
    -- The list, newest purchases first.
    CREATE INDEX investments_company_date_idx ON ${s}.investments (company_id, purchase_date DESC, created_at DESC);
    CREATE INDEX investments_account_idx ON ${s}.investments (company_id, account_id);
    CREATE INDEX investments_entry_idx ON ${s}.investments (entry_id) WHERE entry_id IS NOT NULL;

    CREATE TABLE ${s}.depreciation_schedules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      investment_id uuid NOT NULL,
      -- 1, 2, …: the order in which rows are recorded.
      row_no integer NOT NULL CHECK (row_no >= 1),
      -- Start year of the fiscal year (companies.fiscal_year), and its days covered.
      year integer NOT NULL,
      period_start date NOT NULL,
      period_end date NOT NULL,
      beginning_value numeric(15,2) NOT NULL CHECK (beginning_value >= 0),
      depreciation_amount numeric(15,2) NOT NULL CHECK (depreciation_amount >= 0),
      ending_value numeric(15,2) NOT NULL CHECK (ending_value >= 0),
      is_recorded boolean NOT NULL DEFAULT false,
      -- The OD posting (D 681x / C 28x) and who recorded it (null: the scheduled job).
      entry_id uuid,
      recorded_at timestamptz,
      recorded_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT depreciation_schedules_company_id_key UNIQUE (company_id, id),
      -- Also the (investment_id) index: a plan in order, one row per position.
      CONSTRAINT depreciation_schedules_row_key UNIQUE (investment_id, row_no),
      CONSTRAINT depreciation_schedules_year_key UNIQUE (investment_id, year),
      -- One posting records one row.
      CONSTRAINT depreciation_schedules_entry_key UNIQUE (entry_id),
      CONSTRAINT depreciation_schedules_period_check CHECK (period_end >= period_start),
      CONSTRAINT depreciation_schedules_values_check CHECK (ending_value = beginning_value - depreciation_amount),
      -- Recorded ⇔ dated; an entry only on a recorded row, and every recorded row has one except a zero amount (nothing to post).
      CONSTRAINT depreciation_schedules_recorded_check CHECK (
        is_recorded = (recorded_at IS NOT NULL)
        AND (entry_id IS NULL OR is_recorded)
        AND (NOT is_recorded OR entry_id IS NOT NULL OR depreciation_amount = 0)),
      CONSTRAINT depreciation_schedules_investment_fkey FOREIGN KEY (company_id, investment_id)
        REFERENCES ${s}.investments (company_id, id) ON DELETE CASCADE,
      CONSTRAINT depreciation_schedules_entry_fkey FOREIGN KEY (entry_id, company_id) REFERENCES ${s}.accounting_entries (id, company_id)
        DEFERRABLE INITIALLY DEFERRED
    );
    -- The scheduled sweep: pending rows of ended fiscal years, company by company.
    CREATE INDEX depreciation_schedules_pending_idx ON ${s}.depreciation_schedules (period_end, company_id) WHERE NOT is_recorded;

    CREATE FUNCTION ${s}.depreciation_schedules_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.is_recorded THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Une ligne du plan d''amortissement est créée en attente',
            DETAIL = format('investment %s row %s', NEW.investment_id, NEW.row_no);
        END IF;
        RETURN NEW;
      END IF;
      IF TG_OP = 'DELETE' THEN
        IF OLD.is_recorded THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Une dotation enregistrée ne peut pas être supprimée',
            DETAIL = format('investment %s row %s', OLD.investment_id, OLD.row_no);
        END IF;
        RETURN OLD;
      END IF;
      IF OLD.is_recorded THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Cette dotation est déjà enregistrée',
          DETAIL = format('investment %s row %s', OLD.investment_id, OLD.row_no);
      END IF;
      IF NEW.is_recorded THEN
        IF (NEW.company_id, NEW.investment_id, NEW.row_no, NEW.year, NEW.period_start, NEW.period_end,
            NEW.beginning_value, NEW.depreciation_amount, NEW.ending_value)
           IS DISTINCT FROM
           (OLD.company_id, OLD.investment_id, OLD.row_no, OLD.year, OLD.period_start, OLD.period_end,
            OLD.beginning_value, OLD.depreciation_amount, OLD.ending_value) THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002', MESSAGE = 'Une dotation s''enregistre telle que le plan la prévoit',
            DETAIL = format('investment %s row %s', OLD.investment_id, OLD.row_no);
        END IF;
        IF NEW.row_no > 1 AND NOT EXISTS (
             SELECT 1 FROM ${s}.depreciation_schedules p
              WHERE p.investment_id = NEW.investment_id AND p.row_no = NEW.row_no - 1 AND p.is_recorded) THEN
          RAISE EXCEPTION USING ERRCODE = 'XA002',
            MESSAGE = 'Les dotations s''enregistrent dans l''ordre : enregistrez d''abord les années précédentes',
            DETAIL = format('investment %s row %s', NEW.investment_id, NEW.row_no);
        END IF;
      END IF;
      RETURN NEW;
    END $$;

    CREATE TRIGGER depreciation_schedules_guard
      BEFORE INSERT OR UPDATE OR DELETE ON ${s}.depreciation_schedules
      FOR EACH ROW EXECUTE FUNCTION ${s}.depreciation_schedules_guard();

    CREATE FUNCTION ${s}.investments_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (NEW.company_id, NEW.category, NEW.purchase_date, NEW.purchase_price, NEW.depreciation_method, NEW.depreciation_rate,
          NEW.useful_life, NEW.residual_value, NEW.account_id)
         IS DISTINCT FROM
         (OLD.company_id, OLD.category, OLD.purchase_date, OLD.purchase_price, OLD.depreciation_method, OLD.depreciation_rate,
          OLD.useful_life, OLD.residual_value, OLD.account_id)
         AND EXISTS (SELECT 1 FROM ${s}.depreciation_schedules d WHERE d.investment_id = OLD.id AND d.is_recorded) THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002',
          MESSAGE = 'Des dotations sont déjà enregistrées : l''investissement ne peut plus être modifié',
          DETAIL = format('investment %s', OLD.id);
      END IF;
      NEW.updated_at := now();
      RETURN NEW;
    END $$;

    CREATE TRIGGER investments_guard
      BEFORE UPDATE ON ${s}.investments
      FOR EACH ROW EXECUTE FUNCTION ${s}.investments_guard();

    -- Like 0003's document guard, for the entries an investment posted.
    ${documentCancelGuard(
      s,
      'accounting_entries_investment_guard',
      [
        `SELECT 'l''investissement ' || name INTO doc FROM ${s}.investments WHERE entry_id = NEW.id LIMIT 1;`,
        `SELECT 'une dotation aux amortissements' INTO doc FROM ${s}.depreciation_schedules WHERE entry_id = NEW.id LIMIT 1;`,
      ],
      'modifier',
    )}
  `,
);
