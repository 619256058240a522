import { chromiumForTests, newPage, registerViaForm, registration } from './browser';

const browser = chromiumForTests();

test('register through the form, log out, log in through the form', async () => {
  const { context, page } = await newPage(browser());
  const r = registration('hotel');

  await registerViaForm(page, r, 'Hôtellerie');

  await page.getByText('Compte créé avec succès').waitFor();
  await page.waitForURL(
    (url) => url.pathname === '/parametres' && url.searchParams.get('tab') === 'company' && url.searchParams.get('welcome') === 'true',
  );

  // Log out from the sidebar.
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect((await context.request.get('/api/user')).status()).toBe(401);

  // Log in through the form.
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Connexion' });
  await login.getByLabel("Nom d'utilisateur").fill(r.username);
  await login.getByLabel('Mot de passe').fill(r.password);
  await login.getByRole('button', { name: /se connecter/i }).click();
  await page.getByText('Connexion réussie').waitFor();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Tableau de Bord' }).waitFor();
  await context.close();
});

test('a wrong password shows the login error toast', async () => {
  const { context, page } = await newPage(browser());
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Connexion' });
  await login.getByLabel("Nom d'utilisateur").fill('personne');
  await login.getByLabel('Mot de passe').fill('mauvais');
  await login.getByRole('button', { name: /se connecter/i }).click();
  await page.getByText('Erreur de connexion').waitFor();
  await page.getByText("Nom d'utilisateur ou mot de passe incorrect").waitFor();
  expect(new URL(page.url()).pathname).toBe('/auth');
  await context.close();
});

test('a signed-out visit to /factures shows the toast, then /auth', async () => {
  const { context, page } = await newPage(browser());
  // The toast lasts only the 500 ms before a full-page redirect, so polling for its two lines
  // one after the other can straddle the reload on a loaded machine. A MutationObserver
  // installed before any script runs records, in sessionStorage (which survives the same-origin
  // redirect), the first moment the page shows title and description together.
  await page.addInitScript(() => {
    const record = () => {
      const text = document.body?.innerText ?? '';
      if (text.includes('Non autorisé') && text.includes('Vous devez être connecté. Redirection...')) {
        if (!sessionStorage.getItem('seenSignInToast')) sessionStorage.setItem('seenSignInToast', window.location.pathname);
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/factures', { waitUntil: 'commit' });
  await page.waitForURL((url) => url.pathname === '/auth', { timeout: 15_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('seenSignInToast'))).toBe('/factures');
  await context.close();
});

test('an unknown path shows the 404 page, signed out and signed in', async () => {
  const { context, page } = await newPage(browser());
  await page.goto('/nulle-part');
  await page.getByText('Page Not Found').waitFor();
  await context.close();
});
