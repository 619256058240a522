import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MESSAGES_PRODUCTION,
  productionOrderStatusLabel,
  shortageMessage,
  type FinishedProduct,
  type ProductionOrder,
  type RawMaterial,
} from '@xaalis/contracts';
import { chooseAutocomplete } from '@xaalis/web-kit/src/testing/app';
import { BASE, callsTo, company, mockFetch, paged, renderWithApp, TEST_USER, typeIn } from '../../test-utils';
import { bomCost } from './bom';
import { finishedProduct, productionOrder, rawMaterial } from './fixtures';
import { formatQuantity, stockBadge } from './format';
import ProductionPage from './ProductionPage';

type Routes = Parameters<typeof mockFetch>[0];
const value = <T,>(v: T | (() => T)) => (typeof v === 'function' ? (v as () => T)() : v);

const FARINE = rawMaterial('Farine', { currentStock: '4.000', minStock: '10.000', unitCost: '600.00' });
const SUCRE = rawMaterial('Sucre', { reference: 'MP-002', currentStock: '50.000', minStock: '5.000', unitCost: '800.00' });
const PAIN = finishedProduct('Pain', {
  currentStock: '5.000',
  minStock: '5.000',
  billOfMaterials: [
    { rawMaterialId: FARINE.id, quantity: '0.500', rawMaterial: { id: FARINE.id, name: 'Farine', unit: 'kg', unitCost: '600.00' } },
  ],
  bomUnitCost: '300.00',
});
const GATEAU = finishedProduct('Gâteau', { currentStock: '30.000', minStock: '2.000' });

/** The server's filters: `search` in the name, `id` one item. */
function matching<T extends { id: string; name: string }>(items: readonly T[], url: string): T[] {
  const q = new URL(url, 'http://localhost').searchParams;
  const search = q.get('search')?.toLowerCase();
  const id = q.get('id');
  return items.filter((i) => (!search || i.name.toLowerCase().includes(search)) && (!id || i.id === id));
}

function routes(
  data: {
    raw?: RawMaterial[] | (() => RawMaterial[]);
    finished?: FinishedProduct[] | (() => FinishedProduct[]);
    orders?: ProductionOrder[] | (() => ProductionOrder[]);
  },
  overrides: Routes = {},
): Routes {
  return {
    'GET /api/user': { body: { ...TEST_USER, sector: 'transformation' } },
    [`GET ${BASE}`]: { body: company({ sector: 'transformation' }) },
    [`GET ${BASE}/raw-materials`]: (_init, url) => ({ body: paged(matching(value(data.raw ?? []), url)) }),
    [`GET ${BASE}/finished-products`]: (_init, url) => ({ body: paged(matching(value(data.finished ?? []), url)) }),
    [`GET ${BASE}/production-orders`]: () => ({ body: paged(value(data.orders ?? [])) }),
    ...overrides,
  };
}

const render = () => renderWithApp(<ProductionPage />, { route: '/transformation' });

afterEach(() => jest.restoreAllMocks());

