import { z } from 'zod';
import type { SectorModule } from './navigation';

/*
 * The sector modules a company has switched on (Paramètres → Modules), served and
 * stored by the sector service. Until the company saves its choice, its sector
 * decides (SECTOR_MODULES / defaultModulesForSector in navigation.ts).
 */

/** Every sector module, in the order of the sidebar and of the Modules tab. */
export const SECTOR_MODULE_IDS = ['restaurant', 'transformation', 'hotel', 'services'] as const satisfies readonly SectorModule[];

export const SECTOR_MODULE_LABELS: Record<SectorModule, string> = {
  restaurant: 'Restaurant',
  transformation: 'Production',
  hotel: 'Hôtellerie',
  services: 'Services',
};

/**
 * The sector service's public resources (first segment after `/api/companies/:companyId/`,
 * or after `/api/` for the top-level ones) → the module they belong to. The service's
 * gate refuses (404) any of them when the company has not enabled the module.
 */
export const SECTOR_RESOURCES: Record<string, SectorModule> = {
  recipes: 'restaurant',
  menus: 'restaurant',
  'restaurant-inventory': 'restaurant',
  'raw-materials': 'transformation',
  'finished-products': 'transformation',
  'production-orders': 'transformation',
  rooms: 'hotel',
  reservations: 'hotel',
  projects: 'services',
  timesheets: 'services',
};

/** The module of a resource segment; undefined for anything else (module settings, status probe). */
export function sectorModuleOfResource(segment: string | undefined): SectorModule | undefined {
  return segment !== undefined && Object.hasOwn(SECTOR_RESOURCES, segment) ? SECTOR_RESOURCES[segment] : undefined;
}

export const MESSAGES_SECTOR_MODULES = {
  /** The service's answer (404) to a call of a module the company has not enabled. */
  notEnabled: 'Module non activé pour cette entreprise. Activez-le dans Paramètres → Modules.',
  unknownModule: 'Module inconnu (restaurant, transformation, hotel ou services)',
  modulesRequired: 'Liste des modules requise',
  saved: 'Modules enregistrés',
  saveError: "Impossible d'enregistrer les modules",
  loadError: 'Impossible de charger les modules',
  /** The sector service is down (the gateway answers 502/503): the sidebar falls back to the sector. */
  unavailable: 'Le service des modules sectoriels est momentanément indisponible.',
  /** The page shown instead of a disabled module's page. */
  disabledTitle: 'Module non activé',
  disabledDescription: "Ce module n'est pas activé pour votre entreprise. Vous pouvez l'activer dans Paramètres → Modules.",
  disabledLink: 'Activer dans Paramètres → Modules',
} as const;

/** Where the Modules tab lives (the link of the "Module non activé" page). */
export const MODULES_SETTINGS_PATH = '/parametres?tab=modules';

/** `GET` / `PUT /api/companies/:companyId/modules`. `customized`: false while the sector decides. */
export interface CompanyModules {
  modules: SectorModule[];
  customized: boolean;
}

/** Body of `PUT /api/companies/:companyId/modules`: known modules only, stored once each in the canonical order. */
export const companyModulesInputSchema = z.object({
  modules: z
    .array(z.enum(SECTOR_MODULE_IDS, { error: MESSAGES_SECTOR_MODULES.unknownModule }), {
      error: MESSAGES_SECTOR_MODULES.modulesRequired,
    })
    .max(SECTOR_MODULE_IDS.length * 4, { error: MESSAGES_SECTOR_MODULES.unknownModule })
    .transform((list): SectorModule[] => SECTOR_MODULE_IDS.filter((m) => list.includes(m))),
});
export type CompanyModulesInput = z.input<typeof companyModulesInputSchema>;
export type CompanyModulesValues = z.output<typeof companyModulesInputSchema>;
