import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { APP_ROUTES, type AppRoute, type Membership } from '@xaalis/contracts';
import { DEMO_CREDENTIALS } from '@xaalis/infra/demo';
import { demoOnce } from './demo-seed';
import { CABINET_CREDENTIALS, FIRM_COMPANIES } from '@xaalis/infra/demo-firm';
import { apiGet, apiHeaders, baseUrl, chromiumForTests, registerWithChart } from './browser';

/**
 * Accessibility (issue 33): axe-core's WCAG 2.1 A and AA rules on every page of the navigation
 * table, its tabs and the main dialogs, signed in on the demo company, on a desktop and a phone
 * screen; the main dialogs and menus used with the keyboard alone; focus visible on what Tab reaches.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
type Viewport = typeof DESKTOP;

/** One violation, as the failure lists it: `page — rule — impact — target — help`. */
type Finding = string;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The demo's seed (the same short one as demo.e2e.test.ts: whichever runs first creates it, demoOnce). */
const DEMO_OPTIONS = { months: 2, salesPerMonth: 3 };

/** The main action of a page that opens a dialog (issue 33: new invoice, payment, new entry, import, payslip). */
interface MainDialog {
  path: string;
  button: string;
}

const MAIN_DIALOGS: MainDialog[] = [
  { path: '/factures', button: 'Nouvelle Facture' },
  { path: '/tresorerie', button: 'Nouveau Paiement' },
  { path: '/ecritures', button: 'Nouvelle Écriture' },
  { path: '/ecritures', button: 'Importer des écritures' },
  { path: '/paie', button: 'Nouveau bulletin' },
];

async function signIn(browser: Browser, credentials: { username: string; password: string }, viewport: Viewport) {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'fr-FR', viewport });
  context.setDefaultTimeout(20_000);
  const res = await context.request.post('/api/login', { data: credentials, headers: apiHeaders() });
  if (!res.ok()) throw new Error(`login ${credentials.username}: ${res.status()} ${await res.text()}`);
  return { context, page: await context.newPage() };
}

/**
 * The page has its data: no loading state (aria-busy, skeletons, spinners) and no transition under
 * way (a dialog fading in is not yet at its final contrast). Endless animations (a spinner's) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (
        document.querySelector(
          '[aria-busy="true"], .MuiSkeleton-root, .MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate',
        )
      ) {
        return false;
      }
      return document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
    },
    undefined,
    { timeout: 20_000, polling: 100 },
  );
}

/**
 * Opens `url` and waits for its data. Once the app is loaded, the way its links do (the router follows
 * history): the remotes are not loaded again for every page, which keeps the walk short.
 */
async function openPage(page: Page, url: string): Promise<void> {
  const path = url.split('?')[0];
  const title = APP_ROUTES.find((r) => r.path === path)?.title;
  const navigated = await page.evaluate((url) => {
    if (!document.querySelector('main h1')) return false;
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, url);
  if (!navigated) await page.goto(url);
  // The layout names the window after the route once the new page is drawn (the router's transition ends).
  if (title) await page.waitForFunction((title) => document.title === `${title} — Xaalis`, title);
  await page.locator('main h1').first().waitFor();
  await settled(page);
}

/** axe's WCAG 2.1 A/AA rules on the document, or on `include` (an open dialog); each violation's node as one finding. */
async function audit(page: Page, where: string, include?: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const results = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        targets: v.nodes.map((n) => n.target.map((t) => (Array.isArray(t) ? t.join(' >> ') : t)).join(' ')),
      }));
    },
    { tags: AXE_TAGS, include },
  );
  return violations.flatMap((v: AxeViolation) => v.targets.map((t) => `${where} — ${v.id} — ${v.impact} — ${t} — ${v.help}`));
}

/** The tabs of the page's first tab list (the page's views: Factures' documents, Trésorerie's views...). */
async function pageTabs(page: Page): Promise<Locator[]> {
  const list = page.locator('main [role="tablist"]').first();
  if ((await list.count()) === 0) return [];
  return list.getByRole('tab').all();
}

/** The routes a demo user has in the navigation table (the portfolio is for users of several companies). */
const DEMO_ROUTES = APP_ROUTES.filter((r) => !r.multiCompany);
/** Paramètres: one URL per tab (`?tab=`); the default tab is the page itself. */
const tabUrls = (route: AppRoute) => (route.tabs ?? []).slice(1).map((t) => `${route.path}?tab=${t.value}`);

