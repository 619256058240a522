// The demo's bank and mobile-money statements (issue 28). For the last complete months, the
// statements the bank, Wave and Orange Money would send, built from the demo's own ledger as the
// API reports it (each treasury account's ledger lines), with what the ledger lacks: the bank's
// account-keeping fees, Wave's fees and a cash deposit nobody recorded. The first statement opens
// on the ledger's balance the day before it, so the état de rapprochement ties. Then what a user
// does: labelling rules, upload → preview → confirm, 'Rapprochement automatique', and the missing
// fee entries created from their lines. Left to reconcile by hand: the last month's fees and the
// deposit (and, on the ledger's side, the month's last cheque remittance when one is still clearing).
import type {
  AutoMatchStarted,
  AutoMatchStatus,
  LedgerLine,
  MatchLinesPage,
  ReconciliationReport,
  StatementLine,
  StatementLinesPage,
  StatementPreview,
  TreasuryAccount,
  TreasuryAccountList,
} from '@xaalis/contracts';
import { abs, add, francs, isNegative, isPositive, isZero, money, mul, neg, sum } from '@xaalis/domain';
import { Api, addDays } from './demo-api';

/** The company's labelling rules: "the label contains … → account …". */
export const DEMO_STATEMENT_RULES = [
  ['FRAIS TENUE', '6318'],
  ['WAVE FEES', '6318'],
] as const;
/** The bank's monthly account-keeping fee: 5 000 F and the 17 % tax on bank operations (TAF). */
const BANK_FEE = '5850.00';
const BANK_FEE_LABEL = 'FRAIS TENUE DE COMPTE';
/** Wave's fee on the payments a merchant receives. */
const WAVE_FEE_RATE = '0.01';
/** Cash paid in at the bank's counter in the last month, which nobody recorded. */
const UNBOOKED_DEPOSIT = { label: 'VERSEMENT ESPECES AGENCE ALMADIES', reference: 'VRS-004518', amount: '137500.00' };

export interface StatementPeriod {
  /** First and last days (YYYY-MM-DD). */
  start: string;
  end: string;
}

export interface DemoStatementsResult {
  statements: number;
  /** Statement lines matched (automatically or by the entries created from them) and left unmatched. */
  matched: number;
  unmatched: number;
  feeEntries: number;
}

/** One movement of a statement; `amount` signed, positive = money in. */
interface Movement {
  date: string;
  label: string;
  reference: string | null;
  amount: string;
}

/** A statement's rows: its movements and the balance after each one. */
type Row = Movement & { balance: string };

/** The last `count` complete months before `today`'s. */
export function statementPeriods(today: string, count: number): StatementPeriod[] {
  const periods: StatementPeriod[] = [];
  let end = addDays(`${today.slice(0, 7)}-01`, -1);
  for (let i = 0; i < count; i++) {
    const start = `${end.slice(0, 7)}-01`;
    periods.unshift({ start, end });
    end = addDays(start, -1);
  }
  return periods;
}

// File formats: what each institution's export looks like.
const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
/** "1 234 567,50" from "1234567.50" (string work only: no floating point). */
const frenchAmount = (value: string) => {
  const [int, cents] = abs(value).split('.');
  return `${isNegative(value) ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${cents}`;
};
const cell = (value: string, separator: string) =>
  value.includes(separator) || value.includes('"') ? `"${value.replace(/"/g, '""')}"` : value;
const csv = (rows: string[][], separator: string) => rows.map((r) => r.map((v) => cell(v, separator)).join(separator)).join('\r\n');
/** Upper case without accents, as banks print their labels. */
const bankText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .slice(0, 80);
/** A time of day for the wallets' histories, spread over the opening hours. */
const clock = (n: number) => `${String(9 + (n % 11)).padStart(2, '0')}:${String((n * 17) % 60).padStart(2, '0')}`;

interface Layout {
  /** The statement's row for a ledger line: the bank's label and reference, the day it shows. */
  movement: (line: LedgerLine, n: number) => Movement;
  /** What the institution adds that the ledger does not have. */
  extras: (period: StatementPeriod, movements: Movement[], last: boolean) => Movement[];
  file: (period: StatementPeriod, rows: Row[]) => { name: string; text: string };
}

