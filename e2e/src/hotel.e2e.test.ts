import type { Page } from 'playwright-core';
import { MESSAGES_HOTEL } from '@xaalis/contracts';
import { apiGet, apiHeaders, chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

/** A calendar date `days` after today (Dakar is UTC+0). */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const toastText = (page: Page, text: string | RegExp) =>
  typeof text === 'string' ? page.getByText(text, { exact: true }).first() : page.getByText(text).first();

test('hotel: a room booked, the same nights refused, arrival (room occupied), departure, the stay invoiced → in Factures', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'hotel');
  const checkIn = isoDay(0);
  const checkOut = isoDay(2);

  // 1. Chambres: room 101, double, 2 people, 25 000 XOF a night.
  await page.goto('/hotel');
  await page.getByRole('heading', { level: 1, name: 'Gestion Hôtelière' }).waitFor();
  await page.getByText(MESSAGES_HOTEL.roomsEmpty).waitFor();
  await page.getByRole('button', { name: 'Nouvelle chambre', exact: true }).click();
  const roomDialog = page.getByRole('dialog', { name: 'Nouvelle chambre' });
  await roomDialog.getByLabel(/^Numéro de chambre/).fill('101');
  await roomDialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Double' });
  await roomDialog.getByLabel('Capacité (personnes)', { exact: true }).fill('2');
  await roomDialog.getByLabel(/^Prix par nuit/).fill('25000');
  await roomDialog.getByLabel('Équipements', { exact: true }).fill('Wifi, Climatisation');
  await roomDialog.getByRole('button', { name: 'Créer la chambre' }).click();
  await toastText(page, MESSAGES_HOTEL.roomCreatedTitle).waitFor();
  await roomDialog.waitFor({ state: 'hidden' });
  const roomCard = page.getByRole('article', { name: 'Chambre 101' });
  await roomCard.getByText('Disponible', { exact: true }).waitFor();
  await page.getByRole('group', { name: 'Total chambres' }).getByText('1', { exact: true }).waitFor();

  // 2. Réservations: Awa Diop, 2 nights from today (2 × 25 000 = 50 000 XOF).
  await page.getByRole('tab', { name: 'Réservations' }).click();
  await page.getByText(MESSAGES_HOTEL.reservationsEmpty).waitFor();
  await page.getByRole('button', { name: 'Nouvelle réservation', exact: true }).click();
  const booking = page.getByRole('dialog', { name: 'Nouvelle réservation' });
  await booking.getByLabel("Date d'arrivée", { exact: true }).fill(checkIn);
  await booking.getByLabel('Date de départ', { exact: true }).fill(checkOut);
  const roomSelect = booking.getByLabel(/^Chambre/);
  const option = roomSelect.locator('option', { hasText: 'Chambre 101' });
  await option.waitFor({ state: 'attached' });
  await roomSelect.selectOption((await option.getAttribute('value')) ?? '');
  await booking.getByLabel(/^Nom du client/).fill('Awa Diop');
  await booking.getByLabel('Téléphone', { exact: true }).fill('+221 77 000 11 22');
  await booking.getByLabel('Nombre de personnes', { exact: true }).fill('2');
  await booking
    .getByTestId('reservation-total')
    .getByText(/50\s?000/)
    .waitFor();
  await booking.getByRole('button', { name: 'Créer la réservation' }).click();
  await toastText(page, MESSAGES_HOTEL.reservationCreatedTitle).waitFor();
  await booking.waitFor({ state: 'hidden' });
  const card = page.getByRole('article', { name: /Awa Diop/ });
  await card.getByText('Confirmée', { exact: true }).waitFor();
  await card
    .locator('dd[aria-label="Montant total"]')
    .getByText(/50\s?000/)
    .waitFor();

  // 3. The same nights again: the dialog offers no room, and the server refuses the booking with the French message.
  await page.getByRole('button', { name: 'Nouvelle réservation', exact: true }).click();
  await booking.getByLabel("Date d'arrivée", { exact: true }).fill(checkIn);
  await booking.getByLabel('Date de départ', { exact: true }).fill(checkOut);
  await booking.getByText(MESSAGES_HOTEL.noRoomAvailable).waitFor();
  expect(await roomSelect.locator('option', { hasText: 'Chambre 101' }).count()).toBe(0);
  await booking.getByRole('button', { name: 'Annuler' }).click();
  await booking.waitFor({ state: 'hidden' });

  // A booking that loses the race: room 101 is offered for later nights, but
  // another desk books it (API) before 'Créer la réservation' — the database's
  // exclusion constraint refuses the second one and the toast says why.
  const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
  const { items: rooms } = await apiGet<{ items: { id: string; roomNumber: string }[] }>(context, `/api/companies/${companyId}/rooms`);
  await page.getByRole('button', { name: 'Nouvelle réservation', exact: true }).click();
  await booking.getByLabel("Date d'arrivée", { exact: true }).fill(isoDay(10));
  await booking.getByLabel('Date de départ', { exact: true }).fill(isoDay(12));
  const later = roomSelect.locator('option', { hasText: 'Chambre 101' });
  await later.waitFor({ state: 'attached' });
  await roomSelect.selectOption((await later.getAttribute('value')) ?? '');
  await booking.getByLabel(/^Nom du client/).fill('Fatou Sow');
  const other = await context.request.post(`/api/companies/${companyId}/reservations`, {
    headers: apiHeaders(),
    data: { roomId: rooms[0]?.id, guestName: 'Moussa Fall', checkInDate: isoDay(11), checkOutDate: isoDay(13), numberOfGuests: 1 },
  });
  expect(other.status()).toBe(201);
  await booking.getByRole('button', { name: 'Créer la réservation' }).click();
  await toastText(page, new RegExp(MESSAGES_HOTEL.doubleBooking)).waitFor();
  await page.keyboard.press('Escape'); // the toast covers the dialog's buttons
  await booking.waitFor({ state: 'hidden' });
  expect(await page.getByRole('article', { name: /Fatou Sow/ }).count()).toBe(0);

  // 4. Arrivée: the room becomes occupied.
  await card.getByRole('button', { name: 'Arrivée', exact: true }).click();
  await toastText(page, MESSAGES_HOTEL.checkedIn).waitFor();
  await card.getByText('En cours', { exact: true }).waitFor();
  await page.getByRole('group', { name: 'Occupées' }).getByText('1', { exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Chambres' }).click();
  await roomCard.getByText('Occupée', { exact: true }).waitFor();

  // 5. Départ: the room is free again.
  await page.getByRole('tab', { name: 'Réservations' }).click();
  await card.getByRole('button', { name: 'Départ', exact: true }).click();
  await toastText(page, MESSAGES_HOTEL.checkedOut).waitFor();
  await card.getByText('Terminée', { exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Chambres' }).click();
  await roomCard.getByText('Disponible', { exact: true }).waitFor();

  // 6. 'Facturer le séjour': a validated service invoice (FS) in the accounting service.
  await page.getByRole('tab', { name: 'Réservations' }).click();
  await card.getByRole('button', { name: MESSAGES_HOTEL.invoiceStay }).click();
  const invoiced = toastText(page, /^Séjour facturé : facture N°/);
  await invoiced.waitFor();
  const number = ((await invoiced.innerText()).match(/N°(\S+)/) ?? [])[1] ?? '';
  expect(number).toMatch(/^FS-\d{4}-\d{4}$/);
  await card.locator('dd[aria-label="Facture"]').getByText(`N°${number}`).waitFor();
  expect(await card.getByRole('button', { name: MESSAGES_HOTEL.invoiceStay }).count()).toBe(0);

  // 7. The invoice is in Factures.
  await page.goto('/factures');
  await page
    .getByRole('table', { name: 'Factures' })
    .getByRole('button', { name: `Voir la facture ${number}` })
    .waitFor();
  await context.close();
});
