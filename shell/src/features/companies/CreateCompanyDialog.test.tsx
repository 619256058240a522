import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_ACCOUNT, MESSAGES_MEMBERS, type User } from '@xaalis/contracts';
import { mockFetch } from '../../test-utils';
import { C1, callsTo, companyRecord, membership, OWNER, renderLayout } from './testing';

afterEach(() => jest.restoreAllMocks());

const C3 = '33333333-3333-4333-8333-333333333333';
const CREATED = companyRecord(C3, 'Ndiaye Transformation', 'transformation');
const ON_C3: User = { ...OWNER, companyId: C3, companyName: CREATED.name, sector: CREATED.sector, role: 'owner' };

function session(chart: { status?: number; body: unknown } = { body: { created: 412, total: 412 } }) {
  let user: User = OWNER;
  return mockFetch({
    'GET /api/user': () => ({ body: user }),
    'GET /api/memberships': () => ({
      body:
        user.companyId === C3
          ? [membership({ current: false }), membership({ companyId: C3, companyName: CREATED.name, sector: CREATED.sector })]
          : [membership()],
    }),
    [`GET /api/companies/${C1}`]: { body: companyRecord(C1, 'Teranga SARL', 'hotel') },
    [`GET /api/companies/${C3}`]: { body: CREATED },
    'POST /api/companies': () => {
      user = ON_C3;
      return { status: 201, body: CREATED };
    },
    [`POST /api/companies/${C3}/generate-chart`]: chart,
  });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const switcher = screen.getByRole('button', { name: /^Entreprise actuelle :/ });
  await waitFor(() => expect(switcher).toHaveAccessibleName('Entreprise actuelle : Teranga SARL'));
  await user.click(switcher);
  await user.click(await screen.findByRole('menuitem', { name: 'Créer une entreprise' }));
  return screen.findByRole('dialog', { name: 'Créer une entreprise' });
}

describe('CreateCompanyDialog', () => {
  it('validates in French and sends nothing while the form is invalid', async () => {
    const user = userEvent.setup();
    const fetchMock = session();
    renderLayout();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: "Créer l'entreprise" }));
    expect(await within(dialog).findByText("Nom de l'entreprise requis")).toBeInTheDocument();
    expect(within(dialog).getByText("Secteur d'activité requis")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), 'pas-un-email');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'entreprise" }));
    expect(await within(dialog).findByText('Email invalide')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/companies')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("creates the company, generates its chart, toasts 'Entreprise créée' and opens its dashboard", async () => {
    const user = userEvent.setup();
    const fetchMock = session();
    renderLayout('/factures');
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Nom de l'entreprise"), '  Ndiaye Transformation ');
    await user.selectOptions(within(dialog).getByLabelText("Secteur d'activité"), 'transformation');
    await user.type(within(dialog).getByLabelText('Adresse'), 'Thiès');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'entreprise" }));

    expect(await screen.findByText(MESSAGES_MEMBERS.companyCreated)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_ACCOUNT.chartGenerated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/companies')).toEqual([
      { name: 'Ndiaye Transformation', sector: 'transformation', address: 'Thiès', phone: null, email: null, fiscalYear: '01-01' },
    ]);
    expect(callsTo(fetchMock, 'POST', `/api/companies/${C3}/generate-chart`)).toEqual([{ sector: 'transformation' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Entreprise actuelle :/ })).toHaveAccessibleName(
        'Entreprise actuelle : Ndiaye Transformation',
      ),
    );
    // the workspace starts over: two companies now, so the portfolio shows
    const [navigation] = screen.getAllByRole('navigation', { name: 'Navigation principale' });
    expect(await within(navigation).findByRole('link', { name: 'Portefeuille' })).toBeInTheDocument();
    expect(screen.getAllByTestId('sidebar-user-role')[0]).toHaveTextContent('Propriétaire');
    // the old page never ran on the new company before the reset
    expect(callsTo(fetchMock, 'GET', `/api/companies/${C3}`)).toHaveLength(1);
  });

  it('a failed chart generation still opens the new company, with a warning', async () => {
    const user = userEvent.setup();
    session({ status: 503, body: { message: 'Service comptabilité indisponible' } });
    renderLayout();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Nom de l'entreprise"), 'Ndiaye Transformation');
    await user.selectOptions(within(dialog).getByLabelText("Secteur d'activité"), 'transformation');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'entreprise" }));
    expect(await screen.findByText(MESSAGES_MEMBERS.companyCreated)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES_ACCOUNT.chartError)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Entreprise actuelle :/ })).toHaveAccessibleName(
        'Entreprise actuelle : Ndiaye Transformation',
      ),
    );
  });

  it("a refused creation shows the server's reason and keeps the dialog", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/user': { body: OWNER },
      'GET /api/memberships': { body: [membership()] },
      'POST /api/companies': { status: 400, body: { message: "Nom de l'entreprise requis" } },
    });
    renderLayout();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Nom de l'entreprise"), 'X');
    await user.selectOptions(within(dialog).getByLabelText("Secteur d'activité"), 'service');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'entreprise" }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(within(screen.getByTestId('toast')).getByText("Nom de l'entreprise requis")).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Créer une entreprise' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: "Créer l'entreprise" })).toBeEnabled();
  });
});
