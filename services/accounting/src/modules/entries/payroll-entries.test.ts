import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  PAYROLL_MASKED_LABEL,
  type AccountingEntry,
  type Account,
  type Company,
  type EntryListResponse,
  type GeneralLedger,
  type PostPayslipJob,
  type Role,
} from '@xaalis/contracts';
import { PAYROLL_PARAMETER_SETS, computePayslip } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { TOKEN, binaryBody, companyWithChart, payslipJobOf, workbookOf } from '../../test-support';
import { postPayslip, postPayslipJobSchema } from '../payroll-posting';

// Payroll entries are payroll data (issue 24 §7): on the real service and database, a role without
// the `payroll` capability neither lists nor opens them, cannot write them, and reads the Grand
// livre with their amounts but without their labels (which name the employee).

let service: RunningService;
let company: Company;
let accounts: Map<string, Account>;
let validated: AccountingEntry;
let paid: AccountingEntry;
let paidReversal: AccountingEntry;
let manual: AccountingEntry;

const as = (role: Role) => ({ 'X-Internal-Token': TOKEN, 'X-Company-Id': company.id, 'X-User-Role': role, 'X-User-Id': randomUUID() });
const http = () => request(service.app);
const listUrl = () => `/api/companies/${company.id}/accounting-entries`;
const list = async (role: Role, query = '') =>
  (await http().get(`${listUrl()}?pageSize=100${query}`).set(as(role)).expect(200)).body as EntryListResponse;
const message = async (req: request.Test, status: number) => ((await req.expect(status)).body as { message: string }).message;

const slip = computePayslip(
  { baseSalary: '450000' },
  PAYROLL_PARAMETER_SETS.find((s) => s.id === 'xaalis')!,
);
const job = (over: Partial<PostPayslipJob>): PostPayslipJob => payslipJobOf(company.id, slip, { userId: null, ...over });

const entry = async (id: string) =>
  (await http().get(`/api/accounting-entries/${id}`).set(as('owner')).expect(200)).body as AccountingEntry;

beforeAll(async () => {
  service = await start({ port: 0 });
  ({ company, accounts } = await companyWithChart(service));
  const payslipId = randomUUID();
  validated = await entry((await postPayslip(service.ctx.sequelize, postPayslipJobSchema.parse(job({ payslipId })))).entryId!);
  paid = await entry(
    (await postPayslip(service.ctx.sequelize, postPayslipJobSchema.parse(job({ payslipId, event: 'paid', paymentMethod: 'bank' }))))
      .entryId!,
  );
  // The payment cancelled by hand: its reversal (no source of its own) is payroll too.
  await http().post(`/api/accounting-entries/${paid.id}/cancel`).set(as('owner')).expect(200);
  paidReversal = await entry((await entry(paid.id)).reversedById!);
  manual = (
    await http()
      .post(listUrl())
      .set(as('collaborator'))
      .send({
        entry: { number: 'OD-MANUEL-1', journal: 'OD', date: '2026-03-15', description: 'Frais divers' },
        lines: [
          { accountId: accounts.get('6611')!.id, description: 'Frais divers', debit: '1000', credit: '0' },
          { accountId: accounts.get('521')!.id, description: 'Frais divers', debit: '0', credit: '1000' },
        ],
      })
      .expect(201)
  ).body as AccountingEntry;
});

afterAll(async () => {
  await service.close();
});

describe('payroll entries: the list', () => {
  it('owners and accountants list the PA entry, the payslip payment (BQ) and its reversal', async () => {
    expect(validated.journal).toBe('PA');
    expect(paid.journal).toBe('BQ');
    expect(paidReversal.journal).toBe('BQ');
    for (const role of ['owner', 'accountant'] as const) {
      const ids = (await list(role)).items.map((e) => e.id);
      expect(ids).toEqual(expect.arrayContaining([validated.id, paid.id, paidReversal.id, manual.id]));
    }
  });

  it('a reader and a collaborator list only the other entries, counters included', async () => {
    const all = await list('owner');
    for (const role of ['reader', 'collaborator'] as const) {
      const page = await list(role);
      expect(page.items.map((e) => e.id)).toEqual([manual.id]);
      expect(page.totalItems).toBe(1);
      expect(page.counters).toEqual({ total: 1, validated: 0, draft: 1, cancelled: 0, totalAmount: '0.00' });
      // Asking for the payroll journal by name gives nothing either; a search by the employee's name neither.
      expect((await list(role, '&journal=PA')).items).toEqual([]);
      expect((await list(role, '&search=Diop')).items).toEqual([]);
    }
    expect(all.counters.total).toBe(4);
  });
});

