/**
 * The WHERE clause of a company-scoped read, built filter by filter: it starts
 * with `company_id = $1` (so no query forgets the company), and each `and()`
 * appends a condition whose `?` marks stand for its value, bound as the next
 * parameter. Conditions are the caller's SQL; only values are bound.
 */
export class CompanyWhere {
  readonly bind: unknown[];
  sql: string;

  /** `alias` prefixes the company column, e.g. 'o.' for `o.company_id`. */
  constructor(companyId: string, alias = '') {
    this.bind = [companyId];
    this.sql = `${alias}company_id = $1`;
  }

  /** Appends ` AND <condition>`, every `?` of it being `value`. */
  and(condition: string, value: unknown): this {
    this.bind.push(value);
    this.sql += ` AND ${condition.replaceAll('?', `$${this.bind.length}`)}`;
    return this;
  }
}
