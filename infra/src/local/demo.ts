// `npm run demo`: a demo restaurant with months of realistic activity, created
// through the public API exactly as a user would (register, chart, third parties,
// stock, invoices validated and paid, monthly expenses), so every figure in the
// app comes from real postings. Deterministic (seeded), and idempotent: when the
// demo user exists, nothing is created again.
import {
  MAX_ACCOUNTS_PAGE_SIZE,
  type AccountListResponse,
  type Investment,
  type Invoice,
  type InventoryItem,
  type Loan,
  type PayslipList,
  type ThirdParty,
  type TreasuryAccount,
  type TreasuryAccountList,
} from '@xaalis/contracts';
import { ROUND_DOWN, abs, compare, dec, deriveDepreciationRate, isPositive, money, sub } from '@xaalis/domain';
import { Api, addDays, iso, minDate, random } from './demo-api';
import { seedFirm } from './demo-firm';
import { payrollDemo } from './demo-payroll';
import { seedSalesCycle } from './demo-sales';
import { seedTaxReturns } from './demo-vat';
import { seedStatements, statementPeriods } from './demo-statements';

export const DEMO_CREDENTIALS = { username: 'demo', password: 'teranga2026' } as const;

export interface DemoOptions {
  /** Months of activity, ending with the current month (default 12). */
  months?: number;
  /** Sale invoices per month (default 12). */
  salesPerMonth?: number;
  log?: (message: string) => void;
}

export interface DemoResult {
  created: boolean;
  companyId: string;
  invoices: number;
  payments: number;
  payslips: number;
  closedYears: number;
  /** Bank, Wave and Orange Money statements imported (and reconciled). */
  statements: number;
  /** Quotes, credit notes and reminders made (issue 29); their invoices count in `invoices`. */
  salesDocuments: number;
  /** Payroll declarations filed (salary tax monthly, IPRES and CSS quarterly; the last ended quarter is left to file). */
  payrollDeclarations: number;
  /** VAT returns declared (the last complete month is left to declare). */
  vatReturns: number;
  /** Bordereaux de retenue à la source filed. */
  withholdingStatements: number;
}

const CLIENTS = [
  { name: 'Sonatel', code: 'CLI-SONATEL', paymentTerms: 30 },
  { name: 'Hôtel Terrou-Bi', code: 'CLI-TERROUBI', paymentTerms: 30 },
  { name: 'Ambassade du Canada', code: 'CLI-AMBCAN', paymentTerms: 45 },
  { name: 'Wave Sénégal', code: 'CLI-WAVE', paymentTerms: 15 },
  { name: 'Clients comptoir', code: 'CLI-COMPTOIR', paymentTerms: 0 },
];
const SUPPLIERS = [
  { name: 'Marché Kermel - Fatou Sarr', code: 'FRS-KERMEL', paymentTerms: 0 },
  { name: 'SIAGRO Distribution', code: 'FRS-SIAGRO', paymentTerms: 30 },
  { name: 'Kirène Boissons', code: 'FRS-KIRENE', paymentTerms: 30 },
];
/**
 * [name, category, unit, the item's unit cost, supplier price, account of purchases].
 * A product line of an invoice is priced at the item's unit cost (the dialog shows
 * it read-only), so drinks, sold as products, carry their selling price there and
 * are bought on free lines at the supplier's price; ingredients are bought as
 * products and leave the stock as kitchen consumption.
 */
