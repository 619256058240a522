import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_INVOICE } from '@xaalis/contracts';
import {
  autocompleteOptions,
  callsTo,
  chooseAutocomplete,
  COMPANY_ID,
  inventoryRoute,
  mockFetch,
  renderWithApp,
  thirdPartiesRoute,
  thirdParty,
  VAT_CODES,
  vatCodeOf,
} from '../../test-utils';
import { inventoryItem } from '../inventory/fixtures';
import { invoice, invoiceLine } from './fixtures';
import { InvoiceDialog, PRODUCT_REQUIRED } from './InvoiceDialog';

const BASE = `/api/companies/${COMPANY_ID}`;
const SONATEL = thirdParty('Sonatel', { type: 'client' });
const SENELEC = thirdParty('SENELEC', { type: 'supplier' });
const AUCHAN = thirdParty('Auchan', { type: 'both' });
const RICE = inventoryItem('Riz parfumé 25 kg', { unitCost: '1500.00' });
const OIL = inventoryItem('Huile 5 l', { unitCost: '4250.50' });

function routes(overrides: Record<string, unknown> = {}) {
  return {
    [`GET ${BASE}/third-parties`]: thirdPartiesRoute([SONATEL, SENELEC, AUCHAN]),
    [`GET ${BASE}/inventory`]: inventoryRoute([RICE, OIL]),
    [`GET ${BASE}/vat-codes`]: { body: VAT_CODES },
    [`GET ${BASE}/invoices/next-number`]: (_init: RequestInit | undefined, url: string) => ({
      body: { number: url.includes('type=purchase') ? 'FA-2026-0003' : url.includes('type=service') ? 'FS-2026-0001' : 'FV-2026-0007' },
    }),
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

function renderDialog(props: { invoiceId?: string } = {}) {
  const onClose = jest.fn();
  renderWithApp(<InvoiceDialog open onClose={onClose} companyId={COMPANY_ID} {...props} />);
  return { onClose };
}

async function type(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

afterEach(() => jest.restoreAllMocks());

describe('InvoiceDialog', () => {
  it('starts as a sale of today paid by bank transfer at 18 %, with the proposed number and one free line', async () => {
    mockFetch(routes());
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Nouvelle Facture' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Numéro')).toHaveValue('FV-2026-0007'));
    expect(screen.getByLabelText('Type')).toHaveValue('sale');
    expect(screen.getByLabelText('Mode de paiement')).toHaveValue('bank');
    expect(screen.getByRole('option', { name: 'Virement Bancaire' })).toBeInTheDocument();
    expect(screen.getByLabelText('TVA par défaut (%)')).toHaveValue(18);
    expect(screen.getByLabelText('Date')).toHaveValue(new Date().toISOString().slice(0, 10));
    expect(screen.getByLabelText("Date d'échéance")).toHaveValue('');
    expect(screen.getAllByRole('group', { name: /^Ligne \d+$/ })).toHaveLength(1);
    expect(screen.getByRole('switch', { name: 'Produit existant ligne 1' })).not.toBeChecked();
    expect(screen.getByLabelText('Quantité ligne 1')).toHaveAttribute('step', '0.001');
    expect(screen.getByLabelText('Prix unitaire ligne 1')).toHaveAttribute('step', '0.01');
  });

  it('offers clients (and "both") for a sale, suppliers (and "both") for a purchase, and follows the number of the type', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderDialog();
    await screen.findByLabelText('Client');
    expect(await autocompleteOptions(user, 'Client')).toEqual(['Auchan', 'Sonatel']);
    await chooseAutocomplete(user, 'Client', 'Sonatel');
    expect(screen.getByLabelText('Client')).toHaveValue('Sonatel');

    await user.selectOptions(screen.getByLabelText('Type'), 'Achat');
    // Sonatel is not a supplier: the choice is cleared.
    await waitFor(() => expect(screen.getByLabelText('Fournisseur')).toHaveValue(''));
    expect(await autocompleteOptions(user, 'Fournisseur')).toEqual(['Auchan', 'SENELEC']);
    await waitFor(() => expect(screen.getByLabelText('Numéro')).toHaveValue('FA-2026-0003'));

    // A number typed by hand is kept when the type changes.
    await type(user, 'Numéro', 'FA-MANUEL-1');
    await user.selectOptions(screen.getByLabelText('Type'), 'Service');
    await waitFor(() => expect(screen.getByLabelText('Client')).toBeInTheDocument());
    expect(screen.getByLabelText('Numéro')).toHaveValue('FA-MANUEL-1');
  });

  it('an existing product copies its name and unit cost, and the unit price becomes read-only', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderDialog();
    await user.click(screen.getByRole('switch', { name: 'Produit existant ligne 1' }));
    await screen.findByLabelText('Produit ligne 1');
    await chooseAutocomplete(user, 'Produit ligne 1', 'Riz parfumé 25 kg');
    expect(screen.getByLabelText('Description ligne 1')).toHaveValue('Riz parfumé 25 kg');
    const price = screen.getByLabelText('Prix unitaire ligne 1');
    expect(price).toHaveValue(1500);
    expect(price).toHaveAttribute('readonly');
    await user.type(price, '9');
    expect(price).toHaveValue(1500);

    // 2 × 1 500 = 3 000; VAT 18 % = 540; total 3 540.
    await type(user, 'Quantité ligne 1', '2');
    expect(screen.getByLabelText('Total ligne 1')).toHaveValue('3 000 XOF');
    const totals = screen.getByRole('group', { name: 'Totaux' });
    expect(within(totals).getByTestId('invoice-subtotal')).toHaveTextContent('3 000 XOF');
    expect(within(totals).getByText('TVA 18 %')).toBeInTheDocument();
    expect(within(totals).getByTestId('invoice-vat')).toHaveTextContent('540 XOF');
    expect(within(totals).getByTestId('invoice-total')).toHaveTextContent('3 540 XOF');
  });

  it('switching to an existing product clears description, price and product; back to free entry clears the product only', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderDialog();
    await type(user, 'Description ligne 1', 'Conseil');
    await type(user, 'Prix unitaire ligne 1', '25000');
    const toggle = screen.getByRole('switch', { name: 'Produit existant ligne 1' });
    await user.click(toggle);
    expect(screen.getByLabelText('Description ligne 1')).toHaveValue('');
    expect(screen.getByLabelText('Prix unitaire ligne 1')).toHaveValue(null);
    const product = screen.getByLabelText('Produit ligne 1');
    expect(product).toHaveValue('');
    await chooseAutocomplete(user, 'Produit ligne 1', 'Huile 5 l');
    expect(screen.getByLabelText('Prix unitaire ligne 1')).toHaveValue(4250.5);

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(screen.queryByLabelText('Produit ligne 1')).not.toBeInTheDocument();
    // Free entry again: the text and price stay, and can be changed.
    expect(screen.getByLabelText('Description ligne 1')).toHaveValue('Huile 5 l');
    const price = screen.getByLabelText('Prix unitaire ligne 1');
    expect(price).not.toHaveAttribute('readonly');
    await type(user, 'Prix unitaire ligne 1', '4000');
    expect(price).toHaveValue(4000);

    // Back to product mode: the product chosen earlier is gone.
    await user.click(toggle);
    expect(screen.getByLabelText('Produit ligne 1')).toHaveValue('');
  });

  it('cannot remove the last line; added lines can be removed', async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    renderDialog();
    expect(screen.getByRole('button', { name: 'Supprimer la ligne 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    expect(screen.getAllByRole('group', { name: /^Ligne \d+$/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Supprimer la ligne 1' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Supprimer la ligne 2' }));
    expect(screen.getAllByRole('group', { name: /^Ligne \d+$/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Supprimer la ligne 1' })).toBeDisabled();
  });

  it("shows the schema's messages", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderDialog();
    await waitFor(() => expect(screen.getByLabelText('Numéro')).toHaveValue('FV-2026-0007'));
    await type(user, 'Numéro', '');
    await type(user, 'Date', '');
    await type(user, 'Quantité ligne 1', '');
    await user.click(screen.getByRole('button', { name: 'Créer la facture' }));
    expect(await screen.findByText(MESSAGES_INVOICE.numberRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_INVOICE.thirdPartyRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_INVOICE.dateRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_INVOICE.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_INVOICE.quantityRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_INVOICE.unitPriceRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${BASE}/invoices`)).toHaveLength(0);

    // A line in product mode needs its product.
    await user.click(screen.getByRole('switch', { name: 'Produit existant ligne 1' }));
    await user.click(screen.getByRole('button', { name: 'Créer la facture' }));
    expect(await screen.findByText(PRODUCT_REQUIRED)).toBeInTheDocument();
  });

  it('posts the spec payload (exact two-decimal totals) and toasts Succès / Facture créée avec succès', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`POST ${BASE}/invoices`]: { status: 201, body: invoice({ number: 'FV-2026-0007' }) } }));
    const { onClose } = renderDialog();
    await waitFor(() => expect(screen.getByLabelText('Numéro')).toHaveValue('FV-2026-0007'));
    await chooseAutocomplete(user, 'Client', 'Sonatel');
    await user.selectOptions(screen.getByLabelText('Mode de paiement'), 'Orange Money');
    await type(user, 'Notes', 'Livraison Dakar');
    // Line 1: a product.
    await user.click(screen.getByRole('switch', { name: 'Produit existant ligne 1' }));
    await chooseAutocomplete(user, 'Produit ligne 1', 'Riz parfumé 25 kg');
    await type(user, 'Quantité ligne 1', '2');
    // Line 2: free entry, 1.5 × 333.33 = 499.995 → 500.00.
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await type(user, 'Description ligne 2', 'Transport');
    await type(user, 'Quantité ligne 2', '1.5');
    await type(user, 'Prix unitaire ligne 2', '333.33');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('4 130 XOF');
    await user.click(screen.getByRole('button', { name: 'Créer la facture' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, 'POST', `${BASE}/invoices`);
    expect(call.body).toEqual({
      invoice: {
        type: 'sale',
        number: 'FV-2026-0007',
        thirdPartyId: SONATEL.id,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        dueDate: null,
        paymentMethod: 'orange',
        vatRate: '18.00',
        notes: 'Livraison Dakar',
        subtotal: '3500.00',
        vatAmount: '630.00',
        total: '4130.00',
      },
      lines: [
        {
          description: 'Riz parfumé 25 kg',
          quantity: '2',
          unitPrice: '1500.00',
          total: '3000.00',
          accountId: null,
          inventoryItemId: RICE.id,
          useExistingProduct: true,
          // 'TVA par défaut' (18 %): the code of that rate.
          vatRate: vatCodeOf('TVA18').id,
          vatDeductible: true,
        },
        {
          description: 'Transport',
          quantity: '1.5',
          unitPrice: '333.33',
          total: '500.00',
          accountId: null,
          inventoryItemId: null,
          useExistingProduct: false,
          vatRate: vatCodeOf('TVA18').id,
          vatDeductible: true,
        },
      ],
    });
    expect(await screen.findByText('Succès')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_INVOICE.created)).toBeInTheDocument();
  });

  it("shows 'Erreur' / 'Erreur lors de la création de la facture' with the server's message", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`POST ${BASE}/invoices`]: { status: 400, body: { message: MESSAGES_INVOICE.totalsMismatch } } }));
    const { onClose } = renderDialog();
    await chooseAutocomplete(user, 'Client', 'Sonatel');
    await type(user, 'Description ligne 1', 'Conseil');
    await type(user, 'Prix unitaire ligne 1', '1000');
    await waitFor(() => expect(screen.getByLabelText('Numéro')).toHaveValue('FV-2026-0007'));
    await user.click(screen.getByRole('button', { name: 'Créer la facture' }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText(`${MESSAGES_INVOICE.createError} : ${MESSAGES_INVOICE.totalsMismatch}`)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("edits a draft: 'Modifier la facture <number>', the lines as saved (product lines read-only), PUT", async () => {
    const user = userEvent.setup();
    const draft = invoice({
      number: 'FV-2026-0042',
      thirdPartyId: SONATEL.id,
      lines: [invoiceLine({ inventoryItemId: RICE.id })],
    });
    const fetchMock = mockFetch(
      routes({
        [`GET /api/invoices/${draft.id}`]: { body: draft },
        [`PUT /api/invoices/${draft.id}`]: { body: draft },
      }),
    );
    const { onClose } = renderDialog({ invoiceId: draft.id });
    expect(await screen.findByRole('heading', { name: 'Modifier la facture FV-2026-0042' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Client')).toHaveValue('Sonatel'));
    expect(screen.getByLabelText('Numéro')).toHaveValue('FV-2026-0042');
    expect(screen.getByRole('switch', { name: 'Produit existant ligne 1' })).toBeChecked();
    expect(screen.getByLabelText('Prix unitaire ligne 1')).toHaveAttribute('readonly');
    await type(user, 'Quantité ligne 1', '3');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, 'PUT', `/api/invoices/${draft.id}`);
    expect(call.body).toMatchObject({
      invoice: { number: 'FV-2026-0042', subtotal: '4500.00', vatAmount: '810.00', total: '5310.00' },
      lines: [{ quantity: '3', unitPrice: '1500.00', total: '4500.00', inventoryItemId: RICE.id, useExistingProduct: true }],
    });
    expect(callsTo(fetchMock, 'GET', `${BASE}/invoices/next-number`)).toHaveLength(0);
  });
  it("offers each line the company's VAT codes, shows the VAT per rate and sends each line's code id", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`POST ${BASE}/invoices`]: { status: 201, body: invoice() } }));
    const { onClose } = renderDialog();
    await waitFor(() => expect(screen.getByLabelText('Numéro')).toHaveValue('FV-2026-0007'));
    const vat1 = screen.getByLabelText('TVA ligne 1');
    await waitFor(() =>
      expect(
        within(vat1)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Par défaut (18 %)', '18 %', '10 %', 'Export 0 %', 'Exonéré', 'Non imposable']),
    );
    expect(vat1).toHaveValue('');
    // A sale has no 'Non déductible'.
    expect(screen.queryByLabelText('Non déductible ligne 1')).not.toBeInTheDocument();
    await chooseAutocomplete(user, 'Client', 'Sonatel');
    await type(user, 'Description ligne 1', 'Nuitée');
    await type(user, 'Prix unitaire ligne 1', '50000');
    await user.selectOptions(vat1, '10 %');
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await type(user, 'Description ligne 2', 'Conseil');
    await type(user, 'Prix unitaire ligne 2', '10000');
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await type(user, 'Description ligne 3', 'Livraison à l’étranger');
    await type(user, 'Prix unitaire ligne 3', '2000');
    await user.selectOptions(screen.getByLabelText('TVA ligne 3'), 'Export 0 %');

    // 50 000 at 10 % = 5 000; 10 000 at 18 % = 1 800; 2 000 at 0 %.
    const totals = screen.getByRole('group', { name: 'Totaux' });
    expect(within(totals).getByText('TVA 10 %')).toBeInTheDocument();
    expect(within(totals).getByTestId('invoice-vat-10.00')).toHaveTextContent('5 000 XOF');
    expect(within(totals).getByText('TVA 18 %')).toBeInTheDocument();
    expect(within(totals).getByTestId('invoice-vat-18.00')).toHaveTextContent('1 800 XOF');
    expect(within(totals).getByTestId('invoice-vat-0.00')).toHaveTextContent('0 XOF');
    expect(within(totals).getByTestId('invoice-vat')).toHaveTextContent('6 800 XOF');
    expect(within(totals).getByTestId('invoice-total')).toHaveTextContent('68 800 XOF');

    await user.click(screen.getByRole('button', { name: 'Créer la facture' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, 'POST', `${BASE}/invoices`);
    expect(call.body).toMatchObject({
      invoice: { vatRate: '18.00', subtotal: '62000.00', vatAmount: '6800.00', total: '68800.00' },
      lines: [
        { description: 'Nuitée', vatRate: vatCodeOf('TVA10').id, vatDeductible: true },
        { description: 'Conseil', vatRate: vatCodeOf('TVA18').id, vatDeductible: true },
        { description: 'Livraison à l’étranger', vatRate: vatCodeOf('EXPORT').id, vatDeductible: true },
      ],
    });
  });

  it("a purchase line can be marked 'Non déductible'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`POST ${BASE}/invoices`]: { status: 201, body: invoice({ type: 'purchase' }) } }));
    const { onClose } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Type'), 'Achat');
    await waitFor(() => expect(screen.getByLabelText('Numéro')).toHaveValue('FA-2026-0003'));
    await chooseAutocomplete(user, 'Fournisseur', 'SENELEC');
    await type(user, 'Description ligne 1', 'Véhicule de tourisme');
    await type(user, 'Prix unitaire ligne 1', '100000');
    const nonDeductible = screen.getByRole('checkbox', { name: 'Non déductible ligne 1' });
    expect(nonDeductible).not.toBeChecked();
    await user.click(nonDeductible);
    await user.click(screen.getByRole('button', { name: 'Créer la facture' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, 'POST', `${BASE}/invoices`);
    expect(call.body).toMatchObject({
      invoice: { type: 'purchase', vatAmount: '18000.00' },
      lines: [{ vatRate: vatCodeOf('TVA18').id, vatDeductible: false }],
    });
  });

  it("a draft's lines come back with their VAT code and deductibility", async () => {
    const user = userEvent.setup();
    const draft = invoice({
      type: 'purchase',
      number: 'FA-2026-0009',
      thirdPartyId: SENELEC.id,
      subtotal: '3000.00',
      vatAmount: '300.00',
      total: '3300.00',
      lines: [invoiceLine({ vatCodeId: vatCodeOf('TVA10').id, vatRate: '10.00', vatDeductible: false })],
    });
    const fetchMock = mockFetch(
      routes({
        [`GET /api/invoices/${draft.id}`]: { body: draft },
        [`PUT /api/invoices/${draft.id}`]: { body: draft },
      }),
    );
    const { onClose } = renderDialog({ invoiceId: draft.id });
    await screen.findByRole('heading', { name: 'Modifier la facture FA-2026-0009' });
    await waitFor(() => expect(screen.getByLabelText('TVA ligne 1')).toHaveValue(vatCodeOf('TVA10').id));
    expect(screen.getByRole('checkbox', { name: 'Non déductible ligne 1' })).toBeChecked();
    expect(screen.getByTestId('invoice-vat')).toHaveTextContent('300 XOF');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'PUT', `/api/invoices/${draft.id}`)[0].body).toMatchObject({
      invoice: { vatAmount: '300.00', total: '3300.00' },
      lines: [{ vatRate: vatCodeOf('TVA10').id, vatDeductible: false }],
    });
  });
});
