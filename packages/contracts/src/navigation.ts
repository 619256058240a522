import type { Sector } from './sectors';

export const REMOTES = ['accounting', 'hr', 'sector'] as const;
export type RemoteName = (typeof REMOTES)[number];

export type NavGroup = 'comptabilite' | 'rh' | 'sectoriels' | 'administration';

export const NAV_GROUP_LABELS: Record<NavGroup, string> = {
  comptabilite: 'Comptabilité',
  rh: 'Ressources Humaines',
  sectoriels: 'Modules Sectoriels',
  administration: 'Administration',
};
export const NAV_GROUP_ORDER: NavGroup[] = ['comptabilite', 'rh', 'sectoriels', 'administration'];

export type SectorModule = 'restaurant' | 'transformation' | 'hotel' | 'services';

/**
 * Who renders a page or a part of one: a remote (a module it exposes) or the shell itself
 * (identity and workspace screens: the gateway's routes, which no remote owns).
 */
export type PageOwner = RemoteName | 'shell';

/** A module of a page composed from several owners, e.g. { remote: 'hr', module: './PayrollSettings' }. */
export interface PagePart {
  remote: PageOwner;
  module: string;
}

/** A tab of a composed page (Paramètres): ?tab=<value>, labelled as shown. */
export interface PageTab extends PagePart {
  value: string;
  label: string;
  /** Shown only to a role with this capability ('Membres': owners). */
  capability?: 'members';
}

export interface AppRoute {
  path: string;
  label: string;
  group: NavGroup;
  remote: PageOwner;
  /** The module the remote (or the shell) provides, e.g. './Invoices'. */
  module: string;
  title: string;
  subtitle: string;
  /** For sector pages: which sector module this is. */
  sectorModule?: SectorModule;
  /** Shown only to a user who belongs to several companies (the portfolio). */
  multiCompany?: boolean;
  /** A page composed of tabs, each rendered by its owner (the first is the default tab). */
  tabs?: PageTab[];
  /** Parts shown above the tabs (e.g. accounting's onboarding guide); one that cannot load is left out. */
  banners?: PagePart[];
}

