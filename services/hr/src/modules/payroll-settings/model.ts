import { QueryTypes, type Sequelize } from 'sequelize';
import type { PayrollRiskClass, PayrollSetId } from '@xaalis/contracts';

/** Row-level access to `hr.payroll_settings`: one row per company, keyed by it. */
interface PayrollSettingsDbRow {
  parameter_set_id: PayrollSetId;
  accident_risk_class: number;
  leave_days_per_month: string;
}

/** What a company chose; the defaults are the service's business, not the model's. */
export interface StoredPayrollSettings {
  parameterSetId: PayrollSetId;
  accidentRiskClass: PayrollRiskClass;
  leaveDaysPerMonth: string;
}

const toSettings = (row: PayrollSettingsDbRow): StoredPayrollSettings => ({
  parameterSetId: row.parameter_set_id,
  accidentRiskClass: row.accident_risk_class as PayrollRiskClass,
  leaveDaysPerMonth: row.leave_days_per_month,
});

/** The company's saved settings; null when it never saved any. */
export async function findPayrollSettings(sequelize: Sequelize, companyId: string): Promise<StoredPayrollSettings | null> {
  const rows = await sequelize.query<PayrollSettingsDbRow>(
    'SELECT parameter_set_id, accident_risk_class, leave_days_per_month::text AS leave_days_per_month FROM hr.payroll_settings WHERE company_id = $1',
    { bind: [companyId], type: QueryTypes.SELECT },
  );
  return rows[0] ? toSettings(rows[0]) : null;
}

/** Writes the company's settings (insert on the first save, overwrite afterwards) in one statement. */
export async function upsertPayrollSettings(
  sequelize: Sequelize,
  companyId: string,
  settings: StoredPayrollSettings,
  updatedBy: string | null,
): Promise<StoredPayrollSettings> {
  const rows = await sequelize.query<PayrollSettingsDbRow>(
    `INSERT INTO hr.payroll_settings (company_id, parameter_set_id, accident_risk_class, leave_days_per_month, updated_by)
       VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (company_id) DO UPDATE
        SET parameter_set_id = EXCLUDED.parameter_set_id, accident_risk_class = EXCLUDED.accident_risk_class,
            leave_days_per_month = EXCLUDED.leave_days_per_month, updated_by = EXCLUDED.updated_by, updated_at = now()
      RETURNING parameter_set_id, accident_risk_class, leave_days_per_month::text AS leave_days_per_month`,
    {
      bind: [companyId, settings.parameterSetId, settings.accidentRiskClass, settings.leaveDaysPerMonth, updatedBy],
      type: QueryTypes.SELECT,
    },
  );
  return toSettings(rows[0]);
}
