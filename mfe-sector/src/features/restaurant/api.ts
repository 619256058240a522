import type {
  InventoryItemInput,
  Menu,
  MenuInput,
  MenuValues,
  Recipe,
  RecipeInput,
  MenuList,
  RecipeList,
  RestaurantInventoryList,
  RecipeValues,
  RestaurantInventoryItem,
  ServeInput,
  ServeResult,
} from '@xaalis/contracts';
import { baseApi, companyCreate, companyDelete, companyRecordCommand, companyUpdate } from '@xaalis/web-kit';
import { companyPageQuery } from '../../ui/paged';
import type { CompanyBodyArgs, CompanyRecordBodyArgs } from '@xaalis/web-kit';

const recipesTag = { type: 'Restaurant' as const, id: 'RECIPES' };
const menusTag = { type: 'Restaurant' as const, id: 'MENUS' };
const inventoryTag = { type: 'Restaurant' as const, id: 'INVENTORY' };
/** The accounting remote's stock list ('Inventory' tag): a serve or a new item changes it too. */
const accountingInventoryTag = { type: 'Inventory' as const, id: 'LIST' };

/**
 * Restaurant endpoints (sector service through the gateway). Names are unique
 * across remotes: every remote injects into the one shared `baseApi`.
 */
export const restaurantApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/companies/:id/restaurant-inventory: the company's stock items (503 when accounting is down). */
    listRestaurantInventory: companyPageQuery<RestaurantInventoryList>(build, '/restaurant-inventory', [inventoryTag]),
    /** POST /api/companies/:id/restaurant-inventory → 201 the item, created by the accounting service. */
    createRestaurantInventoryItem: companyCreate<RestaurantInventoryItem, CompanyBodyArgs<InventoryItemInput>>(
      build,
      '/restaurant-inventory',
      [inventoryTag, recipesTag, accountingInventoryTag],
    ),
    /** GET /api/companies/:id/recipes: costs computed on read; `itemsAvailable` false when accounting is down. */
    listRecipes: companyPageQuery<RecipeList>(build, '/recipes', [recipesTag]),
    createRecipe: companyCreate<Recipe, CompanyBodyArgs<RecipeInput | RecipeValues>>(build, '/recipes', [recipesTag]),
    /** PUT .../recipes/:id: the ingredients are replaced as a whole. */
    updateRecipe: companyUpdate<Recipe, CompanyRecordBodyArgs<RecipeInput | RecipeValues>>(build, '/recipes', [recipesTag, menusTag]),
    /** DELETE .../recipes/:id (409 while a menu uses it). */
    deleteRecipe: companyDelete(build, '/recipes', [recipesTag]),
    /** POST .../recipes/:id/serve {quantity, requestId}: the ingredients leave the stock. */
    serveRecipe: companyRecordCommand<ServeResult, CompanyRecordBodyArgs<ServeInput>>(build, '/recipes', 'serve', [
      inventoryTag,
      recipesTag,
      accountingInventoryTag,
    ]),
    listMenus: companyPageQuery<MenuList>(build, '/menus', [menusTag]),
    createMenu: companyCreate<Menu, CompanyBodyArgs<MenuInput | MenuValues>>(build, '/menus', [menusTag]),
    /** PUT .../menus/:id: the items are replaced as a whole. */
    updateMenu: companyUpdate<Menu, CompanyRecordBodyArgs<MenuInput | MenuValues>>(build, '/menus', [menusTag]),
    deleteMenu: companyDelete(build, '/menus', [menusTag]),
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
