import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { MESSAGES_RESTAURANT, type Menu, type Recipe } from '@xaalis/contracts';
import {
  AddButton,
  ConfirmDialog,
  PageHeader,
  toastFailure,
  toastSuccess,
  useDialog,
  type ListEmpty,
  type ListRead,
} from '@xaalis/web-kit';
import { useMemo, useState, type ReactNode } from 'react';
import {
  useDeleteMenuMutation,
  useDeleteRecipeMutation,
  useListMenusQuery,
  useListRecipesQuery,
  useListRestaurantInventoryQuery,
} from './api';
import { formatQuantity, lowStockItems, unitLabel } from './format';
import { InventoryItemDialog } from './InventoryItemDialog';
import { InventoryTab } from './InventoryTab';
import { MenuCard } from './MenuCard';
import { MenuDialog } from './MenuDialog';
import { choiceArgs, pageArgs, PagedPanel, panelPaging, usePagedSearch, type PanelPaging } from '../../ui/paged';
import { CompanyPage, sectorRoute } from '../../ui/CompanyPage';
import { moreLowItems } from '../../ui/format';
import { CardPlaceholders, WIDE_CARD_GRID } from '../../ui/placeholders';
import { RecipeCard } from './RecipeCard';
import { RecipeDialog } from './RecipeDialog';
import { ServeDialog } from './ServeDialog';
import { useRestaurantRights } from './rights';

const { title: TITLE, subtitle: SUBTITLE } = sectorRoute('/restaurant', 'Gestion Restaurant');
/** Spec §9: 4 placeholders for recipes and menus. */
const CARD_PLACEHOLDERS = 4;
const RECIPE_DELETE_ERROR = 'Impossible de supprimer la recette.';
const MENU_DELETE_ERROR = 'Impossible de supprimer le menu.';

type TabValue = 'inventory' | 'recipes' | 'menus';

/** Route /restaurant (exposed as './Restaurant'): 'Gestion Restaurant', tabs Inventaire, Recettes, Menus. */
export default function RestaurantPage() {
  return (
    <CompanyPage title={TITLE} subtitle={SUBTITLE}>
      {(companyId) => <Restaurant companyId={companyId} />}
    </CompanyPage>
  );
}