const ITEMS = [
  ['Jus de bissap 1 L', 'beverage', 'pcs', '1500.00', '600.00', '6016'],
  ['Jus de bouye 1 L', 'beverage', 'pcs', '1500.00', '700.00', '6016'],
  ['Eau Kirène 1,5 L', 'beverage', 'pcs', '700.00', '300.00', '6016'],
  ['Riz brisé parfumé', 'ingredient', 'kg', '450.00', '450.00', '6026'],
  ['Poisson thiof', 'ingredient', 'kg', '3500.00', '3500.00', '6026'],
] as const;
/** Meals and catering, sold without stock: [description, price, account]. */
const DISHES = [
  ['Thiéboudienne (plat)', '3500.00', '7026'],
  ['Yassa poulet (plat)', '3000.00', '7026'],
  ['Mafé bœuf (plat)', '3000.00', '7026'],
  ['Menu du jour', '2500.00', '7026'],
] as const;
const CATERING = [
  ['Buffet séminaire (par personne)', '12000.00', '7066'],
  ['Cocktail dînatoire (par personne)', '9000.00', '7066'],
  ['Pause-café (par personne)', '3500.00', '7066'],
] as const;
/** Monthly expenses paid directly: [account, description, amount, method]. */
const MONTHLY_EXPENSES = [
  ['6222', 'Loyer du restaurant - Almadies', '450000.00', 'bank'],
  ['6052', 'Facture SENELEC', '85000.00', 'orange'],
  ['6051', 'Facture SEN’EAU', '32000.00', 'orange'],
  ['6281', 'Forfait téléphone et internet', '25000.00', 'bank'],
] as const;
/** The Wave wallet's float, kept by internal transfers with the bank at each month's end: brought back to `target` below `min` or above `max`. */
const WAVE_FLOAT = { target: '750000.00', min: '600000.00', max: '1000000.00' } as const;
/** The restaurant's fixed assets, bought when it opened: [name, category, account, price, method, life, months after the opening]. */
const INVESTMENTS = [
  ['Équipement de cuisine (fourneaux, chambre froide, hotte)', 'material', '241', '6500000.00', 'declining', 5, 0],
  ['Mobilier de salle (tables, chaises, comptoir)', 'material', '2444', '2400000.00', 'linear', 10, 0],
  ['Logiciel de caisse et de réservation', 'immaterial', '213', '900000.00', 'linear', 3, 0],
  ['Scooter de livraison Yamaha', 'material', '245', '1350000.00', 'linear', 4, 3],
] as const;
/**
 * The staff, paid monthly by payslips the product computes: [first name, last name, position, department, salary, cadre,
 * marital status, children]. All but the last are paid by bank transfer; she has no bank account and is paid by Wave.
 */
const EMPLOYEES = [
  ['Awa', 'Ndiaye', 'Gérante', 'Direction', '450000.00', true, 'married', 2],
  ['Moussa', 'Diop', 'Chef cuisinier', 'Cuisine', '320000.00', false, 'married', 3],
  ['Fatou', 'Sow', 'Cuisinière', 'Cuisine', '180000.00', false, 'single', 0],
  ['Ibrahima', 'Fall', 'Commis de cuisine', 'Cuisine', '110000.00', false, 'single', 0],
  ['Aminata', 'Ba', 'Serveuse', 'Salle', '120000.00', false, 'married', 1],
  ['Cheikh', 'Sarr', 'Serveur', 'Salle', '120000.00', false, 'single', 0],
  ['Ousmane', 'Gueye', 'Livreur', 'Livraison', '100000.00', false, 'married', 2],
  ['Mariama', 'Cissé', 'Plongeuse', 'Cuisine', '90000.00', false, 'single', 1],
] as const;

