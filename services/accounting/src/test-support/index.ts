// Helpers for the service's integration tests (real Postgres and Redis from the
// Jest global setup; nothing is mocked). Not imported by the service itself.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import request from 'supertest';
import {
  MAX_ACCOUNTS_PAGE_SIZE,
  type Account,
  type AccountListResponse,
  type AuditEventListResponse,
  type Company,
  type InvestmentInput,
  type PayslipBreakdown,
  type PostPayslipJob,
  type Role,
  type Sector,
  type ThirdParty,
} from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { generateChart } from '../modules/chart';
import { start } from '../server';

export const TOKEN = process.env.INTERNAL_TOKEN as string;

/** The headers the gateway sends for user `userId`, of role `role`, signed in to `companyId`. */
export const asUser = (companyId: string, userId: string, role: Role = 'owner') => ({
  'X-Internal-Token': TOKEN,
  'X-Company-Id': companyId,
  'X-User-Role': role,
  'X-User-Id': userId,
});

/** The headers the gateway sends for a signed-in user of `companyId`. */
export const asTenant = (companyId: string) => asUser(companyId, randomUUID());

/** One object's audit trail, as its history panel reads it. */
export async function auditHistory(service: RunningService, companyId: string, objectType: string, objectId: string) {
  const res = await request(service.app)
    .get(`/api/companies/${companyId}/audit-events`)
    .query({ objectType, objectId })
    .set(asTenant(companyId))
    .expect(200);
  return (res.body as AuditEventListResponse).items;
}

/** A company created as the gateway does at registration. */
export async function createCompany(
  service: RunningService,
  body: { name?: string; sector?: Sector | 'restaurant' } = {},
): Promise<Company> {
  const res = await request(service.app)
    .post('/internal/companies')
    .set('X-Internal-Token', TOKEN)
    .send({ name: body.name ?? `Société ${randomUUID().slice(0, 8)}`, sector: body.sector ?? 'service' })
    .expect(201);
  return res.body as Company;
}

/** The service started, with a company of this name and a neighbour's company (tenancy checks). */
export async function startWithTwoCompanies(name: string): Promise<{ service: RunningService; own: Company; other: Company }> {
  const service = await start({ port: 0 });
  try {
    return { service, own: await createCompany(service, { name }), other: await createCompany(service, { name: 'Voisin SARL' }) };
  } catch (err) {
    await service.close();
    throw err;
  }
}

/** A client or supplier of the company, created through the API. */
export async function createThirdParty(service: RunningService, companyId: string, body: object): Promise<ThirdParty> {
  return (await request(service.app).post(`/api/companies/${companyId}/third-parties`).set(asTenant(companyId)).send(body).expect(201))
    .body as ThirdParty;
}

/**
 * Pins "today": only Date is faked, at this instant (timers, I/O and the
 * database run for real). Undo with jest.useRealTimers().
 */
export function pinDate(instant: string): void {
  jest.useFakeTimers({
    now: new Date(instant),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/** The company's whole chart by code (one page of the largest size). */
export async function chartOf(service: RunningService, companyId: string): Promise<Map<string, Account>> {
  const res = await request(service.app)
    .get(`/api/companies/${companyId}/accounts`)
    .query({ pageSize: MAX_ACCOUNTS_PAGE_SIZE })
    .set(asTenant(companyId))
    .expect(200);
  return new Map((res.body as AccountListResponse).items.map((a) => [a.code, a]));
}

/** A company with its generated chart (straight through the job's function: no queue needed). */
export async function companyWithChart(
  service: RunningService,
  sector: Sector = 'service',
): Promise<{ company: Company; accounts: Map<string, Account> }> {
  const company = await createCompany(service, { sector });
  await generateChart(service.ctx.sequelize, company.id, sector);
  return { company, accounts: await chartOf(service, company.id) };
}

/** An investment to create: a 1 000 000 F photocopier bought 2026-03-15, 20 % linear over 5 years (`over` replaces any field). */
export const investmentInput = (over: Partial<InvestmentInput> = {}): InvestmentInput => ({
  name: 'Photocopieur Canon',
  category: 'material',
  purchaseDate: '2026-03-15',
  purchasePrice: '1000000',
  depreciationMethod: 'linear',
  depreciationRate: '20',
  usefulLife: 5,
  residualValue: '0',
  currentValue: '1000000',
  ...over,
});

/** The job the HR service sends to post a computed payslip (`over` replaces any field). */
export function payslipJobOf(companyId: string, slip: PayslipBreakdown, over: Partial<PostPayslipJob> = {}): PostPayslipJob {
  return {
    companyId,
    payslipId: randomUUID(),
    event: 'validated',
    userId: randomUUID(),
    period: '2026-03',
    date: '2026-03-31',
    employeeLabel: 'Awa Diop (E001)',
    gross: slip.totals.gross,
    net: slip.totals.net,
    incomeTax: slip.totals.incomeTax,
    trimf: slip.totals.trimf,
    contributions: slip.lines
      .filter((l) => l.organism && l.code !== 'IR' && l.code !== 'TRIMF')
      .map((l) => ({ code: l.code, organism: l.organism as string, employee: l.employee, employer: l.employer })),
    ...over,
  };
}

/** Keeps a download's body as one Buffer (PDF, XLSX): `.buffer(true).parse(binaryBody)`. */
export const binaryBody: Parameters<request.Test['parse']>[0] = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** A downloaded .xlsx (a Buffer) or a workbook being written (a stream from the worker pool) as an exceljs workbook. */
export async function workbookOf(body: unknown): Promise<ExcelJS.Workbook> {
  if (body instanceof Readable) return workbookOf(Buffer.concat(await body.toArray()));
  const workbook = new ExcelJS.Workbook();
  // exceljs types its own `Buffer` (an ArrayBuffer); Node's Buffer is what it reads at run time.
  await workbook.xlsx.load(body as never);
  return workbook;
}
