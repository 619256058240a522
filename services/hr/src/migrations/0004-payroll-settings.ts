import type { MigrationContext } from '@xaalis/service-kit';

/**
 * A company's payroll settings (Paramètres, section Paie): the parameter set
 * its payslips use and its work-accident risk class. One row per company,
 * written on the first save; no row means the defaults ('xaalis', class 1).
 * The company lives in the accounting service: company_id has no foreign key.
 */
export async function up({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  await sequelize.query(`
    CREATE TABLE "${schema}".payroll_settings (
      company_id uuid PRIMARY KEY,
      parameter_set_id text NOT NULL CHECK (parameter_set_id IN ('xaalis', 'senegal-official')),
      accident_risk_class smallint NOT NULL CHECK (accident_risk_class IN (1, 2, 3)),
      updated_by uuid,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `);
}

export async function down({ context: { sequelize, schema } }: { context: MigrationContext }): Promise<void> {
  await sequelize.query(`DROP TABLE "${schema}".payroll_settings`);
}
