import { APP_ROUTES, exposedModules, REMOTES } from './index';

const settings = APP_ROUTES.find((r) => r.path === '/parametres');

describe('the route table', () => {
  it('has one module name per page and part: no module is provided twice by the same owner', () => {
    for (const owner of [...REMOTES, 'shell'] as const) {
      const modules = exposedModules(owner);
      expect(new Set(modules).size).toBe(modules.length);
    }
  });

  it("gives the identity and workspace pages to the shell, each business page to its remote's module of the same name", () => {
    const owners = Object.fromEntries(APP_ROUTES.map((r) => [r.path, `${r.remote} ${r.module}`]));
    expect(owners).toMatchObject({
      '/paie': 'hr ./Payroll',
      '/services': 'sector ./Projects',
      '/transformation': 'sector ./Production',
      '/portefeuille': 'shell ./Portfolio',
      '/parametres': 'shell ./Settings',
    });
  });

  it('composes Paramètres from the tabs of each owner, in the order and with the labels shown', () => {
    expect(settings?.tabs?.map((t) => [t.value, t.label, t.remote])).toEqual([
      ['company', 'Entreprise', 'accounting'],
      ['accounts', 'Plan Comptable', 'accounting'],
      ['third-parties', 'Tiers', 'accounting'],
      ['payroll', 'Paie', 'hr'],
      ['fiscal-years', 'Exercices', 'accounting'],
      ['fiscalite', 'Fiscalité', 'accounting'],
      ['modules', 'Modules', 'sector'],
      ['members', 'Membres', 'shell'],
      ['profile', 'Profil', 'shell'],
    ]);
    expect(settings?.tabs?.filter((t) => t.capability).map((t) => [t.value, t.capability])).toEqual([['members', 'members']]);
  });

  it("derives each remote's exposes from its routes, tabs and banners", () => {
    expect(exposedModules('hr')).toEqual(['./Employees', './Payroll', './PayrollSettings']);
    expect(exposedModules('sector')).toEqual(['./Restaurant', './Production', './Hotel', './Projects', './ModulesSettings']);
    expect(exposedModules('accounting')).toEqual(
      expect.arrayContaining([
        './CompanySettings',
        './AccountsSettings',
        './ThirdPartiesSettings',
        './FiscalYearsSettings',
        './SettingsGuide',
      ]),
    );
    expect(exposedModules('accounting')).not.toContain('./Settings');
    expect(exposedModules('shell')).toEqual(['./Portfolio', './Settings', './Members', './Profile']);
  });
});
