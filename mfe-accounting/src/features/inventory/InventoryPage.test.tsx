import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_INVENTORY, type InventoryItem } from '@xaalis/contracts';
import {
  autocompleteOptions,
  callsTo,
  company,
  COMPANY_ID,
  inventoryRoute,
  mockFetch,
  renderWithApp,
  TEST_USER,
  thirdPartiesRoute,
  thirdParty,
} from '../../test-utils';
import { inventoryItem } from './fixtures';
import InventoryPage, { INVENTORY_EMPTY, INVENTORY_EMPTY_FILTERED } from './InventoryPage';
import { ITEM_UPDATED } from './InventoryItemDialog';

const BASE = `/api/companies/${COMPANY_ID}`;
const FLOUR = inventoryItem('Farine', {
  category: 'ingredient',
  unit: 'kg',
  currentStock: '0.000',
  minStock: '5.000',
  unitCost: '1000.00',
});
const JUICE = inventoryItem('Jus de bissap', {
  category: 'beverage',
  unit: 'l',
  currentStock: '1.500',
  minStock: '2.000',
  unitCost: '333.33',
});
const CHAIR = inventoryItem('Chaise', {
  category: 'material',
  unit: 'pcs',
  currentStock: '10.000',
  minStock: '2.000',
  unitCost: '1500.00',
});
const PAPER = inventoryItem('Papier A4', {
  category: 'supply',
  unit: 'box',
  currentStock: '-3.000',
  minStock: '0.000',
  unitCost: '100.00',
});
const SUPPLIER = thirdParty('Grands Moulins', { type: 'supplier' });
const CLIENT = thirdParty('Sonatel', { type: 'client' });

