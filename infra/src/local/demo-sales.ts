// The demo's sales cycle (issue 29): quotes in each state (one converted into an invoice), two credit
// notes (a commercial discount and an order cancelled), a monthly recurring invoice (the rent of the
// reception room) with the invoices it created, and reminders of the clients late to pay. The
// payments the demo recorded earlier lettered their invoices already.
import type { CreditNote, Invoice, InvoiceListResponse, Quote, RecurringInvoice, ReminderDueResponse, ThirdParty } from '@xaalis/contracts';
import { francs, money, mul } from '@xaalis/domain';
import { Api, addDays } from './demo-api';

export interface DemoSalesResult {
  /** Invoices created (the converted quote and the recurring ones). */
  invoices: number;
  quotes: number;
  creditNotes: number;
  reminders: number;
}

export async function seedSalesCycle(api: Api, companyId: string, today: string, log: (m: string) => void): Promise<DemoSalesResult> {
  const c = `/api/companies/${companyId}`;
  const clients = (await api.json<{ items: ThirdParty[] }>('GET', `${c}/third-parties?role=client&pageSize=10`)).items;
  const client = (i: number) => clients[i % clients.length].id;

  // Quotes: converted (then validated), accepted, sent, refused, draft.
  const offers = [
    ['Cocktail de fin d’année — 120 couverts', '1440000'],
    ['Plateaux-repas séminaire — 3 jours', '675000'],
    ['Buffet mariage — 200 couverts', '3000000'],
    ['Pauses-café formation', '180000'],
    ['Dîner de gala — 80 couverts', '1600000'],
  ] as const;
  const quotes: Quote[] = [];
  for (const [i, [description, unitPrice]] of offers.entries()) {
    quotes.push(
      await api.json<Quote>('POST', `${c}/quotes`, {
        quote: {
          clientId: client(i),
          type: 'service',
          date: addDays(today, -25 + i * 4),
          validUntil: addDays(today, 30),
          notes: 'Boissons comprises',
        },
        lines: [{ description, quantity: '1', unitPrice }],
      }),
    );
  }
  for (const q of quotes.slice(0, 4)) await api.json('POST', `/api/quotes/${q.id}/send`);
  for (const q of quotes.slice(0, 2)) await api.json('POST', `/api/quotes/${q.id}/accept`);
  await api.json('POST', `/api/quotes/${quotes[3].id}/refuse`);
  const converted = await api.json<Invoice>('POST', `/api/quotes/${quotes[0].id}/convert`);
  await api.json('PATCH', `/api/invoices/${converted.id}/validate`);

  // Credit notes: a 10 % discount on one unpaid sale, and a whole sale cancelled (goods back in stock).
  // (Unpaid sales first; a paid one credited leaves the client a credit.)
  const sales = async (status: string) =>
    (await api.json<InvoiceListResponse>('GET', `${c}/invoices?status=${status}&type=sale&pageSize=50`)).items.filter(
      (i) => i.id !== converted.id,
    );
  const open = [...(await sales('validated')), ...(await sales('paid'))];
  let creditNotes = 0;
  if (open[0]) {
    await api.json<CreditNote>('POST', `/api/invoices/${open[0].id}/credit-notes`, {
      reason: 'Remise commerciale de 10 % (retard de livraison)',
      amount: money(francs(mul(open[0].total, '0.10'))),
    });
    creditNotes++;
  }
  if (open[1]) {
    await api.json<CreditNote>('POST', `/api/invoices/${open[1].id}/credit-notes`, {
      reason: 'Commande annulée par le client',
      restock: true,
    });
    creditNotes++;
  }

  // The reception room let every month since the start of last month: its invoices are created at once.
  const firstOfLastMonth = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  const recurring = await api.json<RecurringInvoice>('POST', `${c}/recurring-invoices`, {
    clientId: client(1),
    type: 'service',
    frequency: 'monthly',
    day: 1,
    startDate: firstOfLastMonth,
    validate: true,
    dueDays: 15,
    notes: 'Location mensuelle de la salle de réception',
    lines: [{ description: 'Location salle de réception', quantity: '1', unitPrice: '350000' }],
  });

  // Reminders of the clients late to pay, at the level each has reached.
  const due = (await api.json<ReminderDueResponse>('GET', `${c}/reminders/due?pageSize=3`)).items;
  for (const d of due) await api.json('POST', `${c}/reminders`, { thirdPartyId: d.thirdPartyId, level: d.suggestedLevel ?? 1 });

  log(
    `Cycle de vente : ${quotes.length} devis, ${creditNotes} avoirs, ${recurring.invoicesCreated} factures récurrentes, ${due.length} relances.`,
  );
  return { invoices: 1 + recurring.invoicesCreated, quotes: quotes.length, creditNotes, reminders: due.length };
}