const BANK: Layout = {
  movement: (line) => ({
    // Cheques paid in are credited four days later: the month's last remittance is still clearing at its end.
    date: line.label.startsWith('Remise de chèques') ? addDays(line.date, 4) : line.date,
    label: bankText(line.label),
    // The customer's reference (an invoice's number), else the voucher number the restaurant wrote on its order or slip.
    reference: line.reference ?? line.entryNumber,
    amount: line.amount,
  }),
  extras: (period, _movements, last) => [
    ...(last ? [{ ...UNBOOKED_DEPOSIT, date: addDays(period.end, -3) }] : []),
    { date: period.end, label: BANK_FEE_LABEL, reference: null, amount: neg(BANK_FEE) },
  ],
  file: (period, rows) => ({
    name: `releve-cbao-${period.start.slice(0, 7)}.csv`,
    text: csv(
      [
        ['CBAO Groupe Attijariwafa bank', 'Relevé de compte courant'],
        ['Titulaire', 'TERANGA SAVEURS SARL'],
        ['Période', `du ${dmy(period.start)} au ${dmy(period.end)}`],
        [],
        ['Date', 'Date valeur', 'Libellé', 'Référence', 'Débit', 'Crédit', 'Solde'],
        ...rows.map((r) => [
          dmy(r.date),
          dmy(r.date),
          r.label,
          r.reference ?? '',
          isNegative(r.amount) ? frenchAmount(abs(r.amount)) : '',
          isPositive(r.amount) ? frenchAmount(r.amount) : '',
          frenchAmount(r.balance),
        ]),
      ],
      ';',
    ),
  }),
};

const WAVE: Layout = {
  movement: (line, n) => ({
    date: line.date,
    label: line.label,
    reference: `T_${line.date.replace(/-/g, '')}_${String(n + 1).padStart(4, '0')}`,
    amount: line.amount,
  }),
  // 1 % of what customers paid into the wallet in the month, on its last day.
  extras: (period, movements) => {
    const received = sum(movements.filter((m) => isPositive(m.amount) && m.label.startsWith('Encaissement')).map((m) => m.amount));
    const fee = money(francs(mul(received, WAVE_FEE_RATE)));
    return isZero(fee) ? [] : [{ date: period.end, label: `WAVE FEES ${period.start.slice(0, 7)}`, reference: null, amount: neg(fee) }];
  },
  // Wave Business's export: comma-separated, English headers, plain amounts.
  file: (period, rows) => ({
    name: `wave-business-${period.start.slice(0, 7)}.csv`,
    text: csv(
      [
        ['Timestamp', 'Transaction ID', 'Counterparty', 'Amount', 'Balance'],
        ...rows.map((r, n) => [`${r.date} ${clock(n)}:00`, r.reference ?? '', r.label, r.amount, r.balance]),
      ],
      ',',
    ),
  }),
};

const ORANGE_MONEY: Layout = {
  movement: (line, n) => ({
    date: line.date,
    label: line.label,
    reference: `MP${line.date.slice(2).replace(/-/g, '')}.${String(1000 + n)}`,
    amount: line.amount,
  }),
  extras: () => [],
  // Orange Money's merchant history: a signed amount and the balance after each transaction.
  file: (period, rows) => ({
    name: `orange-money-${period.start.slice(0, 7)}.csv`,
    text: csv(
      [
        ['Date et heure', 'ID transaction', 'Libellé', 'Montant', 'Solde'],
        ...rows.map((r, n) => [`${dmy(r.date)} ${clock(n)}`, r.reference ?? '', r.label, frenchAmount(r.amount), frenchAmount(r.balance)]),
      ],
      ';',
    ),
  }),
};

/** Every line of a matching pane, page by page (500 a page, the most the API gives). */
async function allPages<T>(api: Api, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const p = await api.json<MatchLinesPage<T>>('GET', `${path}&page=${page}&pageSize=500`);
    items.push(...p.items);
    if (p.items.length === 0 || items.length >= p.totalItems) return items;
  }
}

/**
 * Imports `periods`' statements of the company's default bank, its Wave wallet and its default
 * Orange Money wallet, matches them and creates the fee entries (in `openYear` only: a closed
 * year takes no entry).
 */