describe('ProductionPage', () => {
  it('lists the raw materials with stock badge and unit cost, and alerts on the items at or below their minimum', async () => {
    mockFetch(routes({ raw: [FARINE, SUCRE], finished: [PAIN, GATEAU] }));
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion Production' })).toBeInTheDocument();
    expect(screen.getByText('Matières premières, produits finis et ordres de production')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Matières premières' });
    const farine = within(table).getByRole('row', { name: /Farine/ });
    expect(within(farine).getByText('4 kg')).toBeInTheDocument();
    expect(within(farine).getByText('600 XOF')).toBeInTheDocument();
    expect(within(farine).getByText('Stock faible')).toBeInTheDocument();
    const sucre = within(table).getByRole('row', { name: /Sucre/ });
    expect(within(sucre).getByText('MP-002')).toBeInTheDocument();
    expect(within(sucre).getByText('En stock')).toBeInTheDocument();

    const rawAlert = await screen.findByRole('alert', { name: 'Stock faible : matières premières' });
    expect(within(rawAlert).getByText('Farine : 4 kg (minimum 10 kg)')).toBeInTheDocument();
    expect(within(rawAlert).queryByText(/Sucre/)).not.toBeInTheDocument();
    const finishedAlert = screen.getByRole('alert', { name: 'Stock faible : produits finis' });
    // At the minimum counts (spec §9: stock ≤ minimum).
    expect(within(finishedAlert).getByText('Pain : 5 pièce (minimum 5 pièce)')).toBeInTheDocument();
    expect(within(finishedAlert).queryByText(/Gâteau/)).not.toBeInTheDocument();
  });

  it('shows no alert when every stock is above its minimum, and the finished products as cards with their bill of materials', async () => {
    const user = userEvent.setup();
    mockFetch(routes({ raw: [SUCRE], finished: [{ ...PAIN, currentStock: '12.000' }, GATEAU] }));
    render();
    await screen.findByRole('table', { name: 'Matières premières' });
    await user.click(screen.getByRole('tab', { name: 'Produits finis' }));
    const pain = await screen.findByRole('article', { name: 'Pain' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(pain).getByText('12 pièce')).toBeInTheDocument();
    expect(within(pain).getByText('1 200 XOF')).toBeInTheDocument();
    expect(within(pain).getByText('300 XOF')).toBeInTheDocument();
    expect(within(pain).getByText('2 000 XOF')).toBeInTheDocument();
    expect(within(within(pain).getByRole('list', { name: 'Nomenclature de Pain' })).getByText('Farine : 0,5 kg')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Gâteau' })).getByText(MESSAGES_PRODUCTION.bomRequired)).toBeInTheDocument();
  });

  it("disables 'Nouvel ordre de production' while no finished product exists", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ raw: [FARINE] }));
    const view = render();
    await user.click(screen.getByRole('tab', { name: 'Ordres de production' }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.ordersEmpty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvel ordre de production' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Créer le premier ordre' })).toBeDisabled();
    expect(screen.getByText("Créez d'abord un produit fini pour lancer un ordre de production.")).toBeInTheDocument();
    view.unmount();

    const fetchMock = mockFetch(
      routes({ raw: [FARINE], finished: [PAIN] }, { [`POST ${BASE}/production-orders`]: { status: 201, body: productionOrder(PAIN) } }),
    );
    render();
    await user.click(screen.getByRole('tab', { name: 'Ordres de production' }));
    const button = screen.getByRole('button', { name: 'Nouvel ordre de production' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel ordre de production' });
    // The company's only product is chosen on opening.
    // (its label comes from the server's answer for that id: wait for it)
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Produit fini/ })).toHaveValue('Pain (pièce)'));
    await typeIn(user, dialog, /^Quantité à produire/, '0');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'ordre" }));
    expect(await within(dialog).findByText(MESSAGES_PRODUCTION.quantityToProduceMin)).toBeInTheDocument();
    await typeIn(user, dialog, /^Quantité à produire/, '12');
    await typeIn(user, dialog, 'Date de début', '2026-03-02');
    await typeIn(user, dialog, 'Date de fin prévue', '2026-03-06');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'ordre" }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.orderCreated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/production-orders`)[0].body).toEqual({
      finishedProductId: PAIN.id,
      quantityToProduce: 12,
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      notes: null,
    });
  });

  it("adds a raw material: validation, the body with '0.000' stocks, 'Matière première ajoutée'; the error toast on failure", async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchMock = mockFetch(
      routes(
        {},
        {
          [`POST ${BASE}/raw-materials`]: () =>
            fail ? { status: 500, body: { message: 'Panne' } } : { status: 201, body: rawMaterial('Beurre') },
        },
      ),
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'Ajouter la première matière première' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle matière première' });
    expect(within(dialog).getByLabelText('Stock actuel')).toHaveValue(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText(MESSAGES_PRODUCTION.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_PRODUCTION.unitCostRequired)).toBeInTheDocument();

    await typeIn(user, dialog, /^Nom/, 'Beurre');
    await typeIn(user, dialog, /^Coût unitaire/, '3500');
    await user.selectOptions(within(dialog).getByLabelText(/^Unité/), 'kg');
    await typeIn(user, dialog, 'Stock minimum', '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText(`${MESSAGES_PRODUCTION.rawMaterialCreateError} : Panne`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nouvelle matière première' })).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.rawMaterialCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/raw-materials`)[1].body).toEqual({
      name: 'Beurre',
      reference: null,
      category: 'material',
      unit: 'kg',
      currentStock: '0.000',
      minStock: '2.500',
      unitCost: '3500.00',
    });
  });

  it('creates a finished product with its bill of materials and sends it in the body', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({ raw: [FARINE, SUCRE] }, { [`POST ${BASE}/finished-products`]: { status: 201, body: finishedProduct('Brioche') } }),
    );
    render();
    await screen.findByRole('table', { name: 'Matières premières' });
    await user.click(screen.getByRole('tab', { name: 'Produits finis' }));
    await user.click(await screen.findByRole('button', { name: 'Nouveau produit fini' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau produit fini' });
    await typeIn(user, dialog, /^Nom/, 'Brioche');
    await typeIn(user, dialog, 'Prix de vente', '1500');
    await typeIn(user, dialog, 'Stock minimum', '3');

    // An empty line is refused with the contract's message.
    await user.click(within(dialog).getByRole('button', { name: 'Créer le produit' }));
    expect(await within(dialog).findByText(MESSAGES_PRODUCTION.rawMaterialRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/finished-products`)).toHaveLength(0);

    await chooseAutocomplete(user, 'Matière première 1', 'Farine (kg)');
    await typeIn(user, dialog, 'Quantité 1', '0.25');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une matière première' }));
    await chooseAutocomplete(user, 'Matière première 2', 'Sucre (kg)');
    await typeIn(user, dialog, 'Quantité 2', '0.1');
    // 0.25 × 600 + 0.1 × 800 = 230 XOF of materials per brioche.
    expect(within(dialog).getByText('Coût matières estimé : 230 XOF par unité')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Créer le produit' }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.finishedProductCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/finished-products`)[0].body).toEqual({
      name: 'Brioche',
      reference: null,
      category: 'finished',
      unit: 'pcs',
      currentStock: '0.000',
      minStock: '3.000',
      sellingPrice: '1500.00',
      productionCost: '0.00',
      billOfMaterials: [
        { rawMaterialId: FARINE.id, quantity: '0.250' },
        { rawMaterialId: SUCRE.id, quantity: '0.100' },
      ],
    });
  });

  it("edits a finished product: the BOM is prefilled and replaced, stock and cost are left to the server; 'Impossible de créer le produit fini.' on a failed create", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes(
        { raw: [FARINE, SUCRE], finished: [PAIN] },
        {
          [`PUT ${BASE}/finished-products/${PAIN.id}`]: { body: PAIN },
          [`POST ${BASE}/finished-products`]: { status: 500, body: {} },
        },
      ),
    );
    render();
    await user.click(screen.getByRole('tab', { name: 'Produits finis' }));
    await user.click(await screen.findByRole('button', { name: 'Modifier Pain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le produit fini' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Matière première 1' })).toHaveValue('Farine (kg)'));
    // The prefilled line's cost is known from the product's BOM: 0.5 × 600.
    expect(within(dialog).getByText('Coût matières estimé : 300 XOF par unité')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retirer la ligne 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une matière première' }));
    await chooseAutocomplete(user, 'Matière première 1', 'Sucre (kg)');
    await typeIn(user, dialog, 'Quantité 1', '2');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.finishedProductUpdated)).toBeInTheDocument();
    const body = callsTo(fetchMock, 'PUT', `${BASE}/finished-products/${PAIN.id}`)[0].body as Record<string, unknown>;
    expect(body.billOfMaterials).toEqual([{ rawMaterialId: SUCRE.id, quantity: '2.000' }]);
    expect(body).not.toHaveProperty('currentStock');
    expect(body).not.toHaveProperty('productionCost');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Nouveau produit fini' }));
    const create = await screen.findByRole('dialog', { name: 'Nouveau produit fini' });
    await typeIn(user, create, /^Nom/, 'Croissant');
    await user.click(within(create).getByRole('button', { name: 'Retirer la ligne 1' }));
    await user.click(within(create).getByRole('button', { name: 'Créer le produit' }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.finishedProductCreateError)).toBeInTheDocument();
  });

  it('lists the orders with status badges and costs; starts and cancels an order', async () => {
    const user = userEvent.setup();
    const pending = productionOrder(PAIN, { orderNumber: 'OP-2026-0003' });
    const running = productionOrder(PAIN, { orderNumber: 'OP-2026-0002', status: 'in_progress' });
    const done = productionOrder(PAIN, {
      orderNumber: 'OP-2026-0001',
      status: 'completed',
      quantityProduced: '9.500',
      actualEndDate: '2026-03-04',
      totalCost: '2850.00',
    });
    const fetchMock = mockFetch(
      routes(
        { finished: [PAIN], orders: [pending, running, done] },
        {
          [`POST ${BASE}/production-orders/${pending.id}/start`]: { body: { ...pending, status: 'in_progress' } },
          [`POST ${BASE}/production-orders/${running.id}/cancel`]: { body: { ...running, status: 'cancelled' } },
        },
      ),
    );
    render();
    await user.click(screen.getByRole('tab', { name: 'Ordres de production' }));
    const table = await screen.findByRole('table', { name: 'Ordres de production' });
    const row = (n: string) => within(table).getByRole('row', { name: new RegExp(n) });
    expect(within(row('OP-2026-0003')).getByText('En Attente')).toBeInTheDocument();
    expect(within(row('OP-2026-0003')).getByText('10 pièce')).toBeInTheDocument();
    expect(within(row('OP-2026-0003')).getByText('02/03/2026')).toBeInTheDocument();
    expect(within(row('OP-2026-0002')).getByText('En Cours')).toBeInTheDocument();
    expect(within(row('OP-2026-0002')).queryByRole('button', { name: 'Démarrer OP-2026-0002' })).not.toBeInTheDocument();
    const completed = row('OP-2026-0001');
    expect(within(completed).getByText('Terminé')).toBeInTheDocument();
    expect(within(completed).getByText('9,5 pièce')).toBeInTheDocument();
    expect(within(completed).getByText('2 850 XOF')).toBeInTheDocument();
    expect(within(completed).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(row('OP-2026-0003')).getByRole('button', { name: 'Démarrer OP-2026-0003' }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.orderStarted)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/production-orders/${pending.id}/start`)).toHaveLength(1);
    await user.click(within(row('OP-2026-0002')).getByRole('button', { name: 'Annuler OP-2026-0002' }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.orderCancelled)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/production-orders/${running.id}/cancel`)).toHaveLength(1);
  });

  it('completes an order: quantity produced (the planned one by default) sent, toast, and the stocks refreshed', async () => {
    const user = userEvent.setup();
    const order = productionOrder(PAIN, { orderNumber: 'OP-2026-0007', status: 'in_progress', quantityToProduce: 10 });
    let raw = [FARINE];
    let finished = [PAIN];
    let orders = [order];
    const fetchMock = mockFetch(
      routes(
        { raw: () => raw, finished: () => finished, orders: () => orders },
        {
          [`POST ${BASE}/production-orders/${order.id}/complete`]: () => {
            raw = [{ ...FARINE, currentStock: '0.250' }];
            finished = [{ ...PAIN, currentStock: '12.500' }];
            orders = [{ ...order, status: 'completed', quantityProduced: '7.500', totalCost: '2250.00' }];
            return { body: orders[0] };
          },
        },
      ),
    );
    render();
    await screen.findByRole('table', { name: 'Matières premières' });
    await user.click(screen.getByRole('tab', { name: 'Ordres de production' }));
    await user.click(await screen.findByRole('button', { name: 'Terminer OP-2026-0007' }));
    const dialog = await screen.findByRole('dialog', { name: "Terminer l'ordre OP-2026-0007" });
    expect(within(dialog).getByLabelText(/^Quantité produite/)).toHaveValue(10);
    await typeIn(user, dialog, /^Quantité produite/, '7.5');
    await user.click(within(dialog).getByRole('button', { name: 'Terminer' }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.orderCompleted)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/production-orders/${order.id}/complete`)[0].body).toMatchObject({
      quantityProduced: '7.500',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: 'Ordres de production' });
    await waitFor(() => expect(within(table).getByText('Terminé')).toBeInTheDocument());
    expect(within(table).getByText('2 250 XOF')).toBeInTheDocument();

    // Both stocks were read again: the alert shows Farine's new level, the card Pain's.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/raw-materials`).length).toBeGreaterThan(1));
    expect(callsTo(fetchMock, 'GET', `${BASE}/finished-products`).length).toBeGreaterThan(1);
    expect(await screen.findByText('Farine : 0,25 kg (minimum 10 kg)')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Produits finis' }));
    expect(within(await screen.findByRole('article', { name: 'Pain' })).getByText('12,5 pièce')).toBeInTheDocument();
  });

  it("shows the server's shortage message in the error toast and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const order = productionOrder(PAIN, { orderNumber: 'OP-2026-0008' });
    const message = shortageMessage([{ rawMaterialId: FARINE.id, name: 'Farine', unit: 'kg', needed: '5.000', available: '4.000' }]);
    mockFetch(
      routes(
        { raw: [FARINE], finished: [PAIN], orders: [order] },
        { [`POST ${BASE}/production-orders/${order.id}/complete`]: { status: 409, body: { message } } },
      ),
    );
    render();
    await user.click(screen.getByRole('tab', { name: 'Ordres de production' }));
    await user.click(await screen.findByRole('button', { name: 'Terminer OP-2026-0008' }));
    const dialog = await screen.findByRole('dialog', { name: "Terminer l'ordre OP-2026-0008" });
    await user.click(within(dialog).getByRole('button', { name: 'Terminer' }));
    expect(await screen.findByText(`${MESSAGES_PRODUCTION.orderTransitionError} : ${message}`)).toBeInTheDocument();
    expect(message).toBe('Stock insuffisant pour Farine : besoin 5.000 kg, disponible 4.000');
    expect(screen.getByRole('dialog', { name: "Terminer l'ordre OP-2026-0008" })).toBeInTheDocument();
  });

  it('waits with 3 placeholder rows for lists and 6 cards for the grid, and shows an error state with a retry', async () => {
    const user = userEvent.setup();
    const never = () => new Promise<never>(() => undefined);
    const pending = mockFetch(routes({}, { [`GET ${BASE}/raw-materials`]: never, [`GET ${BASE}/finished-products`]: never }));
    const view = render();
    // The tab's page and the stock alerts' list (the first 100).
    await waitFor(() => expect(callsTo(pending, 'GET', `${BASE}/raw-materials`)).toHaveLength(2));
    const rows = screen.getByRole('status');
    expect(within(rows).getByText('Chargement...')).toBeInTheDocument();
    expect(rows.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
    await user.click(screen.getByRole('tab', { name: 'Produits finis' }));
    expect(await screen.findAllByTestId('card-placeholder')).toHaveLength(6);
    view.unmount();

    let calls = 0;
    mockFetch(
      routes(
        {},
        {
          [`GET ${BASE}/raw-materials`]: () => {
            calls += 1;
            return calls === 1 ? { status: 500, body: { message: 'Service indisponible' } } : { body: paged([SUCRE]) };
          },
        },
      ),
    );
    render();
    expect(await screen.findByText('Impossible de charger les matières premières')).toBeInTheDocument();
    expect(screen.getByText('Service indisponible')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Matières premières' })).toBeInTheDocument();
  });
});

