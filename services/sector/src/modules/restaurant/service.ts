import { randomUUID } from 'node:crypto';
import type { Sequelize, Transaction } from 'sequelize';
import {
  MAX_INVENTORY_ITEM_IDS,
  MESSAGES_RESTAURANT,
  consumptionReason,
  incompatibleUnit,
  type InventoryItem,
  type InventoryListResponse,
  type Menu,
  type MenuList,
  type MenuValues,
  type Recipe,
  type RecipeIngredient,
  type RecipeList,
  type RecipeValues,
  type RestaurantInventoryList,
  type ServeResult,
  type StockConsumptionInput,
  type StockConsumptionResult,
} from '@xaalis/contracts';
import { consumedQuantity, convertQuantity, divideMoney, lineCost, recipeMargin, sumDec, sumMoney, toFixed } from '@xaalis/domain';
import {
  HttpError,
  isForeignKeyViolation,
  isUuid,
  mustExist,
  NO_ACTOR,
  notFound,
  pagedOf,
  type Actor,
  type InternalClient,
} from '@xaalis/service-kit';
import {
  claimServe,
  completeServe,
  countMenus,
  countRecipes,
  deleteMenu,
  deleteRecipe,
  dropServe,
  existingRecipeIds,
  findIngredients,
  findMenus,
  findPendingServes,
  findRecipes,
  findServe,
  insertMenu,
  insertRecipe,
  recipeOnMenu,
  toServe,
  updateMenu,
  updateRecipe,
  type CostSnapshot,
  type IngredientDbRow,
  type PageQuery,
  type RecipeDbRow,
} from './model';

/** The accounting service's items of a company, by id; null when that service is down. */
type Items = Map<string, InventoryItem> | null;

const itemsPath = (companyId: string) => `/internal/companies/${companyId}/inventory-items`;
const consumptionsPath = (companyId: string) => `/internal/companies/${companyId}/stock-consumptions`;

/** A 503 from the accounting service, with the restaurant's French notice. */
const isUnavailable = (err: unknown) => err instanceof HttpError && err.status === 503;

/**
 * Restaurant (spec 02 "Gestion Restaurant", issue 12): recipes costed from the
 * accounting service's stock items, menus, and "Servir". Costs are computed on
 * every read from the items' current unit costs (never stale), with one
 * internal call per page whatever the number of recipes and ingredients.
 */
