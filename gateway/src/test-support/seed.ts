// Test helpers: one object of each kind created through the gateway, as a user would, so the
// generated tenancy and bad-input tests call every route with real ids.
import { randomUUID } from 'node:crypto';
import type { Agent, SignedIn } from './stack';

export interface Call {
  status: number;
  body: unknown;
}

/** One JSON call through the gateway (the agent carries the session cookie). */
export async function call(agent: Agent, method: string, url: string, body?: unknown, ip = '10.99.0.1'): Promise<Call> {
  // X-Requested-With: a scripted call for the CSRF check, even without a JSON body.
  let req = agent[method.toLowerCase() as 'get'](url).set('X-Forwarded-For', ip).set('X-Requested-With', 'XMLHttpRequest');
  if (body !== undefined) req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
  const res = await req;
  return { status: res.status, body: res.body as unknown };
}

async function ok<T = Record<string, unknown>>(agent: Agent, method: string, url: string, body?: unknown): Promise<T> {
  const res = await call(agent, method, url, body);
  if (res.status >= 300) throw new Error(`seed: ${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

const idOf = (v: unknown) => (v as { id: string }).id;

/** A valid body per write route (`METHOD path` as discovered), built from the seeded ids. */
export type ValidBodies = Record<string, unknown>;

export interface Seeded {
  /** Ids by kind: invoice, payment, entry, employee, room… */
  ids: Record<string, string>;
  /** Valid bodies of the write routes, keyed `METHOD /api/...path`. */
  bodies: ValidBodies;
}

/**
 * Every sector module on, the chart, third parties, stock, an invoice (draft and validated),
 * a payment, an entry, an import, an investment with its plan, a loan, an employee, a payslip,
 * a payroll generation, and one object of each sector module.
 */
export async function seedCompany(user: SignedIn): Promise<Seeded> {
  const { agent, companyId } = user;
  const c = `/api/companies/${companyId}`;
  const ids: Record<string, string> = {};
  const bodies: ValidBodies = {};
  const date = '2026-03-10';

  await ok(agent, 'PUT', `${c}/modules`, { modules: ['restaurant', 'transformation', 'hotel', 'services'] });
  await ok(agent, 'POST', `${c}/generate-chart`, {});
  // The whole chart in one page (the largest page of the accounts list).
  const chart = await ok<{ items: { code: string; id: string }[] }>(agent, 'GET', `${c}/accounts?pageSize=1000`);
  const accounts = new Map(chart.items.map((a) => [a.code, a.id]));
  const account = (code: string) => {
    const id = accounts.get(code);
    if (!id) throw new Error(`seed: account ${code} missing from the chart`);
    return id;
  };
  ids.account = account('521');

  const client = { type: 'client', name: 'Sonatel', code: `CLI-${randomUUID().slice(0, 6)}` };
  ids.client = idOf(await ok(agent, 'POST', `${c}/third-parties`, client));
  bodies['POST /api/companies/:companyId/third-parties'] = { ...client, code: '' };
  bodies['POST /api/companies/:companyId/accounts'] = { code: '52199', name: 'Banque test', type: 'asset', category: 'actif', level: 5 };
  ids.supplier = idOf(await ok(agent, 'POST', `${c}/third-parties`, { type: 'supplier', name: 'SIAGRO' }));
  ids.thirdParty = ids.client;

  const item = { name: 'Riz brisé', category: 'ingredient', unit: 'kg', unitCost: '450.00', currentStock: '100.000', minStock: '5.000' };
  ids.inventory = idOf(await ok(agent, 'POST', `${c}/inventory`, item));
  bodies['POST /api/companies/:companyId/inventory'] = item;
  bodies[`PUT /api/inventory/:id`] = { name: 'Riz brisé', category: 'ingredient', unit: 'kg', unitCost: '450.00', minStock: '5.000' };
  bodies['POST /api/companies/:companyId/inventory/:itemId/movements'] = { type: 'in', quantity: '2', reason: 'Achat' };
  bodies['PATCH /api/companies/:companyId/inventory/:itemId'] = { currentStock: '100.000' };

  const invoiceBody = (n: string) => ({
    invoice: { type: 'sale', number: n, thirdPartyId: ids.client, date, dueDate: '2026-04-10', paymentMethod: 'bank', vatRate: '18.00' },
    lines: [{ description: 'Prestation', quantity: '1', unitPrice: '100000.00', accountId: account('706') }],
  });
  ids.invoice = idOf(await ok(agent, 'POST', `${c}/invoices`, invoiceBody(`FV-T-${randomUUID().slice(0, 8)}`)));
  bodies['PUT /api/invoices/:id'] = invoiceBody(`FV-T-${randomUUID().slice(0, 8)}`);
  bodies['POST /api/companies/:companyId/invoices'] = invoiceBody(`FV-T-${randomUUID().slice(0, 8)}`);
  const validated = idOf(await ok(agent, 'POST', `${c}/invoices`, invoiceBody(`FV-T-${randomUUID().slice(0, 8)}`)));
  await ok(agent, 'PATCH', `/api/invoices/${validated}/validate`);
  ids.validatedInvoice = validated;
  const payment = {
    type: 'invoice_payment',
    invoiceId: validated,
    amount: '1000.00',
    date,
    method: 'cash',
    companyId,
    reference: 'Acompte',
  };
  ids.payment = idOf(await ok(agent, 'POST', '/api/payments', payment));
  bodies['POST /api/payments'] = payment;
  // A credit note of 1 F on the validated invoice (set against its balance: nothing left to refund).
  const creditNote = { reason: 'Remise commerciale', amount: '1.00' };
  ids.creditNote = idOf(await ok(agent, 'POST', `/api/invoices/${validated}/credit-notes`, creditNote));
  bodies['POST /api/invoices/:invoiceId/credit-notes'] = creditNote;
  bodies['POST /api/credit-notes/:creditNoteId/refund'] = { method: 'cash', amount: '1.00' };
  // A quote, sent (so that the role matrix's real calls without a body neither delete nor re-send it).
  const quote = {
    quote: { clientId: ids.client, date, validUntil: '2099-12-31', notes: 'Devis' },
    lines: [{ description: 'Prestation', quantity: '1', unitPrice: '1000' }],
  };
  ids.quote = idOf(await ok(agent, 'POST', `${c}/quotes`, quote));
  await ok(agent, 'POST', `/api/quotes/${ids.quote}/send`);
  bodies['POST /api/companies/:companyId/quotes'] = quote;
  bodies['PUT /api/quotes/:quoteId'] = quote;
  // A recurring invoice starting far ahead (nothing invoiced by the seed).
  const recurring = {
    clientId: ids.client,
    frequency: 'monthly',
    day: 5,
    startDate: '2099-01-01',
    lines: [{ description: 'Abonnement', quantity: '1', unitPrice: '1000' }],
  };
  ids.recurringInvoice = idOf(await ok(agent, 'POST', `${c}/recurring-invoices`, recurring));
  bodies['POST /api/companies/:companyId/recurring-invoices'] = recurring;
  bodies['PUT /api/recurring-invoices/:recurringId'] = recurring;
  // A reminder of the validated invoice (overdue since April), and the levels as the settings dialog sends them.
  const reminder = { thirdPartyId: ids.client, level: 1 };
  ids.reminder = idOf(await ok(agent, 'POST', `${c}/reminders`, reminder));
  bodies['POST /api/companies/:companyId/reminders'] = reminder;
  bodies['PATCH /api/companies/:companyId/accounts/:accountId/lettrable'] = { lettrable: true };
  bodies['PUT /api/companies/:companyId/tax-settings'] = {
    ninea: '005123456',
    rccm: null,
    regime: 'reel_normal',
    vatPeriodicity: 'monthly',
  };
  // VAT: a code of the company's own; a return declared for a past month with nothing else in it (the lock spares the rest).
  bodies['POST /api/companies/:companyId/vat-codes'] = { code: 'TVA7', label: 'Taux 7 %', rate: '7', kind: 'taxable' };
  ids.vatReturn = idOf(await ok(agent, 'POST', `${c}/vat-returns`, { period: '2025-06', filedOn: '2025-07-15', reference: 'DGID-0625' }));
  bodies['POST /api/companies/:companyId/vat-returns'] = { period: '2025-05', filedOn: '2025-06-14', reference: 'DGID-0525' };
  ids.withholdingStatement = idOf(await ok(agent, 'POST', `${c}/withholding-statements`, { period: '2025-06', filedOn: '2025-07-15' }));
  bodies['POST /api/companies/:companyId/withholding-statements'] = { period: '2025-05', filedOn: '2025-06-14', reference: 'BRS-0525' };
  bodies['PUT /api/companies/:companyId/reminder-levels'] = {
    levels: [
      { level: 1, name: 'Relance amiable', delayDays: 7, body: 'Madame, Monsieur, {total} restent dus.', fee: null, interestRate: null },
    ],
  };
  // Lettrage: the validated invoice's and its payment's 411 lines are lettered (partially) by the payment: one code to address.
  const entryLines = async (entryId: string) =>
    (await ok<{ lines: { id: string; letteringCode?: string | null }[] }>(agent, 'GET', `/api/accounting-entries/${entryId}`)).lines;
  const validatedEntry = (await ok<{ entryId: string }>(agent, 'GET', `/api/invoices/${validated}`)).entryId;
  const lettered = (await entryLines(validatedEntry)).find((l) => l.letteringCode);
  if (!lettered?.letteringCode) throw new Error('seed: the payment lettered nothing');
  ids.lettering = lettered.letteringCode;
  bodies['POST /api/companies/:companyId/letterings'] = { lineIds: [randomUUID(), randomUUID()], partial: true };

  // Treasury accounts: a second bank (5211, BQ2); transfers between it and the cash box.
  ids.treasuryAccount = idOf(await ok(agent, 'POST', `${c}/treasury-accounts`, { kind: 'bank', name: 'CBAO Plateau', bankName: 'CBAO' }));
  bodies['POST /api/companies/:companyId/treasury-accounts'] = { kind: 'cash', name: 'Caisse Saly' };
  const treasury = await ok<{ items: { id: string; kind: string }[] }>(agent, 'GET', `${c}/treasury-accounts`);
  bodies['POST /api/companies/:companyId/treasury-transfers'] = {
    fromAccountId: ids.treasuryAccount,
    toAccountId: treasury.items.find((t) => t.kind === 'cash')?.id,
    amount: '10.00',
    date,
  };

  // Statements and reconciliation (issue 28): a previewed statement, a manual line matched with the transfer's 5211 line,
  // an unmatched one, a labelling rule and an automatic matching job.
  const bank = `${c}/treasury-accounts/${ids.treasuryAccount}`;
  const statement = await agent
    .post(`${bank}/statements?fileName=releve.csv`)
    .set('X-Forwarded-For', '10.99.0.1')
    .set('X-Requested-With', 'XMLHttpRequest')
    .set('Content-Type', 'text/csv')
    .send(`Date;Libellé;Montant\n${date.split('-').reverse().join('/')};Virement;-10,00\n`);
  ids.statement = statement.status < 300 ? idOf(statement.body) : '';
  if (!ids.statement) throw new Error(`seed: statement → ${statement.status} ${JSON.stringify(statement.body)}`);
  await ok(agent, 'POST', `${c}/treasury-transfers`, bodies['POST /api/companies/:companyId/treasury-transfers']);
  const manualLine = { date, label: 'Virement interne', amount: '-10.00' };
  const matchedLine = idOf(await ok(agent, 'POST', `${bank}/statement-lines`, manualLine));
  bodies['POST /api/companies/:companyId/treasury-accounts/:accountId/statement-lines'] = manualLine;
  ids.statementLine = idOf(await ok(agent, 'POST', `${bank}/statement-lines`, { date, label: 'Frais de tenue', amount: '-5.00' }));
  const ledger = await ok<{ items: { id: string }[] }>(agent, 'GET', `${bank}/ledger-lines`);
  ids.ledgerLine = ledger.items[0].id;
  ids.reconciliation = idOf(
    await ok(agent, 'POST', `${c}/reconciliations`, { statementLineIds: [matchedLine], entryLineIds: [ids.ledgerLine] }),
  );
  bodies['POST /api/companies/:companyId/statement-lines/:lineId/create-entry'] = { kind: 'fee' };
  bodies['POST /api/companies/:companyId/treasury-accounts/:accountId/auto-match'] = {};
  const rule = { contains: 'FRAIS DE TENUE', accountCode: '6318' };
  ids.statementRule = idOf(await ok(agent, 'POST', `${c}/statement-rules`, rule));
  bodies['POST /api/companies/:companyId/statement-rules'] = { contains: 'WAVE FEES', accountCode: '6318' };
  bodies['PUT /api/companies/:companyId/statement-rules/:ruleId'] = rule;
  ids.autoMatchJob = (await ok<{ jobId: string }>(agent, 'POST', `${bank}/auto-match`, {})).jobId;

  const entry = (n: string) => ({
    entry: { number: n, journal: 'OD', date, description: 'Loyer', reference: '', total: '0' },
    lines: [
      { accountId: account('6222'), description: 'Loyer', debit: '1000.00', credit: '0.00' },
      { accountId: account('521'), description: 'Banque', debit: '0.00', credit: '1000.00' },
    ],
  });
  ids.entry = idOf(await ok(agent, 'POST', `${c}/accounting-entries`, entry(`OD-T-${randomUUID().slice(0, 8)}`)));
  bodies['PUT /api/accounting-entries/:id'] = entry(`OD-T-${randomUUID().slice(0, 8)}`);
  bodies['POST /api/companies/:companyId/accounting-entries'] = entry(`OD-T-${randomUUID().slice(0, 8)}`);

  const piece = randomUUID().slice(0, 8);
  const csv = `Date;Journal;N° pièce;Compte;Libellé;Débit;Crédit\n10/03/2026;OD;${piece};6222;Loyer;1000;\n10/03/2026;OD;${piece};521;Loyer;;1000\n`;
  const upload = await agent
    .post(`${c}/entry-imports?kind=entries&fileName=import.csv`)
    .set('X-Forwarded-For', '10.99.0.1')
    .set('X-Requested-With', 'XMLHttpRequest')
    .set('Content-Type', 'text/csv')
    .send(csv);
  ids.entryImport = upload.status < 300 ? idOf(upload.body) : '';
  if (!ids.entryImport) throw new Error(`seed: entry import → ${upload.status} ${JSON.stringify(upload.body)}`);
  bodies['POST /api/companies/:companyId/entry-imports/:id/run'] = { validate: false };

  // A Grand livre export (a job): its status and file routes are addressed by its id.
  const ledgerExport = { from: '2026-01-01', to: '2026-12-31', format: 'xlsx' };
  ids.ledgerExport = idOf(await ok(agent, 'POST', `${c}/reports/general-ledger/exports`, ledgerExport));
  bodies['POST /api/companies/:companyId/reports/general-ledger/exports'] = ledgerExport;

  const investment = {
    name: 'Photocopieur',
    category: 'material',
    purchaseDate: date,
    purchasePrice: '1000000',
    depreciationMethod: 'linear',
    depreciationRate: '20',
    usefulLife: 5,
    residualValue: '0',
    currentValue: '1000000',
  };
  ids.investment = idOf(await ok(agent, 'POST', `${c}/investments`, investment));
  bodies['PUT /api/investments/:id'] = investment;
  bodies['POST /api/companies/:companyId/investments'] = investment;
  for (let i = 0; i < 100 && !ids.depreciationRow; i++) {
    const inv = await ok<{ depreciationSchedules?: { id: string }[] }>(agent, 'GET', `/api/investments/${ids.investment}`);
    const row = inv.depreciationSchedules?.[0];
    if (row) ids.depreciationRow = row.id;
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!ids.depreciationRow) throw new Error('seed: the depreciation plan was not computed');

  const loan = {
    lender: 'CBAO',
    amount: '1200000',
    interestRate: '12',
    startDate: '2026-01-15',
    endDate: '2026-07-15',
    paymentFrequency: 'monthly',
    remainingBalance: '1200000',
  };
  ids.loan = idOf(await ok(agent, 'POST', `${c}/loans`, loan));
  bodies['POST /api/companies/:companyId/loans'] = loan;

  const employee = {
    employeeNumber: `M-${randomUUID().slice(0, 8)}`,
    firstName: 'Awa',
    lastName: 'Ndiaye',
    position: 'Comptable',
    hireDate: '2024-01-15',
    salary: '350000',
  };
  ids.employee = idOf(await ok(agent, 'POST', `${c}/employees`, employee));
  bodies['PUT /api/employees/:id'] = { ...employee, employeeNumber: `M-${randomUUID().slice(0, 8)}` };
  bodies['POST /api/companies/:companyId/employees'] = { ...employee, employeeNumber: `M-${randomUUID().slice(0, 8)}` };
  bodies['PATCH /api/employees/:id/status'] = { status: 'active' };
  ids.payslip = idOf(await ok(agent, 'POST', `${c}/payrolls`, { employeeId: ids.employee, period: '2026-02', baseSalary: '350000' }));
  bodies['PATCH /api/payrolls/:id/pay'] = { paymentDate: '2026-03-01', paymentMethod: 'cash' };
  bodies['POST /api/companies/:companyId/payrolls'] = { employeeId: ids.employee, period: '2025-12', baseSalary: '350000' };
  bodies['POST /api/companies/:companyId/payrolls/generate'] = { period: '2026-01' };
  // Validated slips of two past months: one declared of each kind, the other left to declare.
  for (const period of ['2025-10', '2025-11']) {
    const slip = idOf(await ok(agent, 'POST', `${c}/payrolls`, { employeeId: ids.employee, period, baseSalary: '350000' }));
    await ok(agent, 'PATCH', `/api/payrolls/${slip}/validate`);
  }
  ids.socialDeclaration = idOf(await ok(agent, 'POST', `${c}/social-declarations`, { period: '2025-11', filedOn: '2025-12-10' }));
  bodies['POST /api/companies/:companyId/social-declarations'] = { period: '2025-10', filedOn: '2025-11-10' };
  ids.salaryTaxStatement = idOf(await ok(agent, 'POST', `${c}/salary-tax-statements`, { period: '2025-11', filedOn: '2025-12-15' }));
  bodies['POST /api/companies/:companyId/salary-tax-statements'] = { period: '2025-10', filedOn: '2025-11-15' };
  bodies['POST /api/companies/:companyId/social-declarations/:declarationId/payments'] = { paymentDate: '2025-12-12' };
  bodies['POST /api/companies/:companyId/salary-tax-statements/:declarationId/payments'] = { paymentDate: '2025-12-15' };
  ids.leave = idOf(
    await ok(agent, 'POST', `${c}/leaves`, { employeeId: ids.employee, kind: 'sick', startDate: '2026-05-04', endDate: '2026-05-05' }),
  );
  bodies['POST /api/companies/:companyId/leaves'] = {
    employeeId: ids.employee,
    kind: 'paid',
    startDate: '2026-06-01',
    endDate: '2026-06-02',
  };
  bodies['POST /api/companies/:companyId/payrolls/transfers'] = {
    period: '2025-11',
    paymentDate: '2025-12-01',
    treasuryAccountId: ids.treasuryAccount,
  };
  ids.payrollJob = (await ok<{ jobId: string }>(agent, 'POST', `${c}/payrolls/generate`, { period: '2026-01' })).jobId;
  // Its drafts are written by the worker: wait, so that nothing is written behind the tests' backs.
  for (let i = 0; i < 100; i++) {
    const job = await ok<{ state: string }>(agent, 'GET', `${c}/payrolls/generate/${ids.payrollJob}`);
    if (job.state === 'completed' || job.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // Sector modules.
  const rawMaterial = { name: 'Farine', category: 'ingredient', unit: 'kg', unitCost: '500.00', currentStock: '100.000' };
  ids.rawMaterial = idOf(await ok(agent, 'POST', `${c}/raw-materials`, rawMaterial));
  bodies['PUT /api/companies/:companyId/raw-materials/:id'] = rawMaterial;
  bodies['POST /api/companies/:companyId/raw-materials'] = rawMaterial;
  const product = {
    name: 'Pain',
    unit: 'pcs',
    sellingPrice: '150.00',
    billOfMaterials: [{ rawMaterialId: ids.rawMaterial, quantity: '0.1' }],
  };
  ids.finishedProduct = idOf(await ok(agent, 'POST', `${c}/finished-products`, product));
  bodies['PUT /api/companies/:companyId/finished-products/:id'] = { ...product, billOfMaterials: [] };
  bodies['POST /api/companies/:companyId/finished-products'] = product;
  bodies['POST /api/companies/:companyId/production-orders'] = { finishedProductId: ids.finishedProduct, quantityToProduce: 10 };
  ids.productionOrder = idOf(
    await ok(agent, 'POST', `${c}/production-orders`, { finishedProductId: ids.finishedProduct, quantityToProduce: 10 }),
  );
  bodies['POST /api/companies/:companyId/production-orders/:id/complete'] = { quantityProduced: '1' };

  const recipe = {
    name: 'Thiéboudienne',
    sellingPrice: '3500.00',
    ingredients: [{ inventoryItemId: ids.inventory, quantity: '0.2', unit: 'kg' }],
  };
  ids.recipe = idOf(await ok(agent, 'POST', `${c}/recipes`, recipe));
  bodies['PUT /api/companies/:companyId/recipes/:id'] = recipe;
  bodies['POST /api/companies/:companyId/recipes'] = recipe;
  bodies['POST /api/companies/:companyId/recipes/:id/serve'] = { quantity: 1 };
  const menu = { name: 'Menu du jour', items: [{ recipeId: ids.recipe, name: 'Thiéboudienne', price: '3500.00' }] };
  ids.menu = idOf(await ok(agent, 'POST', `${c}/menus`, menu));
  bodies['PUT /api/companies/:companyId/menus/:id'] = menu;
  bodies['POST /api/companies/:companyId/menus'] = menu;

  const project = { name: 'Audit', clientId: ids.client, startDate: '2026-01-05', hourlyRate: '10000.00', status: 'active' };
  ids.project = idOf(await ok(agent, 'POST', `${c}/projects`, project));
  bodies['PUT /api/companies/:companyId/projects/:id'] = project;
  bodies['POST /api/companies/:companyId/projects'] = project;
  const timesheet = { employeeId: ids.employee, projectId: ids.project, date, startTime: '08:00', endTime: '12:00' };
  ids.timesheet = idOf(await ok(agent, 'POST', `${c}/timesheets`, timesheet));
  bodies['POST /api/companies/:companyId/timesheets'] = timesheet;

  const room = { roomNumber: `${Math.floor(Math.random() * 900) + 100}`, pricePerNight: '25000.00' };
  ids.room = idOf(await ok(agent, 'POST', `${c}/rooms`, room));
  bodies['PUT /api/companies/:companyId/rooms/:id'] = room;
  bodies['POST /api/companies/:companyId/rooms'] = { ...room, roomNumber: `${room.roomNumber}B` };
  const reservation = { roomId: ids.room, guestName: 'Moussa Diop', checkInDate: '2026-05-01', checkOutDate: '2026-05-03' };
  ids.reservation = idOf(await ok(agent, 'POST', `${c}/reservations`, reservation));
  bodies['POST /api/companies/:companyId/reservations'] = { ...reservation, checkInDate: '2026-06-01', checkOutDate: '2026-06-02' };

  return { ids, bodies };
}

/** A few objects of the other company, whose ids the bad-input test slips into the first one's bodies. */
export async function seedOtherCompany(user: SignedIn): Promise<Record<string, string>> {
  const { agent, companyId } = user;
  const c = `/api/companies/${companyId}`;
  await ok(agent, 'POST', `${c}/generate-chart`, {});
  const account = idOf((await ok<{ items: unknown[] }>(agent, 'GET', `${c}/accounts?pageSize=1`)).items[0]);
  const thirdParty = idOf(await ok(agent, 'POST', `${c}/third-parties`, { type: 'client', name: 'Autre client' }));
  const item = { name: 'Sel', category: 'ingredient', unit: 'kg', unitCost: '100.00' };
  const inventory = idOf(await ok(agent, 'POST', `${c}/inventory`, item));
  const employee = idOf(
    await ok(agent, 'POST', `${c}/employees`, {
      employeeNumber: `M-${randomUUID().slice(0, 8)}`,
      firstName: 'Moussa',
      lastName: 'Sow',
      position: 'Serveur',
      hireDate: '2024-01-15',
      salary: '150000',
    }),
  );
  const treasury = (await ok<{ items: { id: string }[] }>(agent, 'GET', `${c}/treasury-accounts`)).items;
  return {
    any: thirdParty,
    treasuryAccountId: treasury[0].id,
    fromAccountId: treasury[0].id,
    toAccountId: treasury[1].id,
    accountId: account,
    parentAccountId: account,
    thirdPartyId: thirdParty,
    clientId: thirdParty,
    supplierId: thirdParty,
    inventoryItemId: inventory,
    employeeId: employee,
  };
}
