import { QueryTypes } from 'sequelize';
import {
  MESSAGES_RECONCILIATION,
  MESSAGES_STATEMENT,
  isJobEnded,
  type AutoMatchStatus,
  type CreatedFromLine,
  type LedgerLinesPage,
  type Reconciliation,
  type ReconciliationReport,
  type StatementDetail,
  type StatementLine,
  type StatementLinesPage,
  type StatementPreview,
  type StatementSummary,
  type TreasuryAccount,
} from '@xaalis/contracts';
import type { RunningService, RunningWorker } from '@xaalis/service-kit';
import { asTenant } from '../../test-support';
import { startWorker } from '../../worker';
import {
  entryLines,
  http,
  invoicePayload,
  payOk,
  startWithWorlds,
  validatedInvoice,
  type InvoicingWorld,
} from '../../test-support/invoicing';

// Statements, matching and the état de rapprochement end to end (issue 28): real service, Postgres and Redis (BullMQ).
let service: RunningService;
let worker: RunningWorker;
let w: InvoicingWorld;
let other: InvoicingWorld;
let bank: TreasuryAccount;
let otherBank: TreasuryAccount;

const t = () => asTenant(w.company.id);
const accountUrl = (a = bank, companyId = w.company.id) => `/api/companies/${companyId}/treasury-accounts/${a.id}`;
const upload = (csv: string, fileName = 'releve.csv', a = bank, companyId = w.company.id) =>
  http(service)
    .post(`${accountUrl(a, companyId)}/statements`)
    .query({ fileName })
    .set(asTenant(companyId))
    .set('Content-Type', 'application/octet-stream')
    .send(Buffer.from(csv, 'utf8'));
const confirm = (id: string) => http(service).post(`${accountUrl()}/statements/${id}/confirm`).set(t());
const statementPane = async (query: object = {}) =>
  (await http(service).get(`${accountUrl()}/statement-lines`).query(query).set(t()).expect(200)).body as StatementLinesPage;
const ledgerPane = async (query: object = {}) =>
  (await http(service).get(`${accountUrl()}/ledger-lines`).query(query).set(t()).expect(200)).body as LedgerLinesPage;
const reconcile = (statementLineIds: string[], entryLineIds: string[], companyId = w.company.id) =>
  http(service).post(`/api/companies/${companyId}/reconciliations`).set(asTenant(companyId)).send({ statementLineIds, entryLineIds });
const report = async (date: string) =>
  (await http(service).get(`${accountUrl()}/reconciliation`).query({ date }).set(t()).expect(200)).body as ReconciliationReport;

