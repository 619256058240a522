import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { HEADERS, MESSAGES_HTTP, MESSAGES_PAYSLIP, type Company, type Employee, type Payslip } from '@xaalis/contracts';
import { fromCents, toCents } from '@xaalis/domain';
import { internalClient, pdfText, type RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { TOKEN, asTenant, createEmployee } from '../../test-support';
import { employerLookup } from './employer';
import { yearToDate } from './model';

// The real HR service on the real database and Redis. The accounting service's
// internal company route is stood in for by a small HTTP server (the HR service
// reads it over HTTP, as in production).
let service: RunningService;
let accounting: http.Server;
let accountingUrl: string;
const previousUrl = process.env.ACCOUNTING_URL;
const own = randomUUID();
const other = randomUUID();
/** The employer block the pay slips print: what the accounting service answers for `own`. */
const EMPLOYER = {
  name: 'Teranga Conseil SARL',
  address: 'Rue 10, Dakar',
  phone: null,
  email: null,
  registrationNumber: 'SN-DKR-1',
  taxNumber: '0098765',
};
const companies: Record<string, Partial<Company>> = { [own]: { id: own, ...EMPLOYER } };

const api = () => request(service.app);
const pdfUrl = (companyId: string, id: string) => `/api/companies/${companyId}/payrolls/${id}/pdf`;
const create = async (companyId: string, body: object) =>
  (await api().post(`/api/companies/${companyId}/payrolls`).set(asTenant(companyId)).send(body).expect(201)).body as Payslip;
const patch = (companyId: string, id: string, action: string, body: object = {}) =>
  api().patch(`/api/payrolls/${id}/${action}`).set(asTenant(companyId)).send(body).expect(200);
/** supertest reads application/pdf as a Buffer with this parser. */
function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void): void {
  // In Node, the response handed to a parser is the raw IncomingMessage.
  const stream = res as unknown as http.IncomingMessage;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
}
const total = (slips: Payslip[], field: 'grossSalary' | 'incomeTax' | 'trimf') =>
  fromCents(slips.reduce((a, s) => a + toCents(s[field]), 0n));

beforeAll(async () => {
  const app = express();
  app.get('/internal/companies/:id', (req, res) => {
    const company = companies[req.params.id];
    if (req.get(HEADERS.internalToken) !== TOKEN || !company) res.status(404).json({ message: 'Entreprise introuvable' });
    else res.json(company);
  });
  accounting = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => accounting.once('listening', resolve));
  accountingUrl = `http://127.0.0.1:${(accounting.address() as AddressInfo).port}`;
  process.env.ACCOUNTING_URL = accountingUrl;
  service = await start({ port: 0 });
});

afterAll(async () => {
  await service.close();
  await new Promise((resolve) => accounting.close(resolve));
  if (previousUrl === undefined) delete process.env.ACCOUNTING_URL;
  else process.env.ACCOUNTING_URL = previousUrl;
});

