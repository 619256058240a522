import { sqlStep } from '@xaalis/service-kit';

/**
 * Indexes for the reports computed from the ledger (dashboard, cash flow,
 * revenue breakdown, treasury).
 *
 * Those reads sum the lines of a few accounts of one company (class 5, 70,
 * 411, 401) and join them with their entries for the date and status. The
 * entries side is already answerable from an index alone
 * (accounting_entries_list_idx: company_id, date … INCLUDE id, status). This
 * makes the lines side so too: the lines of one company's accounts with the
 * entry and the amounts, read by index-only scans, instead of visiting the
 * table (shared by every company) for each line.
 *
 * It has the key of 0002's accounting_entry_lines_account_idx (company_id,
 * account_id), which it supersedes (lookups by account, the foreign-key checks
 * when an account is deleted): that index is dropped, so a posting still
 * maintains the same number of indexes.
 */
export const up = sqlStep(
  (s) => `
    CREATE INDEX accounting_entry_lines_account_amounts_idx ON ${s}.accounting_entry_lines (company_id, account_id) INCLUDE (entry_id, debit, credit);
    DROP INDEX ${s}.accounting_entry_lines_account_idx;
  `,
);

export const down = sqlStep(
  (s) => `
    CREATE INDEX accounting_entry_lines_account_idx ON ${s}.accounting_entry_lines (company_id, account_id);
    DROP INDEX ${s}.accounting_entry_lines_account_amounts_idx;
  `,
);
