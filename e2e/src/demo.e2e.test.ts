import type { CashFlowStatement, DashboardData, InvoiceListResponse, RecipeList, ReportChecks, ReportYears } from '@xaalis/contracts';
import { DEMO_CREDENTIALS, seedDemo } from '@xaalis/infra/demo';
import { baseUrl, launch } from './browser';

/** Sum of decimal strings in cents (no floating point). */
const cents = (values: string[]) => values.reduce((sum, v) => sum + BigInt(v.replace('.', '')), 0n);

test('npm run demo seeds a restaurant through the API once; its figures tie out and it signs in', async () => {
  const first = await seedDemo(baseUrl(), { months: 2, salesPerMonth: 3 });
  expect(first.created).toBe(true);
  // Last month is complete (five restockings, three sales); this one only up to today.
  expect(first.invoices).toBeGreaterThanOrEqual(5 + 3);
  expect(first.invoices).toBeLessThanOrEqual(2 * (5 + 3));
  const again = await seedDemo(baseUrl(), { months: 2, salesPerMonth: 3 });
  expect(again).toEqual({ created: false, companyId: first.companyId, invoices: 0, payments: 0 });

  const browser = await launch();
  try {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Connexion' });
    await login.getByLabel("Nom d'utilisateur").fill(DEMO_CREDENTIALS.username);
    await login.getByLabel('Mot de passe').fill(DEMO_CREDENTIALS.password);
    await login.getByRole('button', { name: /se connecter/i }).click();
    await page.getByRole('heading', { level: 1, name: 'Tableau de Bord' }).waitFor();
    await page.getByText('Restaurant', { exact: true }).first().waitFor(); // restauration: the sector module is listed

    // The dashboard's revenue is the pre-tax total of this year's validated sales.
    const api = context.request;
    const base = `/api/companies/${first.companyId}`;
    const dashboard = (await (await api.get(`${base}/dashboard`)).json()) as DashboardData;
    const list = (await (await api.get(`${base}/invoices?pageSize=100`)).json()) as InvoiceListResponse;
    expect(list.totalItems).toBe(first.invoices);
    const sales = list.items.filter((i) => i.type !== 'purchase' && i.status !== 'draft' && i.date >= dashboard.fiscalYear.start);
    expect(BigInt(dashboard.revenue.replace('.', ''))).toBe(cents(sales.map((i) => i.subtotal)));
    expect(BigInt(dashboard.treasury.replace('.', ''))).toBeGreaterThan(0n);

    // Its statements pass their own checks for every year, and the TFT's closing cash is the dashboard's treasury.
    const { years } = (await (await api.get(`${base}/reports/years`)).json()) as ReportYears;
    for (const { year } of years) {
      for (const kind of ['balance-sheet', 'income-statement', 'cash-flow-statement']) {
        const report = (await (await api.get(`${base}/reports/${kind}?year=${year}`)).json()) as { checks: ReportChecks };
        expect({ kind, year, failed: Object.keys(report.checks).filter((k) => !report.checks[k]) }).toEqual({ kind, year, failed: [] });
      }
    }
    const tft = (await (await api.get(`${base}/reports/cash-flow-statement?year=${years[0].year}`)).json()) as CashFlowStatement;
    expect(tft.lines.find((l) => l.ref === 'ZH')?.amounts.current).toBe(dashboard.treasury);

    // The restaurant module shows the demo's recipes costed from the stock items, and its menu.
    const recipes = (await (await api.get(`${base}/recipes`)).json()) as RecipeList;
    expect(recipes.itemsAvailable).toBe(true);
    expect(recipes.items.map((r) => [r.name, r.costAvailable])).toEqual(
      expect.arrayContaining([
        ['Thiéboudienne', true],
        ['Bissap glacé', true],
      ]),
    );
    await page.goto('/restaurant');
    await page.getByRole('tab', { name: 'Menus' }).click();
    await page.getByText('Menu du jour', { exact: true }).first().waitFor();
    await context.close();
  } finally {
    await browser.close();
  }
});