describe('payroll entries: one entry and the writes', () => {
  it('a reader and a collaborator are refused (403) the PA entry, the payment and its reversal; an accountant opens them', async () => {
    for (const id of [validated.id, paid.id, paidReversal.id]) {
      expect(await message(http().get(`/api/accounting-entries/${id}`).set(as('reader')), 403)).toBe(
        'Action non autorisée pour votre rôle (Lecture seule)',
      );
      expect(await message(http().get(`/api/accounting-entries/${id}`).set(as('collaborator')), 403)).toBe(
        'Action non autorisée pour votre rôle (Collaborateur)',
      );
      expect(((await http().get(`/api/accounting-entries/${id}`).set(as('accountant')).expect(200)).body as AccountingEntry).id).toBe(id);
    }
    expect(((await http().get(`/api/accounting-entries/${manual.id}`).set(as('reader')).expect(200)).body as AccountingEntry).id).toBe(
      manual.id,
    );
  });

  it('a collaborator may not type an entry in the payroll journal, nor edit or delete a payroll entry', async () => {
    const body = {
      entry: { number: 'PA-MANUEL-1', journal: 'PA', date: '2026-03-15', description: 'Salaire' },
      lines: [
        { accountId: accounts.get('6611')!.id, description: 'Salaire', debit: '1000', credit: '0' },
        { accountId: accounts.get('422')!.id, description: 'Salaire', debit: '0', credit: '1000' },
      ],
    };
    expect(await message(http().post(listUrl()).set(as('collaborator')).send(body), 403)).toBe(
      'Action non autorisée pour votre rôle (Collaborateur)',
    );
    await http().put(`/api/accounting-entries/${manual.id}`).set(as('collaborator')).send(body).expect(403);
    await http()
      .put(`/api/accounting-entries/${validated.id}`)
      .set(as('collaborator'))
      .send({ ...body, entry: { ...body.entry, journal: 'OD' } })
      .expect(403);
    await http().delete(`/api/accounting-entries/${validated.id}`).set(as('collaborator')).expect(403);
    // An accountant may (a posted entry is not a draft: 409, past the role check).
    const typed = (await http().post(listUrl()).set(as('accountant')).send(body).expect(201)).body as AccountingEntry;
    expect(typed.journal).toBe('PA');
    await http().delete(`/api/accounting-entries/${validated.id}`).set(as('accountant')).expect(409);
    await http().delete(`/api/accounting-entries/${typed.id}`).set(as('accountant')).expect(204);
  });
});

describe('payroll entries: the Grand livre', () => {
  const ledger = async (role: Role, accountCode: string) =>
    (
      await http()
        .get(`/api/companies/${company.id}/reports/general-ledger`)
        .query({ from: '2026-01-01', to: '2026-12-31', accountFrom: accountCode, accountTo: accountCode, pageSize: 100 })
        .set(as(role))
        .expect(200)
    ).body as GeneralLedger;

  it('keeps the amounts and balances for a reader, but not the labels naming the employee', async () => {
    for (const code of ['6611', '422', '521']) {
      const full = await ledger('accountant', code);
      const masked = await ledger('reader', code);
      expect(masked.accounts).toEqual(full.accounts);
      expect(masked.rows.map(({ description: _d, ...rest }) => rest)).toEqual(full.rows.map(({ description: _d, ...rest }) => rest));
      expect(full.rows.some((r) => r.description.includes('Awa Diop'))).toBe(true);
      expect(masked.rows.some((r) => r.description.includes('Awa Diop'))).toBe(false);
      for (const [i, row] of masked.rows.entries()) {
        const payroll = [validated.id, paid.id, paidReversal.id].includes(row.entryId);
        expect(row.description).toBe(payroll ? PAYROLL_MASKED_LABEL : full.rows[i].description);
      }
    }
  });

  it('masks the labels of the Grand livre export too', async () => {
    const res = await http()
      .get(`/api/companies/${company.id}/reports/general-ledger`)
      .query({ from: '2026-01-01', to: '2026-12-31', accountFrom: '6611', accountTo: '6611', format: 'xlsx' })
      .set(as('reader'))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const book = await workbookOf(res.body);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.text))));
    expect(cells).toContain(PAYROLL_MASKED_LABEL);
    expect(cells.some((c) => c.includes('Awa Diop'))).toBe(false);
  });
});

describe('payroll entries: the dashboard', () => {
  it("lists a payslip's payment to a reader under the masked label, with its amount", async () => {
    const recent = async (role: Role) =>
      (
        (await http().get(`/api/companies/${company.id}/dashboard`).set(as(role)).expect(200)).body as {
          recentTransactions: { id: string; description: string; amount: string }[];
        }
      ).recentTransactions;
    const [full, masked] = await Promise.all([recent('accountant'), recent('reader')]);
    expect(masked.map(({ description: _d, ...rest }) => rest)).toEqual(full.map(({ description: _d, ...rest }) => rest));
    const payment = full.find((t) => t.id === paid.id);
    expect(payment?.description).toContain('Awa Diop');
    expect(masked.find((t) => t.id === paid.id)?.description).toBe(PAYROLL_MASKED_LABEL);
    expect(masked.find((t) => t.id === paidReversal.id)?.description).toBe(PAYROLL_MASKED_LABEL);
    expect(masked.some((t) => t.description.includes('Awa Diop'))).toBe(false);
  });
});
