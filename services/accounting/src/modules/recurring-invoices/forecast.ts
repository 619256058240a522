import { QueryTypes, type Sequelize } from 'sequelize';
import { recurringDates, type RecurringFrequency } from '@xaalis/contracts';
import { addDays } from '@xaalis/domain';

export interface ExpectedInflow {
  /** When it is expected: the invoice's due date (its date + the template's due days). */
  date: string;
  amount: string;
}

/**
 * What the active recurring templates will invoice from `today` on and
 * collect by `until` (the treasury forecast): one inflow per invoice date not
 * yet invoiced, of the template's total, at its due date. A date already
 * past is not counted: the hourly sweep creates it, and it is then an open
 * invoice like any other.
 */
export async function expectedRecurringInflows(
  sequelize: Sequelize,
  companyId: string,
  today: string,
  until: string,
): Promise<ExpectedInflow[]> {
  const templates = await sequelize.query<{
    frequency: RecurringFrequency;
    day: number;
    start_date: string;
    end_date: string | null;
    due_days: number;
    total: string;
    done: string[] | null;
  }>(
    `SELECT r.frequency, r.day, r.start_date::text AS start_date, r.end_date::text AS end_date, r.due_days, r.total::text AS total,
            (SELECT array_agg(x.date::text) FROM accounting.recurring_invoice_runs x WHERE x.recurring_invoice_id = r.id AND x.date >= $2::date) AS done
       FROM accounting.recurring_invoices r
      WHERE r.company_id = $1 AND r.active AND r.start_date <= $3::date AND (r.end_date IS NULL OR r.end_date >= $2::date)`,
    { bind: [companyId, today, until], type: QueryTypes.SELECT },
  );
  return templates.flatMap((t) => {
    const done = new Set(t.done ?? []);
    return recurringDates({ frequency: t.frequency, day: t.day, startDate: t.start_date, endDate: t.end_date }, until)
      .filter((d) => d >= today && !done.has(d))
      .map((d) => ({ date: addDays(d, t.due_days), amount: t.total }))
      .filter((x) => x.date <= until);
  });
}