/** The route table: the sidebar, the router and the remotes' exposes all follow it. */
export const APP_ROUTES: AppRoute[] = [
  {
    path: '/',
    label: 'Tableau de Bord',
    group: 'comptabilite',
    remote: 'accounting',
    module: './Dashboard',
    title: 'Tableau de Bord',
    subtitle: "Vue d'ensemble de votre comptabilité",
  },
  {
    path: '/factures',
    label: 'Factures',
    group: 'comptabilite',
    remote: 'accounting',
    module: './Invoices',
    title: 'Factures',
    subtitle: 'Ventes, achats et prestations de services',
  },
  {
    path: '/inventaire',
    label: 'Inventaire',
    group: 'comptabilite',
    remote: 'accounting',
    module: './Inventory',
    title: 'Gestion des Stocks',
    subtitle: 'Articles, niveaux de stock et mouvements',
  },
  {
    path: '/tresorerie',
    label: 'Trésorerie',
    group: 'comptabilite',
    remote: 'accounting',
    module: './Treasury',
    title: 'Trésorerie',
    subtitle: 'Soldes, paiements et prévisions de trésorerie',
  },
  {
    path: '/investissements',
    label: 'Investissements',
    group: 'comptabilite',
    remote: 'accounting',
    module: './Investments',
    title: 'Investissements',
    subtitle: "Immobilisations et plans d'amortissement",
  },
  {
    path: '/emprunts',
    label: 'Emprunts',
    group: 'comptabilite',
    remote: 'accounting',
    module: './Loans',
    title: 'Emprunts',
    subtitle: 'Emprunts et échéanciers de remboursement',
  },
  {
    path: '/employes',
    label: 'Employés',
    group: 'rh',
    remote: 'hr',
    module: './Employees',
    title: 'Gestion du Personnel',
    subtitle: 'Employés et bulletins de paie',
  },
  {
    path: '/paie',
    label: 'Paie',
    group: 'rh',
    remote: 'hr',
    module: './Payroll',
    title: 'Gestion de la Paie',
    subtitle: 'Conforme au droit du travail sénégalais',
  },
  {
    path: '/restaurant',
    label: 'Restaurant',
    group: 'sectoriels',
    remote: 'sector',
    module: './Restaurant',
    title: 'Gestion Restaurant',
    subtitle: 'Inventaire, recettes et menus',
    sectorModule: 'restaurant',
  },
  {
    path: '/transformation',
    label: 'Production',
    group: 'sectoriels',
    remote: 'sector',
    module: './Production',
    title: 'Gestion Production',
    subtitle: 'Matières premières, produits finis et ordres de production',
    sectorModule: 'transformation',
  },
  {
    path: '/hotel',
    label: 'Hôtellerie',
    group: 'sectoriels',
    remote: 'sector',
    module: './Hotel',
    title: 'Gestion Hôtelière',
    subtitle: 'Chambres et réservations',
    sectorModule: 'hotel',
  },
  {
    path: '/services',
    label: 'Services',
    group: 'sectoriels',
    remote: 'sector',
    module: './Projects',
    title: 'Gestion des Services',
    subtitle: 'Projets et feuilles de temps',
    sectorModule: 'services',
  },
  {
    path: '/rapports',
    label: 'Rapports',
    group: 'administration',
    remote: 'accounting',
    module: './Reports',
    title: 'Rapports Financiers',
    subtitle: 'États financiers SYSCOHADA',
  },
  {
    path: '/declarations',
    label: 'Déclarations',
    group: 'administration',
    remote: 'accounting',
    module: './TaxReturns',
    title: 'Déclarations fiscales',
    subtitle: 'TVA et retenues à la source',
  },
  {
    path: '/ecritures',
    label: 'Écritures Comptables',
    group: 'administration',
    remote: 'accounting',
    module: './Entries',
    title: 'Écritures Comptables',
    subtitle: 'Journal Général',
  },
  {
    path: '/portefeuille',
    label: 'Portefeuille',
    group: 'administration',
    remote: 'shell',
    module: './Portfolio',
    title: 'Portefeuille',
    subtitle: 'Toutes vos entreprises en un coup d’œil',
    multiCompany: true,
  },
  {
    path: '/parametres',
    label: 'Paramètres',
    group: 'administration',
    remote: 'shell',
    module: './Settings',
    title: 'Paramètres',
    subtitle: 'Entreprise, plan comptable, tiers et profil',
    // Each remote contributes the tabs of the data it owns; the shell, the identity ones.
    tabs: [
      { value: 'company', label: 'Entreprise', remote: 'accounting', module: './CompanySettings' },
      { value: 'accounts', label: 'Plan Comptable', remote: 'accounting', module: './AccountsSettings' },
      { value: 'third-parties', label: 'Tiers', remote: 'accounting', module: './ThirdPartiesSettings' },
      { value: 'payroll', label: 'Paie', remote: 'hr', module: './PayrollSettings' },
      { value: 'fiscal-years', label: 'Exercices', remote: 'accounting', module: './FiscalYearsSettings' },
      { value: 'fiscalite', label: 'Fiscalité', remote: 'accounting', module: './TaxSettings' },
      { value: 'modules', label: 'Modules', remote: 'sector', module: './ModulesSettings' },
      { value: 'members', label: 'Membres', remote: 'shell', module: './Members', capability: 'members' },
      { value: 'profile', label: 'Profil', remote: 'shell', module: './Profile' },
    ],
    banners: [{ remote: 'accounting', module: './SettingsGuide' }],
  },
];

/** Sector → the sector modules shown in the sidebar (DESIGN.md §6 / spec §2). */
export const SECTOR_MODULES: Record<Sector, SectorModule[]> = {
  restauration: ['restaurant'],
  hotel: ['hotel', 'restaurant'],
  transformation: ['transformation'],
  service: ['services'],
  commerce: [],
  agriculture: [],
};

/** The sector modules a company of `sector` has until it chooses its own (Paramètres → Modules). */
export function defaultModulesForSector(sector: string | null | undefined): SectorModule[] {
  const normalized = sector === 'restaurant' ? 'restauration' : sector;
  return normalized && Object.hasOwn(SECTOR_MODULES, normalized) ? [...SECTOR_MODULES[normalized as Sector]] : [];
}

/** Routes visible with these sector modules enabled (the other routes are always there). */
export function routesForModules(modules: readonly SectorModule[]): AppRoute[] {
  return APP_ROUTES.filter((r) => !r.sectorModule || modules.includes(r.sectorModule));
}

/**
 * Routes visible for a company sector (null: company not loaded, no sector pages).
 * The fallback when the company's own modules cannot be read.
 */
export function routesForSector(sector: string | null | undefined): AppRoute[] {
  return routesForModules(defaultModulesForSector(sector));
}

/** Every page and part of the route table: routes, their tabs and banners. */
function pageParts(): PagePart[] {
  return APP_ROUTES.flatMap((r) => [r, ...(r.tabs ?? []), ...(r.banners ?? [])]);
}

/** The modules each remote must expose (or the shell provide), derived from the route table. */
export function exposedModules(remote: PageOwner): string[] {
  return pageParts()
    .filter((p) => p.remote === remote)
    .map((p) => p.module);
}

/** Shape of GET /config/remotes.json. */
export interface RemotesConfig {
  remotes: { name: RemoteName; entry: string }[];
}