function routes(items: InventoryItem[] | (() => InventoryItem[]), overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/inventory`]: inventoryRoute(items),
    [`GET ${BASE}/third-parties`]: thirdPartiesRoute([SUPPLIER, CLIENT]),
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

/** 'Nouvel Article' stays disabled until the session gives the company id. */
async function clickNewItem(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Nouvel Article' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

function row(name: string) {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

async function typeIn(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string | RegExp, value: string) {
  const input = within(scope).getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

afterEach(() => jest.restoreAllMocks());

describe('InventoryPage', () => {
  it('shows the badges (Rupture at or below 0, Stock faible at or below the minimum, else En stock) and the four tiles', async () => {
    mockFetch(routes([FLOUR, JUICE, CHAIR, PAPER]));
    renderWithApp(<InventoryPage />, { route: '/inventaire' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion des Stocks' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Articles en stock' });
    expect(within(row('Farine')).getByText('Rupture')).toBeInTheDocument();
    expect(within(row('Papier A4')).getByText('Rupture')).toBeInTheDocument();
    expect(within(row('Jus de bissap')).getByText('Stock faible')).toBeInTheDocument();
    expect(within(row('Chaise')).getByText('En stock')).toBeInTheDocument();
    expect(within(row('Jus de bissap')).getByText('1,5 l')).toBeInTheDocument();
    expect(within(row('Jus de bissap')).getByText('Boisson')).toBeInTheDocument();
    expect(within(row('Chaise')).getByText('15 000 XOF')).toBeInTheDocument();

    expect(within(screen.getByRole('group', { name: 'Total articles' })).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Stock faible' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Rupture' })).getByText('2')).toBeInTheDocument();
    // 0 × 1 000 + 1,5 × 333,33 (499,995) + 10 × 1 500 − 3 × 100 = 15 199,995 → 15 200 XOF.
    expect(within(screen.getByRole('group', { name: 'Valeur du stock' })).getByText('15 200 XOF')).toBeInTheDocument();
  });

  it("shows 'Aucun article en stock' with a first-item button, and a filtered message when nothing matches", async () => {
    const user = userEvent.setup();
    mockFetch(routes([]));
    const view = renderWithApp(<InventoryPage />, { route: '/inventaire' });
    expect(await screen.findByText(INVENTORY_EMPTY)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Valeur du stock' })).getByText('0 XOF')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter le premier article' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvel Article' })).toBeInTheDocument();
    view.unmount();

    mockFetch(routes([FLOUR, CHAIR]));
    renderWithApp(<InventoryPage />, { route: '/inventaire' });
    await screen.findByRole('table', { name: 'Articles en stock' });
    // The filters are the server's: the page asks again with them.
    await user.selectOptions(screen.getByLabelText('Catégorie'), 'Matériel');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Farine' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Chaise' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Rechercher un article'), 'farine');
    expect(await screen.findByText(INVENTORY_EMPTY_FILTERED)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Catégorie'), 'Toutes les catégories');
    expect(await screen.findByRole('cell', { name: 'Farine' })).toBeInTheDocument();
  });

  it("creates an item: messages, defaults '0.000', suppliers only, 'Succès' / 'Article créé avec succès'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes([], { [`POST ${BASE}/inventory`]: { status: 201, body: FLOUR } }));
    renderWithApp(<InventoryPage />, { route: '/inventaire' });
    await clickNewItem(user);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel Article' });
    expect(within(dialog).getByLabelText('Stock actuel')).toHaveValue('0.000');
    expect(within(dialog).getByLabelText('Stock minimum')).toHaveValue('0.000');
    // No supplier by default; the suppliers only, searched on the server.
    expect(within(dialog).getByLabelText('Fournisseur')).toHaveValue('');
    expect(await autocompleteOptions(user, 'Fournisseur')).toEqual(['Grands Moulins']);
    await user.click(within(dialog).getByRole('button', { name: "Créer l'article" }));
    expect(await within(dialog).findByText(MESSAGES_INVENTORY.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_INVENTORY.categoryRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_INVENTORY.unitRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_INVENTORY.unitCostRequired)).toBeInTheDocument();

    await typeIn(user, dialog, 'Nom', 'Farine');
    await user.selectOptions(within(dialog).getByLabelText('Catégorie'), 'Ingrédient');
    await user.selectOptions(within(dialog).getByLabelText('Unité'), 'kg');
    await typeIn(user, dialog, 'Stock actuel', '12.5');
    await typeIn(user, dialog, 'Coût unitaire', '650');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'article" }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvel Article' })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', `${BASE}/inventory`)[0].body).toEqual({
      name: 'Farine',
      category: 'ingredient',
      unit: 'kg',
      currentStock: '12.500',
      minStock: '0.000',
      unitCost: '650.00',
      supplierId: null,
    });
    expect(await screen.findByText('Succès')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_INVENTORY.created)).toBeInTheDocument();
  });

  it("shows 'Erreur lors de la création de l'article' when the save fails", async () => {
    const user = userEvent.setup();
    mockFetch(routes([], { [`POST ${BASE}/inventory`]: { status: 500 } }));
    renderWithApp(<InventoryPage />, { route: '/inventaire' });
    await clickNewItem(user);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel Article' });
    await typeIn(user, dialog, 'Nom', 'Farine');
    await user.selectOptions(within(dialog).getByLabelText('Catégorie'), 'Ingrédient');
    await user.selectOptions(within(dialog).getByLabelText('Unité'), 'kg');
    await typeIn(user, dialog, 'Coût unitaire', '650');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'article" }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_INVENTORY.createError)).toBeInTheDocument();
  });

  it("records an out-movement below zero ('Stock mis à jour avec succès') and the badge turns to 'Rupture'", async () => {
    const user = userEvent.setup();
    let items = [CHAIR];
    const fetchMock = mockFetch(
      routes(() => items, {
        [`POST ${BASE}/inventory/${CHAIR.id}/movements`]: () => {
          items = [{ ...CHAIR, currentStock: '-2.000' }];
          return { status: 201, body: { id: 'm1' } };
        },
      }),
    );
    renderWithApp(<InventoryPage />, { route: '/inventaire' });
    await user.click(await screen.findByRole('button', { name: 'Mouvement de stock pour Chaise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mouvement de stock' });
    expect(within(dialog).getByRole('radio', { name: 'Entrée' })).toBeChecked();
    expect(within(dialog).getByLabelText('Quantité')).toHaveAttribute('step', '0.001');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le mouvement' }));
    expect(await within(dialog).findByText(MESSAGES_INVENTORY.quantityRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES_INVENTORY.reasonRequired)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Sortie' }));
    await typeIn(user, dialog, 'Quantité', '12');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Stock après le mouvement : -2 pcs');
    await typeIn(user, dialog, 'Motif', 'Casse');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le mouvement' }));
    expect(await screen.findByText(MESSAGES_INVENTORY.updated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/inventory/${CHAIR.id}/movements`)[0].body).toEqual({
      type: 'out',
      quantity: '12',
      reason: 'Casse',
      reference: null,
    });
    await waitFor(() => expect(within(row('Chaise')).getByText('Rupture')).toBeInTheDocument());
    expect(within(screen.getByRole('group', { name: 'Rupture' })).getByText('1')).toBeInTheDocument();
  });

  it("shows 'Erreur lors de la mise à jour du stock' when a movement fails", async () => {
    const user = userEvent.setup();
    mockFetch(routes([CHAIR], { [`POST ${BASE}/inventory/${CHAIR.id}/movements`]: { status: 500 } }));
    renderWithApp(<InventoryPage />, { route: '/inventaire' });
    await user.click(await screen.findByRole('button', { name: 'Mouvement de stock pour Chaise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mouvement de stock' });
    await typeIn(user, dialog, 'Quantité', '1');
    await typeIn(user, dialog, 'Motif', 'Réception');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le mouvement' }));
    expect(await screen.findByText(MESSAGES_INVENTORY.updateError)).toBeInTheDocument();
  });

  it('edits an item without its stock (PUT) and shows its history', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes([CHAIR], {
        [`PUT /api/inventory/${CHAIR.id}`]: { body: CHAIR },
        [`GET /api/inventory/${CHAIR.id}`]: {
          body: {
            ...CHAIR,
            movements: [
              {
                id: 'm1',
                itemId: CHAIR.id,
                type: 'in',
                quantity: '12.000',
                stockAfter: '12.000',
                reason: 'Réception',
                reference: 'BL-7',
                invoiceId: null,
                createdAt: '2026-03-01T09:00:00.000Z',
              },
              {
                id: 'm2',
                itemId: CHAIR.id,
                type: 'out',
                quantity: '2.000',
                stockAfter: '10.000',
                reason: 'Vente FV-2026-0001',
                reference: null,
                invoiceId: 'i1',
                createdAt: '2026-03-05T15:30:00.000Z',
              },
            ],
          },
        },
      }),
    );
    renderWithApp(<InventoryPage />, { route: '/inventaire' });
    await user.click(await screen.findByRole('button', { name: "Modifier l'article Chaise" }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'article Chaise" });
    expect(within(dialog).getByLabelText('Stock actuel')).toBeDisabled();
    await typeIn(user, dialog, 'Stock minimum', '4');
    await typeIn(user, dialog, 'Coût unitaire', '1750');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/api/inventory/${CHAIR.id}`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', `/api/inventory/${CHAIR.id}`)[0].body).toEqual({
      name: 'Chaise',
      category: 'material',
      unit: 'pcs',
      minStock: '4.000',
      unitCost: '1750.00',
      supplierId: null,
    });

    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Modifier l'article Chaise" })).not.toBeInTheDocument());
    expect(await screen.findByText(ITEM_UPDATED)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: "Historique de l'article Chaise" }));
    const history = await screen.findByRole('dialog', { name: 'Historique des mouvements — Chaise' });
    const rows = await within(history).findAllByRole('row');
    expect(rows).toHaveLength(3);
    // Newest first.
    expect(within(rows[1]).getByText('Sortie')).toBeInTheDocument();
    expect(within(rows[1]).getByText('-2 pcs')).toBeInTheDocument();
    expect(within(rows[1]).getByText('10 pcs')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Vente FV-2026-0001')).toBeInTheDocument();
    expect(within(rows[1]).getByText('05/03/2026 15:30')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Entrée')).toBeInTheDocument();
    expect(within(rows[2]).getByText('BL-7')).toBeInTheDocument();
  });
  it('exports the filtered list as XLSX (fetched with the session, saved under the server name)', async () => {
    const user = userEvent.setup();
    const base = mockFetch(routes([FLOUR, CHAIR]));
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const asked: string[] = [];
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (input.includes('export.xlsx')) {
        asked.push(input);
        return {
          ok: true,
          status: 200,
          blob: async () => new Blob(['xlsx']),
          headers: new Headers({ 'Content-Disposition': 'attachment; filename="stock.xlsx"' }),
        } as unknown as Response;
      }
      return base(input, init);
    });
    renderWithApp(<InventoryPage />, { route: '/inventaire' });
    await screen.findByRole('table', { name: 'Articles en stock' });
    await user.selectOptions(screen.getByLabelText('Catégorie'), 'Ingrédient');
    await user.click(screen.getByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(saved).toEqual(['stock.xlsx']));
    expect(asked).toEqual([`${BASE}/inventory/export.xlsx?category=ingredient`]);
  });
});

describe('InventoryPage: role gating', () => {
  it('a collaborator changes the stock (a document); a reader only reads it', async () => {
    mockFetch(routes([FLOUR], { 'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } } }));
    const view = renderWithApp(<InventoryPage />, { route: '/inventaire' });
    expect(await screen.findByRole('button', { name: 'Nouvel Article' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mouvement de stock pour Farine' })).toBeInTheDocument();
    view.unmount();

    mockFetch(routes([FLOUR], { 'GET /api/user': { body: { ...TEST_USER, role: 'reader' } } }));
    renderWithApp(<InventoryPage />, { route: '/inventaire' });
    const table = await screen.findByRole('table', { name: 'Articles en stock' });
    expect(within(table).getByRole('button', { name: "Historique de l'article Farine" })).toBeInTheDocument();
    for (const name of ['Mouvement de stock pour Farine', "Modifier l'article Farine"])
      expect(within(table).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvel Article' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeInTheDocument();
  });
});
