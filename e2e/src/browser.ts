import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through e2e/jest.config.js');
  return url;
};

/** Debian's Chromium, headless, with the flags this sandboxed machine needs (launched as the benches do). */
export const launch: () => Promise<Browser> = (
  createRequire(__filename)('../../infra/bench/lib/chromium.js') as { launchChromium: () => Promise<Browser> }
).launchChromium;

/**
 * Chromium for the tests of a file (or a describe): launched before them, closed after them.
 * Call it where the tests are declared; the getter gives the running browser inside a test.
 */
export function chromiumForTests(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running');
    return browser;
  };
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
  // Fail fast: every step of these flows takes well under a second on a working app.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
/** A unique username per test (the e2e database is shared by the whole run). */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface Registration {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  address: string;
  sector: string;
}

export const registration = (sector = 'service'): Registration => {
  const username = uniqueName('u');
  return {
    username,
    email: `${username}@exemple.sn`,
    password: 'motdepasse1',
    firstName: 'Awa',
    lastName: 'Diop',
    companyName: `Entreprise ${username}`,
    phone: '+221 77 123 45 67',
    address: 'Rue 10, Dakar',
    sector,
  };
};

/** Registers through the API in the browser context (its cookie signs the page in). */
export async function registerViaApi(context: BrowserContext, sector: string): Promise<Registration> {
  const r = registration(sector);
  const res = await context.request.post('/api/register', { data: r, headers: { Origin: baseUrl() } });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return r;
}

/** Fills and sends the registration form of /auth, as a person would; `sectorLabel` is the option's French label. */
export async function registerViaForm(page: Page, r: Registration, sectorLabel: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Inscription' }).click();
  const form = page.getByRole('form', { name: 'Inscription' });
  await form.getByLabel("Nom d'utilisateur").fill(r.username);
  await form.getByLabel('Email').fill(r.email);
  await form.getByLabel('Mot de passe').fill(r.password);
  await form.getByLabel('Prénom').fill(r.firstName);
  await form.getByLabel('Nom', { exact: true }).fill(r.lastName);
  await form.getByLabel("Nom de l'entreprise").fill(r.companyName);
  await form.getByLabel('Téléphone').fill(r.phone);
  await form.getByLabel('Adresse').fill(r.address);
  await form.getByLabel("Secteur d'activité").selectOption({ label: sectorLabel });
  await form.getByRole('button', { name: /créer/i }).click();
}

/** Headers of an API call made by the test itself (the gateway's CSRF rule: same Origin, custom header). */
export const apiHeaders = () => ({ Origin: baseUrl(), 'X-Requested-With': 'XMLHttpRequest' });

/** GET through the signed-in context; throws with the answer on anything but 2xx. */
export async function apiGet<T>(context: BrowserContext, url: string): Promise<T> {
  const res = await context.request.get(url, { headers: apiHeaders() });
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** POST (JSON) through the signed-in context; throws unless the answer is 201. */
export async function apiPost<T>(context: BrowserContext, url: string, data: unknown): Promise<T> {
  const res = await context.request.post(url, { data, headers: apiHeaders() });
  if (res.status() !== 201) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Registers a company through the API (registerViaApi) with its chart of accounts generated: its API base `/api/companies/<id>`. */
export async function registerWithChart(context: BrowserContext, sector: string): Promise<string> {
  await registerViaApi(context, sector);
  const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
  const base = `/api/companies/${companyId}`;
  const chart = await context.request.post(`${base}/generate-chart`, { data: {}, headers: apiHeaders() });
  if (!chart.ok()) throw new Error(`generate-chart: ${chart.status()} ${await chart.text()}`);
  return base;
}

/** Digits of an amount card ("1 200 000 XOF" → 1200000). */
export async function cardAmount(page: Page, name: string): Promise<number> {
  const text = (await page.getByRole('group', { name, exact: true }).innerText()).replace(/\s|\u202f|\u00a0/g, '');
  const m = /(-?\d+)XOF/.exec(text);
  if (!m) throw new Error(`no amount in card ${name}: ${text}`);
  return Number(m[1]);
}

/**
 * Picks `option` in a select box searched on the server (ServerAutocomplete): types `search` (the
 * option itself by default; a name when the option shows more, e.g. 'Farine' for 'Farine (kg)'),
 * then clicks the match.
 */
export async function chooseOption(scope: Locator, label: string | RegExp, option: string, search = option): Promise<void> {
  const combo = scope.getByRole('combobox', { name: label, exact: typeof label === 'string' });
  await combo.click();
  await combo.fill(search);
  await scope.page().getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}
