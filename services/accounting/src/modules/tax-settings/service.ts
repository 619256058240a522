import { QueryTypes, type Sequelize } from 'sequelize';
import { MESSAGES_COMPANY, type TaxSettings, type taxSettingsSchema } from '@xaalis/contracts';
import { notFound, blankToNull } from '@xaalis/service-kit';
import type { z } from 'zod';

type TaxSettingsValues = z.output<typeof taxSettingsSchema>;

// NINEA and RCCM are the company's tax_number and registration_number (Paramètres → Entreprise shows them too).
const RETURNING = `tax_number AS ninea, registration_number AS rccm, tax_regime AS regime, vat_periodicity AS "vatPeriodicity"`;

/** Paramètres → Fiscalité of a company. */
export function taxSettingsService(sequelize: Sequelize) {
  return {
    async get(companyId: string): Promise<TaxSettings> {
      const [row] = await sequelize.query<TaxSettings>(`SELECT ${RETURNING} FROM accounting.companies WHERE id = $1`, {
        bind: [companyId],
        type: QueryTypes.SELECT,
      });
      if (!row) throw notFound(MESSAGES_COMPANY.notFound);
      return row;
    },
    async save(companyId: string, v: TaxSettingsValues): Promise<TaxSettings> {
      const [row] = await sequelize.query<TaxSettings>(
        `UPDATE accounting.companies SET tax_number = $2, registration_number = $3, tax_regime = $4, vat_periodicity = $5, updated_at = now()
          WHERE id = $1 RETURNING ${RETURNING}`,
        { bind: [companyId, blankToNull(v.ninea), blankToNull(v.rccm), v.regime, v.vatPeriodicity], type: QueryTypes.SELECT },
      );
      if (!row) throw notFound(MESSAGES_COMPANY.notFound);
      return row;
    },
  };
}
