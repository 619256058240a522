#!/usr/bin/env node
// Restaurant (issue 12): GET /api/companies/:id/recipes (its largest page, 100) for a company with
// RECIPES recipes of INGREDIENTS ingredients each (default 1 000 × 10), costed
// by the sector service from the accounting service's stock items on every
// read. Reports the list's median/p95 and proves the cross-service read is
// batched: the sector service reaches the accounting service through a
// counting HTTP relay here, and each list request must make exactly ONE
// internal items call (also reported by the list's X-Inventory-Reads header),
// whatever the number of recipes and ingredients.
// Starts the accounting and sector services in this process (built dist: run
// `npm run build:server` first), on a fresh Postgres database (DATABASE_URL, or a
// throw-away database on postgres://postgres@127.0.0.1:5432, dropped at the end);
// no Redis needed. Items are created through the accounting service's internal
// route, recipes are inserted in SQL (sector.recipes, sector.recipe_ingredients).
// Usage: node infra/bench/restaurant.js [recipes=1000] [ingredients=10] [items=60] [requests=30]
const { TOKEN, withAccountingService, tenantHeaders, createCompany } = require('./lib/ledger');
const { ms, timeSequential, numericArgs } = require('./lib/timing');
const { startService, countingRelay, call } = require('./lib/services');

const [RECIPES, INGREDIENTS, ITEMS, REQUESTS] = numericArgs(1000, 10, 60, 30);
/** The largest page the list serves. */
const PAGE_SIZE = 100;
const UNITS = [
  ['kg', ['g', 'kg']],
  ['l', ['cl', 'ml', 'l']],
  ['pcs', ['pcs']],
];

async function main() {
  await withAccountingService(async ({ base: accountingBase, sequelize }) => {
    const relay = await countingRelay(accountingBase);
    process.env.ACCOUNTING_URL = relay.url;
    const { service: sector, base: sectorBase } = await startService('sector');
    try {
      const company = await createCompany(accountingBase, { name: 'Restaurant Bench', sector: 'restauration' });
      const headers = tenantHeaders(company.id);
      await call(sectorBase, 'PUT', `/api/companies/${company.id}/modules`, headers, { modules: ['restaurant'] }, 200);

      const items = [];
      for (let n = 0; n < ITEMS; n++) {
        const [unit] = UNITS[n % UNITS.length];
        const res = await call(
          accountingBase,
          'POST',
          `/internal/companies/${company.id}/inventory-items`,
          { 'x-internal-token': TOKEN },
          { name: `Article ${n}`, category: 'ingredient', unit, unitCost: String(100 + n * 37), currentStock: '1000' },
          201,
        );
        items.push(await res.json());
      }

      // Recipes and ingredients in two statements (generate_series), items and units cycled.
      await sequelize.query(
        `INSERT INTO sector.recipes (id, company_id, name, category, servings, preparation_time, cooking_time, selling_price)
         SELECT gen_random_uuid(), $1, 'Recette ' || lpad(g::text, 5, '0'), 'main', 1 + g % 6, 15, 30, 5000 + g % 100 * 50
           FROM generate_series(1, $2) g`,
        { bind: [company.id, RECIPES] },
      );
      const itemIds = items.map((i) => i.id);
      const itemUnits = items.map((i) => UNITS.find(([u]) => u === i.unit)[1]);
      await sequelize.query(
        `INSERT INTO sector.recipe_ingredients (company_id, recipe_id, position, inventory_item_id, quantity, unit)
         SELECT $1, r.id, p, ($2::uuid[])[1 + (r.n * 7 + p) % $4],
                (1 + (r.n + p) % 500)::numeric,
                ($3::text[])[1 + (r.n * 7 + p) % $4]
           FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM sector.recipes WHERE company_id = $1) r,
                generate_series(0, $5 - 1) p`,
        {
          bind: [
            company.id,
            itemIds,
            // One recipe unit per item, compatible with the item's unit (g for kg, cl for l…).
            itemUnits.map((units, n) => units[n % units.length]),
            ITEMS,
            INGREDIENTS,
          ],
        },
      );
      await sequelize.query('VACUUM (ANALYZE) sector.recipes');
      await sequelize.query('VACUUM (ANALYZE) sector.recipe_ingredients');

      const key = 'GET /internal/companies/:id/inventory-items';
      relay.counts.clear();
      let body;
      let readsHeader;
      const stats = await timeSequential(async () => {
        const res = await call(
          sectorBase,
          'GET',
          `/api/companies/${company.id}/recipes?page=1&pageSize=${PAGE_SIZE}`,
          headers,
          undefined,
          200,
        );
        readsHeader = res.headers.get('x-inventory-reads');
        body = await res.json();
      }, REQUESTS);
      const requests = REQUESTS + 5; // timeSequential's warm-up calls included
      const internalCalls = relay.counts.get(key) ?? 0;

      const costed = body.items.filter((r) => r.costAvailable).length;
      const ingredientCount = body.items.reduce((a, r) => a + r.ingredients.length, 0);
      console.log(
        `Restaurant recipe list: page of ${body.items.length} of ${body.totalItems} recipes, ${ingredientCount} ingredients, ${ITEMS} distinct items`,
      );
      console.log(
        `  GET /api/companies/:id/recipes?pageSize=${PAGE_SIZE} × ${REQUESTS}: median ${ms(stats.median)}, p95 ${ms(stats.p95)}, max ${ms(stats.max)}`,
      );
      console.log(`  costed recipes: ${costed}/${body.items.length}; itemsAvailable: ${body.itemsAvailable}`);
      console.log(`  internal items calls: ${internalCalls} for ${requests} list requests (X-Inventory-Reads: ${readsHeader})`);
      console.log(`  all internal calls seen by the relay: ${JSON.stringify(Object.fromEntries(relay.counts))}`);
      if (internalCalls !== requests || readsHeader !== '1')
        throw new Error('The recipe list is not batched: expected exactly one internal call per request');
      if (body.totalItems !== RECIPES || body.items.length !== Math.min(RECIPES, PAGE_SIZE) || costed !== body.items.length)
        throw new Error('Some recipes are missing or not costed');
    } finally {
      await sector.close();
      await relay.close();
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
