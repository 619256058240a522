import type { Sequelize } from 'sequelize';
import {
  DEFAULT_LEAVE_DAYS_PER_MONTH,
  DEFAULT_PAYROLL_RISK_CLASS,
  DEFAULT_PAYROLL_SET_ID,
  PAYROLL_SET_OPTIONS,
  payrollSetIdFor,
  type PayrollRiskClass,
  type PayrollSetId,
  type PayrollSettings,
  type PayrollSettingsValues,
} from '@xaalis/contracts';
import { findPayrollSettings, upsertPayrollSettings, type StoredPayrollSettings } from './model';

const withOptions = (s: StoredPayrollSettings): PayrollSettings => ({ ...s, sets: PAYROLL_SET_OPTIONS.map((o) => ({ ...o })) });

/**
 * Payroll settings of one company (Paramètres, section Paie): the parameter
 * set its new payslips use and its work-accident risk class. A company that
 * never saved them has the defaults ('xaalis', class 1).
 */
export function payrollSettingsService(sequelize: Sequelize) {
  async function chosen(companyId: string): Promise<StoredPayrollSettings> {
    return (
      (await findPayrollSettings(sequelize, companyId)) ?? {
        parameterSetId: DEFAULT_PAYROLL_SET_ID,
        accidentRiskClass: DEFAULT_PAYROLL_RISK_CLASS,
        leaveDaysPerMonth: DEFAULT_LEAVE_DAYS_PER_MONTH,
      }
    );
  }

  return {
    async get(companyId: string): Promise<PayrollSettings> {
      return withOptions(await chosen(companyId));
    },

    async save(companyId: string, v: PayrollSettingsValues, userId: string | null = null): Promise<PayrollSettings> {
      const leaveDaysPerMonth = v.leaveDaysPerMonth ?? (await chosen(companyId)).leaveDaysPerMonth;
      return withOptions(await upsertPayrollSettings(sequelize, companyId, { ...v, leaveDaysPerMonth }, userId));
    },

    /**
     * What a slip of `period` is computed with when its form names no set: the
     * company's set when it is in force in the period, 'xaalis' otherwise
     * (payrollSetIdFor), and the company's risk class in either case.
     */
    async forPeriod(
      companyId: string,
      period: string,
    ): Promise<{ setId: PayrollSetId; riskClass: PayrollRiskClass; leaveDaysPerMonth: string }> {
      const s = await chosen(companyId);
      return { setId: payrollSetIdFor(s.parameterSetId, period), riskClass: s.accidentRiskClass, leaveDaysPerMonth: s.leaveDaysPerMonth };
    },
  };
}

export type PayrollSettingsService = ReturnType<typeof payrollSettingsService>;
