import { screen, within } from '@testing-library/react';
import { callsTo, mockFetch, renderWithApp } from '../../test-utils';
import { invoice, invoiceLine } from './fixtures';
import { InvoiceDetailDialog } from './InvoiceDetailDialog';

const AWA = '00000000-0000-4000-8000-00000000a001';
const MOUSSA = '00000000-0000-4000-8000-00000000a002';
const GONE = '00000000-0000-4000-8000-00000000a003';
const USERS = [
  { id: AWA, name: 'Awa Diop' },
  { id: MOUSSA, name: 'Moussa Fall' },
];

const CANCELLED = invoice({
  number: 'FV-2026-0042',
  status: 'cancelled',
  entryId: '00000000-0000-4000-8000-00000000e001',
  // Issued to the client under its former name.
  thirdParty: { id: '00000000-0000-4000-8000-000000000001', name: 'Orange Sénégal', type: 'client' },
  client: { name: 'Sonatel', address: 'Dakar Plateau', phone: null, email: null, taxNumber: null },
  createdBy: AWA,
  createdAt: '2026-03-15T10:00:00.000Z',
  validatedBy: MOUSSA,
  validatedAt: '2026-03-16T09:30:00.000Z',
  cancelledBy: GONE,
  cancelledAt: '2026-03-17T08:00:00.000Z',
  payments: [],
  lines: [],
});

function renderPanel(id: string) {
  return renderWithApp(<InvoiceDetailDialog invoiceId={id} onClose={jest.fn()} onEdit={jest.fn()} onPay={jest.fn()} />);
}

afterEach(() => jest.restoreAllMocks());