/**
 * Every route of the navigation table and Paramètres' tabs; with `tabs`, each view of a page's tab
 * list too (clicked, as a user moves between them).
 */
async function auditRoutes(page: Page, label: string, routes: AppRoute[], tabs: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const route of routes) {
    for (const url of [route.path, ...tabUrls(route)]) {
      await openPage(page, url);
      findings.push(...(await audit(page, `${label} ${url}`)));
      if (!tabs || route.tabs) continue;
      const views = await pageTabs(page);
      for (const tab of views.slice(1)) {
        const name = (await tab.innerText()).trim();
        await tab.click();
        await settled(page);
        findings.push(...(await audit(page, `${label} ${url} [${name}]`)));
      }
    }
  }
  return findings;
}

/** The dialog `button` opens on its page, audited while open. */
async function auditDialog(page: Page, label: string, { path, button }: MainDialog): Promise<Finding[]> {
  await openPage(page, path);
  const opener = page.getByRole('button', { name: button, exact: true });
  await enabled(opener);
  await opener.click();
  await page.getByRole('dialog').waitFor();
  await settled(page);
  const findings = await audit(page, `${label} ${path} — dialogue « ${button} »`, '[role="dialog"]');
  await closeDialog(page);
  return findings;
}

/** Escape closes the open dialog (a second one first closes a list open in it). */
async function closeDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 3 && (await dialog.count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 3_000 }).catch(() => undefined);
  }
  await dialog.waitFor({ state: 'detached' });
}

/** Some main actions wait for the page's data (Nouveau bulletin: an active employee). */
async function enabled(button: Locator): Promise<void> {
  await button.waitFor();
  await button.page().waitForFunction((el) => !(el as HTMLButtonElement).disabled, await button.elementHandle(), { timeout: 20_000 });
}

/** The session's company is the one named `name` (a member of several companies). */
async function switchTo(context: BrowserContext, name: string): Promise<void> {
  const memberships = await apiGet<Membership[]>(context, '/api/memberships');
  const target = memberships.find((m) => m.companyName === name);
  if (!target) throw new Error(`no membership of ${name}`);
  const res = await context.request.post('/api/session/company', { data: { companyId: target.companyId }, headers: apiHeaders() });
  if (!res.ok()) throw new Error(`switch to ${name}: ${res.status()} ${await res.text()}`);
}

/** Everything the axe test walks on one screen size. */
async function auditEverything(browser: Browser, viewport: Viewport, label: string, tabs: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  // The demo company: every route (sector pages it has not enabled show 'Module non activé'), then the main dialogs.
  const demo = await signIn(browser, DEMO_CREDENTIALS, viewport);
  try {
    findings.push(...(await auditRoutes(demo.page, label, DEMO_ROUTES, tabs)));
    for (const dialog of MAIN_DIALOGS) findings.push(...(await auditDialog(demo.page, label, dialog)));
    if (viewport === PHONE) {
      // The navigation drawer of small screens.
      await openPage(demo.page, '/');
      await demo.page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await demo.page.getByRole('button', { name: 'Fermer le menu' }).waitFor();
      await settled(demo.page);
      findings.push(...(await audit(demo.page, `${label} / — menu de navigation`)));
    }
  } finally {
    await demo.context.close();
  }
  // The accountant: the portfolio of its companies, and the hotel's page with its rooms and stays.
  const cabinet = await signIn(browser, CABINET_CREDENTIALS, viewport);
  try {
    await openPage(cabinet.page, '/portefeuille');
    findings.push(...(await audit(cabinet.page, `${label} /portefeuille (cabinet)`)));
    await switchTo(cabinet.context, FIRM_COMPANIES.hotel);
    // The app loads again, in the hotel (its state held the other company).
    await cabinet.page.goto('about:blank');
    findings.push(
      ...(await auditRoutes(
        cabinet.page,
        `${label} (hôtel)`,
        APP_ROUTES.filter((r) => r.path === '/hotel'),
        tabs,
      )),
    );
  } finally {
    await cabinet.context.close();
  }
  // Production and Services, on a new company that has them (their empty states).
  const fresh = await browser.newContext({ baseURL: baseUrl(), locale: 'fr-FR', viewport });
  fresh.setDefaultTimeout(20_000);
  try {
    const base = await registerWithChart(fresh, 'transformation');
    const res = await fresh.request.put(`${base}/modules`, { data: { modules: ['transformation', 'services'] }, headers: apiHeaders() });
    if (!res.ok()) throw new Error(`modules: ${res.status()} ${await res.text()}`);
    const page = await fresh.newPage();
    const sector = APP_ROUTES.filter((r) => r.sectorModule === 'transformation' || r.sectorModule === 'services');
    findings.push(...(await auditRoutes(page, `${label} (nouvelle entreprise)`, sector, tabs)));
  } finally {
    await fresh.close();
  }
  return findings;
}

