import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { CompanyWhere, pageWindow, foldedPattern, foldedSql } from '@xaalis/service-kit';
import type {
  Menu,
  MenuItem,
  MenuType,
  MenuValues,
  RecipeCategory,
  RecipeUnit,
  RecipeValues,
  ServeResult,
  ServeStatus,
  StockConsumptionInput,
} from '@xaalis/contracts';

/** Row-level access to the restaurant tables (schema "sector"); every query names the company. */

export interface RecipeDbRow {
  id: string;
  company_id: string;
  name: string;
  category: RecipeCategory;
  description: string | null;
  servings: number;
  preparation_time: number;
  cooking_time: number;
  instructions: string | null;
  selling_price: string;
  created_at: Date;
  updated_at: Date;
}

export interface IngredientDbRow {
  id: string;
  recipe_id: string;
  inventory_item_id: string;
  quantity: string;
  unit: RecipeUnit;
}

interface MenuDbRow {
  id: string;
  company_id: string;
  name: string;
  type: MenuType;
  is_active: boolean;
  valid_from: string | null;
  valid_to: string | null;
  created_at: Date;
  updated_at: Date;
}

interface MenuItemDbRow {
  id: string;
  menu_id: string;
  recipe_id: string | null;
  name: string;
  description: string | null;
  price: string;
  category: RecipeCategory | null;
  is_available: boolean;
}

interface ServeDbRow {
  id: string;
  company_id: string;
  recipe_id: string;
  quantity: number;
  status: ServeStatus;
  movements: ServeResult['movements'];
  created_at: Date;
}

const RECIPE_COLUMNS =
  'r.id, r.company_id, r.name, r.category, r.description, r.servings, r.preparation_time, r.cooking_time, r.instructions, r.selling_price, r.created_at, r.updated_at';
const MENU_COLUMNS = `m.id, m.company_id, m.name, m.type, m.is_active, to_char(m.valid_from, 'YYYY-MM-DD') AS valid_from,
  to_char(m.valid_to, 'YYYY-MM-DD') AS valid_to, m.created_at, m.updated_at`;

type Opts = { transaction?: Transaction };

/** A page of a list: `search` is contained in the name; `id` one record (a select box's chosen value). */
export interface PageQuery {
  page: number;
  pageSize: number;
  search?: string;
  id?: string;
}

/** The company's recipes matching `q` (name contains), as `WHERE` and its bind, for the table aliased `alias`. */
function nameWhere(companyId: string, alias: string, q?: PageQuery): CompanyWhere {
  const where = new CompanyWhere(companyId, alias);
  if (q?.search) where.and(`${foldedSql(`${alias}name`)} LIKE ?`, foldedPattern(q.search));
  if (q?.id) where.and(`${alias}id = ?`, q.id);
  return where;
}

/** One recipe (`id`), or one page of them by name (`page`), or all. */
export async function findRecipes(
  sequelize: Sequelize,
  companyId: string,
  id?: string,
  opts: Opts = {},
  page?: PageQuery,
): Promise<RecipeDbRow[]> {
  const where = nameWhere(companyId, 'r.', page);
  if (id) where.and('r.id = ?', id);
  const window = page ? pageWindow(page) : null;
  return sequelize.query<RecipeDbRow>(
    `SELECT ${RECIPE_COLUMNS} FROM sector.recipes r WHERE ${where.sql} ORDER BY r.name, r.id${window ? ` LIMIT ${window.limit} OFFSET ${window.offset}` : ''}`,
    { bind: where.bind, type: QueryTypes.SELECT, transaction: opts.transaction },
  );
}