export function restaurantService(sequelize: Sequelize, accounting: InternalClient) {
  /**
   * The items of these ids in ONE call: `?ids=` up to MAX_INVENTORY_ITEM_IDS
   * (the request line's limit), else the company's whole list. Throws the 503
   * when the accounting service is down.
   */
  async function fetchItems(companyId: string, ids: string[], calls?: { n: number }): Promise<Map<string, InventoryItem>> {
    const distinct = [...new Set(ids)];
    if (!distinct.length) return new Map();
    if (calls) calls.n += 1;
    const items =
      distinct.length <= MAX_INVENTORY_ITEM_IDS
        ? await accounting.get<InventoryItem[]>(`${itemsPath(companyId)}?ids=${distinct.join(',')}`)
        : await accounting.get<InventoryItem[]>(itemsPath(companyId));
    return new Map(items.map((i) => [i.id, i]));
  }

  /** As fetchItems, null instead of the 503 (reads still answer, without items). */
  async function tryItems(companyId: string, ids: string[], calls: { n: number }): Promise<Items> {
    try {
      return await fetchItems(companyId, ids, calls);
    } catch (err) {
      if (isUnavailable(err)) return null;
      throw err;
    }
  }

  /** A recipe as the API shows it, costed from the items (null: unknown). */
  function toRecipe(row: RecipeDbRow, ingredients: IngredientDbRow[], items: Items): Recipe {
    const lines: RecipeIngredient[] = ingredients.map((i) => {
      const item = items?.get(i.inventory_item_id) ?? null;
      const converted = item ? convertQuantity(i.quantity, i.unit, item.unit) : null;
      return {
        id: i.id,
        inventoryItemId: i.inventory_item_id,
        itemName: item?.name ?? null,
        itemUnit: item?.unit ?? null,
        quantity: i.quantity,
        unit: i.unit,
        unitCost: item?.unitCost ?? null,
        cost: item && converted !== null ? lineCost(converted, item.unitCost) : null,
      };
    });
    const costAvailable = lines.every((l) => l.cost !== null);
    const totalCost = costAvailable ? sumMoney(lines.map((l) => l.cost as string)) : null;
    return {
      id: row.id,
      name: row.name,
      category: row.category,
      description: row.description,
      servings: row.servings,
      preparationTime: row.preparation_time,
      cookingTime: row.cooking_time,
      totalTime: row.preparation_time + row.cooking_time,
      instructions: row.instructions,
      sellingPrice: row.selling_price,
      totalCost,
      costPerServing: totalCost === null ? null : divideMoney(totalCost, row.servings),
      margin: totalCost === null ? null : recipeMargin(row.selling_price, totalCost),
      costAvailable,
      ingredients: lines,
      companyId: row.company_id,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /**
   * Recipes (all or one) with their ingredients and live costs: 2 queries and
   * at most 1 internal call, counted in `calls` (the list reports it).
   */
  async function read(
    companyId: string,
    id?: string,
    calls = { n: 0 },
    page?: PageQuery,
  ): Promise<{ items: Recipe[]; itemsAvailable: boolean }> {
    const rows = await findRecipes(sequelize, companyId, id, {}, page);
    const ingredients = await findIngredients(
      sequelize,
      companyId,
      rows.map((r) => r.id),
    );
    const items = await tryItems(
      companyId,
      ingredients.map((i) => i.inventory_item_id),
      calls,
    );
    const byRecipe = new Map<string, IngredientDbRow[]>();
    for (const i of ingredients) {
      const list = byRecipe.get(i.recipe_id);
      if (list) list.push(i);
      else byRecipe.set(i.recipe_id, [i]);
    }
    return { items: rows.map((r) => toRecipe(r, byRecipe.get(r.id) ?? [], items)), itemsAvailable: items !== null };
  }

  async function one(companyId: string, id: string): Promise<Recipe> {
    if (!isUuid(id)) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
    const [recipe] = (await read(companyId, id.toLowerCase())).items;
    if (!recipe) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
    return recipe;
  }

  /**
   * Every ingredient's item must be the company's (404) and its unit convert to
   * the item's (400), checked with one internal call; the 503 refuses the save.
   * Returns the cost snapshot stored with the recipe.
   */
  async function checkIngredients(companyId: string, v: RecipeValues): Promise<CostSnapshot> {
    const items = await fetchItems(
      companyId,
      v.ingredients.map((i) => i.inventoryItemId.toLowerCase()),
    );
    const lines = v.ingredients.map((i) => {
      const item = items.get(i.inventoryItemId.toLowerCase());
      if (!item) throw notFound(MESSAGES_RESTAURANT.itemNotFound);
      const converted = convertQuantity(i.quantity, i.unit, item.unit);
      if (converted === null) throw new HttpError(400, incompatibleUnit(i.unit, item.unit));
      return lineCost(converted, item.unitCost);
    });
    return { total: sumMoney(lines), lines };
  }

  const tx = <T>(fn: (t: Transaction) => Promise<T>) => sequelize.transaction(fn);

  return {
    /** `calls.n`: the internal calls this read made (the X-Inventory-Reads header: the benchmark's proof of batching). */
    async list(companyId: string, q: PageQuery, calls?: { n: number }): Promise<RecipeList> {
      const [{ items, itemsAvailable }, total] = await Promise.all([
        read(companyId, undefined, calls, q),
        countRecipes(sequelize, companyId, q),
      ]);
      return { ...pagedOf(items, q, total), itemsAvailable };
    },
    get: one,

    async create(companyId: string, v: RecipeValues): Promise<Recipe> {
      const cost = await checkIngredients(companyId, v);
      const id = await tx((t) => insertRecipe(sequelize, t, companyId, v, cost));
      return one(companyId, id);
    },

    async update(companyId: string, id: string, v: RecipeValues): Promise<Recipe> {
      if (!isUuid(id)) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
      if (!(await findRecipes(sequelize, companyId, id.toLowerCase())).length) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
      const cost = await checkIngredients(companyId, v);
      const found = await tx((t) => updateRecipe(sequelize, t, companyId, id.toLowerCase(), v, cost));
      if (!found) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
      return one(companyId, id);
    },

    /** Refused (409) while the recipe is on a menu. */
    async remove(companyId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
      await tx(async (t) => {
        if (await recipeOnMenu(sequelize, t, companyId, id.toLowerCase())) throw new HttpError(409, MESSAGES_RESTAURANT.recipeOnMenu);
        if (!(await deleteRecipe(sequelize, t, companyId, id.toLowerCase()))) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
      }).catch((err: unknown) => {
        // A menu item added meanwhile: the foreign key refuses the delete.
        throw isForeignKeyViolation(err) ? new HttpError(409, MESSAGES_RESTAURANT.recipeOnMenu) : err;
      });
    },

    /**
     * "Servir": takes quantity × ingredient quantity / servings (in each item's
     * unit) out of stock through the accounting service, as a whole: an unknown
     * item (404), an incompatible unit (400) or the accounting service down
     * (503) records nothing. The accounting side is idempotent by the serve's
     * id, and `requestId` lets a client retry the same serve safely. `actor`
     * (the requesting user and role) is the stock movements' author.
     */
    async serve(
      companyId: string,
      recipeId: string,
      quantity: number,
      actor: Actor,
      requestId?: string,
    ): Promise<{ serve: ServeResult; replayed: boolean }> {
      if (!isUuid(recipeId)) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
      const rid = recipeId.toLowerCase();
      const [recipe] = await findRecipes(sequelize, companyId, rid);
      if (!recipe) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
      const serveId = requestId?.toLowerCase() ?? randomUUID();
      const previous = requestId ? await findServe(sequelize, companyId, serveId) : null;
      if (previous && (previous.recipe_id !== rid || previous.quantity !== quantity)) {
        throw new HttpError(400, MESSAGES_RESTAURANT.serveError);
      }
      if (previous?.status === 'completed') return { serve: toServe(previous), replayed: true };

      const ingredients = await findIngredients(sequelize, companyId, [rid]);
      if (!ingredients.length) throw new HttpError(400, MESSAGES_RESTAURANT.nothingToServe);
      const items = await fetchItems(
        companyId,
        ingredients.map((i) => i.inventory_item_id),
      );
      // Per item (an item may appear on two lines), in the item's unit, three decimals.
      const totals = new Map<string, string[]>();
      for (const i of ingredients) {
        const item = items.get(i.inventory_item_id);
        if (!item) throw notFound(MESSAGES_RESTAURANT.itemNotFound);
        const q = consumedQuantity(i.quantity, i.unit, item.unit, quantity, recipe.servings);
        if (q === null) throw new HttpError(400, incompatibleUnit(i.unit, item.unit));
        totals.set(item.id, [...(totals.get(item.id) ?? []), q]);
      }
      const lines = [...totals].map(([itemId, qs]) => ({ itemId, quantity: sumQuantities(qs) })).filter((l) => l.quantity !== '0.000');

      const consumption: StockConsumptionInput = {
        sourceId: `recipe-serve:${serveId}`,
        reason: consumptionReason(recipe.name),
        lines,
      };
      const claimed = previous ? false : await claimServe(sequelize, serveId, companyId, rid, quantity, consumption);
      if (!claimed && !previous) throw new HttpError(400, MESSAGES_RESTAURANT.serveError); // a concurrent retry owns it
      let movements: StockConsumptionResult['movements'] = [];
      if (lines.length) {
        try {
          movements = (await accounting.post<StockConsumptionResult>(consumptionsPath(companyId), consumption, actor)).movements;
        } catch (err) {
          // A 503 may be a timeout after the accounting side committed: the
          // serve stays pending and settlePendingServes finishes it with the
          // same source id (idempotent there), so no stock exit is lost or doubled.
          if (isUnavailable(err))
            return { serve: toServe(mustExist(await findServe(sequelize, companyId, serveId), 'serve')), replayed: false };
          if (claimed) await dropServe(sequelize, companyId, serveId);
          throw err;
        }
      }
      return { serve: await completeServe(sequelize, companyId, serveId, movements), replayed: false };
    },

    /**
     * Settles the serves left pending by an accounting call whose outcome is
     * unknown (older than `olderThanMs`): replays their stored consumption —
     * the accounting side answers the first result if it was applied — then
     * completes them; a refusal (4xx: nothing was applied) drops them. Stops at
     * the first 503 (still down: the next sweep retries). Returns how many
     * were completed and dropped. A sweep acts for no user: movements it makes
     * have no author, as every job's.
     */
    async settlePendingServes(olderThanMs = 30_000, limit = 100): Promise<{ completed: number; dropped: number }> {
      let completed = 0;
      let dropped = 0;
      for (const pending of await findPendingServes(sequelize, olderThanMs, limit)) {
        try {
          const result = await accounting.post<StockConsumptionResult>(consumptionsPath(pending.company_id), pending.consumption, NO_ACTOR);
          await completeServe(sequelize, pending.company_id, pending.id, result.movements);
          completed += 1;
        } catch (err) {
          if (isUnavailable(err)) break;
          await dropServe(sequelize, pending.company_id, pending.id);
          dropped += 1;
        }
      }
      return { completed, dropped };
    },

    // --- Menus ---------------------------------------------------------------

    async listMenus(companyId: string, q: PageQuery): Promise<MenuList> {
      const [items, counts] = await Promise.all([findMenus(sequelize, companyId, undefined, {}, q), countMenus(sequelize, companyId, q)]);
      return { ...pagedOf(items, q, counts.total), activeCount: counts.active };
    },

    async getMenu(companyId: string, id: string): Promise<Menu> {
      const [menu] = isUuid(id) ? await findMenus(sequelize, companyId, id.toLowerCase()) : [];
      if (!menu) throw notFound(MESSAGES_RESTAURANT.menuNotFound);
      return menu;
    },

    async createMenu(companyId: string, v: MenuValues): Promise<Menu> {
      const id = await tx(async (t) => {
        await checkMenuRecipes(t, companyId, v);
        return insertMenu(sequelize, t, companyId, v);
      });
      return (await findMenus(sequelize, companyId, id))[0];
    },

    async updateMenu(companyId: string, id: string, v: MenuValues): Promise<Menu> {
      if (!isUuid(id)) throw notFound(MESSAGES_RESTAURANT.menuNotFound);
      const found = await tx(async (t) => {
        await checkMenuRecipes(t, companyId, v);
        return updateMenu(sequelize, t, companyId, id.toLowerCase(), v);
      });
      if (!found) throw notFound(MESSAGES_RESTAURANT.menuNotFound);
      return (await findMenus(sequelize, companyId, id.toLowerCase()))[0];
    },

    async removeMenu(companyId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await deleteMenu(sequelize, companyId, id.toLowerCase()))) throw notFound(MESSAGES_RESTAURANT.menuNotFound);
    },

    // --- Inventory tab (the accounting service's items) ----------------------

    /**
     * One page of accounting's items (name contains the search). Accounting's
     * internal route answers the company's whole list: the page is cut here.
     */
    /** One page of the accounting service's stock items, read as its Stock page reads them (paged and counted there, in SQL). */
    async inventory(companyId: string, q: PageQuery): Promise<RestaurantInventoryList> {
      const params = new URLSearchParams({
        page: String(q.page),
        pageSize: String(q.pageSize),
        ...(q.search ? { search: q.search } : {}),
        ...(q.id ? { id: q.id } : {}),
      });
      const found = await accounting
        .get<InventoryListResponse>(`${itemsPath(companyId)}/page?${params.toString()}`)
        .catch((err: unknown) => {
          throw isUnavailable(err) ? new HttpError(503, MESSAGES_RESTAURANT.accountingDown) : err;
        });
      // The Stock page's low (0 < stock ≤ minimum) and out (stock ≤ 0): together, stock ≤ minimum.
      return { ...pagedOf(found.items, q, found.totalItems), lowStockCount: found.counters.low + found.counters.out };
    },

    /** A stock item of the accounting service, created for `actor` (the author of its opening movement). */
    createItem(companyId: string, body: unknown, actor: Actor): Promise<InventoryItem> {
      return accounting.post<InventoryItem>(itemsPath(companyId), body, actor);
    },
  };

  /** A menu item's recipe must be one of the company's recipes (404 otherwise). */
  async function checkMenuRecipes(t: Transaction, companyId: string, v: MenuValues): Promise<void> {
    const ids = [...new Set(v.items.flatMap((i) => (i.recipeId ? [i.recipeId.toLowerCase()] : [])))];
    const found = await existingRecipeIds(sequelize, t, companyId, ids);
    if (ids.some((rid) => !found.has(rid))) throw notFound(MESSAGES_RESTAURANT.recipeNotFound);
  }
}

/** Σ of three-decimal quantities, exactly. */
function sumQuantities(values: string[]): string {
  return toFixed(sumDec(values), 3);
}

export type RestaurantService = ReturnType<typeof restaurantService>;
