import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_PAYMENT, MESSAGES_VAT, MESSAGES_WITHHOLDING } from '@xaalis/contracts';
import {
  account,
  accountsRoute,
  autocompleteOptions,
  callsTo,
  chooseAutocomplete,
  COMPANY_ID,
  listPage,
  mockFetch,
  renderWithApp,
  thirdPartiesRoute,
  thirdParty,
} from '../../test-utils';
import { invoice, invoiceList } from '../invoices/fixtures';
import { ACCOUNTS, accountsPage, WAVE_ID } from '../treasury/fixtures';
import type { LoanWithSchedule } from './api';
import { NO_PENDING_INSTALMENT, PaymentDialog, VAT_WITHHELD_HELP, WITHHOLDING_HELP, type PaymentDialogDefaults } from './PaymentDialog';

const BASE = `/api/companies/${COMPANY_ID}`;
const FV1 = invoice({ number: 'FV-2026-0001', status: 'validated', total: '177000.00', paidAmount: '27000.00', balanceDue: '150000.00' });
const FA2 = invoice({
  number: 'FA-2026-0002',
  type: 'purchase',
  status: 'validated',
  thirdParty: { id: 'tp2', name: 'SENELEC', type: 'supplier' },
  balanceDue: '35400.00',
});
/** A consultant withheld at 5 %, and a supplier with no withholding rate. */
const CONSULTANT = thirdParty('Awa Ndiaye (consultante)', { withholdingRate: '5.00' });
const PRINTER = thirdParty('Imprimerie du Cap');
const FA3 = invoice({
  number: 'FA-2026-0003',
  type: 'purchase',
  status: 'validated',
  thirdPartyId: CONSULTANT.id,
  thirdParty: { id: CONSULTANT.id, name: CONSULTANT.name, type: 'supplier' },
  balanceDue: '300000.00',
});
const FA4 = invoice({
  number: 'FA-2026-0004',
  type: 'purchase',
  status: 'validated',
  thirdPartyId: PRINTER.id,
  thirdParty: { id: PRINTER.id, name: PRINTER.name, type: 'supplier' },
  balanceDue: '80000.00',
});
const LOAN: LoanWithSchedule = {
  id: 'loan1',
  lender: 'CBAO',
  payments: [
    { id: '00000000-0000-4000-8000-000000000101', status: 'paid', dueDate: '2026-01-31', totalAmount: '110000.00' },
    { id: '00000000-0000-4000-8000-000000000102', status: 'pending', dueDate: '2026-02-28', totalAmount: '110000.00' },
    { id: '00000000-0000-4000-8000-000000000103', status: 'overdue', dueDate: '2026-03-31', totalAmount: '110000.00' },
  ],
};
const RENT = account('622', 'Locations et charges locatives', { type: 'expense', category: 'charge' });
const MISC = account('658', 'Charges diverses', { type: 'expense', category: 'charge' });
const BANK = account('521', 'Banques locales');

/** The texts of a select's options, in order. */
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

function routes(overrides: Record<string, unknown> = {}) {
  return {
    [`GET ${BASE}/invoices`]: { body: invoiceList([FV1, FA2, FA3, FA4]) },
    [`GET ${BASE}/third-parties`]: thirdPartiesRoute([CONSULTANT, PRINTER]),
    [`GET ${BASE}/loans`]: { body: listPage([LOAN], {}) },
    [`GET ${BASE}/accounts`]: accountsRoute([BANK, RENT, MISC]),
    ...overrides,
  } as Parameters<typeof mockFetch>[0];
}

function renderDialog(defaults?: PaymentDialogDefaults) {
  const onClose = jest.fn();
  renderWithApp(<PaymentDialog open onClose={onClose} defaults={defaults} companyId={COMPANY_ID} />);
  return { onClose };
}

