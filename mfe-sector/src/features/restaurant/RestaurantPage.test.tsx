import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { incompatibleUnit, MESSAGES_RESTAURANT, type Menu, type Recipe, type RestaurantInventoryItem } from '@xaalis/contracts';
import {
  BASE,
  callsTo,
  company,
  expectLabelledValues,
  heldAnswer,
  mockFetch,
  paged,
  renderWithApp,
  TEST_USER,
  testUuid,
  typeIn,
  type User,
} from '../../test-utils';
import { inventoryItem, menu, recipe } from './fixtures';
import RestaurantPage from './RestaurantPage';

const RICE = inventoryItem();
const OIL = inventoryItem({ id: testUuid(2), name: 'Huile', unit: 'l', currentStock: '2.000', minStock: '5.000', unitCost: '1200.00' });
const FISH = inventoryItem({ id: testUuid(3), name: 'Thiof', currentStock: '0.000', minStock: '1.000', unitCost: '4000.00' });

interface Data {
  items?: RestaurantInventoryItem[];
  recipes?: Recipe[];
  itemsAvailable?: boolean;
  menus?: Menu[];
}

/** The server's filters: `search` in the name, `id` one record. */
function matching<T extends { id: string; name: string }>(items: readonly T[], url: string): T[] {
  const q = new URL(url, 'http://localhost').searchParams;
  const search = q.get('search')?.toLowerCase();
  const id = q.get('id');
  return items.filter((i) => (!search || i.name.toLowerCase().includes(search)) && (!id || i.id === id));
}