/** The page once the company is known. */
function Restaurant({ companyId }: { companyId: string }) {
  const inventoryPaging = usePagedSearch();
  const recipePaging = usePagedSearch();
  const menuPaging = usePagedSearch();
  const inventory = useListRestaurantInventoryQuery(pageArgs(companyId, inventoryPaging));
  const recipes = useListRecipesQuery(pageArgs(companyId, recipePaging));
  const menus = useListMenusQuery(pageArgs(companyId, menuPaging));
  // The low stock alert reads the first CHOICE_PAGE_SIZE items by name; its total says whether the recipe dialog has
  // anything to choose (the dialogs search the server themselves).
  const inventoryChoice = useListRestaurantInventoryQuery(choiceArgs(companyId));
  const [deleteRecipe, deleteRecipeState] = useDeleteRecipeMutation();
  const [deleteMenu, deleteMenuState] = useDeleteMenuMutation();

  const [tab, setTab] = useState<TabValue>('inventory');
  // Each opening remounts its dialog (fresh form, fresh serve request id).
  const itemDialog = useDialog('item');
  const recipeDialog = useDialog<Recipe | null>('recipe', null);
  const serveDialog = useDialog<Recipe | null>('serve', null);
  const menuDialog = useDialog<Menu | null>('menu', null);
  const [removing, setRemoving] = useState<{ recipe?: Recipe; menu?: Menu } | null>(null);
  const rights = useRestaurantRights();

  const items = useMemo(() => inventoryChoice.data?.items ?? [], [inventoryChoice.data]);
  const recipeList = useMemo(() => recipes.data?.items ?? [], [recipes.data]);
  const menuList = useMemo(() => menus.data?.items ?? [], [menus.data]);
  const lowStock = useMemo(() => lowStockItems(items), [items]);
  // Named among the first page read, counted over the whole company (the server's lowStockCount).
  const lowTotal = Math.max(inventoryChoice.data?.lowStockCount ?? 0, lowStock.length);

  const openItem = () => itemDialog.show();
  const openRecipe = () => recipeDialog.show(null);
  const openMenu = () => menuDialog.show(null);
  const addButton = (label: string, onClick: () => void) => <AddButton onClick={onClick}>{label}</AddButton>;
  // The empty states' 'first item' buttons (spec §2), distinct from the header's.
  const firstButton = (label: string, onClick: () => void) => (
    <AddButton variant="outlined" onClick={onClick}>
      {label}
    </AddButton>
  );

  const confirmRemove = async () => {
    try {
      if (removing?.recipe) {
        await deleteRecipe({ companyId, id: removing.recipe.id }).unwrap();
        toastSuccess(MESSAGES_RESTAURANT.recipeDeleted);
      } else if (removing?.menu) {
        await deleteMenu({ companyId, id: removing.menu.id }).unwrap();
        toastSuccess(MESSAGES_RESTAURANT.menuDeleted);
      }
      setRemoving(null);
    } catch (error) {
      toastFailure(error, removing?.recipe ? RECIPE_DELETE_ERROR : MENU_DELETE_ERROR);
    }
  };

  const placeholders = <CardPlaceholders count={CARD_PLACEHOLDERS} grid={WIDE_CARD_GRID} blockHeight={180} />;
  /** The recipes' and menus' tabs: the list's states (card placeholders while loading), then its cards, faded during a refresh. */
  const cardTab = (list: ListRead, paging: PanelPaging, count: number, errorTitle: string, empty: ListEmpty, cards: ReactNode) => (
    <PagedPanel
      {...paging}
      emptyFiltered="Aucun résultat ne correspond à la recherche"
      list={list}
      errorTitle={errorTitle}
      loading={placeholders}
      count={count}
      empty={empty}
    >
      <Box sx={{ ...WIDE_CARD_GRID, opacity: list.isFetching ? 0.6 : 1 }}>{cards}</Box>
    </PagedPanel>
  );
  let content: ReactNode;
  if (tab === 'inventory') {
    content = (
      <InventoryTab
        items={inventory.data?.items}
        paging={panelPaging(inventoryPaging, 'Rechercher un article', 'Nom', inventory.data?.totalItems)}
        isLoading={inventory.isLoading}
        isFetching={inventory.isFetching}
        error={inventory.error}
        onRetry={() => void inventory.refetch()}
        onCreate={rights.inventory ? firstButton('Ajouter le premier article', openItem) : undefined}
      />
    );
  } else if (tab === 'recipes') {
    content = cardTab(
      recipes,
      panelPaging(recipePaging, 'Rechercher une recette', 'Nom', recipes.data?.totalItems),
      recipeList.length,
      'Impossible de charger les recettes',
      {
        title: MESSAGES_RESTAURANT.emptyRecipes,
        description: rights.recipes
          ? "Composez vos recettes à partir des articles de l'inventaire : leur coût est calculé automatiquement."
          : undefined,
        action: rights.recipes ? firstButton('Créer la première recette', openRecipe) : undefined,
      },
      recipeList.map((recipe) => (
        <RecipeCard
          key={recipe.id}
          recipe={recipe}
          onServe={rights.recipes ? serveDialog.show : undefined}
          onEdit={rights.recipes ? recipeDialog.show : undefined}
          onDelete={rights.recipes ? (r) => setRemoving({ recipe: r }) : undefined}
        />
      )),
    );
  } else
    content = cardTab(
      menus,
      panelPaging(menuPaging, 'Rechercher un menu', 'Nom', menus.data?.totalItems),
      menuList.length,
      'Impossible de charger les menus',
      {
        title: MESSAGES_RESTAURANT.emptyMenus,
        description: rights.menus ? 'Proposez vos recettes et articles sur un menu.' : undefined,
        action: rights.menus ? firstButton('Créer le premier menu', openMenu) : undefined,
      },
      menuList.map((menu) => (
        <MenuCard
          key={menu.id}
          menu={menu}
          onEdit={rights.menus ? menuDialog.show : undefined}
          onDelete={rights.menus ? (m) => setRemoving({ menu: m }) : undefined}
        />
      )),
    );

  let action: ReactNode = null;
  if (tab === 'inventory') action = rights.inventory ? addButton('Nouvel article', openItem) : null;
  else if (tab === 'recipes') action = rights.recipes ? addButton('Nouvelle recette', openRecipe) : null;
  else action = rights.menus ? addButton('Nouveau menu', openMenu) : null;
  const accountingDown = recipes.data?.itemsAvailable === false;

  return (
    <Box component="section" aria-label={TITLE}>
      <PageHeader title={TITLE} subtitle={SUBTITLE} actions={action} />
      {lowTotal > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }} aria-label={MESSAGES_RESTAURANT.lowStockAlert}>
          <AlertTitle>{`${MESSAGES_RESTAURANT.lowStockAlert} (${lowTotal})`}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {lowStock.map((item) => (
              <li
                key={item.id}
              >{`${item.name} : ${formatQuantity(item.currentStock)} ${unitLabel(item.unit)} (minimum ${formatQuantity(item.minStock)})`}</li>
            ))}
            {lowTotal > lowStock.length ? <li>{moreLowItems(lowTotal - lowStock.length)}</li> : null}
          </Box>
        </Alert>
      ) : null}
      {accountingDown ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES_RESTAURANT.accountingDown}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(_e, value: TabValue) => setTab(value)} sx={{ mb: 2 }} aria-label="Restaurant">
        <Tab value="inventory" label="Inventaire" />
        <Tab value="recipes" label="Recettes" />
        <Tab value="menus" label="Menus" />
      </Tabs>
      <Box role="tabpanel">{content}</Box>

      <InventoryItemDialog key={itemDialog.key} {...itemDialog.props} companyId={companyId} />
      <RecipeDialog
        key={recipeDialog.key}
        {...recipeDialog.props}
        companyId={companyId}
        itemsAvailable={(inventoryChoice.data?.totalItems ?? 0) > 0}
        recipe={recipeDialog.value}
      />
      <ServeDialog key={serveDialog.key} {...serveDialog.props} companyId={companyId} recipe={serveDialog.value} />
      <MenuDialog key={menuDialog.key} {...menuDialog.props} companyId={companyId} menu={menuDialog.value} />
      <ConfirmDialog
        open={removing !== null}
        title={removing?.recipe ? 'Supprimer la recette' : 'Supprimer le menu'}
        text={`Supprimer définitivement « ${removing?.recipe?.name ?? removing?.menu?.name ?? ''} » ?`}
        busy={deleteRecipeState.isLoading || deleteMenuState.isLoading}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
