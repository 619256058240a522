/**
 * Carry-forward entries: what a fiscal-year closing posts (the OD closing
 * entry zeroing classes 6–8 into 131/139, and the AN opening entry restating
 * every class 1–5 balance on the next year's first day) and the reversals of
 * both when a year is reopened.
 *
 * They restate balances the ledger already holds, so no figure sums them with
 * the movements: the monthly and daily balances leave them out (migration
 * 0021), every reader of lines leaves them out, and the statements start a
 * year that follows a closed one from its AN entry (reports/totals.ts).
 * The journal still lists them: they are entries like any other.
 */

/** Source types of the entries a closing posts (their source id: `<fiscal year id>:<closing count>`). */
export const CLOSING_SOURCE = 'fiscal-year-closing';
export const OPENING_SOURCE = 'fiscal-year-opening';

/**
 * SQL: the ids of a company's carry-forward entries (the company as a bind
 * or replacement, e.g. '$1' or ':companyId'). A handful of rows found by index
 * (entries by company and source type — the conditions of the partial index
 * accounting_entries_source_key, which the closing and opening entries meet;
 * reversals by reversal_of_id), so
 * `e.id NOT IN (…)` is a hashed subplan computed once per query.
 */
export const carryForwardIds = (company: string) =>
  `SELECT cf.id FROM accounting.accounting_entries cf
    WHERE cf.company_id = ${company} AND cf.source_type IN ('${CLOSING_SOURCE}', '${OPENING_SOURCE}')
      AND cf.source_id IS NOT NULL AND cf.reversal_of_id IS NULL
   UNION ALL
   SELECT cfr.id FROM accounting.accounting_entries cfo
     JOIN accounting.accounting_entries cfr ON cfr.reversal_of_id = cfo.id
    WHERE cfo.company_id = ${company} AND cfo.source_type IN ('${CLOSING_SOURCE}', '${OPENING_SOURCE}')
      AND cfo.source_id IS NOT NULL AND cfo.reversal_of_id IS NULL`;

/** SQL: the entry aliased `e` is not a carry-forward entry of `company`. */
export const notCarriedForward = (e: string, company: string) => `${e}.id NOT IN (${carryForwardIds(company)})`;