describe('ProductionPage: server pages', () => {
  it('searches the raw materials on the server, says when nothing matches, and pages beyond 25', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes(
        {},
        {
          [`GET ${BASE}/raw-materials`]: (_init, url) => ({
            body: url.includes('search=') ? paged([]) : { ...paged([FARINE, SUCRE]), totalItems: 30 },
          }),
        },
      ),
    );
    render();
    expect(await screen.findByRole('table', { name: 'Matières premières' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /page suivante/i })).toBeEnabled();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une matière première' }), 'zzz');
    expect(await screen.findByText('Aucune matière première ne correspond à la recherche')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/raw-materials`).some((c) => c.url.endsWith('page=1&pageSize=25&search=zzz'))).toBe(true);
  });
});

describe('ProductionPage: stock alerts beyond the first page', () => {
  it("counts the company's low items with the server's lowStockCount, naming those of the first page", async () => {
    mockFetch(
      routes(
        {},
        {
          [`GET ${BASE}/raw-materials`]: () => ({ body: paged([FARINE, SUCRE], { totalItems: 150, lowStockCount: 4 }) }),
          [`GET ${BASE}/finished-products`]: () => ({ body: paged([GATEAU], { totalItems: 120, lowStockCount: 1 }) }),
        },
      ),
    );
    render();
    const rawAlert = await screen.findByRole('alert', { name: 'Stock faible : matières premières' });
    expect(within(rawAlert).getByText('Stock faible : matières premières (4)')).toBeInTheDocument();
    expect(within(rawAlert).getByText('Farine : 4 kg (minimum 10 kg)')).toBeInTheDocument();
    expect(within(rawAlert).getByText('… et 3 autres')).toBeInTheDocument();
    // No low product among the first page: the alert still says there is one.
    const finishedAlert = screen.getByRole('alert', { name: 'Stock faible : produits finis' });
    expect(within(finishedAlert).getByText('… et 1 autre')).toBeInTheDocument();
  });
});

describe('ProductionPage: server-searched choices', () => {
  it('RawMaterialField: a BOM line asks the server with the typed search (a material beyond the first page)', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 120 }, (_, i) => rawMaterial(`Matière ${String(i + 1).padStart(3, '0')}`));
    const fetchMock = mockFetch(routes({ raw: many }));
    render();
    await screen.findByRole('table', { name: 'Matières premières' });
    await user.click(screen.getByRole('tab', { name: 'Produits finis' }));
    await user.click(await screen.findByRole('button', { name: 'Nouveau produit fini' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau produit fini' });
    const input = within(dialog).getByRole('combobox', { name: 'Matière première 1' });
    await user.click(input);
    await user.type(input, '118');
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', `${BASE}/raw-materials`).some((c) => c.url.includes('search=118') && c.url.includes('pageSize=20')),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: 'Matière 118 (kg)' }));
    expect(input).toHaveValue('Matière 118 (kg)');
  });

  it('FinishedProductField: the order dialog asks the server with the typed search', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({ finished: [PAIN, GATEAU] }, { [`POST ${BASE}/production-orders`]: { status: 201, body: productionOrder(GATEAU) } }),
    );
    render();
    await user.click(screen.getByRole('tab', { name: 'Ordres de production' }));
    const button = screen.getByRole('button', { name: 'Nouvel ordre de production' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel ordre de production' });
    // Two products: none chosen on opening.
    const input = within(dialog).getByRole('combobox', { name: /^Produit fini/ });
    expect(input).toHaveValue('');
    await user.click(input);
    await user.type(input, 'gât');
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', `${BASE}/finished-products`).some((c) => c.url.includes(`search=${encodeURIComponent('gât')}`)),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: 'Gâteau (pièce)' }));
    await user.click(within(dialog).getByRole('button', { name: "Créer l'ordre" }));
    expect(await screen.findByText(MESSAGES_PRODUCTION.orderCreated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/production-orders`)[0].body).toMatchObject({ finishedProductId: GATEAU.id });
  });
});