/** Signed out: the sign-in and registration forms. */
async function auditSignedOut(browser: Browser, viewport: Viewport, label: string): Promise<Finding[]> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'fr-FR', viewport });
  try {
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('form', { name: 'Connexion' }).waitFor();
    const findings = await audit(page, `${label} /auth (Connexion)`);
    await page.getByRole('tab', { name: 'Inscription' }).click();
    await page.getByRole('form', { name: 'Inscription' }).waitFor();
    await settled(page);
    findings.push(...(await audit(page, `${label} /auth (Inscription)`)));
    return findings;
  } finally {
    await context.close();
  }
}

interface FocusStop {
  /** The element's place in the document (to know when Tab has come round). */
  id: string;
  name: string;
  focused: string;
  unfocused: string;
}

/**
 * Runs in the page (installed as its source): the focused element's look (outline and shadow, the frame
 * of its field, the box of its check box or switch) with the focus and without it, once each has settled
 * (React's re-render, then the transitions). The focus is put back so that Tab goes on from there.
 */
async function focusProbe(scope: string | null): Promise<FocusStop | null> {
  const settle = async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const running = () => document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    for (let i = 0; i < 40 && running(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const look = (el: Element) => {
    const parts: string[] = [];
    const ring = (box: Element) => {
      const s = getComputedStyle(box);
      const outline =
        s.outlineStyle === 'none' || s.outlineWidth === '0px' ? 'none' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
      return `${outline} ${s.boxShadow}`;
    };
    // The element or a frame around it (a chart shows the focus of its keyboard proxy) draws a ring or a shadow.
    for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) parts.push(ring(box));
    // A field shows it on its frame, a check box or a switch on its box.
    for (const box of [el.closest('.MuiButtonBase-root'), el.closest('.MuiInputBase-root')?.querySelector('fieldset')]) {
      if (!box) continue;
      const s = getComputedStyle(box);
      parts.push(`${s.borderColor} ${s.borderWidth}`);
    }
    return parts.join(' | ');
  };
  await settle();
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || (scope && !el.closest(scope))) return null;
  const path: string[] = [];
  for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
    path.unshift(`${node.tagName.toLowerCase()}:${Array.prototype.indexOf.call(node.parentElement?.children ?? [], node)}`);
  }
  const text = el.getAttribute('aria-label') || el.innerText || el.getAttribute('name') || '';
  const focused = look(el);
  el.blur();
  await settle();
  const unfocused = look(el);
  el.focus();
  // The tag, its role and its MUI classes: enough to find it in the code.
  const kind = [el.tagName.toLowerCase(), el.getAttribute('role'), ...Array.from(el.classList).filter((c) => c.startsWith('Mui'))]
    .filter(Boolean)
    .join('.');
  return { id: path.join('/'), name: `${kind} « ${text.trim().split('\n')[0].slice(0, 60)} »`, focused, unfocused };
}

type ProbeWindow = Window & { xaalisFocusProbe: typeof focusProbe };

/**
 * Presses Tab up to `max` times, from where the focus is, inside `scope` (a selector; the whole page when
 * absent), and answers the elements whose focused look is their unfocused one (nothing shows the focus).
 */
