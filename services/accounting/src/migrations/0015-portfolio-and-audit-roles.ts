import { sqlStep } from '@xaalis/service-kit';

/**
 * Several companies per user (issue 16).
 *
 * 1. The portfolio (GET /internal/portfolio): the overdue customer invoices of
 *    many companies in one statement. Open (validated) sale and service
 *    invoices by company and due date, covering what the figure reads: the
 *    invoice date and third party (an invoice without a due date is due on its
 *    date plus the client's payment terms), total and paid amount. 0003's
 *    (company_id, due_date) index has neither the date nor the third party.
 *    The other figures already are index lookups per company: balances through
 *    accounts (company_id, code) and account_balances' primary key, the last
 *    entry date through accounting_entries_list_idx (company_id, date DESC).
 *
 * 2. The audit trail keeps the acting user's role (owner, accountant…) beside
 *    the user. The triggers and recordAuditEvent name the user from the rows
 *    they record; the role is not on those rows, so it comes from the
 *    transaction-local setting `xaalis.actor_role`, stamped by the service at
 *    the start of each write transaction of a request (modules/audit/actor.ts),
 *    through the column's default: every path that appends an event takes it,
 *    and events written outside a request (jobs) get NULL. Existing events keep
 *    NULL (the default is set after the column is added: no rewrite, no
 *    UPDATE, the table stays append-only).
 */
export const up = sqlStep(
  (s) => `
    CREATE INDEX invoices_receivable_due_idx ON ${s}.invoices (company_id, due_date)
      INCLUDE (date, third_party_id, total, paid_amount)
      WHERE status = 'validated' AND type IN ('sale', 'service');

    ALTER TABLE ${s}.audit_events
      ADD COLUMN actor_role text CHECK (actor_role IN ('owner', 'accountant', 'collaborator', 'reader'));
    ALTER TABLE ${s}.audit_events
      ALTER COLUMN actor_role SET DEFAULT nullif(current_setting('xaalis.actor_role', true), '');
  `,
);

export const down = sqlStep(
  (s) => `
    ALTER TABLE ${s}.audit_events DROP COLUMN actor_role;
    DROP INDEX ${s}.invoices_receivable_due_idx;
  `,
);