describe('bulletin de paie PDF route', () => {
  let awa: Employee;
  let slip: Payslip;

  beforeAll(async () => {
    awa = await createEmployee(service, own, { employeeNumber: 'PDF 01', firstName: 'Awa', lastName: 'Diop', hireDate: '2024-01-02' });
    slip = await create(own, { employeeId: awa.id, period: '2024-03', baseSalary: '450000' });
  });

  it('answers the slip as a PDF with the employer from accounting, the employee, the net in words', async () => {
    const res = await api().get(pdfUrl(own, slip.id)).set(asTenant(own)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bulletin-PDF_01-2024-03.pdf"');
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(body);
    for (const expected of [
      'Teranga Conseil SARL',
      'RCCM : SN-DKR-1',
      'NINEA : 0098765',
      'Awa Diop',
      'Matricule : PDF 01',
      'Mars 2024',
      'BROUILLON',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/\s+/g, ' ')).toContain('francs CFA');
  });

  it('still prints when the accounting service does not know the company (dashes for the employer)', async () => {
    const lonely = randomUUID();
    const e = await createEmployee(service, lonely, { hireDate: '2024-01-01' });
    const s = await create(lonely, { employeeId: e.id, period: '2024-02', baseSalary: '300000' });
    const res = await api().get(pdfUrl(lonely, s.id)).set(asTenant(lonely)).buffer(true).parse(binary).expect(200);
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('NINEA : —');
    expect(text).toContain(`Matricule : ${e.employeeNumber}`);
  });

  it("is a 404 for another company's slip, an unknown id, a malformed id and another company's path", async () => {
    const notFound = async (companyId: string, url: string) =>
      ((await api().get(url).set(asTenant(companyId)).expect(404)).body as { message: string }).message;
    expect([
      await notFound(other, pdfUrl(other, slip.id)),
      await notFound(own, pdfUrl(own, randomUUID())),
      await notFound(own, pdfUrl(own, 'not-a-uuid')),
      // Another company's path: the tenant check's generic 404, before the payslip route.
      await notFound(other, pdfUrl(own, slip.id)),
    ]).toEqual([MESSAGES_PAYSLIP.notFound, MESSAGES_PAYSLIP.notFound, MESSAGES_PAYSLIP.notFound, MESSAGES_HTTP.notFound]);
    expect(((await api().get(pdfUrl(own, randomUUID())).set(asTenant(own)).expect(404)).body as { message: string }).message).toBe(
      'Bulletin introuvable',
    );
  });
});

describe('employer lookup', () => {
  it('reads the company with the internal token, and answers null when accounting is down or refuses', async () => {
    expect(await employerLookup(internalClient('accounting', TOKEN, accountingUrl))(own)).toEqual(EMPLOYER);
    expect(await employerLookup(internalClient('accounting', 'wrong-token', accountingUrl))(own)).toBeNull();
    // A port nothing listens on: refused.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await employerLookup(internalClient('accounting', TOKEN, closedUrl))(own)).toBeNull();
  });
});

describe('year-to-date figures', () => {
  it('sums the validated and paid slips of the calendar year up to the period, plus the slip itself', async () => {
    const company = randomUUID();
    const e = await createEmployee(service, company, { hireDate: '2023-11-01' });
    const colleague = await createEmployee(service, company, { hireDate: '2023-11-01' });
    const slipOf = (period: string, baseSalary: string, employee = e) => create(company, { employeeId: employee.id, period, baseSalary });
    const lastYear = await slipOf('2023-12', '900000');
    await patch(company, lastYear.id, 'validate');
    const jan = await slipOf('2024-01', '400000');
    await patch(company, jan.id, 'validate');
    const feb = await slipOf('2024-02', '1500000');
    await patch(company, feb.id, 'validate');
    await patch(company, feb.id, 'pay', { paymentDate: '2024-02-29', paymentMethod: 'bank' });
    const mar = await slipOf('2024-03', '700000');
    await patch(company, mar.id, 'cancel');
    const apr = await slipOf('2024-04', '650000'); // a draft: not counted by other slips
    const may = await slipOf('2024-05', '520000'); // a draft, counted on its own bulletin
    const jun = await slipOf('2024-06', '2500000');
    await patch(company, jun.id, 'validate'); // after May: not counted in May's figures
    const other = await slipOf('2024-02', '3000000', colleague);
    await patch(company, other.id, 'validate');

    const ytd = (s: Payslip) => yearToDate(service.ctx.sequelize, company, { id: s.id, employeeId: e.id, period: s.period });
    const expected = (slips: Payslip[]) => ({
      gross: total(slips, 'grossSalary'),
      incomeTax: total(slips, 'incomeTax'),
      trimf: total(slips, 'trimf'),
    });
    expect(await ytd(may)).toEqual(expected([jan, feb, may]));
    expect(await ytd(feb)).toEqual(expected([jan, feb]));
    expect(await ytd(apr)).toEqual(expected([jan, feb, apr]));
    expect(await ytd(jun)).toEqual(expected([jan, feb, jun]));
    expect(await ytd(lastYear)).toEqual(expected([lastYear]));
    expect(toCents((await ytd(may)).incomeTax)).toBeGreaterThan(0n);
    // Another company sees nothing of these slips.
    expect(await yearToDate(service.ctx.sequelize, randomUUID(), { id: may.id, employeeId: e.id, period: may.period })).toEqual({
      gross: '0.00',
      incomeTax: '0.00',
      trimf: '0.00',
    });
  });
});
