import type { Sequelize } from 'sequelize';
import { defaultModulesForSector, type Company, type CompanyModules, type SectorModule } from '@xaalis/contracts';
import { HttpError, internalClient, type InternalClient, type Logger } from '@xaalis/service-kit';
import { findCompanyModules, rememberSector, upsertCompanyModules } from './model';

/** How long a company's sector read from the accounting service is reused. */
export const SECTOR_CACHE_MS = 30_000;

export interface CompanyModulesOptions {
  /** The accounting service's internal client (tests point it at a stand-in). */
  accounting?: InternalClient;
  internalToken: string;
  log?: Logger;
  cacheMs?: number;
  now?: () => number;
}

/**
 * The sector modules of one company (Paramètres → Modules, and the gate in front
 * of every module router). A saved choice is read from the database on every call
 * (one primary-key lookup), so switching a module off takes effect at once on every
 * instance. Without a saved choice the company's sector decides: it is read from the
 * accounting service (cached SECTOR_CACHE_MS per company) and remembered in the row,
 * so the default still resolves while that service is down; with no row, nothing
 * cached and the accounting service down, the answer is its 503.
 */
export function companyModulesService(sequelize: Sequelize, opts: CompanyModulesOptions) {
  const accounting = opts.accounting ?? internalClient('accounting', opts.internalToken);
  const cacheMs = opts.cacheMs ?? SECTOR_CACHE_MS;
  const now = opts.now ?? Date.now;
  const sectors = new Map<string, { sector: string | null; until: number }>();

  /** The company's sector: cached, else the accounting service's record (null: unknown company), else the stored one. */
  async function sectorOf(companyId: string, stored: string | null): Promise<string | null> {
    const cached = sectors.get(companyId);
    if (cached && cached.until > now()) return cached.sector;
    let sector: string | null;
    try {
      sector = (await accounting.get<Company>(`/internal/companies/${encodeURIComponent(companyId)}`)).sector;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) sector = null;
      else if (stored !== null) {
        opts.log?.warn({ companyId }, 'accounting service unavailable: modules follow the last known sector');
        return stored;
      } else throw err;
    }
    if (sectors.size > 10_000) sectors.clear(); // a bound, not an LRU: entries are cheap to refill
    sectors.set(companyId, { sector, until: now() + cacheMs });
    if (sector !== null && sector !== stored) await rememberSector(sequelize, companyId, sector);
    return sector;
  }

  async function get(companyId: string): Promise<CompanyModules> {
    const row = await findCompanyModules(sequelize, companyId);
    if (row?.modules) return { modules: row.modules, customized: true };
    return { modules: defaultModulesForSector(await sectorOf(companyId, row?.sector ?? null)), customized: false };
  }

  return {
    get,

    async isEnabled(companyId: string, module: SectorModule): Promise<boolean> {
      return (await get(companyId)).modules.includes(module);
    },

    async save(companyId: string, modules: SectorModule[], userId: string | null = null): Promise<CompanyModules> {
      return { modules: await upsertCompanyModules(sequelize, companyId, modules, userId), customized: true };
    },
  };
}

export type CompanyModulesService = ReturnType<typeof companyModulesService>;
