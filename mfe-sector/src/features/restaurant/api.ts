import type {
  InventoryItemInput,
  Menu,
  MenuInput,
  MenuValues,
  Recipe,
  RecipeInput,
  RecipeList,
  RecipeValues,
  RestaurantInventoryItem,
  ServeInput,
  ServeResult,
} from '@xaalis/contracts';
import { baseApi, COMPANY_DATA_TAG } from '@xaalis/web-kit';

const enc = encodeURIComponent;
const recipesTag = { type: 'Restaurant' as const, id: 'RECIPES' };
const menusTag = { type: 'Restaurant' as const, id: 'MENUS' };
const inventoryTag = { type: 'Restaurant' as const, id: 'INVENTORY' };
/** The accounting remote's stock list ('Inventory' tag): a serve or a new item changes it too. */
const accountingInventoryTag = { type: 'Inventory' as const, id: 'LIST' };

const base = (companyId: string) => `/api/companies/${enc(companyId)}`;

/**
 * Restaurant endpoints (sector service through the gateway). Names are unique
 * across remotes: every remote injects into the one shared `baseApi`.
 */
export const restaurantApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/restaurant-inventory: the company's stock items (503 when accounting is down). */
    listRestaurantInventory: build.query<RestaurantInventoryItem[], string>({
      query: (companyId) => `${base(companyId)}/restaurant-inventory`,
      providesTags: [inventoryTag, COMPANY_DATA_TAG],
    }),
    /** POST /api/companies/:id/restaurant-inventory → 201 the item, created by the accounting service. */
    createRestaurantInventoryItem: build.mutation<RestaurantInventoryItem, { companyId: string; body: InventoryItemInput }>({
      query: ({ companyId, body }) => ({ url: `${base(companyId)}/restaurant-inventory`, method: 'POST', body }),
      invalidatesTags: [inventoryTag, recipesTag, accountingInventoryTag, COMPANY_DATA_TAG],
    }),
    /** GET /api/companies/:id/recipes: costs computed on read; `itemsAvailable` false when accounting is down. */
    listRecipes: build.query<RecipeList, string>({
      query: (companyId) => `${base(companyId)}/recipes`,
      providesTags: [recipesTag, COMPANY_DATA_TAG],
    }),
    createRecipe: build.mutation<Recipe, { companyId: string; body: RecipeInput | RecipeValues }>({
      query: ({ companyId, body }) => ({ url: `${base(companyId)}/recipes`, method: 'POST', body }),
      invalidatesTags: [recipesTag, COMPANY_DATA_TAG],
    }),
    /** PUT .../recipes/:id: the ingredients are replaced as a whole. */
    updateRecipe: build.mutation<Recipe, { companyId: string; id: string; body: RecipeInput | RecipeValues }>({
      query: ({ companyId, id, body }) => ({ url: `${base(companyId)}/recipes/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: [recipesTag, menusTag, COMPANY_DATA_TAG],
    }),
    /** DELETE .../recipes/:id (409 while a menu uses it). */
    deleteRecipe: build.mutation<void, { companyId: string; id: string }>({
      query: ({ companyId, id }) => ({ url: `${base(companyId)}/recipes/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: [recipesTag, COMPANY_DATA_TAG],
    }),
    /** POST .../recipes/:id/serve {quantity, requestId}: the ingredients leave the stock. */
    serveRecipe: build.mutation<ServeResult, { companyId: string; id: string; body: ServeInput }>({
      query: ({ companyId, id, body }) => ({ url: `${base(companyId)}/recipes/${enc(id)}/serve`, method: 'POST', body }),
      invalidatesTags: [inventoryTag, recipesTag, accountingInventoryTag, COMPANY_DATA_TAG],
    }),
    listMenus: build.query<Menu[], string>({
      query: (companyId) => `${base(companyId)}/menus`,
      providesTags: [menusTag, COMPANY_DATA_TAG],
    }),
    createMenu: build.mutation<Menu, { companyId: string; body: MenuInput | MenuValues }>({
      query: ({ companyId, body }) => ({ url: `${base(companyId)}/menus`, method: 'POST', body }),
      invalidatesTags: [menusTag, COMPANY_DATA_TAG],
    }),
    /** PUT .../menus/:id: the items are replaced as a whole. */
    updateMenu: build.mutation<Menu, { companyId: string; id: string; body: MenuInput | MenuValues }>({
      query: ({ companyId, id, body }) => ({ url: `${base(companyId)}/menus/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: [menusTag, COMPANY_DATA_TAG],
    }),
    deleteMenu: build.mutation<void, { companyId: string; id: string }>({
      query: ({ companyId, id }) => ({ url: `${base(companyId)}/menus/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: [menusTag, COMPANY_DATA_TAG],
    }),
  }),
});

export const {
  useListRestaurantInventoryQuery,
  useCreateRestaurantInventoryItemMutation,
  useListRecipesQuery,
  useCreateRecipeMutation,
  useUpdateRecipeMutation,
  useDeleteRecipeMutation,
  useServeRecipeMutation,
  useListMenusQuery,
  useCreateMenuMutation,
  useUpdateMenuMutation,
  useDeleteMenuMutation,
} = restaurantApi;
