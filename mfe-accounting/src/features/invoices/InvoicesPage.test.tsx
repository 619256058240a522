import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_CREDIT_NOTE, MESSAGES_INVOICE } from '@xaalis/contracts';
import { callsTo, company, COMPANY_ID, inventoryRoute, mockFetch, renderWithApp, TEST_USER, thirdPartiesRoute } from '../../test-utils';
import { payableInvoiceLabel } from '../payments';
import { invoice, invoiceLine, invoiceList } from './fixtures';
import InvoicesPage from './InvoicesPage';

const BASE = `/api/companies/${COMPANY_ID}`;
const DRAFT = invoice({
  number: 'FV-2026-0001',
  lines: [invoiceLine()],
  payments: [],
});
const PURCHASE = invoice({
  number: 'FA-2026-0001',
  type: 'purchase',
  status: 'validated',
  date: '2026-02-03',
  thirdParty: null,
  total: '1234567.00',
  balanceDue: '1234567.00',
  lines: [],
  payments: [],
});
const PAID = invoice({
  number: 'FS-2026-0001',
  type: 'service',
  status: 'paid',
  thirdParty: { id: 't', name: 'Orange', type: 'client' },
  balanceDue: '0.00',
  paidAmount: '3540.00',
});

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/user': { body: TEST_USER },
    [`GET ${BASE}`]: { body: company() },
    [`GET ${BASE}/invoices`]: { body: invoiceList([DRAFT, PURCHASE, PAID]) },
    [`GET /api/invoices/${DRAFT.id}`]: { body: DRAFT },
    [`GET /api/invoices/${PURCHASE.id}`]: { body: PURCHASE },
    [`GET ${BASE}/third-parties`]: thirdPartiesRoute([]),
    [`GET ${BASE}/inventory`]: inventoryRoute([]),
    [`GET ${BASE}/invoices/next-number`]: { body: { number: 'FV-2026-0002' } },
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

afterEach(() => jest.restoreAllMocks());

