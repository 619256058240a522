import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { LocationProbe, mockFetch, renderWithApp, signInRoutes, TEST_USER } from '../../test-utils';
import { AuthRoute } from './AuthRoute';

function renderAuth() {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/auth" element={<AuthRoute />} />
        <Route path="*" element={<p>ailleurs</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/auth' },
  );
}

async function openRegistration(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Inscription' }));
  return screen.getByRole('form', { name: 'Inscription' });
}

/** Fills every field of the registration form validly (Awa Diop of Teranga SARL), in the given sector. */
async function fillRegistration(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, sector: string) {
  await user.type(within(form).getByLabelText('Prénom'), 'Awa');
  await user.type(within(form).getByLabelText('Nom'), 'Diop');
  await user.type(within(form).getByLabelText("Nom d'utilisateur"), 'awa');
  await user.type(within(form).getByLabelText('Email'), 'awa@example.sn');
  await user.type(within(form).getByLabelText('Mot de passe'), 'secret1');
  await user.type(within(form).getByLabelText("Nom de l'entreprise"), 'Teranga SARL');
  await user.selectOptions(within(form).getByLabelText("Secteur d'activité"), sector);
  await user.type(within(form).getByLabelText('Téléphone'), '+221770000000');
  await user.type(within(form).getByLabelText('Adresse'), 'Dakar');
}

let fakeTimers = false;
/** Fake timers from now on (user-event then advances them instead of waiting). */
function useFakeTimersNow() {
  jest.useFakeTimers();
  fakeTimers = true;
}
const userWithTimers = () => userEvent.setup({ advanceTimers: (ms) => (fakeTimers ? jest.advanceTimersByTime(ms) : undefined) });

afterEach(() => {
  fakeTimers = false;
  jest.useRealTimers();
});

describe('/auth', () => {
  it('shows the Connexion and Inscription tabs and the marketing panel', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderAuth();
    expect(await screen.findByRole('tab', { name: 'Connexion' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Inscription' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('Conformité SYSCOHADA')).toBeInTheDocument();
    expect(screen.getByText('Factures, trésorerie, paie et investissements au même endroit.')).toBeInTheDocument();
    expect(screen.getByText('Orange Money')).toBeInTheDocument();
  });

  it('sends a signed-in user to /', async () => {
    mockFetch({ 'GET /api/user': { body: TEST_USER } });
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("login: empty submit shows \"Nom d'utilisateur requis\" and 'Mot de passe requis' and sends nothing", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /api/user': { status: 401 } });
    renderAuth();
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText("Nom d'utilisateur requis")).toBeInTheDocument();
    expect(screen.getByText('Mot de passe requis')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/login')).toHaveLength(0);
  });

  it("login success: toast 'Connexion réussie' with the first name, then / after 1000 ms", async () => {
    const user = userWithTimers();
    const fetchMock = mockFetch(signInRoutes());
    renderAuth();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'awa');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    useFakeTimersNow();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Connexion réussie')).toBeInTheDocument();
    expect(screen.getByText('Bienvenue Awa !')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/login') as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ username: 'awa', password: 'secret' });
    // still on /auth until the delay has passed
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("login failure: 'Erreur de connexion' with the server's message", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/user': { status: 401 },
      'POST /api/login': { status: 429, body: { message: 'Trop de tentatives de connexion. Réessayez dans 15 minutes.' } },
    });
    renderAuth();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'awa');
    await user.type(screen.getByLabelText('Mot de passe'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Erreur de connexion')).toBeInTheDocument();
    expect(screen.getByText('Trop de tentatives de connexion. Réessayez dans 15 minutes.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('login failure without a message: "Nom d\'utilisateur ou mot de passe incorrect"', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/user': { status: 401 }, 'POST /api/login': { status: 401 } });
    renderAuth();
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'awa');
    await user.type(screen.getByLabelText('Mot de passe'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText("Nom d'utilisateur ou mot de passe incorrect")).toBeInTheDocument();
  });

  it('registration: empty submit shows the specification messages', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /api/user': { status: 401 } });
    renderAuth();
    const form = await openRegistration(user);
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    for (const message of [
      'Au moins 3 caractères',
      'Email valide requis',
      'Au moins 6 caractères',
      'Prénom requis',
      'Nom requis',
      "Nom de l'entreprise requis",
      'Téléphone requis',
      'Adresse requise',
      "Secteur d'activité requis",
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/register')).toHaveLength(0);
  });

  it('registration: short username, bad email and short password are refused', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderAuth();
    const form = await openRegistration(user);
    await user.type(within(form).getByLabelText("Nom d'utilisateur"), 'ab');
    await user.type(within(form).getByLabelText('Email'), 'pas-un-email');
    await user.type(within(form).getByLabelText('Mot de passe'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    expect(await within(form).findByText('Au moins 3 caractères')).toBeInTheDocument();
    expect(within(form).getByText('Email valide requis')).toBeInTheDocument();
    expect(within(form).getByText('Au moins 6 caractères')).toBeInTheDocument();
  });

  it('registration offers the six sectors in French', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderAuth();
    const form = await openRegistration(user);
    const select = within(form).getByLabelText("Secteur d'activité");
    const options = within(select)
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options).toEqual([
      ['', 'Choisissez un secteur'],
      ['service', 'Services'],
      ['restauration', 'Restauration'],
      ['transformation', 'Transformation'],
      ['hotel', 'Hôtellerie'],
      ['commerce', 'Commerce'],
      ['agriculture', 'Agriculture'],
    ]);
  });

  it("registration success: 'Compte créé avec succès', then the company settings after 1500 ms", async () => {
    const user = userWithTimers();
    const fetchMock = mockFetch({ 'GET /api/user': { status: 401 }, 'POST /api/register': { status: 201, body: TEST_USER } });
    renderAuth();
    const form = await openRegistration(user);
    await fillRegistration(user, form, 'hotel');
    useFakeTimersNow();
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Compte créé avec succès')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/register') as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      username: 'awa',
      email: 'awa@example.sn',
      password: 'secret1',
      firstName: 'Awa',
      lastName: 'Diop',
      companyName: 'Teranga SARL',
      phone: '+221770000000',
      address: 'Dakar',
      sector: 'hotel',
    });
    act(() => jest.advanceTimersByTime(1499));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/parametres?tab=company&welcome=true');
  });

  it("registration failure: 'Erreur lors de l'inscription' with the server's message", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/user': { status: 401 },
      'POST /api/register': { status: 409, body: { message: "Ce nom d'utilisateur est déjà utilisé" } },
    });
    renderAuth();
    const form = await openRegistration(user);
    await fillRegistration(user, form, 'service');
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText("Erreur lors de l'inscription")).toBeInTheDocument();
    expect(screen.getByText("Ce nom d'utilisateur est déjà utilisé")).toBeInTheDocument();
  });
});
