import { APP_ROUTES, COMPANY_SCOPED, defaultModulesForSector, routesForModules, routesForSector } from './index';
import {
  companyModulesInputSchema,
  MESSAGES_SECTOR_MODULES,
  SECTOR_MODULE_IDS,
  SECTOR_RESOURCES,
  sectorModuleOfResource,
} from './sector-modules';

describe('sector modules', () => {
  it("defaults to the sector's modules (hotel: hotel and restaurant; 'restaurant' spelling accepted)", () => {
    expect(defaultModulesForSector('hotel')).toEqual(['hotel', 'restaurant']);
    expect(defaultModulesForSector('restaurant')).toEqual(['restaurant']);
    expect(defaultModulesForSector('commerce')).toEqual([]);
    expect(defaultModulesForSector('toString')).toEqual([]);
    expect(defaultModulesForSector(null)).toEqual([]);
  });

  it('shows the sector pages of the enabled modules only, and every other page', () => {
    const sectorPaths = (modules: Parameters<typeof routesForModules>[0]) =>
      routesForModules(modules)
        .filter((r) => r.sectorModule)
        .map((r) => r.path);
    expect(sectorPaths(['services', 'hotel'])).toEqual(['/hotel', '/services']);
    expect(sectorPaths([])).toEqual([]);
    expect(routesForModules([...SECTOR_MODULE_IDS])).toEqual(APP_ROUTES);
    expect(routesForSector('hotel')).toEqual(routesForModules(['hotel', 'restaurant']));
  });

  it('maps every sector resource to a module, each owned by the sector service', () => {
    for (const [resource, module] of Object.entries(SECTOR_RESOURCES)) {
      expect(SECTOR_MODULE_IDS).toContain(module);
      expect(COMPANY_SCOPED[resource]).toBe('sector');
    }
    expect(COMPANY_SCOPED.modules).toBe('sector');
    expect(sectorModuleOfResource('modules')).toBeUndefined();
    expect(sectorModuleOfResource('constructor')).toBeUndefined();
    expect(sectorModuleOfResource('rooms')).toBe('hotel');
  });

  it('accepts known modules (once each, canonical order) and refuses anything else in French', () => {
    expect(companyModulesInputSchema.parse({ modules: ['services', 'restaurant', 'services'] })).toEqual({
      modules: ['restaurant', 'services'],
    });
    const issue = (body: unknown) => companyModulesInputSchema.safeParse(body).error?.issues[0]?.message;
    expect(issue({ modules: ['bakery'] })).toBe(MESSAGES_SECTOR_MODULES.unknownModule);
    expect(issue({})).toBe(MESSAGES_SECTOR_MODULES.modulesRequired);
  });
});