describe('InvoicesPage', () => {
  it("shows 'Aucune facture créée' and a first-invoice button when there is none", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${BASE}/invoices`]: { body: invoiceList([]) } }));
    renderWithApp(<InvoicesPage />, { route: '/factures' });
    expect(screen.getByRole('heading', { level: 1, name: 'Factures' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES_INVOICE.empty)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES_INVOICE.emptyFiltered)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer la première facture' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvelle Facture' })).toBeInTheDocument();
  });

  it("shows 'Aucune facture trouvée avec ces critères' when the filters match nothing, and sends them to the server", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/invoices`]: (_init: RequestInit | undefined, url: string) => ({
          body:
            url.includes('status=') || url.includes('search=') || url.includes('type=')
              ? invoiceList([], { counters: { total: 3, sales: 1, purchases: 1, pending: 1 } })
              : invoiceList([DRAFT, PURCHASE, PAID]),
        }),
      }),
    );
    renderWithApp(<InvoicesPage />, { route: '/factures' });
    expect(await screen.findByText('FV-2026-0001')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Statut'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous', 'Brouillon', 'Validée', 'Payée', 'Annulée']);
    expect(
      within(screen.getByLabelText('Type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous', 'Vente', 'Achat', 'Service']);

    await user.selectOptions(screen.getByLabelText('Statut'), 'Annulée');
    expect(await screen.findByText(MESSAGES_INVOICE.emptyFiltered)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES_INVOICE.empty)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/invoices`).some((c) => c.url.includes('status=cancelled'))).toBe(true);

    await user.selectOptions(screen.getByLabelText('Statut'), 'Tous');
    expect(await screen.findByText('FV-2026-0001')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Rechercher une facture'), 'Sonatel');
    expect(await screen.findByText(MESSAGES_INVOICE.emptyFiltered)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/invoices`).some((c) => c.url.includes('search=Sonatel'))).toBe(true);
  });

  it('shows the counters and the rows: type badge, third party or N/A, fr-FR date, amount, status, actions', async () => {
    mockFetch(
      routes({
        [`GET ${BASE}/invoices`]: {
          body: invoiceList([DRAFT, PURCHASE, PAID], { counters: { total: 12, sales: 7, purchases: 4, pending: 3 } }),
        },
      }),
    );
    renderWithApp(<InvoicesPage />, { route: '/factures' });
    const table = await screen.findByRole('table', { name: 'Factures' });
    expect(within(screen.getByRole('group', { name: 'Total des factures' })).getByText('12')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Ventes' })).getByText('7')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Achats' })).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'En attente' })).getByText('3')).toBeInTheDocument();

    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const purchase = rows[2];
    expect(within(purchase).getByText('FA-2026-0001')).toBeInTheDocument();
    expect(within(purchase).getByText('Achat')).toBeInTheDocument();
    expect(within(purchase).getByText('N/A')).toBeInTheDocument();
    expect(within(purchase).getByText('03/02/2026')).toBeInTheDocument();
    expect(within(purchase).getByText('1 234 567 XOF')).toBeInTheDocument();
    expect(within(purchase).getByText('Validée')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Vente')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Brouillon')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Service')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Payée')).toBeInTheDocument();
    // Edit only on drafts.
    expect(screen.getByRole('button', { name: 'Modifier la facture FV-2026-0001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier la facture FA-2026-0001' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger la facture FA-2026-0001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voir la facture FS-2026-0001' })).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch(
      routes({
        [`GET ${BASE}/invoices`]: () => (fail ? { status: 500, body: { message: 'Base indisponible' } } : { body: invoiceList([DRAFT]) }),
      }),
    );
    renderWithApp(<InvoicesPage />, { route: '/factures' });
    expect(await screen.findByText('Impossible de charger les factures')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('FV-2026-0001')).toBeInTheDocument();
  });

  it("views a draft and validates it ('Facture validée avec succès')", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ [`PATCH /api/invoices/${DRAFT.id}/validate`]: { body: { ...DRAFT, status: 'validated' } } }));
    renderWithApp(<InvoicesPage />, { route: '/factures' });
    await user.click(await screen.findByRole('button', { name: 'Voir la facture FV-2026-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Facture FV-2026-0001' });
    expect(await within(dialog).findByText('Riz parfumé 25 kg')).toBeInTheDocument();
    expect(within(dialog).getByText('TVA 18 %')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('group', { name: 'Totaux de la facture' })).getByText('3 540 XOF')).toBeInTheDocument();
    expect(within(dialog).getByTestId('invoice-balance-due')).toHaveTextContent('3 540 XOF');
    expect(within(dialog).getByText('Aucun paiement reçu')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuler la facture' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Enregistrer un paiement' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(MESSAGES_INVOICE.validated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', `/api/invoices/${DRAFT.id}/validate`)).toHaveLength(1);
  });

  it('opens the payment dialog from a validated invoice with its balance due, and credits it with a credit note', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({
        [`POST /api/invoices/${PURCHASE.id}/credit-notes`]: {
          status: 201,
          body: { id: 'n1', number: 'AF-2026-0001', invoiceId: PURCHASE.id },
        },
        [`GET ${BASE}/invoices`]: (_init: RequestInit | undefined, url: string) => ({
          body: url.includes('payable=true') ? invoiceList([PURCHASE]) : invoiceList([DRAFT, PURCHASE, PAID]),
        }),
      }),
    );
    renderWithApp(<InvoicesPage />, { route: '/factures' });
    await user.click(await screen.findByRole('button', { name: 'Voir la facture FA-2026-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Facture FA-2026-0001' });
    expect(await within(dialog).findByTestId('invoice-balance-due')).toHaveTextContent('1 234 567 XOF');
    expect(within(dialog).getByText('Fournisseur')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Valider' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer un paiement' }));
    const payment = await screen.findByRole('dialog', { name: 'Nouveau Paiement' });
    await waitFor(() => expect(within(payment).getByLabelText('Facture')).toHaveValue(payableInvoiceLabel(PURCHASE)));
    expect(within(payment).getByLabelText('Montant')).toHaveValue(1234567);
    await user.click(within(payment).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouveau Paiement' })).not.toBeInTheDocument());

    // A validated invoice is not cancelled: it is credited.
    expect(within(dialog).queryByRole('button', { name: 'Annuler la facture' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Créer un avoir' }));
    const credit = await screen.findByRole('dialog', { name: 'Créer un avoir — facture FA-2026-0001' });
    await user.type(within(credit).getByLabelText(/Motif de l'avoir/), 'Marchandise non conforme');
    await user.click(within(credit).getByRole('button', { name: "Créer l'avoir" }));
    expect(await screen.findByText(MESSAGES_CREDIT_NOTE.created('AF-2026-0001'))).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/invoices/${PURCHASE.id}/credit-notes`)).toHaveLength(1);
  });

  it('downloads the PDF as <number>.pdf and the filtered export as XLSX', async () => {
    const user = userEvent.setup();
    const base = mockFetch(routes());
    const saved: { href: string; download: string }[] = [];
    const create = jest.fn(() => 'blob:fake');
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const downloads: string[] = [];
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (input.includes('/pdf') || input.includes('export.xlsx')) {
        downloads.push(input);
        expect(init?.credentials).toBe('include');
        return { ok: true, status: 200, blob: async () => new Blob(['%PDF']), headers: new Headers() } as unknown as Response;
      }
      return base(input, init);
    });
    renderWithApp(<InvoicesPage />, { route: '/factures' });
    await user.click(await screen.findByRole('button', { name: 'Télécharger la facture FA-2026-0001' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:fake', download: 'FA-2026-0001.pdf' }]));
    expect(downloads[0]).toBe(`/api/invoices/${PURCHASE.id}/pdf`);

    await user.selectOptions(screen.getByLabelText('Type'), 'Achat');
    await user.click(screen.getByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(downloads[1]).toBe(`${BASE}/invoices/export.xlsx?type=purchase`);
    expect(saved[1].download).toMatch(/^factures-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});

describe('InvoicesPage: role gating', () => {
  it("a reader sees the invoices but no 'Nouvelle Facture', nor edit, validate, cancel or payment", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role: 'reader' } } }));
    renderWithApp(<InvoicesPage />, { route: '/factures' });
    const table = await screen.findByRole('table', { name: 'Factures' });
    expect(screen.queryByRole('button', { name: 'Nouvelle Facture' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Modifier la facture FV-2026-0001' })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Télécharger la facture FV-2026-0001' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Voir la facture FV-2026-0001' }));
    const draft = await screen.findByRole('dialog', { name: 'Facture FV-2026-0001' });
    expect(await within(draft).findByRole('button', { name: 'Télécharger le PDF' })).toBeInTheDocument();
    for (const name of ['Valider', 'Modifier', 'Annuler la facture'])
      expect(within(draft).queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(within(draft).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'Voir la facture FA-2026-0001' }));
    const validated = await screen.findByRole('dialog', { name: 'Facture FA-2026-0001' });
    expect(await within(validated).findByRole('button', { name: 'Télécharger le PDF' })).toBeInTheDocument();
    expect(within(validated).queryByRole('button', { name: 'Enregistrer un paiement' })).not.toBeInTheDocument();
  });

  it('a collaborator creates, edits and validates invoices (documents)', async () => {
    const user = userEvent.setup();
    mockFetch(routes({ 'GET /api/user': { body: { ...TEST_USER, role: 'collaborator' } } }));
    renderWithApp(<InvoicesPage />, { route: '/factures' });
    const table = await screen.findByRole('table', { name: 'Factures' });
    expect(screen.getByRole('button', { name: 'Nouvelle Facture' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Modifier la facture FV-2026-0001' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Voir la facture FV-2026-0001' }));
    const draft = await screen.findByRole('dialog', { name: 'Facture FV-2026-0001' });
    expect(await within(draft).findByRole('button', { name: 'Valider' })).toBeInTheDocument();
    expect(within(draft).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
  });
});
