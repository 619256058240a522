import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  MAX_ACCOUNTS_PAGE_SIZE,
  MESSAGES_FISCAL_YEAR,
  MESSAGES_RECONCILIATION,
  type AccountStatement,
  type AccountListResponse,
  type AccountingEntry,
  type LedgerLinesPage,
  type TreasuryAccount,
  type TreasuryAccountList,
} from '@xaalis/contracts';
import { add } from '@xaalis/domain';
import { apiGet, apiHeaders, apiPost, baseUrl, registerWithChart } from './browser';

/**
 * The screenshots of the user guide (docs/guide/README.md lists them), taken from the demo
 * so they follow the product. Each shot brings a page to the state the guide describes,
 * waits for what proves it is there, then saves `<name>.png` in `dir`.
 */

type Who = 'demo' | 'cabinet' | 'fresh';

interface Shot {
  name: string;
  who: Who;
  /** Brings the page to the state to capture. */
  take: (page: Page, context: BrowserContext, browser: Browser) => Promise<void>;
  /** Only the viewport (a menu or a dialog over a long page). */
  viewport?: boolean;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

async function open(page: Page, url: string, heading: string | RegExp): Promise<void> {
  await page.goto(url);
  await h1(page, heading);
}

/** A small journal file for the import preview: one good entry and one unbalanced. */
const IMPORT_CSV = [
  'Date;Journal;Numéro de pièce;Compte;Libellé;Débit;Crédit',
  '05/01/2026;OD;PC-1;6052;Achat de fournitures;25 000;',
  '05/01/2026;OD;PC-1;571;Achat de fournitures;;25 000',
  '06/01/2026;OD;PC-2;6052;Écriture déséquilibrée;10 000;',
  '06/01/2026;OD;PC-2;571;Écriture déséquilibrée;;9 000',
].join('\n');

/** The demo's bank account, with its last statement (the demo imports the last months' statements). */
async function demoBank(context: BrowserContext): Promise<{ base: string; bank: TreasuryAccount & { lastStatementDate: string } }> {
  const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
  const base = `/api/companies/${companyId}`;
  const { items } = await apiGet<TreasuryAccountList>(context, `${base}/treasury-accounts`);
  const bank = items.find((a) => a.kind === 'bank' && a.isDefault);
  if (!bank?.lastStatementDate) throw new Error('the demo bank has no statement');
  return { base, bank: { ...bank, lastStatementDate: bank.lastStatementDate } };
}

/** Upper case without accents, as banks print their labels. */
const bankLabel = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/**
 * The bank's next statement as the bank would export it: the ledger's lines since the last statement
 * (a few), then the month's fee, with the running balance from the last statement's closing one.
 */
async function nextBankStatement(context: BrowserContext): Promise<string> {
  const { base, bank } = await demoBank(context);
  const since = new Date(Date.parse(`${bank.lastStatementDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const ledger = await apiGet<LedgerLinesPage>(
    context,
    `${base}/treasury-accounts/${bank.id}/ledger-lines?status=unmatched&from=${since}&pageSize=8`,
  );
  const lines = [
    ...ledger.items.map((l) => ({ date: l.date, label: bankLabel(l.label), reference: l.reference ?? l.entryNumber, amount: l.amount })),
    { date: ledger.items.at(-1)?.date ?? since, label: 'FRAIS TENUE DE COMPTE', reference: '', amount: '-5850.00' },
  ];
  let balance = bank.lastStatementBalance ?? '0.00';
  const dmy = (iso: string) => iso.split('-').reverse().join('/');
  return [
    'Date;Libellé;Référence;Montant;Solde',
    ...lines.map((l) => {
      balance = add(balance, l.amount);
      return [dmy(l.date), l.label.replace(/;/g, ','), l.reference, l.amount, balance].join(';');
    }),
  ].join('\r\n');
}

const SHOTS: Shot[] = [
  {
    name: 'inscription',
    who: 'fresh',
    take: async (page) => {
      await page.context().clearCookies();
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Inscription' }).click();
      await page.getByRole('form', { name: 'Inscription' }).waitFor();
    },
  },
  {
    name: 'parametres-entreprise',
    who: 'fresh',
    take: async (page) => {
      // Where registration lands: Paramètres with its welcome, which turns the guide on.
      await page.goto('/parametres?tab=company&welcome=true');
      await page.getByText('Premiers pas : configurez votre entreprise').waitFor();
    },
  },
  {
    name: 'navigation',
    who: 'cabinet',
    viewport: true,
    take: async (page) => {
      await open(page, '/', 'Tableau de Bord');
      await page.getByRole('button', { name: /^Entreprise actuelle : / }).click();
      await page.getByRole('menu').waitFor();
    },
  },
  { name: 'tableau-de-bord', who: 'demo', take: (page) => open(page, '/', 'Tableau de Bord') },
  { name: 'tresorerie', who: 'demo', take: (page) => open(page, '/tresorerie', 'Trésorerie') },
  {
    name: 'factures',
    who: 'demo',
    take: async (page) => {
      await open(page, '/factures', 'Factures');
      await page
        .getByRole('button', { name: /^Voir la facture / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'nouvelle-facture',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/factures', 'Factures');
      await page.getByRole('button', { name: 'Nouvelle Facture' }).click();
      await dialog(page, /Nouvelle Facture/).waitFor();
    },
  },
  {
    name: 'facture-detail',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/factures', 'Factures');
      await page
        .getByRole('button', { name: /^Voir la facture / })
        .first()
        .click();
      await dialog(page, /Facture/).waitFor();
    },
  },
  {
    name: 'nouveau-paiement',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/tresorerie', 'Trésorerie');
      await page.getByRole('button', { name: 'Nouveau Paiement' }).click();
      await dialog(page, 'Nouveau Paiement').waitFor();
    },
  },
  { name: 'stock', who: 'demo', take: (page) => open(page, '/inventaire', 'Gestion des Stocks') },
  {
    name: 'mouvement-de-stock',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/inventaire', 'Gestion des Stocks');
      await page
        .getByRole('button', { name: /^Mouvement de stock pour / })
        .first()
        .click();
      await dialog(page, /Mouvement de stock/).waitFor();
    },
  },
  {
    name: 'restaurant-servir',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await page.goto('/restaurant');
      await page.getByRole('tab', { name: 'Recettes' }).click();
      await page
        .getByRole('button', { name: /^Servir / })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'employes', who: 'demo', take: (page) => open(page, '/employes', 'Gestion du Personnel') },
  {
    name: 'parametres-paie',
    who: 'demo',
    take: async (page) => {
      await page.goto('/parametres?tab=payroll');
      await page.getByRole('tab', { name: 'Paie', exact: true, selected: true }).waitFor();
    },
  },
  {
    name: 'paie-calcul',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/paie', 'Gestion de la Paie');
      await page.getByRole('button', { name: 'Nouveau bulletin' }).click();
      const form = dialog(page, 'Nouveau bulletin');
      // The first employee; the base salary comes from their record.
      await form.getByLabel('Employé', { exact: true }).selectOption({ index: 1 });
      await form.getByRole('button', { name: 'Calculer' }).click();
      await dialog(page, 'Détail du calcul de paie').waitFor();
    },
  },
  {
    name: 'paie',
    who: 'demo',
    take: async (page) => {
      await open(page, '/paie', 'Gestion de la Paie');
      await page
        .getByRole('button', { name: /^Voir le détail de / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'paie-absences',
    who: 'demo',
    take: async (page) => {
      await open(page, '/paie', 'Gestion de la Paie');
      await page.getByRole('tab', { name: 'Absences' }).click();
      await page.getByText('Congé annuel').first().waitFor();
      await page.getByRole('table', { name: 'Soldes de congés payés' }).waitFor();
    },
  },
  {
    name: 'paie-virement',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/paie', 'Gestion de la Paie');
      await page.getByRole('button', { name: 'Virement des salaires' }).click();
      const transfer = dialog(page, 'Virement des salaires');
      // The demo's latest payroll month is left to pay: the 28th's, or last month's before it.
      const now = new Date();
      const latest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (now.getUTCDate() >= 28 ? 0 : 1), 1));
      await transfer.getByLabel('Mois', { exact: true }).fill(latest.toISOString().slice(0, 7));
      await transfer.getByRole('table', { name: 'Ordre de virement' }).getByText('SN012').first().waitFor();
    },
  },
  {
    name: 'paie-declaration-sociale',
    who: 'demo',
    take: async (page) => {
      await open(page, '/paie', 'Gestion de la Paie');
      await page.getByRole('tab', { name: 'Déclarations' }).click();
      await page.getByRole('tab', { name: 'IPRES et CSS' }).click();
      await page.getByText('IP-0081234').first().waitFor();
    },
  },
  { name: 'investissements', who: 'demo', take: (page) => open(page, '/investissements', 'Investissements') },
  {
    name: 'plan-amortissement',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/investissements', 'Investissements');
      await page
        .getByRole('button', { name: /^Plan d'amortissement de / })
        .first()
        .click();
      await page.getByRole('dialog').getByText('Enregistré').first().waitFor();
    },
  },
  {
    name: 'nouvel-emprunt',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/emprunts', 'Emprunts');
      await page.getByRole('button', { name: 'Nouvel Emprunt' }).click();
      await dialog(page, 'Nouvel Emprunt').getByLabel('Fonds reçus sur').waitFor();
    },
  },
  {
    name: 'echeancier',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/emprunts', 'Emprunts');
      await page
        .getByRole('button', { name: /^Voir l'échéancier de / })
        .first()
        .click();
      await page.getByRole('dialog').getByText('En retard').first().waitFor();
    },
  },
  { name: 'ecritures', who: 'demo', take: (page) => open(page, '/ecritures', 'Écritures Comptables') },
  {
    name: 'import-ecritures',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/ecritures', 'Écritures Comptables');
      await page.getByRole('button', { name: 'Importer des écritures' }).click();
      const importing = page.getByRole('dialog');
      await importing.locator('input[type=file]').setInputFiles({
        name: 'journal.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(IMPORT_CSV, 'utf8'),
      });
      await importing.getByRole('button', { name: 'Analyser le fichier' }).click();
      await importing.getByRole('table').first().waitFor();
    },
  },
  {
    name: 'bilan',
    who: 'demo',
    take: async (page) => {
      await open(page, '/rapports', 'Rapports Financiers');
      await page.getByRole('tab', { name: 'Bilan' }).click();
      await page.getByRole('table').first().waitFor();
    },
  },
  {
    name: 'grand-livre',
    who: 'demo',
    take: async (page) => {
      await open(page, '/rapports', 'Rapports Financiers');
      await page.getByRole('tab', { name: 'Grand Livre' }).click();
      await page.getByRole('table').first().waitFor();
    },
  },
  {
    name: 'exercices',
    who: 'demo',
    take: async (page) => {
      await page.goto('/parametres?tab=fiscal-years');
      await page.getByText('Clôturé').first().waitFor();
    },
  },
  {
    name: 'cloture',
    who: 'fresh',
    viewport: true,
    take: async (page, context) => {
      // A year that has ended and is still open: one validated sale last year.
      const last = new Date().getUTCFullYear() - 1;
      const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
      const base = `/api/companies/${companyId}`;
      const { items } = await apiGet<AccountListResponse>(context, `${base}/accounts?pageSize=${MAX_ACCOUNTS_PAGE_SIZE}`);
      const account = (prefix: string) => {
        const found = items.find((a) => a.code.startsWith(prefix));
        if (!found) throw new Error(`no account ${prefix}…`);
        return found.id;
      };
      const entry = await apiPost<AccountingEntry>(context, `${base}/accounting-entries`, {
        entry: { number: 'VT-1', journal: 'OD', date: `${last}-03-01`, description: 'Vente comptant' },
        lines: [
          { accountId: account('521'), description: 'Banque', debit: '150000.00', credit: '0.00' },
          { accountId: account('70'), description: 'Vente', debit: '0.00', credit: '150000.00' },
        ],
      });
      const validated = await context.request.patch(`/api/accounting-entries/${entry.id}/validate`, { headers: apiHeaders() });
      if (!validated.ok()) throw new Error(`validate: ${validated.status()}`);
      await page.goto('/parametres?tab=fiscal-years');
      await page.getByRole('button', { name: MESSAGES_FISCAL_YEAR.close }).first().click();
      await dialog(page, MESSAGES_FISCAL_YEAR.closeConfirmTitle(String(last))).waitFor();
    },
  },
  {
    name: 'integrite',
    who: 'demo',
    take: async (page) => {
      await page.goto('/parametres?tab=fiscal-years');
      await page.getByRole('button', { name: /^Vérifier l.intégrité$/ }).click();
      await page
        .getByText(/intacte/)
        .first()
        .waitFor();
    },
  },
  {
    name: 'membres',
    who: 'demo',
    take: async (page) => {
      await page.goto('/parametres?tab=members');
      await page.getByRole('table').first().waitFor();
    },
  },
  {
    name: 'invitation',
    who: 'fresh',
    viewport: true,
    take: async (page, context, browser) => {
      // A second person invites the fresh user into their company.
      const inviter = await browser.newContext({ baseURL: baseUrl() });
      try {
        await registerWithChart(inviter, 'service');
        const me = (await (await inviter.request.get('/api/user')).json()) as { companyId: string };
        const invitee = (await (await context.request.get('/api/user')).json()) as { username: string };
        const sent = await inviter.request.post(`/api/companies/${me.companyId}/invitations`, {
          data: { login: invitee.username, role: 'accountant' },
          headers: apiHeaders(),
        });
        if (sent.status() !== 201) throw new Error(`invitation: ${sent.status()} ${await sent.text()}`);
      } finally {
        await inviter.close();
      }
      await open(page, '/', 'Tableau de Bord');
      await page.getByRole('region', { name: 'Invitations en attente' }).getByRole('button', { name: 'Accepter' }).waitFor();
    },
  },
  {
    name: 'portefeuille',
    who: 'cabinet',
    take: async (page) => {
      await page.goto('/portefeuille');
      await page.getByRole('table').first().waitFor();
    },
  },
  {
    name: 'menu-entreprises',
    who: 'cabinet',
    viewport: true,
    take: async (page) => {
      await open(page, '/', 'Tableau de Bord');
      await page.getByRole('button', { name: /^Entreprise actuelle : / }).click();
      await page.getByRole('menu').getByText('Créer une entreprise').waitFor();
    },
  },
  {
    name: 'comptes-de-tresorerie',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/tresorerie', 'Trésorerie');
      const cards = page.getByRole('list', { name: 'Comptes de trésorerie' });
      await cards.getByText('Wave Business').waitFor();
      // The cards at the top of the picture.
      await page.getByRole('region', { name: 'Comptes de trésorerie' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'import-releve',
    who: 'demo',
    viewport: true,
    take: async (page, context) => {
      const statement = await nextBankStatement(context);
      await open(page, '/tresorerie', 'Trésorerie');
      await page.getByRole('button', { name: 'Importer un relevé — Banque' }).click();
      const importing = dialog(page, 'Importer un relevé — Banque');
      await importing.locator('input[type=file]').setInputFiles({
        name: 'releve-banque.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(statement, 'utf8'),
      });
      await importing.getByRole('button', { name: 'Analyser le relevé' }).click();
      await importing.getByRole('table', { name: 'Opérations du relevé' }).waitFor();
    },
  },
  {
    name: 'rapprochement',
    who: 'demo',
    viewport: true,
    take: async (page, context) => {
      const { bank } = await demoBank(context);
      await open(page, `/tresorerie?rapprochement=${bank.id}`, 'Trésorerie');
      const screen = page.getByRole('region', { name: 'Rapprochement bancaire' });
      // The ledger's lines from the last statement's month on (the older ones are before the first statement).
      await screen
        .getByRole('search', { name: 'Filtres — Grand livre' })
        .getByLabel('Du')
        .fill(`${bank.lastStatementDate.slice(0, 7)}-01`);
      const statement = screen.getByRole('table', { name: 'Lignes du relevé' });
      // The deposit nobody recorded, ticked: the running difference, and no ledger line of its amount.
      await statement.getByRole('checkbox', { name: /^VERSEMENT ESPECES/ }).check();
      await screen.getByText(/Aucune ligne du grand livre de même montant/).waitFor();
      const ledger = screen.getByRole('table', { name: 'Lignes du grand livre' });
      await ledger.getByText('Apport des associés en capital').waitFor({ state: 'detached' });
      await ledger.getByRole('row').nth(1).waitFor();
      // From the tabs down: the selection's running difference, the propositions and both panes.
      await screen.getByRole('tablist', { name: 'Lignes à afficher' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'etat-de-rapprochement',
    who: 'demo',
    viewport: true,
    take: async (page, context) => {
      const { bank } = await demoBank(context);
      await open(page, '/tresorerie', 'Trésorerie');
      await page.getByRole('button', { name: 'État de rapprochement — Banque' }).click();
      const report = dialog(page, 'État de rapprochement — Banque');
      const date = report.getByLabel('Au');
      await date.fill(bank.lastStatementDate);
      await date.blur();
      await report.getByText(MESSAGES_RECONCILIATION.ties).waitFor();
      await report.getByText('FRAIS TENUE DE COMPTE').waitFor();
    },
  },
  // Chapter 10: the sales cycle.
  {
    name: 'devis',
    who: 'demo',
    take: async (page) => {
      await open(page, '/factures?onglet=devis', 'Factures');
      await page.getByRole('table', { name: 'Devis' }).getByText(/^DV-/).first().waitFor();
    },
  },
  {
    name: 'creer-un-avoir',
    who: 'demo',
    viewport: true,
    take: async (page) => {
      await open(page, '/factures', 'Factures');
      await page
        .getByRole('button', { name: /^Voir la facture FV-/ })
        .first()
        .click();
      await dialog(page, /^Facture FV-/)
        .getByRole('button', { name: 'Créer un avoir' })
        .click();
      const credit = dialog(page, /^Créer un avoir — facture /);
      await credit.getByLabel("Motif de l'avoir").fill('Remise commerciale');
      await credit.getByRole('radio', { name: 'Lignes et quantités choisies' }).check();
    },
  },
  {
    name: 'releve-et-lettrage',
    who: 'demo',
    viewport: true,
    take: async (page, context) => {
      const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
      const base = `/api/companies/${companyId}`;
      const { items } = await apiGet<{ items: { id: string }[] }>(context, `${base}/third-parties?role=client&pageSize=10`);
      // A client whose statement this year has lettered lines and at least two lines to letter.
      let chosen: string | null = null;
      for (const c of items) {
        const s = await apiGet<AccountStatement>(context, `${base}/third-parties/${c.id}/statement?from=${new Date().getFullYear()}-01-01`);
        if (s.lines.some((l) => l.letteringCode) && s.lines.filter((l) => !l.letteringCode).length >= 2) chosen = c.id;
        if (chosen) break;
      }
      if (!chosen) throw new Error('no demo client has lines to letter');
      await open(page, `/factures?onglet=lettrage&tiers=${chosen}`, 'Factures');
      await page.getByRole('table', { name: 'Relevé de compte' }).getByRole('checkbox').first().waitFor();
    },
  },
  {
    name: 'relances',
    who: 'demo',
    take: async (page) => {
      await open(page, '/factures?onglet=relances', 'Factures');
      await page.getByRole('table', { name: 'Relances envoyées' }).waitFor();
    },
  },
  // Chapter 11: tax returns.
  {
    name: 'codes-tva',
    who: 'demo',
    take: async (page) => {
      await page.goto('/parametres?tab=fiscalite');
      await page.getByText('TVA10').waitFor();
    },
  },
  {
    name: 'declaration-tva',
    who: 'demo',
    take: async (page) => {
      await open(page, '/declarations', 'Déclarations fiscales');
      await page.getByRole('table', { name: 'Lignes de la déclaration' }).waitFor();
      await page
        .getByRole('table', { name: 'Déclarations déposées' })
        .getByText(/^DGID-TVA-/)
        .first()
        .waitFor();
    },
  },
  {
    name: 'retenues-a-la-source',
    who: 'demo',
    take: async (page) => {
      await open(page, '/declarations', 'Déclarations fiscales');
      await page.getByRole('tab', { name: 'Retenues à la source' }).click();
      await page.getByText('Ibrahima Sarr (électricien)').first().waitFor();
      await page
        .getByText(/^DGID-BRS-/)
        .first()
        .waitFor();
    },
  },
];

/** The shots the guide lists, by file name (without .png). */
export const GUIDE_SHOTS = SHOTS.map((s) => s.name);

/** The demo's sign-ins (infra's demo constants, passed in by the test). */
export interface DemoLogins {
  demo: { username: string; password: string };
  cabinet: { username: string; password: string };
}

async function signedIn(browser: Browser, who: Who, logins: DemoLogins): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  if (who === 'fresh') {
    await registerWithChart(context, 'restaurant');
    return { context, page };
  }
  const credentials = logins[who];
  const res = await context.request.post('/api/login', { data: credentials, headers: apiHeaders() });
  if (!res.ok()) throw new Error(`login ${who}: ${res.status()} ${await res.text()}`);
  return { context, page };
}

/** Takes every shot into `dir`; answers the files written. */
export async function takeGuideScreenshots(browser: Browser, dir: string, logins: DemoLogins): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const sessions = new Map<Who, { context: BrowserContext; page: Page }>();
  try {
    for (const shot of SHOTS) {
      // A fresh user per shot that needs one (a new company shows its onboarding guide).
      if (shot.who === 'fresh') await sessions.get('fresh')?.context.close();
      const session = (shot.who !== 'fresh' && sessions.get(shot.who)) || (await signedIn(browser, shot.who, logins));
      sessions.set(shot.who, session);
      const { page, context } = session;
      await page.keyboard.press('Escape').catch(() => {});
      try {
        await shot.take(page, context, browser);
      } catch (error) {
        // What the page showed instead, to see why.
        await page.screenshot({ path: path.join(dir, `${shot.name}.failed.png`) }).catch(() => {});
        throw new Error(`guide screenshot ${shot.name}: ${(error as Error).message}`);
      }
      // Animations (dialogs sliding in, charts drawing) settle before the picture.
      await page.waitForTimeout(400);
      const file = path.join(dir, `${shot.name}.png`);
      await page.screenshot({ path: file, fullPage: !shot.viewport, animations: 'disabled' });
      written.push(file);
    }
  } finally {
    for (const { context } of sessions.values()) await context.close();
  }
  return written;
}