describe('production helpers', () => {
  it("labels any unknown order status 'Annulé' (spec §2)", () => {
    expect(productionOrderStatusLabel('pending')).toBe('En Attente');
    expect(productionOrderStatusLabel('planned')).toBe('Annulé');
  });

  it('badges a stock: Rupture at 0, Stock faible at or below the minimum, else En stock', () => {
    expect(stockBadge({ currentStock: '0.000', minStock: '0.000' }).label).toBe('Rupture');
    expect(stockBadge({ currentStock: '5.000', minStock: '5.000' }).label).toBe('Stock faible');
    expect(stockBadge({ currentStock: '5.001', minStock: '5.000' }).label).toBe('En stock');
  });

  it('computes the materials cost of a BOM exactly, rounded to the cent', () => {
    expect(
      bomCost([
        { quantity: '0.333', unitCost: '1000.00' },
        { quantity: '0.001', unitCost: '0.50' },
      ]),
    ).toBe('333.00');
    expect(bomCost([{ quantity: '0.125', unitCost: '0.99' }])).toBe('0.12');
    expect(
      bomCost([
        { quantity: '', unitCost: '10.00' },
        { quantity: '2', unitCost: undefined },
      ]),
    ).toBe('0.00');
    expect(formatQuantity('1234.500')).toBe('1 234,5');
  });
});

describe('ProductionPage: role gating', () => {
  it('a reader sees the raw materials without creation nor edit; a collaborator has both', async () => {
    mockFetch(routes({ raw: [FARINE] }, { 'GET /api/user': { body: { ...TEST_USER, sector: 'transformation', role: 'reader' } } }));
    const view = render();
    const table = await screen.findByRole('table', { name: 'Matières premières' });
    expect(within(table).queryByRole('button', { name: 'Modifier Farine' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvelle matière première' })).not.toBeInTheDocument();
    view.unmount();

    mockFetch(routes({ raw: [FARINE] }, { 'GET /api/user': { body: { ...TEST_USER, sector: 'transformation', role: 'collaborator' } } }));
    render();
    expect(await screen.findByRole('button', { name: 'Modifier Farine' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle matière première' })).toBeInTheDocument();
  });
});
