import { QueryTypes, type Sequelize } from 'sequelize';
import type { SectorModule } from '@xaalis/contracts';

/** Row-level access to `sector.company_modules`: one row per company, keyed by it. */
interface CompanyModulesDbRow {
  modules: SectorModule[] | null;
  sector: string | null;
}

/** What is stored: the company's own choice (null: follow the sector) and its last known sector. */
export interface StoredCompanyModules {
  modules: SectorModule[] | null;
  sector: string | null;
}

export async function findCompanyModules(sequelize: Sequelize, companyId: string): Promise<StoredCompanyModules | null> {
  const rows = await sequelize.query<CompanyModulesDbRow>('SELECT modules, sector FROM sector.company_modules WHERE company_id = $1', {
    bind: [companyId],
    type: QueryTypes.SELECT,
  });
  return rows[0] ? { modules: rows[0].modules, sector: rows[0].sector } : null;
}

/** Saves the company's choice (insert on the first save, overwrite afterwards), keeping the known sector. */
export async function upsertCompanyModules(
  sequelize: Sequelize,
  companyId: string,
  modules: SectorModule[],
  updatedBy: string | null,
): Promise<SectorModule[]> {
  const rows = await sequelize.query<CompanyModulesDbRow>(
    `INSERT INTO sector.company_modules (company_id, modules, updated_by) VALUES ($1, $2::text[], $3)
      ON CONFLICT (company_id) DO UPDATE
        SET modules = EXCLUDED.modules, updated_by = EXCLUDED.updated_by, updated_at = now()
      RETURNING modules, sector`,
    { bind: [companyId, modules, updatedBy], type: QueryTypes.SELECT },
  );
  return rows[0].modules ?? [];
}

/**
 * Remembers the sector read from the accounting service (a no-op when unchanged),
 * never touching a saved choice: the fallback while that service is down.
 */
export async function rememberSector(sequelize: Sequelize, companyId: string, sector: string): Promise<void> {
  await sequelize.query(
    `INSERT INTO sector.company_modules (company_id, sector) VALUES ($1, $2)
      ON CONFLICT (company_id) DO UPDATE SET sector = EXCLUDED.sector
        WHERE company_modules.sector IS DISTINCT FROM EXCLUDED.sector`,
    { bind: [companyId, sector] },
  );
}