export async function seedStatements(
  api: Api,
  companyId: string,
  periods: StatementPeriod[],
  openYear: string,
  log: (message: string) => void,
): Promise<DemoStatementsResult> {
  const result: DemoStatementsResult = { statements: 0, matched: 0, unmatched: 0, feeEntries: 0 };
  if (periods.length === 0) return result;
  const c = `/api/companies/${companyId}`;
  for (const [contains, accountCode] of DEMO_STATEMENT_RULES) await api.json('POST', `${c}/statement-rules`, { contains, accountCode });
  const { items } = await api.json<TreasuryAccountList>('GET', `${c}/treasury-accounts`);
  const find = (test: (a: TreasuryAccount) => boolean, what: string) => {
    const found = items.find(test);
    if (!found) throw new Error(`compte de trésorerie ${what} introuvable`);
    return found;
  };
  const accounts: [TreasuryAccount, Layout][] = [
    [find((a) => a.kind === 'bank' && a.isDefault, 'Banque'), BANK],
    [find((a) => a.provider === 'wave', 'Wave'), WAVE],
    [find((a) => a.kind === 'mobile_money' && a.isDefault, 'Orange Money'), ORANGE_MONEY],
  ];
  const first = periods[0];
  const last = periods[periods.length - 1];

  for (const [account, layout] of accounts) {
    const a = `${c}/treasury-accounts/${account.id}`;
    // The first statement opens on the ledger's balance the day before: the état de rapprochement ties from there.
    const before = await api.json<ReconciliationReport>('GET', `${a}/reconciliation?date=${addDays(first.start, -1)}`);
    const ledger = await allPages<LedgerLine>(api, `${a}/ledger-lines?status=all&from=${first.start}&to=${last.end}`);
    // A line the institution shows after the last period (a cheque still clearing) stays in the ledger only.
    const movements = ledger.map(layout.movement).filter((m) => m.date <= last.end);
    let balance = before.ledgerBalance;
    for (const period of periods) {
      const own = movements.filter((m) => m.date >= period.start && m.date <= period.end);
      const lines = [...own, ...layout.extras(period, own, period === last)].sort((x, y) =>
        x.date < y.date ? -1 : x.date > y.date ? 1 : 0,
      );
      if (lines.length === 0) continue;
      const rows: Row[] = [];
      for (const m of lines) {
        balance = add(balance, m.amount);
        rows.push({ ...m, balance });
      }
      const file = layout.file(period, rows);
      const preview = await api.upload<StatementPreview>(`${a}/statements?fileName=${encodeURIComponent(file.name)}`, file.text);
      if (preview.errorCount > 0 || preview.warnings.length > 0 || preview.lineCount !== lines.length)
        throw new Error(`relevé ${file.name} : ${JSON.stringify({ errors: preview.errors, warnings: preview.warnings })}`);
      await api.json('POST', `${a}/statements/${preview.id}/confirm`, {});
      result.statements++;
    }
    const { jobId } = await api.json<AutoMatchStarted>('POST', `${a}/auto-match`, {});
    const done = await api.until(
      `rapprochement automatique ${account.name}`,
      () => api.json<AutoMatchStatus>('GET', `${a}/auto-match/${jobId}`),
      (s) => s.state === 'completed' || s.state === 'failed',
    );
    if (done.state === 'failed') throw new Error(`rapprochement automatique ${account.name} : ${done.error ?? 'échec'}`);

    // The fees the ledger lacks, created from their lines (on the account a rule suggests), but the last month's.
    const unmatched = await allPages<StatementLine>(api, `${a}/statement-lines?status=unmatched`);
    for (const line of unmatched) {
      const leftForTheUser = line.date >= last.start;
      if (!line.suggestedAccountCode || leftForTheUser || !line.date.startsWith(openYear)) continue;
      await api.json('POST', `${c}/statement-lines/${line.id}/create-entry`, { kind: 'fee' });
      result.feeEntries++;
    }
    const [matched, left] = await Promise.all(
      ['matched', 'unmatched'].map((status) =>
        api.json<StatementLinesPage>('GET', `${a}/statement-lines?status=${status}&pageSize=1`).then((p) => p.totalItems),
      ),
    );
    result.matched += matched;
    result.unmatched += left;
    log(`Relevés ${account.name} importés : ${matched} opérations rapprochées, ${left} à rapprocher.`);
  }
  return result;
}
