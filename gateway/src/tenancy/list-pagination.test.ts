import type { Paged } from '@xaalis/contracts';
import { pool } from '../test-support/routes-coverage';
import { call, seedCompany, type Seeded } from '../test-support/seed';
import { signUp, startStack, type SignedIn, type Stack } from '../test-support/stack';

// Every list of a company is bounded (issue 26). The walk takes every GET route of every
// service of the form /api/companies/:companyId/<collection> (discovered, not listed by hand),
// after a second row of each collection was created, and checks that:
// - a list answers the paged envelope {items, page, pageSize, totalItems}, never a bare array
//   (the few lists that cannot grow are named below with the reason);
// - `pageSize=1` gives one item per page, page 2 another item than page 1, and totalItems
//   counts them all.
jest.setTimeout(240_000);

/** Collections answered whole on purpose: `path` → why it cannot grow. Keep it short. */
const BOUNDED: Record<string, string> = {
  '/api/companies/:companyId/fiscal-years': 'one row per year of activity',
  '/api/companies/:companyId/revenue-breakdown': "the dashboard's revenue by category: a handful of rows",
  '/api/companies/:companyId/vat-codes': 'the VAT rates of one country: five codes and the few a company adds',
};

/** Collections that need a query to name what they list: `path` → its query. */
const QUERIES: Record<string, (seeded: Seeded) => string> = {
  '/api/companies/:companyId/audit-events': ({ ids }) => `objectType=invoice&objectId=${ids.validatedInvoice}`,
  '/api/companies/:companyId/payroll-journal': () => 'period=2025',
};

let stack: Stack;
let owner: SignedIn;
let seeded: Seeded;

const COLLECTION = /^\/api\/companies\/:companyId\/[a-z-]+$/;
const collections = () => stack.routes.filter((r) => r.method === 'GET' && COLLECTION.test(r.path));
const urlOf = (path: string) => path.replace(':companyId', owner.companyId);

beforeAll(async () => {
  stack = await startStack();
  owner = await signUp(stack.gw, '10.97.0.1');
  seeded = await seedCompany(owner);
  // A second row of every collection the seed knows how to create: more rows than a page of one.
  for (const route of collections()) {
    const body = seeded.bodies[`POST ${route.path}`];
    if (body !== undefined) await call(owner.agent, 'POST', urlOf(route.path), body, '10.97.0.1');
  }
  // A second import (another file: the same one is refused).
  const piece = `P2-${Date.now()}`;
  await owner.agent
    .post(`/api/companies/${owner.companyId}/entry-imports?kind=entries&fileName=second.csv`)
    .set('X-Forwarded-For', '10.97.0.1')
    .set('X-Requested-With', 'XMLHttpRequest')
    .set('Content-Type', 'text/csv')
    .send(
      `Date;Journal;N° pièce;Compte;Libellé;Débit;Crédit\n10/03/2026;OD;${piece};6222;Loyer;1000;\n10/03/2026;OD;${piece};521;Loyer;;1000\n`,
    );
  // Payments are created at /api/payments, credit notes on their invoice: not under the company.
  await call(owner.agent, 'POST', '/api/payments', seeded.bodies['POST /api/payments'], '10.97.0.1');
  const creditNote = seeded.bodies['POST /api/invoices/:invoiceId/credit-notes'];
  await call(owner.agent, 'POST', `/api/invoices/${seeded.ids.validatedInvoice}/credit-notes`, creditNote, '10.97.0.1');
}, 240_000);

afterAll(async () => {
  await stack?.close();
});

const isPaged = (body: unknown): body is Paged<{ id?: string }> =>
  typeof body === 'object' && body !== null && Array.isArray((body as Paged<unknown>).items);

describe('every list of a company is paged on the server', () => {
  it('finds the collections of every service', () => {
    const services = new Set(collections().map((r) => r.service));
    expect([...services].sort()).toEqual(['accounting', 'hr', 'sector']);
  });

  it('answers the paged envelope and honours the page size on every collection', async () => {
    const failures: string[] = [];
    const checked: string[] = [];
    await pool(collections(), 4, async (route) => {
      const query = QUERIES[route.path]?.(seeded);
      const url = urlOf(route.path);
      const at = (paging: string) => `${url}?${[query, paging].filter(Boolean).join('&')}`;
      const whole = await call(owner.agent, 'GET', at(''), undefined, '10.97.0.1');
      if (whole.status !== 200) return void failures.push(`${route.path} → ${whole.status}`);
      if (Array.isArray(whole.body)) {
        if (!(route.path in BOUNDED)) failures.push(`${route.path} answers a bare array of ${whole.body.length}: page it`);
        return;
      }
      if (!isPaged(whole.body)) return; // an object that is not a list (a dashboard, settings…)
      if (typeof whole.body.totalItems !== 'number') {
        if (!(route.path in BOUNDED)) failures.push(`${route.path} answers {items} without totalItems: page it`);
        return;
      }
      const first = await call(owner.agent, 'GET', at('page=1&pageSize=1'), undefined, '10.97.0.1');
      const second = await call(owner.agent, 'GET', at('page=2&pageSize=1'), undefined, '10.97.0.1');
      if (!isPaged(first.body) || !isPaged(second.body))
        return void failures.push(`${route.path}?pageSize=1 → ${first.status}/${second.status}`);
      const total = first.body.totalItems;
      if (total < 2) return void failures.push(`${route.path}: ${total} row(s) after seeding two: add its POST body to the seed`);
      if (first.body.items.length !== 1 || second.body.items.length !== 1)
        failures.push(`${route.path}: pageSize=1 gave ${first.body.items.length} and ${second.body.items.length} items`);
      if (first.body.page !== 1 || second.body.page !== 2 || first.body.pageSize !== 1)
        failures.push(`${route.path}: page/pageSize not echoed (${first.body.page}, ${second.body.page}, ${first.body.pageSize})`);
      if (first.body.items[0]?.id !== undefined && first.body.items[0]?.id === second.body.items[0]?.id)
        failures.push(`${route.path}: page 2 repeats page 1`);
      if (second.body.totalItems !== total) failures.push(`${route.path}: totalItems ${total} then ${second.body.totalItems}`);
      checked.push(route.path);
    });
    process.stdout.write(`list pagination: ${checked.length} paged collections checked\n`);
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(10);
  });
});