async function invisibleFocus(page: Page, where: string, max: number, scope: string | null = null): Promise<string[]> {
  if (!(await page.evaluate(() => 'xaalisFocusProbe' in window))) {
    await page.evaluate(`window.xaalisFocusProbe = ${focusProbe.toString()}`);
    // States only, no motion: each look is read at once rather than after a 250 ms transition.
    await page.evaluate(() => {
      const still = new CSSStyleSheet();
      still.replaceSync('*, *::before, *::after { transition-duration: 0s !important; animation-duration: 0s !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    });
  }
  const failures: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((scope) => (window as unknown as ProbeWindow).xaalisFocusProbe(scope), scope);
    // Out of the scope, or back to the start: the whole cycle was seen.
    if (!stop || seen.has(stop.id)) break;
    seen.add(stop.id);
    if (stop.focused === stop.unfocused) failures.push(`${where} — ${stop.name} : le focus ne se voit pas`);
  }
  return failures;
}

/** Tab starts from the page's title: what follows it (the page's own controls), not the top bar and the sidebar again. */
async function focusTitle(page: Page): Promise<void> {
  await page.evaluate(() => {
    const title = document.querySelector<HTMLElement>('main h1');
    if (!title) throw new Error('no title');
    title.tabIndex = -1;
    title.focus();
  });
}

describe('accessibility (WCAG 2.1 A/AA, axe-core)', () => {
  const browser = chromiumForTests();

  beforeAll(async () => {
    await demoOnce(DEMO_OPTIONS);
  }, 240_000);

  test('no violation on any page, tab or main dialog on a desktop screen (1280×800)', async () => {
    const findings = [
      ...(await auditSignedOut(browser(), DESKTOP, 'bureau')),
      ...(await auditEverything(browser(), DESKTOP, 'bureau', true)),
    ];
    expect(findings).toEqual([]);
  }, 420_000);

  test('no violation on any page or main dialog on a phone screen (390×844)', async () => {
    const findings = [
      ...(await auditSignedOut(browser(), PHONE, 'téléphone')),
      ...(await auditEverything(browser(), PHONE, 'téléphone', false)),
    ];
    expect(findings).toEqual([]);
  }, 420_000);

  test('the main dialogs and menus work with the keyboard alone: focus moves in, Escape closes, focus comes back', async () => {
    const problems: string[] = [];
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await signIn(browser(), DEMO_CREDENTIALS, viewport);
      try {
        const openers: { path: string; button: string; popup: 'dialog' | 'menu' }[] = [
          ...MAIN_DIALOGS.map((d) => ({ ...d, popup: 'dialog' as const })),
          { path: '/', button: 'Entreprise actuelle : Teranga Saveurs SARL', popup: 'menu' },
          ...(viewport === PHONE ? [{ path: '/', button: 'Ouvrir le menu', popup: 'dialog' as const }] : []),
        ];
        for (const { path, button, popup } of openers) {
          const where = `${viewport === PHONE ? 'téléphone' : 'bureau'} ${path} « ${button} »`;
          await openPage(page, path);
          const opener = page.getByRole('button', { name: button, exact: true });
          await enabled(opener);
          await opener.focus();
          await page.keyboard.press('Enter');
          // The navigation drawer is a modal without the dialog role: its panel holds the focus.
          const panel = button === 'Ouvrir le menu' ? page.locator('.MuiDrawer-modal .MuiDrawer-paper') : page.getByRole(popup);
          await panel.waitFor();
          await settled(page);
          const inside = await panel.evaluate((el) => el.contains(document.activeElement));
          if (!inside) problems.push(`${where}: le focus n'entre pas dans le ${popup === 'menu' ? 'menu' : 'dialogue'}`);
          await page.keyboard.press('Escape');
          await panel.waitFor({ state: 'detached' });
          const back = await page
            .waitForFunction((el) => el === document.activeElement, await opener.elementHandle(), { timeout: 5_000 })
            .then(() => true)
            .catch(() => false);
          if (!back) problems.push(`${where}: le focus ne revient pas au bouton après Échap`);
        }
      } finally {
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);

  test('focus is visible on every control Tab reaches: the top bar, the sidebar, the pages and the main dialogs', async () => {
    const { context, page } = await signIn(browser(), DEMO_CREDENTIALS, DESKTOP);
    const failures: string[] = [];
    try {
      // The top bar and the sidebar once, from the start of the page, then each page's own controls.
      await openPage(page, '/');
      failures.push(...(await invisibleFocus(page, '/', 30)));
      for (const path of ['/', '/factures', '/tresorerie', '/ecritures', '/paie', '/parametres']) {
        await openPage(page, path);
        await focusTitle(page);
        failures.push(...(await invisibleFocus(page, path, 25)));
      }
      for (const { path, button } of MAIN_DIALOGS) {
        await openPage(page, path);
        const opener = page.getByRole('button', { name: button, exact: true });
        await enabled(opener);
        await opener.click();
        await page.getByRole('dialog').waitFor();
        await settled(page);
        failures.push(...(await invisibleFocus(page, `${path} — dialogue « ${button} »`, 30, '[role="dialog"]')));
        await closeDialog(page);
      }
    } finally {
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