/** Chooses `option` in the server-searched select box labelled `label` inside `scope`. */
async function pick(user: User, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

function routes(data: Data = {}, overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company({ sector: 'restauration' }) },
    [`GET ${BASE}/restaurant-inventory`]: (_init: unknown, url: string) => ({
      body: paged(matching(data.items ?? [RICE, OIL, FISH], url)),
    }),
    [`GET ${BASE}/recipes`]: (_init: unknown, url: string) => ({
      body: paged(matching(data.recipes ?? [], url), { itemsAvailable: data.itemsAvailable ?? true }),
    }),
    [`GET ${BASE}/menus`]: { body: paged(data.menus ?? []) },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

async function openTab(user: User, name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

afterEach(() => jest.restoreAllMocks());

describe('RestaurantPage', () => {
  it("shows 'Gestion Restaurant', its tabs, the orange alert of the items at or below minimum and the inventory table", async () => {
    mockFetch(routes());
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Inventaire', 'Recettes', 'Menus']);
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion Restaurant' })).toBeInTheDocument();
    expect(screen.getByText('Inventaire, recettes et menus')).toBeInTheDocument();

    const alert = await screen.findByRole('alert', { name: MESSAGES_RESTAURANT.lowStockAlert });
    expect(within(alert).getByText(`${MESSAGES_RESTAURANT.lowStockAlert} (2)`)).toBeInTheDocument();
    expect(within(alert).getByText('Huile : 2 litre (minimum 5)')).toBeInTheDocument();
    expect(within(alert).getByText('Thiof : 0 kg (minimum 1)')).toBeInTheDocument();
    expect(within(alert).queryByText(/Riz brisé/)).not.toBeInTheDocument();

    const table = screen.getByRole('table', { name: "Articles d'inventaire" });
    expect(within(within(table).getByRole('row', { name: /Riz brisé/ })).getByText('En stock')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Huile/ })).getByText('Stock faible')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Thiof/ })).getByText('Rupture')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Riz brisé/ })).getByText('600 XOF / kg')).toBeInTheDocument();
  });

  it("creates an inventory item ('Nouvel article': required fields, stocks '0.000') and toasts 'Article créé'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes(
        { items: [] },
        { [`POST ${BASE}/restaurant-inventory`]: { status: 201, body: inventoryItem({ id: testUuid(9), name: 'Oignon' }) } },
      ),
    );
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    expect(await screen.findByText(MESSAGES_RESTAURANT.emptyItems)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter le premier article' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel article' });
    expect(within(dialog).getByLabelText('Stock actuel')).toHaveValue(0);
    await user.click(within(dialog).getByRole('button', { name: "Créer l'article" }));
    expect(await within(dialog).findByText('Nom requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Catégorie requise')).toBeInTheDocument();
    expect(within(dialog).getByText('Unité requise')).toBeInTheDocument();
    expect(within(dialog).getByText('Coût unitaire requis')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/restaurant-inventory`)).toHaveLength(0);

    await typeIn(user, dialog, /^Nom/, 'Oignon');
    await user.selectOptions(within(dialog).getByLabelText(/^Catégorie/), 'Ingrédient');
    await user.selectOptions(within(dialog).getByLabelText(/^Unité/), 'kg');
    await typeIn(user, dialog, /^Coût unitaire/, '500');
    await typeIn(user, dialog, 'Stock minimum', '2.5');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'article" }));
    expect(await screen.findByText(MESSAGES_RESTAURANT.itemCreated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/restaurant-inventory`)[0].body).toEqual({
      name: 'Oignon',
      category: 'ingredient',
      unit: 'kg',
      currentStock: '0.000',
      minStock: '2.500',
      unitCost: '500.00',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts "Impossible de créer l\'article d\'inventaire." when the creation fails', async () => {
    const user = userEvent.setup();
    mockFetch(
      routes({}, { [`POST ${BASE}/restaurant-inventory`]: { status: 503, body: { message: MESSAGES_RESTAURANT.accountingDown } } }),
    );
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await user.click(screen.getByRole('button', { name: 'Nouvel article' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel article' });
    await typeIn(user, dialog, /^Nom/, 'Oignon');
    await user.selectOptions(within(dialog).getByLabelText(/^Catégorie/), 'Ingrédient');
    await user.selectOptions(within(dialog).getByLabelText(/^Unité/), 'kg');
    await typeIn(user, dialog, /^Coût unitaire/, '500');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'article" }));
    expect(await screen.findByText(`${MESSAGES_RESTAURANT.itemCreateError} : ${MESSAGES_RESTAURANT.accountingDown}`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nouvel article' })).toBeInTheDocument();
  });

  it('shows a recipe card: category, servings, time, cost, cost per serving, price, margin and ingredients', async () => {
    const user = userEvent.setup();
    const unknown = {
      ...recipe().ingredients[0],
      id: testUuid(202),
      inventoryItemId: testUuid(99),
      itemName: null,
      itemUnit: null,
      unitCost: null,
      cost: null,
    };
    mockFetch(
      routes({
        recipes: [
          recipe(),
          recipe({
            id: testUuid(102),
            name: 'Bissap',
            category: 'beverage',
            margin: null,
            totalCost: null,
            costPerServing: null,
            ingredients: [unknown],
          }),
        ],
      }),
    );
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await openTab(user, 'Recettes');
    const card = await screen.findByRole('article', { name: 'Thieboudienne' });
    expect(within(card).getByText('Plat principal')).toBeInTheDocument();
    expectLabelledValues(card, {
      Portions: '4',
      Temps: '45 min',
      'Coût total': '3 000 XOF',
      'Coût par portion': '750 XOF',
      'Prix de vente': '8 000 XOF',
      Marge: '62,5 %',
    });
    expect(within(card).getByText('Riz brisé — 0,5 kg (300 XOF)')).toBeInTheDocument();

    const bissap = screen.getByRole('article', { name: 'Bissap' });
    expect(within(bissap).getByText('Boisson')).toBeInTheDocument();
    expectLabelledValues(bissap, { 'Coût total': '—', Marge: '—' });
    expect(within(bissap).getByText('— — 0,5 kg (—)')).toBeInTheDocument();
  });

  it('shows 4 placeholders while the recipes load, then the empty state', async () => {
    const user = userEvent.setup();
    const recipes = heldAnswer({ body: paged([], { itemsAvailable: true }) });
    mockFetch(
      routes(
        {},
        {
          [`GET ${BASE}/recipes`]: recipes.handler,
        },
      ),
    );
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await openTab(user, 'Recettes');
    expect(screen.getAllByTestId('placeholder')).toHaveLength(4);
    recipes.release();
    expect(await screen.findByText(MESSAGES_RESTAURANT.emptyRecipes)).toBeInTheDocument();
  });

  it("creates a recipe: sends its fields and ingredients (item's unit by default, quantity with three decimals) and toasts 'Recette créée'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({}, { [`POST ${BASE}/recipes`]: { status: 201, body: recipe() } }));
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await openTab(user, 'Recettes');
    await user.click(await screen.findByRole('button', { name: 'Nouvelle recette' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle recette' });

    await typeIn(user, dialog, 'Portions', '0');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la recette' }));
    expect(await within(dialog).findByText(MESSAGES_RESTAURANT.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_RESTAURANT.servingsInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_RESTAURANT.ingredientItemRequired)).toBeInTheDocument();

    await typeIn(user, dialog, /^Nom/, 'Thieboudienne');
    await typeIn(user, dialog, 'Portions', '4');
    await typeIn(user, dialog, 'Préparation (min)', '30');
    await typeIn(user, dialog, 'Cuisson (min)', '15');
    await typeIn(user, dialog, 'Prix de vente', '8000');
    const first = within(dialog).getByRole('group', { name: 'Ingrédient 1' });
    await pick(user, first, 'Article', 'Riz brisé (kg)');
    await typeIn(user, first, 'Quantité', '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un ingrédient' }));
    const second = within(dialog).getByRole('group', { name: 'Ingrédient 2' });
    await pick(user, second, 'Article', 'Huile (litre)');
    expect(within(second).getByLabelText('Unité')).toHaveValue('l');
    await user.selectOptions(within(second).getByLabelText('Unité'), 'cl');
    await typeIn(user, second, 'Quantité', '5');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la recette' }));

    expect(await screen.findByText(MESSAGES_RESTAURANT.recipeCreated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/recipes`)[0].body).toEqual({
      name: 'Thieboudienne',
      category: 'main',
      description: null,
      servings: 4,
      preparationTime: 30,
      cookingTime: 15,
      instructions: null,
      sellingPrice: '8000.00',
      ingredients: [
        { inventoryItemId: RICE.id, quantity: '0.500', unit: 'kg' },
        { inventoryItemId: OIL.id, quantity: '5.000', unit: 'cl' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's French message when a recipe's unit is incompatible", async () => {
    const user = userEvent.setup();
    const message = incompatibleUnit('g', 'l');
    mockFetch(routes({}, { [`POST ${BASE}/recipes`]: { status: 400, body: { message } } }));
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await openTab(user, 'Recettes');
    await user.click(await screen.findByRole('button', { name: 'Nouvelle recette' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle recette' });
    await typeIn(user, dialog, /^Nom/, 'Sauce');
    const first = within(dialog).getByRole('group', { name: 'Ingrédient 1' });
    await pick(user, first, 'Article', 'Huile (litre)');
    await user.selectOptions(within(first).getByLabelText('Unité'), 'g');
    await typeIn(user, first, 'Quantité', '100');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la recette' }));
    expect(await screen.findByText(`${MESSAGES_RESTAURANT.recipeCreateError} : ${message}`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nouvelle recette' })).toBeInTheDocument();
  });

  it("serves a recipe: posts the portions, toasts 'Recette servie : stock mis à jour' and reloads the inventory", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes(
        { recipes: [recipe()] },
        {
          [`POST ${BASE}/recipes/${recipe().id}/serve`]: {
            status: 201,
            body: {
              id: testUuid(501),
              recipeId: recipe().id,
              quantity: 3,
              status: 'completed',
              createdAt: '2026-01-02T00:00:00.000Z',
              movements: [],
            },
          },
        },
      ),
    );
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await openTab(user, 'Recettes');
    await user.click(await screen.findByRole('button', { name: 'Servir Thieboudienne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Servir — Thieboudienne' });
    await typeIn(user, dialog, /^Portions servies/, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Servir' }));
    expect(await within(dialog).findByText(MESSAGES_RESTAURANT.serveQuantityInvalid)).toBeInTheDocument();
    await typeIn(user, dialog, /^Portions servies/, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Servir' }));
    expect(await screen.findByText(MESSAGES_RESTAURANT.served)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', `${BASE}/recipes/${recipe().id}/serve`);
    expect(call.body).toMatchObject({ quantity: 3 });
    // Read again: the tab's page and the dialogs' choice (the first 100).
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/restaurant-inventory`)).toHaveLength(4));
  });

  it("shows the server's message when serving fails (unknown item)", async () => {
    const user = userEvent.setup();
    mockFetch(
      routes(
        { recipes: [recipe()] },
        { [`POST ${BASE}/recipes/${recipe().id}/serve`]: { status: 404, body: { message: MESSAGES_RESTAURANT.itemNotFound } } },
      ),
    );
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await openTab(user, 'Recettes');
    await user.click(await screen.findByRole('button', { name: 'Servir Thieboudienne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Servir — Thieboudienne' });
    await user.click(within(dialog).getByRole('button', { name: 'Servir' }));
    expect(await screen.findByText(`${MESSAGES_RESTAURANT.serveError} : ${MESSAGES_RESTAURANT.itemNotFound}`)).toBeInTheDocument();
  });

  it('says in French when the accounting service is down, and still shows the recipes with "—" and the inventory error with a retry', async () => {
    const user = userEvent.setup();
    const down = recipe({
      totalCost: null,
      costPerServing: null,
      margin: null,
      costAvailable: false,
      ingredients: [{ ...recipe().ingredients[0], itemName: null, itemUnit: null, unitCost: null, cost: null }],
    });
    mockFetch(
      routes(
        { recipes: [down], itemsAvailable: false },
        { [`GET ${BASE}/restaurant-inventory`]: { status: 503, body: { message: MESSAGES_RESTAURANT.accountingDown } } },
      ),
    );
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    expect(await screen.findByText("Impossible de charger l'inventaire")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES_RESTAURANT.accountingDown, { selector: '.MuiAlert-message' })).toBeInTheDocument();

    await openTab(user, 'Recettes');
    const card = await screen.findByRole('article', { name: 'Thieboudienne' });
    expect(within(card).getByLabelText('Coût total')).toHaveTextContent('—');
    expect(within(card).getByText('— — 0,5 kg (—)')).toBeInTheDocument();
  });

  it('shows menus with their badge, type, validity and items', async () => {
    const user = userEvent.setup();
    const closedMenu = menu({
      id: testUuid(302),
      name: 'Boissons du soir',
      type: 'drinks',
      isActive: false,
      validFrom: null,
      validTo: null,
      items: [{ ...menu().items[0], id: testUuid(402), recipeId: null, name: 'Jus de gingembre', price: '1000.00', isAvailable: false }],
    });
    mockFetch(routes({ recipes: [recipe()], menus: [menu(), closedMenu] }));
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await openTab(user, 'Menus');
    const lunch = await screen.findByRole('article', { name: 'Menu du midi' });
    expect(within(lunch).getByText('Actif')).toBeInTheDocument();
    expect(within(lunch).getByText('Déjeuner · Du 01/02/2026 au 28/02/2026')).toBeInTheDocument();
    const dish = within(lunch).getByRole('listitem', { name: 'Thieboudienne' });
    expect(within(dish).getByText('8 000 XOF')).toBeInTheDocument();
    expect(within(dish).getByText('Disponible')).toBeInTheDocument();

    const evening = screen.getByRole('article', { name: 'Boissons du soir' });
    expect(within(evening).getByText('Inactif')).toBeInTheDocument();
    expect(within(evening).getByText('Boissons · Sans limite de validité')).toBeInTheDocument();
    expect(within(evening).getByText('Indisponible')).toBeInTheDocument();
  });

  it("refuses a menu ending before it starts, then posts it with a recipe item and toasts 'Menu créé'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ recipes: [recipe()] }, { [`POST ${BASE}/menus`]: { status: 201, body: menu() } }));
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await openTab(user, 'Menus');
    await user.click(await screen.findByRole('button', { name: 'Nouveau menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau menu' });
    await typeIn(user, dialog, /^Nom du menu/, 'Menu du midi');
    await typeIn(user, dialog, 'Valide du', '2026-02-10');
    await typeIn(user, dialog, "Valide jusqu'au", '2026-02-01');
    const row = within(dialog).getByRole('group', { name: 'Article 1' });
    await pick(user, row, 'Recette', 'Thieboudienne');
    expect(within(row).getByLabelText("Nom de l'article")).toHaveValue('Thieboudienne');
    expect(within(row).getByLabelText('Prix')).toHaveValue(8000);
    await user.click(within(dialog).getByRole('button', { name: 'Créer le menu' }));
    expect(await within(dialog).findByText(MESSAGES_RESTAURANT.validToBeforeValidFrom)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/menus`)).toHaveLength(0);

    await typeIn(user, dialog, "Valide jusqu'au", '2026-02-28');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un article' }));
    const free = within(dialog).getByRole('group', { name: 'Article 2' });
    await typeIn(user, free, "Nom de l'article", 'Eau minérale');
    await typeIn(user, free, 'Prix', '500');
    await user.click(within(free).getByLabelText('Disponible'));
    await user.click(within(dialog).getByRole('button', { name: 'Créer le menu' }));
    expect(await screen.findByText(MESSAGES_RESTAURANT.menuCreated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/menus`)[0].body).toEqual({
      name: 'Menu du midi',
      type: 'lunch',
      isActive: true,
      validFrom: '2026-02-10',
      validTo: '2026-02-28',
      items: [
        { recipeId: recipe().id, name: 'Thieboudienne', description: null, price: '8000.00', category: null, isAvailable: true },
        { recipeId: null, name: 'Eau minérale', description: null, price: '500.00', category: null, isAvailable: false },
      ],
    });
  });
  it('edits a recipe (prefilled, PUT with its ingredients) and refuses to delete one that is on a menu', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes(
        { recipes: [recipe()] },
        {
          [`PUT ${BASE}/recipes/${recipe().id}`]: { body: recipe({ sellingPrice: '9000.00' }) },
          [`DELETE ${BASE}/recipes/${recipe().id}`]: { status: 409, body: { message: MESSAGES_RESTAURANT.recipeOnMenu } },
        },
      ),
    );
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await openTab(user, 'Recettes');
    await user.click(await screen.findByRole('button', { name: 'Modifier Thieboudienne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la recette' });
    expect(within(dialog).getByLabelText(/^Nom/)).toHaveValue('Thieboudienne');
    await waitFor(() =>
      expect(within(within(dialog).getByRole('group', { name: 'Ingrédient 1' })).getByRole('combobox', { name: 'Article' })).toHaveValue(
        'Riz brisé (kg)',
      ),
    );
    await typeIn(user, dialog, 'Prix de vente', '9000');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES_RESTAURANT.recipeUpdated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', `${BASE}/recipes/${recipe().id}`)[0].body).toMatchObject({
      sellingPrice: '9000.00',
      servings: 4,
      ingredients: [{ inventoryItemId: RICE.id, quantity: '0.500', unit: 'kg' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Supprimer Thieboudienne' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer la recette' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(`Impossible de supprimer la recette. : ${MESSAGES_RESTAURANT.recipeOnMenu}`)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', `${BASE}/recipes/${recipe().id}`)).toHaveLength(1);
  });
});

describe('RestaurantPage: low stock beyond the first page', () => {
  it("counts the company's low items with the server's lowStockCount, naming those of the first page", async () => {
    mockFetch(routes({}, { [`GET ${BASE}/restaurant-inventory`]: { body: paged([RICE, OIL], { totalItems: 140, lowStockCount: 5 }) } }));
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    const alert = await screen.findByRole('alert', { name: MESSAGES_RESTAURANT.lowStockAlert });
    expect(within(alert).getByText(`${MESSAGES_RESTAURANT.lowStockAlert} (5)`)).toBeInTheDocument();
    expect(within(alert).getByText('Huile : 2 litre (minimum 5)')).toBeInTheDocument();
    expect(within(alert).getByText('… et 4 autres')).toBeInTheDocument();
  });
});

describe('RestaurantPage: server-searched choices', () => {
  const typedSearch = async (user: User, scope: HTMLElement, label: string, text: string) => {
    const input = within(scope).getByRole('combobox', { name: label });
    await user.click(input);
    await user.type(input, text);
    return input;
  };
  const asked = (fetchMock: jest.Mock, path: string, term: string) =>
    waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}${path}`).some((c) => c.url.includes(`search=${term}`))).toBe(true));

  it('RestaurantItemField: an ingredient asks the server with the typed search', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await openTab(user, 'Recettes');
    await user.click(await screen.findByRole('button', { name: 'Nouvelle recette' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle recette' });
    const first = within(dialog).getByRole('group', { name: 'Ingrédient 1' });
    const input = await typedSearch(user, first, 'Article', 'huil');
    await asked(fetchMock, '/restaurant-inventory', 'huil');
    await user.click(await screen.findByRole('option', { name: 'Huile (litre)' }));
    expect(input).toHaveValue('Huile (litre)');
  });

  it('RecipeField: a menu item asks the server with the typed search', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ recipes: [recipe(), recipe({ id: testUuid(77), name: 'Yassa poulet' })] }));
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    await screen.findByRole('table', { name: "Articles d'inventaire" });
    await openTab(user, 'Menus');
    await user.click(await screen.findByRole('button', { name: 'Nouveau menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau menu' });
    const row = within(dialog).getByRole('group', { name: 'Article 1' });
    const input = await typedSearch(user, row, 'Recette', 'yassa');
    await asked(fetchMock, '/recipes', 'yassa');
    await user.click(await screen.findByRole('option', { name: 'Yassa poulet' }));
    expect(input).toHaveValue('Yassa poulet');
    // The recipe's name fills the empty item name.
    expect(within(row).getByLabelText("Nom de l'article")).toHaveValue('Yassa poulet');
  });
});

describe('RestaurantPage: role gating', () => {
  it('a reader sees the inventory, recipes and menus without any action', async () => {
    const user = userEvent.setup();
    mockFetch(routes({ recipes: [recipe()], menus: [menu()] }, { 'GET /api/user': { body: { ...TEST_USER, role: 'reader' } } }));
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    expect(await screen.findByRole('table', { name: "Articles d'inventaire" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvel article' })).not.toBeInTheDocument();
    await openTab(user, 'Recettes');
    const card = (await screen.findAllByRole('article'))[0];
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvelle recette' })).not.toBeInTheDocument();
    await openTab(user, 'Menus');
    const menuCard = (await screen.findAllByRole('article'))[0];
    expect(within(menuCard).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau menu' })).not.toBeInTheDocument();
  });

  it("a collaborator has 'Nouvel article' (a document)", async () => {
    mockFetch(routes({}, { 'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } } }));
    renderWithApp(<RestaurantPage />, { route: '/restaurant' });
    expect(await screen.findByRole('button', { name: 'Nouvel article' })).toBeInTheDocument();
  });
});