/** How many recipes match the search. */
export async function countRecipes(sequelize: Sequelize, companyId: string, q: PageQuery): Promise<number> {
  const where = nameWhere(companyId, 'r.', q);
  const [row] = await sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM sector.recipes r WHERE ${where.sql}`, {
    bind: where.bind,
    type: QueryTypes.SELECT,
  });
  return row.n;
}

/** How many menus match the search, and the company's active menus (all). */
export async function countMenus(sequelize: Sequelize, companyId: string, q: PageQuery): Promise<{ total: number; active: number }> {
  const where = nameWhere(companyId, 'm.', q);
  const [row] = await sequelize.query<{ total: number; active: number }>(
    `SELECT count(*) FILTER (WHERE ${where.sql})::int AS total, count(*) FILTER (WHERE m.is_active)::int AS active
       FROM sector.menus m WHERE m.company_id = $1`,
    { bind: where.bind, type: QueryTypes.SELECT },
  );
  return row;
}

/** The ingredients of these recipes, in their saved order (one query for a whole page). */
export async function findIngredients(
  sequelize: Sequelize,
  companyId: string,
  recipeIds: string[],
  opts: Opts = {},
): Promise<IngredientDbRow[]> {
  if (!recipeIds.length) return [];
  return sequelize.query<IngredientDbRow>(
    `SELECT i.id, i.recipe_id, i.inventory_item_id, i.quantity, i.unit FROM sector.recipe_ingredients i
      WHERE i.company_id = $1 AND i.recipe_id = ANY($2::uuid[]) ORDER BY i.recipe_id, i.position`,
    { bind: [companyId, recipeIds], type: QueryTypes.SELECT, transaction: opts.transaction },
  );
}

/** Ingredient cost snapshots (by position), null when unknown. */
export type CostSnapshot = { total: string | null; lines: (string | null)[] };

/** The recipe's own columns, in the order of the INSERT and UPDATE below. */
const recipeColumns = (v: RecipeValues, cost: CostSnapshot) => [
  v.name,
  v.category,
  v.description,
  v.servings,
  v.preparationTime,
  v.cookingTime,
  v.instructions,
  v.sellingPrice,
  cost.total,
];

export async function insertRecipe(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  v: RecipeValues,
  cost: CostSnapshot,
): Promise<string> {
  const [row] = await sequelize.query<{ id: string }>(
    `INSERT INTO sector.recipes (company_id, name, category, description, servings, preparation_time, cooking_time, instructions, selling_price, total_cost)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    {
      bind: [companyId, ...recipeColumns(v, cost)],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  await insertIngredients(sequelize, transaction, companyId, row.id, v, cost);
  return row.id;
}

/** False when the recipe is not the company's. Ingredients are replaced as a whole. */
export async function updateRecipe(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  id: string,
  v: RecipeValues,
  cost: CostSnapshot,
): Promise<boolean> {
  const rows = await sequelize.query<{ id: string }>(
    `UPDATE sector.recipes SET name = $3, category = $4, description = $5, servings = $6, preparation_time = $7, cooking_time = $8,
            instructions = $9, selling_price = $10, total_cost = $11, updated_at = now()
      WHERE company_id = $1 AND id = $2 RETURNING id`,
    {
      bind: [companyId, id, ...recipeColumns(v, cost)],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  if (!rows[0]) return false;
  await sequelize.query('DELETE FROM sector.recipe_ingredients WHERE company_id = $1 AND recipe_id = $2', {
    bind: [companyId, id],
    transaction,
  });
  await insertIngredients(sequelize, transaction, companyId, id, v, cost);
  return true;
}

async function insertIngredients(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  recipeId: string,
  v: RecipeValues,
  cost: CostSnapshot,
): Promise<void> {
  if (!v.ingredients.length) return;
  // One statement for all lines (unnest of parallel arrays).
  await sequelize.query(
    `INSERT INTO sector.recipe_ingredients (company_id, recipe_id, position, inventory_item_id, quantity, unit, cost)
     SELECT $1, $2, t.pos - 1, t.item, t.qty, t.unit, t.cost
       FROM unnest($3::uuid[], $4::numeric[], $5::text[], $6::numeric[]) WITH ORDINALITY AS t(item, qty, unit, cost, pos)`,
    {
      bind: [
        companyId,
        recipeId,
        v.ingredients.map((i) => i.inventoryItemId.toLowerCase()),
        v.ingredients.map((i) => i.quantity),
        v.ingredients.map((i) => i.unit),
        v.ingredients.map((_, n) => cost.lines[n] ?? null),
      ],
      transaction,
    },
  );
}

export async function recipeOnMenu(sequelize: Sequelize, transaction: Transaction, companyId: string, id: string): Promise<boolean> {
  const rows = await sequelize.query('SELECT 1 FROM sector.menu_items WHERE company_id = $1 AND recipe_id = $2 LIMIT 1', {
    bind: [companyId, id],
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows.length > 0;
}

export async function deleteRecipe(sequelize: Sequelize, transaction: Transaction, companyId: string, id: string): Promise<boolean> {
  const rows = await sequelize.query('DELETE FROM sector.recipes WHERE company_id = $1 AND id = $2 RETURNING id', {
    bind: [companyId, id],
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows.length > 0;
}

// --- Menus -----------------------------------------------------------------

function toMenuItem(r: MenuItemDbRow): MenuItem {
  return {
    id: r.id,
    menuId: r.menu_id,
    recipeId: r.recipe_id,
    name: r.name,
    description: r.description,
    price: r.price,
    category: r.category,
    isAvailable: r.is_available,
  };
}

/** The company's menus (or one, or one page by name) with their items: two queries whatever the count. */
export async function findMenus(sequelize: Sequelize, companyId: string, id?: string, opts: Opts = {}, page?: PageQuery): Promise<Menu[]> {
  const where = nameWhere(companyId, 'm.', page);
  if (id) where.and('m.id = ?', id);
  const window = page ? pageWindow(page) : null;
  const menus = await sequelize.query<MenuDbRow>(
    `SELECT ${MENU_COLUMNS} FROM sector.menus m WHERE ${where.sql} ORDER BY m.name, m.id${window ? ` LIMIT ${window.limit} OFFSET ${window.offset}` : ''}`,
    { bind: where.bind, type: QueryTypes.SELECT, transaction: opts.transaction },
  );
  if (!menus.length) return [];
  const items = await sequelize.query<MenuItemDbRow>(
    `SELECT i.id, i.menu_id, i.recipe_id, i.name, i.description, i.price, i.category, i.is_available FROM sector.menu_items i
      WHERE i.company_id = $1 AND i.menu_id = ANY($2::uuid[]) ORDER BY i.menu_id, i.position`,
    { bind: [companyId, menus.map((m) => m.id)], type: QueryTypes.SELECT, transaction: opts.transaction },
  );
  const byMenu = new Map<string, MenuItem[]>();
  for (const item of items) {
    const list = byMenu.get(item.menu_id);
    if (list) list.push(toMenuItem(item));
    else byMenu.set(item.menu_id, [toMenuItem(item)]);
  }
  return menus.map((m) => ({
    id: m.id,
    name: m.name,
    type: m.type,
    isActive: m.is_active,
    validFrom: m.valid_from,
    validTo: m.valid_to,
    items: byMenu.get(m.id) ?? [],
    companyId: m.company_id,
    createdAt: m.created_at.toISOString(),
    updatedAt: m.updated_at.toISOString(),
  }));
}

/** The ids among these that are recipes of the company. */
export async function existingRecipeIds(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  ids: string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await sequelize.query<{ id: string }>('SELECT id FROM sector.recipes WHERE company_id = $1 AND id = ANY($2::uuid[])', {
    bind: [companyId, ids],
    type: QueryTypes.SELECT,
    transaction,
  });
  return new Set(rows.map((r) => r.id));
}

export async function insertMenu(sequelize: Sequelize, transaction: Transaction, companyId: string, v: MenuValues): Promise<string> {
  const [row] = await sequelize.query<{ id: string }>(
    `INSERT INTO sector.menus (company_id, name, type, is_active, valid_from, valid_to) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    { bind: [companyId, v.name, v.type, v.isActive, v.validFrom, v.validTo], type: QueryTypes.SELECT, transaction },
  );
  await insertMenuItems(sequelize, transaction, companyId, row.id, v);
  return row.id;
}

export async function updateMenu(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  id: string,
  v: MenuValues,
): Promise<boolean> {
  const rows = await sequelize.query<{ id: string }>(
    `UPDATE sector.menus SET name = $3, type = $4, is_active = $5, valid_from = $6, valid_to = $7, updated_at = now()
      WHERE company_id = $1 AND id = $2 RETURNING id`,
    { bind: [companyId, id, v.name, v.type, v.isActive, v.validFrom, v.validTo], type: QueryTypes.SELECT, transaction },
  );
  if (!rows[0]) return false;
  await sequelize.query('DELETE FROM sector.menu_items WHERE company_id = $1 AND menu_id = $2', { bind: [companyId, id], transaction });
  await insertMenuItems(sequelize, transaction, companyId, id, v);
  return true;
}

async function insertMenuItems(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  menuId: string,
  v: MenuValues,
): Promise<void> {
  if (!v.items.length) return;
  await sequelize.query(
    `INSERT INTO sector.menu_items (company_id, menu_id, position, recipe_id, name, description, price, category, is_available)
     SELECT $1, $2, t.pos - 1, t.recipe, t.name, t.description, t.price, t.category, t.available
       FROM unnest($3::uuid[], $4::text[], $5::text[], $6::numeric[], $7::text[], $8::boolean[])
            WITH ORDINALITY AS t(recipe, name, description, price, category, available, pos)`,
    {
      bind: [
        companyId,
        menuId,
        v.items.map((i) => i.recipeId?.toLowerCase() ?? null),
        v.items.map((i) => i.name),
        v.items.map((i) => i.description),
        v.items.map((i) => i.price),
        v.items.map((i) => i.category),
        v.items.map((i) => i.isAvailable),
      ],
      transaction,
    },
  );
}

export async function deleteMenu(sequelize: Sequelize, companyId: string, id: string): Promise<boolean> {
  const rows = await sequelize.query('DELETE FROM sector.menus WHERE company_id = $1 AND id = $2 RETURNING id', {
    bind: [companyId, id],
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}

// --- Serves ----------------------------------------------------------------

export function toServe(r: ServeDbRow): ServeResult {
  return {
    id: r.id,
    recipeId: r.recipe_id,
    quantity: r.quantity,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    movements: r.movements,
  };
}

/** A serve id is the company's (a client's request id): another company may use the same. */
export async function findServe(sequelize: Sequelize, companyId: string, id: string): Promise<ServeDbRow | null> {
  const rows = await sequelize.query<ServeDbRow>(
    'SELECT id, company_id, recipe_id, quantity, status, movements, created_at FROM sector.recipe_serves WHERE company_id = $1 AND id = $2',
    { bind: [companyId, id], type: QueryTypes.SELECT },
  );
  return rows[0] ?? null;
}

/** Claims the serve id (pending); false when it already exists. */
export async function claimServe(
  sequelize: Sequelize,
  id: string,
  companyId: string,
  recipeId: string,
  quantity: number,
  consumption: StockConsumptionInput,
): Promise<boolean> {
  const rows = await sequelize.query(
    `INSERT INTO sector.recipe_serves (id, company_id, recipe_id, quantity, consumption) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (id, company_id) DO NOTHING RETURNING id`,
    { bind: [id, companyId, recipeId, quantity, JSON.stringify(consumption)], type: QueryTypes.SELECT },
  );
  return rows.length > 0;
}

export async function completeServe(
  sequelize: Sequelize,
  companyId: string,
  id: string,
  movements: ServeResult['movements'],
): Promise<ServeResult> {
  const [row] = await sequelize.query<ServeDbRow>(
    `UPDATE sector.recipe_serves SET status = 'completed', movements = $3::jsonb WHERE company_id = $1 AND id = $2
     RETURNING id, company_id, recipe_id, quantity, status, movements, created_at`,
    { bind: [companyId, id, JSON.stringify(movements)], type: QueryTypes.SELECT },
  );
  return toServe(row);
}

/** Pending serves older than `olderThanMs` (their accounting call's outcome is unknown), oldest first. */
export async function findPendingServes(
  sequelize: Sequelize,
  olderThanMs: number,
  limit: number,
): Promise<{ id: string; company_id: string; consumption: StockConsumptionInput }[]> {
  return sequelize.query(
    `SELECT id, company_id, consumption FROM sector.recipe_serves
     WHERE status = 'pending' AND consumption IS NOT NULL AND created_at < now() - make_interval(secs => $1)
     ORDER BY created_at LIMIT $2`,
    { bind: [olderThanMs / 1000, limit], type: QueryTypes.SELECT },
  );
}

export async function dropServe(sequelize: Sequelize, companyId: string, id: string): Promise<void> {
  await sequelize.query(`DELETE FROM sector.recipe_serves WHERE company_id = $1 AND id = $2 AND status = 'pending'`, {
    bind: [companyId, id],
  });
}
