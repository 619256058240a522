import { sqlMigration } from '@xaalis/service-kit';

/**
 * The treasury account a payslip's net was paid from (issue 28): an id of the
 * accounting service's treasury accounts, passed on in the posting job (no
 * foreign key across services; the accounting service checks it is the
 * company's, and falls back to the payment method's default account).
 */
export const { up, down } = sqlMigration(
  (s) => `ALTER TABLE ${s}.payslips ADD COLUMN treasury_account_id uuid;`,
  (s) => `ALTER TABLE ${s}.payslips DROP COLUMN treasury_account_id;`,
);
