import type { Sequelize } from 'sequelize';
import { type TreasuryData } from '@xaalis/contracts';
import { add, sub, sum } from '@xaalis/domain';
import { addDays, balancesAt, dueByDay, reportingContext, treasuryKind } from '../dashboard';
import { expectedRecurringInflows } from '../recurring-invoices';

/** Forecast horizon (spec 02 §9): today and the next 30 days. */
export const FORECAST_DAYS = 30;
/** The treasury accounts of the four payment methods (bank, cash, Orange Money, cheques): listed even before their first movement. */
export const METHOD_ACCOUNTS = ['521', '571', '552', '513'] as const;

/**
 * The treasury screen: the balance of each treasury account from the ledger
 * (their sum is the dashboard's treasury), what is due in and out within the
 * horizon (open invoices, unpaid loan instalments; overdue ones included, as
 * due today; the invoices recurring templates will issue, at their due date)
 * and the day-by-day balance they project. The last forecast point
 * is balance + expectedInflows − expectedOutflows.
 */
export function treasuryService(sequelize: Sequelize) {
  return {
    async treasury(companyId: string, today: string): Promise<TreasuryData> {
      const { sets } = await reportingContext(sequelize, companyId);
      const until = addDays(today, FORECAST_DAYS);
      const [balances, due, recurring] = await Promise.all([
        balancesAt(
          sequelize,
          companyId,
          sets.treasury.map((a) => a.id),
          today,
        ),
        dueByDay(sequelize, companyId, today, until),
        expectedRecurringInflows(sequelize, companyId, today, until),
      ]);
      const days = due.map((d) => ({
        ...d,
        inflow: sum([d.inflow, ...recurring.filter((r) => r.date === d.date).map((r) => r.amount)]),
      }));
      const byId = new Map(balances.map((b) => [b.accountId, b]));
      // The accounts that have moved, and those of the payment methods even before their first movement.
      const accounts = sets.treasury
        .filter((a) => (byId.get(a.id)?.lines ?? 0) > 0 || (METHOD_ACCOUNTS as readonly string[]).includes(a.code))
        .map((a) => ({ code: a.code, name: a.name, kind: treasuryKind(a.code), balance: byId.get(a.id)?.balance ?? '0.00' }));
      const balance = sum(accounts.map((a) => a.balance));
      let running = balance;
      const forecast = days.map((d) => {
        running = sub(add(running, d.inflow), d.outflow);
        return { date: d.date, balance: running };
      });
      return {
        balance,
        expectedInflows: sum(days.map((d) => d.inflow)),
        expectedOutflows: sum(days.map((d) => d.outflow)),
        accounts,
        forecast,
      };
    },
  };
}

export type TreasuryService = ReturnType<typeof treasuryService>;