/** Creates the demo company unless the demo user already exists; returns what it did. */
export async function seedDemo(base: string, options: DemoOptions = {}): Promise<DemoResult> {
  const log = options.log ?? (() => {});
  const months = options.months ?? 12;
  const salesPerMonth = options.salesPerMonth ?? 12;
  const today = iso(new Date()); // UTC = Dakar time
  const api = new Api(base);

  // Registering first (rather than trying to sign in) keeps failed logins out of the rate limiter.
  const registered = await api.call(
    'POST',
    '/api/register',
    {
      ...DEMO_CREDENTIALS,
      email: 'demo@teranga-saveurs.sn',
      firstName: 'Awa',
      lastName: 'Ndiaye',
      companyName: 'Teranga Saveurs SARL',
      phone: '+221 33 820 45 67',
      address: 'Route des Almadies, Dakar',
      sector: 'restauration',
    },
    [201, 409],
  );
  if (registered.status === 409) {
    const user = await api.json<{ companyId: string }>('POST', '/api/login', DEMO_CREDENTIALS);
    return {
      created: false,
      companyId: user.companyId,
      invoices: 0,
      payments: 0,
      payslips: 0,
      closedYears: 0,
      statements: 0,
      salesDocuments: 0,
      payrollDeclarations: 0,
      vatReturns: 0,
      withholdingStatements: 0,
    };
  }
  log('Création de la société de démonstration…');
  const { companyId } = registered.body as { companyId: string };
  const c = `/api/companies/${companyId}`;
  const company = await api.json<Record<string, unknown>>('GET', c);
  await api.json('PUT', c, { ...company, registrationNumber: 'SN-DKR-2021-B-04512', taxNumber: '007845612 2G3' });
  await api.json('POST', `${c}/generate-chart`, {});
  // The whole chart in one page (the largest page of the accounts list).
  const chart = await api.json<AccountListResponse>('GET', `${c}/accounts?pageSize=${MAX_ACCOUNTS_PAGE_SIZE}`);
  const accounts = new Map(chart.items.map((a) => [a.code, a.id]));
  const account = (code: string) => {
    const id = accounts.get(code);
    if (!id) throw new Error(`compte ${code} absent du plan généré`);
    return id;
  };
  // Treasury: the default bank (521, journal BQ) and Orange Money wallet (552, MM), and a Wave
  // wallet of its own (5522, journal MM2) that takes counter sales and pays the fish market.
  const wave = await api.json<TreasuryAccount>('POST', `${c}/treasury-accounts`, {
    kind: 'mobile_money',
    name: 'Wave Business',
    provider: 'wave',
    walletNumber: '+221 77 645 12 30',
  });
  const treasuryAccounts = await api.json<TreasuryAccountList>('GET', `${c}/treasury-accounts`);
  const bankAccount = treasuryAccounts.items.find((a) => a.kind === 'bank' && a.isDefault);
  if (!bankAccount) throw new Error('compte bancaire par défaut absent');

  const clients: ThirdParty[] = [];
  for (const t of CLIENTS) clients.push(await api.json('POST', `${c}/third-parties`, { type: 'client', ...t }));
  const suppliers: ThirdParty[] = [];
  for (const t of SUPPLIERS) suppliers.push(await api.json('POST', `${c}/third-parties`, { type: 'supplier', ...t }));
  const items: InventoryItem[] = [];
  for (const [name, category, unit, unitCost] of ITEMS) {
    const supplierId = category === 'beverage' ? suppliers[2].id : suppliers[0].id;
    items.push(
      await api.json('POST', `${c}/inventory`, {
        name,
        category,
        unit,
        unitCost,
        currentStock: category === 'beverage' ? '100.000' : '0.000',
        minStock: '20.000',
        supplierId,
      }),
    );
  }

  const rand = random(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const methods = ['orange', 'orange', 'wave', 'bank', 'cash', 'cash'] as const;
  let invoices = 0;
  let payments = 0;
  let payslips = 0;
  let closedYears = 0;

  const createInvoice = async (
    type: 'sale' | 'service' | 'purchase',
    thirdPartyId: string,
    date: string,
    dueDays: number,
    lines: object[],
  ) => {
    const { number } = await api.json<{ number: string }>('GET', `${c}/invoices/next-number?type=${type}&date=${date}`);
    const draft = await api.json<Invoice>('POST', `${c}/invoices`, {
      invoice: { type, number, thirdPartyId, date, dueDate: addDays(date, dueDays), paymentMethod: 'bank', vatRate: '18.00' },
      lines,
    });
    const validated = await api.json<Invoice>('PATCH', `/api/invoices/${draft.id}/validate`);
    invoices++;
    return validated;
  };
  /** Pays by a method ('bank', 'orange', 'cash', 'check') or, for 'wave', into or out of the Wave wallet. */
  const pay = async (invoice: Invoice, amount: string, date: string, method: string) => {
    await api.json('POST', '/api/payments', {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount,
      date,
      ...(method === 'wave' ? { treasuryAccountId: wave.id } : { method }),
      companyId,
      reference: `Règlement ${invoice.number}`,
    });
    payments++;
  };

  // Everything is posted in date order, as a business would record it, so invoice
  // and entry numbers follow the calendar: events go into a queue and the earliest
  // (then the first queued) runs next; an invoice queues its own settlement.
  type Event = { date: string; seq: number; run: () => Promise<void> };
  const queue: Event[] = [];
  let seq = 0;
  const at = (date: string, run: () => Promise<void>) => {
    if (date <= today) queue.push({ date, seq: seq++, run });
  };
  const postEntry = async (
    date: string,
    description: string,
    lines: { code: string; debit?: string; credit?: string }[],
    reference?: string,
  ) => {
    const { number } = await api.json<{ number: string }>('GET', `${c}/accounting-entries/next-number?journal=BQ&date=${date}`);
    const entry = await api.json<{ id: string }>('POST', `${c}/accounting-entries`, {
      entry: { number, journal: 'BQ', date, description, reference },
      lines: lines.map((l) => ({ accountId: account(l.code), description, debit: l.debit ?? '0.00', credit: l.credit ?? '0.00' })),
    });
    await api.json('PATCH', `/api/accounting-entries/${entry.id}/validate`);
  };

  /** 'Virement interne' between two treasury accounts (two entries through 585 Virements de fonds). */
  const transfer = async (from: TreasuryAccount, to: TreasuryAccount, amount: string, date: string) => {
    await api.json('POST', `${c}/treasury-transfers`, {
      fromAccountId: from.id,
      toAccountId: to.id,
      amount,
      date,
      reference: `${to.id === wave.id ? 'APPRO' : 'REVERS'}-WAVE-${date.slice(0, 7)}`,
    });
  };

  const first = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`));
  first.setUTCMonth(first.getUTCMonth() - (months - 1));
  const firstYear = first.getUTCFullYear();
  const thisYear = Number(today.slice(0, 4));
  // The company was founded in January of the year before the first month of activity: the
  // partners' capital, the equipment and the bank loan date from then, so the earlier years carry
  // depreciation and instalments, and are closed.
  const founded = `${firstYear - 1}-01-02`;
  at(founded, () =>
    postEntry(
      founded,
      'Apport des associés en capital',
      [
        { code: '521', debit: '10000000.00' },
        { code: '101', credit: '10000000.00' },
      ],
      'STATUTS',
    ),
  );

  // The equipment loan: monthly instalments over three years, each paid on its due date but the last one due (overdue).
  at(founded, async () => {
    const loan = await api.json<Loan>('POST', `${c}/loans`, {
      lender: 'CBAO Groupe Attijariwafa bank',
      amount: '8000000.00',
      interestRate: '9.00',
      startDate: founded,
      endDate: `${firstYear + 2}-01-01`,
      paymentFrequency: 'monthly',
      treasuryAccount: '521',
    });
    const due = loan.payments.filter((p) => p.dueDate < today);
    for (const instalment of due.slice(0, -1))
      at(instalment.dueDate, async () => {
        await api.json('POST', '/api/payments', {
          type: 'loan_payment',
          loanPaymentId: instalment.id,
          amount: instalment.totalAmount,
          date: instalment.dueDate,
          method: 'bank',
          companyId,
          reference: `Échéance CBAO ${instalment.dueDate.slice(0, 7)}`,
        });
        payments++;
      });
  });

  // The fixed assets, each paid to its supplier (481) by bank the day it is bought.
  const investments: Investment[] = [];
  for (const [name, category, code, price, method, life, monthsLater] of INVESTMENTS) {
    const date = `${firstYear - 1}-${String(1 + monthsLater).padStart(2, '0')}-${monthsLater ? '15' : '02'}`;
    at(date, async () => {
      investments.push(
        await api.json<Investment>('POST', `${c}/investments`, {
          name,
          category,
          purchaseDate: date,
          purchasePrice: price,
          depreciationMethod: method,
          depreciationRate: deriveDepreciationRate(method, life),
          usefulLife: life,
          residualValue: '0',
          accountId: accounts.get(code) ?? null,
        }),
      );
      await postEntry(
        date,
        `Règlement fournisseur : ${name}`,
        [
          { code: '481', debit: price },
          { code: '521', credit: price },
        ],
        'IMMO',
      );
    });
  }
  /** Records every asset's depreciation of `year` ('Enregistrer la dotation'), once its plan is computed. */
  const recordDepreciations = async (year: number) => {
    for (const investment of investments) {
      const full = await api.until(
        `plan d'amortissement de ${investment.name}`,
        () => api.json<Investment>('GET', `/api/investments/${investment.id}`),
        (i) => i.planStatus !== 'computing',
      );
      for (const row of full.depreciationSchedules ?? [])
        if (row.label === String(year) && !row.isRecorded)
          await api.call('POST', `/api/investments/${investment.id}/depreciations/${row.id}/record`, {}, [200, 201, 409]);
    }
  };

  // The Wave wallet's first float, from the bank, before the month's first purchase at the market.
  at(iso(first), () => transfer(bankAccount, wave, WAVE_FLOAT.target, iso(first)));

  // The staff, hired when the restaurant opened to the public.
  const staff: string[] = [];
  at(iso(first), async () => {
    for (const [i, [firstName, lastName, position, department, salary, isCadre, maritalStatus, children]] of EMPLOYEES.entries()) {
      const employee = await api.json<{ id: string }>('POST', `${c}/employees`, {
        employeeNumber: `TS-${String(i + 1).padStart(3, '0')}`,
        firstName,
        lastName,
        position,
        department,
        hireDate: iso(first),
        salary,
        salaryType: 'monthly',
        isCadre,
        maritalStatus,
        children,
        phone: `+221 77 54${String(i).padStart(2, '0')} 1${i}2${i}`,
        bankAccount: i < EMPLOYEES.length - 1 ? `SN012 01001 ${String(36218450 + i * 7919).padStart(12, '0')} 2${i}` : null,
        ipresNumber: `IP-${String(81234 + i * 37).padStart(7, '0')}`,
        cssNumber: `CSS-${String(5123 + i * 41).padStart(6, '0')}`,
      });
      staff.push(employee.id);
    }
  });
  // Paid by transfer (Wave for the one without a bank account); declarations filed and paid by the 15th.
  const payroll = payrollDemo(api, companyId, { bankId: bankAccount.id, waveId: wave.id });
  const thisMonth = Number(today.slice(5, 7));
  const lastEndedQuarter =
    thisMonth > 3 ? `${today.slice(0, 4)}-Q${Math.floor((thisMonth - 1) / 3)}` : `${Number(today.slice(0, 4)) - 1}-Q4`;
  let payrollDeclarations = 0;
  // The latest month whose payroll runs (on the 28th) stays to be paid by the user's transfer.
  const latestPayroll = Number(today.slice(8, 10)) >= 28 ? today.slice(0, 7) : addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  /** Waits until the ledger holds every payslip of `year` and its payment (they are posted asynchronously). */
  const payrollPosted = (year: number) =>
    api.until(
      `comptabilisation de la paie ${year}`,
      () => api.json<PayslipList>('GET', `${c}/payrolls?year=${year}&pageSize=100`),
      (list) =>
        list.items.every(
          (p) =>
            p.status === 'draft' ||
            p.status === 'cancelled' ||
            (!p.postingPending && p.postedEntryNumber !== null && (p.status !== 'paid' || p.paymentEntryNumber !== null)),
        ),
    );

  // Each past year, on its last day (after everything else): its depreciation recorded, then 'Clôturer l'exercice'.
  for (let year = firstYear - 1; year < thisYear; year++)
    queue.push({
      date: `${year}-12-31`,
      seq: Number.MAX_SAFE_INTEGER,
      run: async () => {
        await recordDepreciations(year);
        await payrollPosted(year);
        const { jobId } = await api.json<{ jobId: string }>('POST', `${c}/fiscal-years/${year}-01-01/close`, {});
        await api.waitJob(`${c}/fiscal-years/jobs/${jobId}`);
        closedYears++;
        log(`Exercice ${year} clôturé.`);
      },
    });

  for (let m = 0; m < months; m++) {
    const monthStart = new Date(first);
    monthStart.setUTCMonth(first.getUTCMonth() + m);
    const ym = iso(monthStart).slice(0, 7);
    const day = (d: number) => `${ym}-${String(d).padStart(2, '0')}`;

    // Restocking: drinks and fresh produce, paid by bank at term or by Wave at the market.
    for (const [i, item] of items.entries()) {
      const [, , , , supplierPrice, purchaseAccount] = ITEMS[i];
      const drink = item.category === 'beverage';
      const supplier = drink ? suppliers[2] : i % 2 ? suppliers[1] : suppliers[0];
      const date = day(between(1, 5));
      const quantity = String(between(drink ? 150 : 80, drink ? 250 : 160));
      const line = { description: item.name, quantity, unitPrice: supplierPrice, accountId: account(purchaseAccount) };
      at(date, async () => {
        const invoice = await createInvoice('purchase', supplier.id, date, supplier.paymentTerms, [
          drink ? line : { ...line, inventoryItemId: item.id, useExistingProduct: true },
        ]);
        if (drink)
          await api.json('POST', `${c}/inventory/${item.id}/movements`, {
            type: 'in',
            quantity,
            reason: `Réception ${invoice.number}`,
            reference: invoice.number,
          });
        else
          await api.json('POST', `${c}/inventory/${item.id}/movements`, {
            type: 'out',
            quantity: String(Math.floor(Number(quantity) * 0.9)),
            reason: 'Consommation cuisine',
          });
        const due = addDays(date, supplier.paymentTerms);
        at(due, () => pay(invoice, invoice.total, due, supplier.paymentTerms === 0 ? 'wave' : 'bank'));
      });
    }

    // Sales: counter sales of meals and drinks, and catering for companies.
    for (let s = 0; s < salesPerMonth; s++) {
      const date = day(between(1, 28));
      const catering = rand() < 0.3;
      const client = catering ? pick(clients.slice(0, 4)) : clients[4];
      const lines: object[] = [];
      if (catering) {
        const [description, unitPrice, code] = pick(CATERING);
        lines.push({ description, quantity: String(between(20, 120)), unitPrice, accountId: account(code), vatRate: '10' });
      } else {
        for (let l = 0; l < between(1, 3); l++) {
          const [description, unitPrice, code] = pick(DISHES);
          // Restauration: the reduced rate (10 %); the drinks below stay at 18 %.
          lines.push({ description, quantity: String(between(10, 60)), unitPrice, accountId: account(code), vatRate: '10' });
        }
      }
      const drink = items[between(0, 2)];
      lines.push({
        description: drink.name,
        quantity: String(between(10, 50)),
        unitPrice: drink.unitCost,
        inventoryItemId: drink.id,
        useExistingProduct: true,
        accountId: account('7016'),
      });
      // Counter sales are paid at once; catering later, sometimes a deposit then the balance a month on, now and then never.
      const payDate = addDays(date, catering ? between(10, 50) : 0);
      const outcome = !catering ? 'full' : rand() < 0.08 ? 'unpaid' : rand() < 0.25 ? 'deposit' : 'full';
      const picked = catering ? pick(['bank', 'check', 'orange'] as const) : pick(methods);
      // Wave Sénégal pays its caterer with its own wallet.
      const method = client.code === 'CLI-WAVE' ? 'wave' : picked;
      at(date, async () => {
        const invoice = await createInvoice(catering ? 'service' : 'sale', client.id, date, client.paymentTerms, lines);
        if (outcome === 'deposit') {
          // Half, cut to the cent; the balance pays the rest.
          const deposit = money(dec(invoice.total).div(2).toDecimalPlaces(2, ROUND_DOWN));
          const balanceDate = addDays(payDate, 30);
          at(payDate, () => pay(invoice, deposit, payDate, 'bank'));
          at(balanceDate, () => pay(invoice, sub(invoice.total, deposit), balanceDate, 'bank'));
        }
        if (outcome === 'full') at(payDate, () => pay(invoice, invoice.total, payDate, method));
      });
    }

    // Fixed charges of the month.
    for (const [code, description, amount, method] of MONTHLY_EXPENSES) {
      const date = day(10);
      at(date, async () => {
        await api.json('POST', '/api/payments', {
          type: 'expense',
          amount,
          date,
          method,
          companyId,
          accountId: account(code),
          notes: description,
          reference: `${description} ${ym}`,
        });
        payments++;
      });
    }

    // Some leave and an unpaid absence, recorded before their month's slips; the month's payroll, paid on the 28th.
    if (m === Math.max(0, months - 2)) at(day(3), () => payroll.absence(staff[2], 'paid', day(8), day(13), 'Congé annuel'));
    if (m === months - 1) at(day(3), () => payroll.absence(staff[3], 'unpaid', day(20), day(21), 'Absence non justifiée'));
    at(day(28), async () => {
      payslips += await payroll.run(ym, day(28), ym !== latestPayroll);
    });
    if (m > 0) {
      const previous = iso(new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() - 1, 1))).slice(0, 7);
      at(day(15), async () => {
        payrollDeclarations += await payroll.declare(previous, day(15), lastEndedQuarter);
      });
    }

    // Month end (last of its day): cheques remitted to the bank, cash and Orange Money beyond a float paid into it,
    // the Wave wallet's float restored by an internal transfer with the bank.
    const monthEnd = minDate(day(28), today);
    queue.push({
      date: monthEnd,
      seq: Number.MAX_SAFE_INTEGER,
      run: async () => {
        const treasury = await api.json<{ accounts: { code: string; balance: string }[] }>('GET', `${c}/treasury`);
        const balance = (code: string) => treasury.accounts.find((a) => a.code === code)?.balance ?? '0';
        const sweeps: [string, string, string][] = [
          ['513', 'Remise de chèques en banque', money(balance('513'))],
          ['571', "Versement d'espèces en banque", sub(balance('571'), 1_000_000)],
          ['552', 'Virement Orange Money vers la banque', sub(balance('552'), 500_000)],
        ];
        for (const [code, description, amount] of sweeps) {
          if (isPositive(amount))
            await postEntry(monthEnd, description, [
              { code: '521', debit: amount },
              { code, credit: amount },
            ]);
        }
        const waveBalance = balance(wave.accountCode);
        const out = compare(waveBalance, WAVE_FLOAT.max) > 0;
        if (out || compare(waveBalance, WAVE_FLOAT.min) < 0)
          await transfer(out ? wave : bankAccount, out ? bankAccount : wave, abs(sub(waveBalance, WAVE_FLOAT.target)), monthEnd);
        log(`Activité de ${ym} enregistrée.`);
      },
    });
  }

  while (queue.length) {
    let next = 0;
    for (let i = 1; i < queue.length; i++) {
      const [a, b] = [queue[i], queue[next]];
      if (a.date < b.date || (a.date === b.date && a.seq < b.seq)) next = i;
    }
    await queue.splice(next, 1)[0].run();
  }
  // The restaurant module (on by default for this sector): the dishes as recipes costed from the stock items, and a lunch menu.
  const item = (name: string) => items.find((i) => i.name === name)?.id;
  const thieb = await api.json<{ id: string }>('POST', `${c}/recipes`, {
    name: 'Thiéboudienne',
    category: 'main',
    servings: 4,
    preparationTime: 40,
    cookingTime: 80,
    sellingPrice: '3500.00',
    ingredients: [
      { inventoryItemId: item('Riz brisé parfumé'), quantity: '800', unit: 'g' },
      { inventoryItemId: item('Poisson thiof'), quantity: '1.2', unit: 'kg' },
    ],
  });
  const bissap = await api.json<{ id: string }>('POST', `${c}/recipes`, {
    name: 'Bissap glacé',
    category: 'beverage',
    servings: 4,
    preparationTime: 5,
    cookingTime: 0,
    sellingPrice: '1000.00',
    ingredients: [{ inventoryItemId: item('Jus de bissap 1 L'), quantity: '1', unit: 'pcs' }],
  });
  await api.json('POST', `${c}/menus`, {
    name: 'Menu du jour',
    type: 'lunch',
    isActive: true,
    items: [
      { recipeId: thieb.id, name: 'Thiéboudienne', price: '3500.00', category: 'main' },
      { recipeId: bissap.id, name: 'Bissap glacé', price: '1000.00', category: 'beverage' },
      { name: 'Salade de fruits', price: '1500.00', category: 'dessert' },
    ],
  });
  // Today's service: portions served from the recipes ('Servir'), their ingredients leaving the stock.
  for (const [recipe, quantity] of [
    [thieb, 2],
    [bissap, 8],
  ] as const)
    await api.json('POST', `${c}/recipes/${recipe.id}/serve`, { quantity });
  await payrollPosted(thisYear);
  await payroll.posted();
  // The last three complete months' statements of the bank, the Wave and the Orange Money wallets, imported and reconciled.
  const reconciled = await seedStatements(api, companyId, statementPeriods(today, Math.min(3, months - 1)), String(thisYear), log);
  // Quotes, credit notes, a recurring invoice and reminders.
  const sales = await seedSalesCycle(api, companyId, today, log);
  invoices += sales.invoices;
  await seedFirm(base, { log, restaurant: { api, companyId } });
  // Last: a declared month refuses any later entry dated in it.
  const taxes = await seedTaxReturns(api, companyId, today, account('6241'), log);
  invoices += taxes.invoices;
  payments += taxes.payments;
  log(`Société de démonstration prête : ${invoices} factures, ${payments} règlements, ${payslips} bulletins de paie.`);
  return {
    created: true,
    companyId,
    invoices,
    payments,
    payslips,
    closedYears,
    statements: reconciled.statements,
    salesDocuments: sales.quotes + sales.creditNotes + sales.reminders,
    payrollDeclarations,
    vatReturns: taxes.vatReturns,
    withholdingStatements: taxes.withholdingStatements,
  };
}
