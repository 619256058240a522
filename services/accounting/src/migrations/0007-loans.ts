import { entryCancelGuardTrigger } from './entry-cancel-guards';
import { sqlStep } from '@xaalis/service-kit';

/**
 * Loans as a posting document (0003 created the tables; this completes them).
 *
 * 1. The treasury account that received the funds (521 bank, 552 Orange Money,
 *    571 cash: D that account / C 162, journal BQ, MM or CA) and who recorded
 *    the loan. Loans from before this migration received on 521.
 * 2. Rates are annual percentages: 0 to 100.
 * 3. A schedule has one instalment per due date.
 * 4. The funds' posting is cancelled through the loan, never on its own (as
 *    0003's guard does for invoices and payments): cancelling it while the loan
 *    stands would split 162 from the loans' balances. A separate trigger, so
 *    0003's guard function stays as it is. XA002 → 409.
 */
export const up = sqlStep(
  (s) => `
    ALTER TABLE ${s}.loans
      ADD COLUMN treasury_account text NOT NULL DEFAULT '521' CHECK (treasury_account IN ('521', '552', '571')),
      ADD COLUMN created_by uuid,
      ADD CONSTRAINT loans_interest_rate_max_check CHECK (interest_rate <= 100);
    ALTER TABLE ${s}.loan_payments ADD CONSTRAINT loan_payments_loan_due_key UNIQUE (loan_id, due_date);
    CREATE INDEX loans_entry_idx ON ${s}.loans (entry_id) WHERE entry_id IS NOT NULL;
    -- The overdue sweep: instalments still pending, by due date, across companies.
    CREATE INDEX loan_payments_pending_due_idx ON ${s}.loan_payments (due_date) WHERE status = 'pending';

    CREATE FUNCTION ${s}.accounting_entries_loan_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      lender text;
    BEGIN
      SELECT l.lender INTO lender FROM ${s}.loans l WHERE l.entry_id = NEW.id AND l.company_id = NEW.company_id LIMIT 1;
      IF lender IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'XA002',
          MESSAGE = format('Cette écriture a été passée par l''emprunt %s : c''est le document qu''il faut annuler', lender),
          DETAIL = format('entry %s', NEW.number);
      END IF;
      RETURN NEW;
    END $$;
    ${entryCancelGuardTrigger(s, 'accounting_entries_loan_guard')}
  `,
);

export const down = sqlStep(
  (s) => `
    DROP TRIGGER accounting_entries_loan_guard ON ${s}.accounting_entries;
    DROP FUNCTION ${s}.accounting_entries_loan_guard();
    DROP INDEX ${s}.loan_payments_pending_due_idx;
    DROP INDEX ${s}.loans_entry_idx;
    ALTER TABLE ${s}.loan_payments DROP CONSTRAINT loan_payments_loan_due_key;
    ALTER TABLE ${s}.loans
      DROP CONSTRAINT loans_interest_rate_max_check,
      DROP COLUMN created_by,
      DROP COLUMN treasury_account;
  `,
);