async function autoMatchDone(windowDays?: number): Promise<AutoMatchStatus> {
  const { jobId } = (
    await http(service)
      .post(`${accountUrl()}/auto-match`)
      .set(t())
      .send(windowDays === undefined ? {} : { windowDays })
      .expect(202)
  ).body as { jobId: string };
  for (let i = 0; i < 200; i++) {
    const status = (await http(service).get(`${accountUrl()}/auto-match/${jobId}`).set(t()).expect(200)).body as AutoMatchStatus;
    if (isJobEnded(status.state)) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('auto-match did not end');
}

const MARCH = [
  'Relevé de compte CBAO',
  'Compte : SN01 00152 000123456789 01',
  '',
  'Date;Libellé;Référence;Débit;Crédit;Solde',
  '03/03/2026;VIR SONATEL REGLEMENT;FAC-A;;118 000,00;1 118 000,00',
  '05/03/2026;PRLV SENELEC;;25 000,00;;1 093 000,00',
  '10/03/2026;FRAIS TENUE DE COMPTE;;2 500,00;;1 090 500,00',
  '12/03/2026;REMISE CHEQUES 0042;;;75 000,00;1 165 500,00',
].join('\n');

beforeAll(async () => {
  ({ service, w, other } = await startWithWorlds());
  worker = await startWorker();
  bank = (
    await http(service)
      .post(`/api/companies/${w.company.id}/treasury-accounts`)
      .set(t())
      .send({ kind: 'bank', name: 'CBAO Plateau', bankName: 'CBAO' })
      .expect(201)
  ).body as TreasuryAccount;
  otherBank = (
    await http(service)
      .post(`/api/companies/${other.company.id}/treasury-accounts`)
      .set(asTenant(other.company.id))
      .send({ kind: 'bank', name: 'Autre banque' })
      .expect(201)
  ).body as TreasuryAccount;
  // The opening balance in the ledger (1 000 000 brought in on 1 March) and a rule for bank fees.
  await http(service)
    .post(`/api/companies/${w.company.id}/treasury-transfers`)
    .set(t())
    .send({ fromAccountId: (await defaultBank()).id, toAccountId: bank.id, amount: '1000000', date: '2026-03-01' })
    .expect(201);
  await http(service)
    .post(`/api/companies/${w.company.id}/statement-rules`)
    .set(t())
    .send({ contains: 'frais tenue', accountCode: '6318' })
    .expect(201);
});
afterAll(async () => {
  await worker.close();
  await service.close();
});

async function defaultBank(): Promise<TreasuryAccount> {
  const list = (await http(service).get(`/api/companies/${w.company.id}/treasury-accounts`).set(t()).expect(200)).body as {
    items: TreasuryAccount[];
  };
  return list.items.find((a) => a.kind === 'bank' && a.isDefault) as TreasuryAccount;
}

describe('statement import', () => {
  let statement: StatementPreview;

  it('previews a CSV statement: lines, balances from the running balance, the rule’s account; nothing counts yet', async () => {
    statement = (await upload(MARCH).expect(201)).body as StatementPreview;
    expect(statement).toMatchObject({
      status: 'preview',
      source: 'csv',
      lineCount: 4,
      openingBalance: '1000000.00',
      closingBalance: '1165500.00',
      total: '165500.00',
      startDate: '2026-03-03',
      endDate: '2026-03-12',
      errors: [],
      warnings: [],
    });
    expect(statement.preview.map((l) => l.amount)).toEqual(['118000.00', '-25000.00', '-2500.00', '75000.00']);
    expect(statement.layout?.headers).toEqual(['Date', 'Libellé', 'Référence', 'Débit', 'Crédit', 'Solde']);
    expect((await statementPane()).totalItems).toBe(0);
  });

  it('confirms it once; the same file again is refused', async () => {
    const done = (await confirm(statement.id).expect(200)).body as StatementSummary;
    expect(done.status).toBe('confirmed');
    await confirm(statement.id).expect(409, { message: MESSAGES_STATEMENT.alreadyConfirmed });
    await upload(MARCH, 'encore.csv').expect(409, { message: MESSAGES_STATEMENT.alreadyImported });
    const pane = await statementPane();
    expect(pane.totalItems).toBe(4);
    expect(pane.totalAmount).toBe('165500.00');
    expect(pane.items.find((l) => l.label === 'FRAIS TENUE DE COMPTE')?.suggestedAccountCode).toBe('6318');
    const detail = (await http(service).get(`${accountUrl()}/statements/${statement.id}`).set(t()).expect(200)).body as StatementDetail;
    expect(detail.items.map((l) => [l.date, l.amount, l.matched])).toEqual([
      ['2026-03-03', '118000.00', false],
      ['2026-03-05', '-25000.00', false],
      ['2026-03-10', '-2500.00', false],
      ['2026-03-12', '75000.00', false],
    ]);
  });

  it('shows the gap when the next statement does not open on the previous closing, and per-line errors block the confirmation', async () => {
    const april = ['Date;Libellé;Montant;Solde', '02/04/2026;VIR RECU;10 000;1 170 000', '03/04/2026;FRAIS;-500;1 169 500'].join('\n');
    const res = (await upload(april, 'avril.csv').expect(201)).body as StatementPreview;
    expect(res).toMatchObject({
      openingBalance: '1160000.00',
      closingBalance: '1169500.00',
      previousClosingBalance: '1165500.00',
      gap: '-5500.00',
    });
    expect(res.warnings).toEqual([MESSAGES_STATEMENT.gap('1\u00a0165\u00a0500\u00a0XOF', '1\u00a0160\u00a0000\u00a0XOF')]);
    const wrong = (await upload(`${april}\n31/02/2026;LIGNE FAUSSE;abc;0`, 'avril-faux.csv').expect(201)).body as StatementPreview;
    expect(wrong.errorCount).toBe(1);
    expect(wrong.errors[0]).toMatchObject({ line: 4 });
    await confirm(wrong.id).expect(409, { message: MESSAGES_STATEMENT.hasErrors });
  });

  it('refuses what is not a statement with a French 4xx', async () => {
    await upload('%PDF-1.4 not a statement').expect(415, { message: MESSAGES_STATEMENT.notStatement });
    await upload('').expect(422);
    await http(service).post(`${accountUrl()}/statements`).set(t()).send({ a: 1 }).expect(400);
  });

  it('takes lines typed in by hand, and deletes them while unmatched', async () => {
    const line = (
      await http(service)
        .post(`${accountUrl()}/statement-lines`)
        .set(t())
        .send({ date: '2026-03-20', label: 'Dépôt espèces', amount: '-1 000' })
        .expect(400)
    ).body as { issues: { path: string }[] };
    expect(line.issues[0].path).toBe('amount');
    const manual = (
      await http(service)
        .post(`${accountUrl()}/statement-lines`)
        .set(t())
        .send({ date: '2026-03-20', label: 'Intérêts créditeurs', amount: '150' })
        .expect(201)
    ).body as StatementLine;
    expect(manual).toMatchObject({ amount: '150.00', manual: true, matched: false });
    await http(service).delete(`${accountUrl()}/statement-lines/${manual.id}`).set(t()).expect(204);
    const fromFile = (await statementPane()).items[0];
    await http(service)
      .delete(`${accountUrl()}/statement-lines/${fromFile.id}`)
      .set(t())
      .expect(409, { message: MESSAGES_STATEMENT.onlyManualDeleted });
  });
});

describe('matching', () => {
  it('matches automatically what has one good candidate (one payment, a deposit of two cheques), proposes none twice, and a rerun changes nothing', async () => {
    const invoice = await validatedInvoice(service, w.company.id, invoicePayload(w, { date: '2026-03-01' }));
    expect(invoice.total).toBe('118000.00');
    await payOk(service, w.company.id, {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: '118000',
      date: '2026-03-02',
      method: undefined,
      treasuryAccountId: bank.id,
    });
    const expense = (amount: string, date: string, notes: string) =>
      payOk(service, w.company.id, { type: 'expense', amount, date, notes, method: undefined, treasuryAccountId: bank.id });
    await expense('25000', '2026-03-04', 'Senelec');
    expect((await ledgerPane()).totalItems).toBe(3); // the transfer in, the payment, Senelec
    const first = await autoMatchDone();
    expect(first).toMatchObject({ state: 'completed', matched: 2 });
    const again = await autoMatchDone();
    expect(again).toMatchObject({ state: 'completed', matched: 0 });
    const matched = await statementPane({ status: 'matched' });
    expect(matched.items.map((l) => l.amount).sort()).toEqual(['-25000.00', '118000.00']);
  });

  it('refuses a manual match of unequal sums, of a matched line, of lines of another account', async () => {
    const [fee] = (await statementPane({ search: 'frais' })).items;
    const ledger = (await ledgerPane()).items;
    const transferIn = ledger.find((l) => l.amount === '1000000.00');
    expect(transferIn).toBeDefined();
    const res = await reconcile([fee.id], [transferIn?.id ?? '']).expect(400);
    expect(res.body).toEqual({ message: MESSAGES_RECONCILIATION.sumsDiffer('-2\u00a0500\u00a0XOF', '1\u00a0000\u00a0000\u00a0XOF') });
    const [done] = (await statementPane({ status: 'matched' })).items;
    await reconcile([done.id], [transferIn?.id ?? '']).expect(409);
    // Another company's line is a 404.
    await reconcile([fee.id], [transferIn?.id ?? ''], other.company.id).expect(404);
  });

  it('creates the missing bank fee from its statement line (the rule’s account), already matched', async () => {
    const [fee] = (await statementPane({ search: 'frais' })).items;
    const created = (
      await http(service)
        .post(`/api/companies/${w.company.id}/statement-lines/${fee.id}/create-entry`)
        .set(t())
        .send({ kind: 'fee' })
        .expect(201)
    ).body as CreatedFromLine;
    expect(created.reconciliationId).toBeTruthy();
    const lines = await entryLines(service, created.entryId);
    expect(lines.journal).toBe(bank.journal);
    expect(lines.lines.map((l) => [l[0], l[1], l[2]])).toEqual([
      ['6318', '2500.00', '0.00'],
      [bank.accountCode, '0.00', '2500.00'],
    ]);
    await http(service)
      .post(`/api/companies/${w.company.id}/statement-lines/${fee.id}/create-entry`)
      .set(t())
      .send({ kind: 'fee' })
      .expect(409, { message: MESSAGES_RECONCILIATION.lineAlreadyMatched });
  });

  it('ties the état de rapprochement: what is left on each side explains the difference of the balances', async () => {
    const r = await report('2026-03-31');
    expect(r.statementBalance).toBe('1165500.00');
    expect(r.unmatchedStatementLines.map((l) => l.amount)).toEqual(['75000.00']);
    // The transfer that brought the opening balance in is before the statement: its opening stands for it.
    expect(r.unmatchedLedgerLines).toEqual([]);
    expect(r.ledgerBalance).toBe('1090500.00');
    expect(r.statementReconciled).toBe('1090500.00');
    expect(r).toMatchObject({ ties: true, difference: '0.00' });
    // A day earlier, the ledger has what the statement has not yet (the fee booked on its date, the deposit not yet booked).
    const before = await report('2026-03-09');
    expect(before.ties).toBe(true);
  });

  it('a reconciled entry cannot be cancelled; unmatching is refused in a closed year', async () => {
    const [fee] = (await ledgerPane({ status: 'matched', search: 'frais' })).items;
    await http(service)
      .post(`/api/accounting-entries/${fee.entryId}/cancel`)
      .set(t())
      .expect(409, { message: MESSAGES_RECONCILIATION.entryReconciled });
    const [matched] = (await ledgerPane({ status: 'matched', search: 'senelec' })).items;
    const rec = matched.reconciliationId ?? '';
    await http(service).delete(`/api/companies/${other.company.id}/reconciliations/${rec}`).set(asTenant(other.company.id)).expect(404);
    await http(service).delete(`/api/companies/${w.company.id}/reconciliations/${rec}`).set(t()).expect(204);
    const again = (
      await reconcile(
        (await statementPane({ amount: '25000' })).items.map((l) => l.id),
        [matched.id],
      ).expect(201)
    ).body as Reconciliation;
    expect(again.amount).toBe('-25000.00');
    const [{ id: fy }] = await service.ctx.sequelize.query<{ id: string }>(
      `INSERT INTO accounting.fiscal_years (company_id, start_date, end_date, status, closed_at)
       VALUES ($1, '2026-01-01', '2026-12-31', 'closed', now()) RETURNING id`,
      { bind: [w.company.id], type: QueryTypes.SELECT },
    );
    await http(service)
      .delete(`/api/companies/${w.company.id}/reconciliations/${again.id}`)
      .set(t())
      .expect(409, { message: MESSAGES_RECONCILIATION.closedYear });
    await service.ctx.sequelize.query('DELETE FROM accounting.fiscal_years WHERE id = $1', { bind: [fy] });
  });

  it('exports the état de rapprochement as PDF and XLSX', async () => {
    const pdf = await http(service).get(`${accountUrl()}/reconciliation`).query({ date: '2026-03-31', format: 'pdf' }).set(t()).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
    const xlsx = await http(service)
      .get(`${accountUrl()}/reconciliation`)
      .query({ date: '2026-03-31', format: 'xlsx' })
      .set(t())
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it("another company's account, statement and lines are 404s", async () => {
    await http(service)
      .get(`${accountUrl(otherBank)}/statement-lines`)
      .set(t())
      .expect(404);
    await http(service)
      .get(`${accountUrl(otherBank)}/ledger-lines`)
      .set(t())
      .expect(404);
    await http(service)
      .get(`${accountUrl(otherBank)}/reconciliation`)
      .query({ date: '2026-03-31' })
      .set(t())
      .expect(404);
    await http(service)
      .post(`${accountUrl(otherBank)}/auto-match`)
      .set(t())
      .send({})
      .expect(404);
    const [line] = (await statementPane()).items;
    await http(service)
      .get(`/api/companies/${other.company.id}/statement-lines/${line.id}/candidates`)
      .set(asTenant(other.company.id))
      .expect(404);
  });
});