describe('InvoiceDetailDialog: who did what', () => {
  it("shows 'Créée par', 'Validée par', 'Annulée par' with the users' names and dates ('—' for an unknown user), from one users call", async () => {
    const fetchMock = mockFetch({ [`GET /api/invoices/${CANCELLED.id}`]: { body: CANCELLED }, 'GET /api/users': { body: USERS } });
    renderPanel(CANCELLED.id);
    const trail = await screen.findByRole('group', { name: 'Historique' });
    expect(await within(trail).findByText('Créée par Awa Diop le 15/03/2026 10:00')).toBeInTheDocument();
    expect(within(trail).getByText('Validée par Moussa Fall le 16/03/2026 09:30')).toBeInTheDocument();
    expect(within(trail).getByText('Annulée par — le 17/03/2026 08:00')).toBeInTheDocument();
    // The party as the invoice was issued to it.
    expect(screen.getByText('Sonatel')).toBeInTheDocument();
    expect(screen.queryByText('Orange Sénégal')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/users')).toHaveLength(1);
  });

  it('names who recorded each payment; a draft shows only its creator; names unavailable → —', async () => {
    const paid = invoice({
      status: 'validated',
      createdBy: AWA,
      validatedBy: AWA,
      validatedAt: '2026-03-16T09:30:00.000Z',
      lines: [],
      payments: [{ id: 'p1', date: '2026-03-20', amount: '1000.00', method: 'bank', reference: 'VIR-1', createdBy: MOUSSA }],
    });
    mockFetch({ [`GET /api/invoices/${paid.id}`]: { body: paid }, 'GET /api/users': { body: USERS } });
    const { unmount } = renderPanel(paid.id);
    const row = (await screen.findByText('VIR-1')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Moussa Fall')).toBeInTheDocument();
    unmount();

    const draft = invoice({ createdBy: AWA, lines: [], payments: [] });
    mockFetch({ [`GET /api/invoices/${draft.id}`]: { body: draft }, 'GET /api/users': { status: 503, body: { message: 'indisponible' } } });
    renderPanel(draft.id);
    const trail = await screen.findByRole('group', { name: 'Historique' });
    expect(within(trail).getByText('Créée par — le 15/03/2026 10:00')).toBeInTheDocument();
    expect(within(trail).queryByText(/Validée par|Annulée par/)).not.toBeInTheDocument();
  });
});

describe('InvoiceDetailDialog: full history (audit trail)', () => {
  it('shows the actions recorded for the invoice, payments included', async () => {
    const at = (id: string, action: string, time: string, userId: string, details: object | null = null) => ({
      id,
      at: time,
      userId,
      action,
      objectType: 'invoice',
      objectId: CANCELLED.id,
      objectLabel: CANCELLED.number,
      details,
    });
    mockFetch({
      [`GET /api/invoices/${CANCELLED.id}`]: { body: CANCELLED },
      [`GET /api/companies/${CANCELLED.companyId}/audit-events`]: {
        body: {
          items: [
            at('1', 'created', '2026-03-15T10:00:00.000Z', AWA),
            at('2', 'validated', '2026-03-16T09:30:00.000Z', MOUSSA),
            at('3', 'cancelled', '2026-03-17T08:00:00.000Z', GONE),
          ],
          page: 1,
          pageSize: 100,
          totalItems: 3,
        },
      },
      'GET /api/users': { body: USERS },
    });
    renderPanel(CANCELLED.id);
    const list = await screen.findByRole('list', { name: 'Historique des actions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CrééeAwa Diop · 15/03/2026 10:00', 'ValidéeMoussa Fall · 16/03/2026 09:30', 'Annulée— · 17/03/2026 08:00']);
  });
});

describe('InvoiceDetailDialog: VAT per line and per rate', () => {
  it("shows each line's rate (a non-deductible purchase line says so) and the VAT of each rate", async () => {
    const mixed = invoice({
      type: 'purchase',
      subtotal: '62000.00',
      vatAmount: '6800.00',
      total: '68800.00',
      balanceDue: '68800.00',
      lines: [
        invoiceLine({ id: 'l1', description: 'Nuitée', quantity: '1.000', unitPrice: '50000.00', total: '50000.00', vatRate: '10.00' }),
        invoiceLine({
          id: 'l2',
          description: 'Conseil',
          quantity: '1.000',
          unitPrice: '10000.00',
          total: '10000.00',
          vatRate: '18.00',
          vatDeductible: false,
        }),
        invoiceLine({
          id: 'l3',
          description: 'Export',
          quantity: '1.000',
          unitPrice: '2000.00',
          total: '2000.00',
          vatRate: '0.00',
          vatCode: 'EXPORT',
        }),
      ],
      vatBreakdown: [
        { rate: '10.00', base: '50000.00', vat: '5000.00' },
        { rate: '18.00', base: '10000.00', vat: '1800.00' },
        { rate: '0.00', base: '2000.00', vat: '0.00' },
      ],
      payments: [],
    });
    mockFetch({ [`GET /api/invoices/${mixed.id}`]: { body: mixed }, 'GET /api/users': { body: USERS } });
    renderPanel(mixed.id);
    const lines = await screen.findByRole('table', { name: 'Lignes de la facture' });
    const rows = within(lines).getAllByRole('row');
    expect(within(rows[1]).getByText('10 %')).toBeInTheDocument();
    expect(within(rows[2]).getByText('18 % (non déductible)')).toBeInTheDocument();
    expect(within(rows[3]).getByText('0 % (EXPORT)')).toBeInTheDocument();
    const totals = screen.getByRole('group', { name: 'Totaux de la facture' });
    expect(within(totals).getByText('TVA 10 % (base 50 000 XOF)')).toBeInTheDocument();
    expect(within(totals).getByText('5 000 XOF')).toBeInTheDocument();
    expect(within(totals).getByText('TVA 18 % (base 10 000 XOF)')).toBeInTheDocument();
    expect(within(totals).getByText('1 800 XOF')).toBeInTheDocument();
    expect(within(totals).getByText('Total TVA')).toBeInTheDocument();
    expect(within(totals).getByText('6 800 XOF')).toBeInTheDocument();
  });
});