async function typeIn(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

afterEach(() => jest.restoreAllMocks());

describe('PaymentDialog', () => {
  it('shows the invoice select only for an invoice payment and the instalment select only for a loan repayment', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Nouveau Paiement' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type de paiement')).toHaveValue('invoice_payment');
    expect(optionTexts(screen.getByLabelText('Type de paiement'))).toEqual(['Paiement de facture', "Remboursement d'emprunt", 'Dépense']);
    await waitFor(async () =>
      expect(await autocompleteOptions(user, 'Facture')).toEqual([
        'FV-2026-0001 — Sonatel — reste 150 000 XOF',
        'FA-2026-0002 — SENELEC — reste 35 400 XOF',
        'FA-2026-0003 — Awa Ndiaye (consultante) — reste 300 000 XOF',
        'FA-2026-0004 — Imprimerie du Cap — reste 80 000 XOF',
      ]),
    );
    expect(screen.queryByLabelText('Échéance')).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Compte de charge ou d'impôt")).not.toBeInTheDocument();
    const [list] = callsTo(fetchMock, 'GET', `${BASE}/invoices`);
    expect(list.url).toContain('payable=true');
    expect(list.url).toContain('pageSize=20');
    expect(screen.getByLabelText('Mode de paiement')).toHaveValue('bank');
    expect(screen.getByLabelText('Date')).toHaveValue(new Date().toISOString().slice(0, 10));

    await user.selectOptions(screen.getByLabelText('Type de paiement'), "Remboursement d'emprunt");
    expect(screen.queryByLabelText('Facture')).not.toBeInTheDocument();
    const instalments = screen.getByLabelText('Échéance');
    // The instalments still to pay: pending, and overdue (late but still payable); not the paid one.
    await waitFor(() =>
      expect(optionTexts(instalments)).toEqual([
        'Sélectionner une échéance',
        'CBAO — échéance du 28/02/2026 — 110 000 XOF',
        'CBAO — échéance du 31/03/2026 — 110 000 XOF — en retard',
      ]),
    );
    await user.selectOptions(instalments, 'CBAO — échéance du 28/02/2026 — 110 000 XOF');
    expect(screen.getByLabelText('Montant')).toHaveValue(110000);

    await user.selectOptions(screen.getByLabelText('Type de paiement'), 'Dépense');
    expect(screen.queryByLabelText('Facture')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Échéance')).not.toBeInTheDocument();
    const expense = screen.getByLabelText("Compte de charge ou d'impôt");
    // Class 6 accounts and tax or social debts (the mocked list answers the charges), 658 by default.
    await waitFor(() => expect(expense).toHaveValue('658 — Charges diverses'));
    expect(await autocompleteOptions(user, "Compte de charge ou d'impôt")).toEqual([
      '622 — Locations et charges locatives',
      '658 — Charges diverses',
    ]);
  });

  it('says so when no instalment is pending', async () => {
    const user = userEvent.setup();
    mockFetch(routes({ [`GET ${BASE}/loans`]: { body: listPage([], {}) } }));
    renderDialog();
    await user.selectOptions(screen.getByLabelText('Type de paiement'), "Remboursement d'emprunt");
    expect(await screen.findByText(new RegExp(NO_PENDING_INSTALMENT))).toBeInTheDocument();
  });

  it("choosing an invoice fills the amount with its balance due; 'Montant requis' and 'Date requise'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    renderDialog();
    await typeIn(user, 'Date', '');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText(MESSAGES_PAYMENT.amountRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_PAYMENT.dateRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/payments')).toHaveLength(0);

    await typeIn(user, 'Date', '2026-03-20');
    await typeIn(user, 'Montant', '1000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText(MESSAGES_PAYMENT.invoiceRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/payments')).toHaveLength(0);

    await chooseAutocomplete(user, 'Facture', 'FV-2026-0001 — Sonatel — reste 150 000 XOF');
    expect(screen.getByLabelText('Montant')).toHaveValue(150000);
    expect(screen.queryByText(MESSAGES_PAYMENT.amountRequired)).not.toBeInTheDocument();
  });

  it("posts the payment (two-decimal amount) and toasts 'Succès' / 'Paiement enregistré avec succès'", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ 'POST /api/payments': { status: 201, body: { id: 'p1' } } }));
    const { onClose } = renderDialog({ type: 'invoice_payment', invoiceId: FV1.id, amount: '150000' });
    await waitFor(() => expect(screen.getByLabelText('Facture')).toHaveValue('FV-2026-0001 — Sonatel — reste 150 000 XOF'));
    expect(screen.getByLabelText('Montant')).toHaveValue(150000);
    await typeIn(user, 'Montant', '100000.5');
    await user.selectOptions(screen.getByLabelText('Mode de paiement'), 'Orange Money');
    await typeIn(user, 'Référence', 'OM-778899');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', '/api/payments')[0].body).toEqual({
      type: 'invoice_payment',
      invoiceId: FV1.id,
      loanPaymentId: null,
      amount: '100000.50',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      method: 'orange',
      reference: 'OM-778899',
      notes: null,
      companyId: COMPANY_ID,
      accountId: null,
    });
    expect(await screen.findByText('Succès')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_PAYMENT.created)).toBeInTheDocument();
  });

  it('refuses a date before the invoice’s date, without calling the server', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ 'POST /api/payments': { status: 201, body: { id: 'p3' } } }));
    const { onClose } = renderDialog({ type: 'invoice_payment', invoiceId: FV1.id, amount: '1000' });
    await waitFor(() => expect(screen.getByLabelText('Facture')).toHaveValue('FV-2026-0001 — Sonatel — reste 150 000 XOF'));
    // FV1 is dated 2026-03-15.
    await typeIn(user, 'Date', '2026-03-14');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText(MESSAGES_PAYMENT.dateBeforeInvoice)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/payments')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    await typeIn(user, 'Date', '2026-03-15');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', '/api/payments')[0].body).toMatchObject({ invoiceId: FV1.id, date: '2026-03-15' });
  });

  it('sends an expense with its account', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ 'POST /api/payments': { status: 201, body: { id: 'p2' } } }));
    const { onClose } = renderDialog({ type: 'expense' });
    await waitFor(() => expect(screen.getByLabelText("Compte de charge ou d'impôt")).toHaveValue('658 — Charges diverses'));
    await chooseAutocomplete(user, "Compte de charge ou d'impôt", '622 — Locations et charges locatives');
    await typeIn(user, 'Montant', '75000');
    await user.selectOptions(screen.getByLabelText('Mode de paiement'), 'Espèces');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', '/api/payments')[0].body).toMatchObject({
      type: 'expense',
      invoiceId: null,
      loanPaymentId: null,
      amount: '75000.00',
      method: 'cash',
      accountId: RENT.id,
    });
  });

  it("shows 'Erreur' with the server's message (overpayment) and stays open", async () => {
    const user = userEvent.setup();
    mockFetch(routes({ 'POST /api/payments': { status: 422, body: { message: MESSAGES_PAYMENT.overpayment } } }));
    const { onClose } = renderDialog({ type: 'invoice_payment', invoiceId: FV1.id, amount: '999999' });
    await waitFor(() => expect(screen.getByLabelText('Facture')).toHaveValue('FV-2026-0001 — Sonatel — reste 150 000 XOF'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText(`${MESSAGES_PAYMENT.createError} : ${MESSAGES_PAYMENT.overpayment}`)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets the user choose the treasury account (grouped by kind, the default bank first) and sends its id', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(
      routes({
        [`GET ${BASE}/treasury-accounts`]: { body: accountsPage() },
        'POST /api/payments': { status: 201, body: { id: 'p4' } },
      }),
    );
    const { onClose } = renderDialog({ type: 'expense' });
    const field = await screen.findByLabelText('Compte de trésorerie');
    await waitFor(() => expect(field).toHaveValue(ACCOUNTS[0].id));
    expect(screen.queryByLabelText('Mode de paiement')).not.toBeInTheDocument();
    expect(Array.from(field.querySelectorAll('optgroup')).map((g) => [g.label, g.textContent])).toEqual([
      ['Compte bancaire', 'CBAO courant (521)'],
      ['Portefeuille mobile money', 'Wave Business (5521)'],
      ['Caisse', 'Caisse (571)'],
    ]);
    await user.selectOptions(field, 'Wave Business (5521)');
    await typeIn(user, 'Montant', '5000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = callsTo(fetchMock, 'POST', '/api/payments').map((c) => c.body as Record<string, unknown>);
    expect(body).toMatchObject({ type: 'expense', amount: '5000.00', treasuryAccountId: WAVE_ID });
    expect(body).not.toHaveProperty('method');
  });

  it('falls back to the payment method when the treasury accounts cannot be read', async () => {
    const fetchMock = mockFetch(routes({ [`GET ${BASE}/treasury-accounts`]: { status: 503, body: { message: 'Service indisponible' } } }));
    renderDialog();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/treasury-accounts`)).toHaveLength(1));
    // Once the read has failed, the method stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Mode de paiement')).toHaveValue('bank');
    expect(screen.queryByLabelText('Compte de trésorerie')).not.toBeInTheDocument();
  });

  it('a customer invoice offers the VAT withheld by the client, sent only when filled', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ 'POST /api/payments': { status: 201, body: { id: 'p5' } } }));
    const { onClose } = renderDialog({ type: 'invoice_payment', invoiceId: FV1.id, amount: '150000' });
    const field = await screen.findByLabelText('TVA retenue par le client');
    expect(field).toHaveAccessibleDescription(VAT_WITHHELD_HELP);
    expect(screen.queryByLabelText('Retenue à la source')).not.toBeInTheDocument();
    await user.type(field, '27000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = callsTo(fetchMock, 'POST', '/api/payments').map((c) => c.body as Record<string, unknown>);
    expect(body).toMatchObject({ type: 'invoice_payment', invoiceId: FV1.id, amount: '150000.00', vatWithheld: '27000.00' });
    expect(body).not.toHaveProperty('withholding');
  });

  it('sends no VAT withheld when the field is left empty, and shows the server’s refusal under it', async () => {
    const user = userEvent.setup();
    let refused = false;
    const fetchMock = mockFetch(
      routes({
        'POST /api/payments': () =>
          refused
            ? {
                status: 400,
                body: {
                  message: MESSAGES_VAT.vatWithheldTooLarge,
                  issues: [{ path: 'vatWithheld', message: MESSAGES_VAT.vatWithheldTooLarge }],
                },
              }
            : { status: 201, body: { id: 'p6' } },
      }),
    );
    const { onClose } = renderDialog({ type: 'invoice_payment', invoiceId: FV1.id, amount: '150000' });
    await screen.findByLabelText('TVA retenue par le client');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [first] = callsTo(fetchMock, 'POST', '/api/payments').map((c) => c.body as Record<string, unknown>);
    expect(first).not.toHaveProperty('vatWithheld');
    expect(first).not.toHaveProperty('withholding');

    refused = true;
    await user.type(screen.getByLabelText('TVA retenue par le client'), '99999');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() =>
      expect(screen.getByLabelText('TVA retenue par le client')).toHaveAccessibleDescription(MESSAGES_VAT.vatWithheldTooLarge),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("a supplier's invoice suggests its rate's withholding, follows the amount, shows the net and sends what is typed", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes({ 'POST /api/payments': { status: 201, body: { id: 'p7' } } }));
    const { onClose } = renderDialog();
    await chooseAutocomplete(user, 'Facture', 'FA-2026-0003 — Awa Ndiaye (consultante) — reste 300 000 XOF');
    const field = screen.getByLabelText('Retenue à la source');
    await waitFor(() => expect(field).toHaveValue(15000));
    expect(field).toHaveAccessibleDescription(`Taux du fournisseur : 5 %. ${WITHHOLDING_HELP}`);
    expect(screen.getByText('Net versé : 285 000 XOF')).toBeInTheDocument();
    expect(screen.queryByLabelText('TVA retenue par le client')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${BASE}/third-parties`).map((c) => c.url)).toEqual([expect.stringContaining(`id=${CONSULTANT.id}`)]);

    await typeIn(user, 'Montant', '100000');
    await waitFor(() => expect(field).toHaveValue(5000));
    expect(screen.getByText('Net versé : 95 000 XOF')).toBeInTheDocument();

    await typeIn(user, 'Retenue à la source', '4000');
    await typeIn(user, 'Montant', '120000');
    expect(field).toHaveValue(4000);
    expect(screen.getByText('Net versé : 116 000 XOF')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = callsTo(fetchMock, 'POST', '/api/payments').map((c) => c.body as Record<string, unknown>);
    expect(body).toMatchObject({ type: 'invoice_payment', invoiceId: FA3.id, amount: '120000.00', withholding: '4000.00' });
    expect(body).not.toHaveProperty('vatWithheld');
  });

  it('a supplier without a rate leaves the withholding empty (not sent); 0 withholds nothing; a refusal shows under the field', async () => {
    const user = userEvent.setup();
    let refused = false;
    const fetchMock = mockFetch(
      routes({
        'POST /api/payments': () =>
          refused
            ? {
                status: 400,
                body: { message: MESSAGES_WITHHOLDING.tooLarge, issues: [{ path: 'withholding', message: MESSAGES_WITHHOLDING.tooLarge }] },
              }
            : { status: 201, body: { id: 'p8' } },
      }),
    );
    const { onClose } = renderDialog({ type: 'invoice_payment', invoiceId: FA4.id, amount: '80000' });
    const field = await screen.findByLabelText('Retenue à la source');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `${BASE}/third-parties`)).toHaveLength(1));
    expect(field).toHaveValue(null);
    expect(field).toHaveAccessibleDescription(WITHHOLDING_HELP);
    expect(screen.queryByText(/^Net versé/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'POST', '/api/payments')[0].body).not.toHaveProperty('withholding');

    await typeIn(user, 'Retenue à la source', '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(callsTo(fetchMock, 'POST', '/api/payments')[1].body).toMatchObject({ invoiceId: FA4.id, withholding: '0.00' });

    refused = true;
    await typeIn(user, 'Retenue à la source', '90000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(screen.getByLabelText('Retenue à la source')).toHaveAccessibleDescription(MESSAGES_WITHHOLDING.tooLarge));
    expect(callsTo(fetchMock, 'POST', '/api/payments')[2].body).toMatchObject({ withholding: '90000.00' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
