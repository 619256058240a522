import net from 'node:net';
import type { Reminder, ReminderDueResponse, ReminderLevelListResponse, ReminderListResponse } from '@xaalis/contracts';
import { pdfText, type RunningService } from '@xaalis/service-kit';
import { asTenant, binaryBody, createThirdParty } from '../../test-support';
import { http, invoicePayload, startWithWorlds, validatedInvoice, type InvoicingWorld } from '../../test-support/invoicing';

// Reminders end to end: real service, real Postgres, and a real SMTP exchange with a server started here.
let service: RunningService;
let w: InvoicingWorld;
let other: InvoicingWorld;

/** A minimal SMTP server (RFC 5321 exchange, no TLS): keeps each message's data; `refuse` answers 554 to DATA. */
function smtpServer() {
  const messages: string[] = [];
  let refuse = false;
  const server = net.createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write(refuse ? '554 refusé\r\n' : '250 OK queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return {
    messages,
    setRefuse: (v: boolean) => (refuse = v),
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
const smtp = smtpServer();

beforeAll(async () => {
  ({ service, w, other } = await startWithWorlds());
});
afterAll(async () => {
  delete process.env.SMTP_HOST;
  await smtp.close();
  await service.close();
});

const t = () => asTenant(w.company.id);
const overdueInvoice = (clientId: string, dueDate: string) =>
  validatedInvoice(
    service,
    w.company.id,
    invoicePayload({ client: { id: clientId } as InvoicingWorld['client'] }, { date: '2026-01-02', dueDate }),
  );

it('lists clients to remind with the level due, makes the letter (downloaded without a mail server) and keeps the history', async () => {
  const levels = (await http(service).get(`/api/companies/${w.company.id}/reminder-levels`).set(t()).expect(200))
    .body as ReminderLevelListResponse;
  expect(levels.items.map((l) => [l.name, l.delayDays])).toEqual([
    ['Relance amiable', 7],
    ['Deuxième relance', 30],
    ['Mise en demeure', 60],
  ]);
  const client = await createThirdParty(service, w.company.id, { type: 'client', name: 'Retard SARL' });
  const inv = await overdueInvoice(client.id, '2026-01-10');
  const due = (await http(service).get(`/api/companies/${w.company.id}/reminders/due`).set(t()).expect(200)).body as ReminderDueResponse;
  const row = due.items.find((d) => d.thirdPartyId === client.id)!;
  expect(row).toMatchObject({ total: '118000.00', suggestedLevel: 3 });
  const made = (
    await http(service).post(`/api/companies/${w.company.id}/reminders`).set(t()).send({ thirdPartyId: client.id, level: 3 }).expect(201)
  ).body as Reminder;
  expect(made).toMatchObject({ status: 'to_download', levelName: 'Mise en demeure', total: '118000.00', lateFee: '5000.00' });
  expect(made.body).toMatch(/118\s000/);
  const pdf = await http(service).get(`/api/reminders/${made.id}/pdf`).set(t()).buffer(true).parse(binaryBody).expect(200);
  expect(pdfText(pdf.body as Buffer)).toContain(inv.number);
  const history = (await http(service).get(`/api/companies/${w.company.id}/reminders`).query({ invoiceId: inv.id }).set(t()).expect(200))
    .body as ReminderListResponse;
  expect(history.items.map((r) => r.id)).toEqual([made.id]);
  // Level 3 sent: nothing more is due for it.
  const after = (await http(service).get(`/api/companies/${w.company.id}/reminders/due`).set(t()).expect(200)).body as ReminderDueResponse;
  expect(after.items.find((d) => d.thirdPartyId === client.id)?.suggestedLevel).toBeNull();
  // Another company: 404; a client with nothing overdue: 409.
  await http(service).get(`/api/reminders/${made.id}/pdf`).set(asTenant(other.company.id)).expect(404);
  await http(service)
    .post(`/api/companies/${w.company.id}/reminders`)
    .set(t())
    .send({ thirdPartyId: other.client.id, level: 1 })
    .expect(404);
  expect(
    (
      await http(service)
        .post(`/api/companies/${w.company.id}/reminders`)
        .set(t())
        .send({ thirdPartyId: w.supplier.id, level: 1 })
        .expect(409)
    ).body.message,
  ).toBe('Aucune facture en retard pour ce client');
});

it('emails the letter when a mail server is configured: sent only when the server accepts it', async () => {
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(await smtp.listen());
  process.env.SMTP_FROM = 'Xaalis <relances@xaalis.test>';
  const client = await createThirdParty(service, w.company.id, { type: 'client', name: 'Courriel SA', email: 'compta@courriel.sn' });
  await overdueInvoice(client.id, '2026-01-15');
  const sent = (
    await http(service).post(`/api/companies/${w.company.id}/reminders`).set(t()).send({ thirdPartyId: client.id, level: 1 }).expect(201)
  ).body as Reminder;
  expect(sent).toMatchObject({ status: 'sent', email: 'compta@courriel.sn' });
  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0]).toContain('To: compta@courriel.sn');
  expect(smtp.messages[0]).toContain('application/pdf');

  smtp.setRefuse(true);
  const failed = (
    await http(service).post(`/api/companies/${w.company.id}/reminders`).set(t()).send({ thirdPartyId: client.id, level: 2 }).expect(201)
  ).body as Reminder;
  expect(failed.status).toBe('failed');
  expect(failed.error).toContain('554');
});

it('replaces the levels (settings)', async () => {
  const levels = [
    { level: 1, name: 'Relance amiable', delayDays: 7, body: 'Madame, Monsieur, {total} restent dus.', fee: null, interestRate: '12' },
  ];
  const res = await http(service).put(`/api/companies/${w.company.id}/reminder-levels`).set(t()).send({ levels });
  expect(res.body).toEqual([{ ...levels[0], interestRate: '12.00' }]);
  expect(res.status).toBe(200);
});
