import {
  MESSAGES_STATEMENT,
  STATEMENT_LABEL_MAX,
  STATEMENT_MAX_LINES,
  STATEMENT_REFERENCE_MAX,
  type ParsedStatement,
  type StatementLineDraft,
  type StatementLineError,
} from '@xaalis/contracts';
import { HttpError } from '@xaalis/service-kit';
import { SaxesParser } from 'saxes';
import { abs, neg } from '@xaalis/domain';
import { amountOf, clean, statementDate } from './values';

/**
 * An ISO 20022 bank-to-customer statement, camt.053 (any version from .001.02:
 * names are read without their namespace). Streamed with saxes, which knows
 * no DTD entities (no entity expansion to fear). Read per entry (Ntry): amount
 * and currency, credit or debit (a reversal indicator turns it around),
 * status (only booked entries count: BOOK, or Sts/Cd BOOK in version 8+),
 * booking and value dates, the counterpart's name (RltdPties Dbtr/Cdtr, Nm or
 * Pty/Nm), the remittance text (Ustrd) and a reference (the creditor
 * reference, the end-to-end id, the cheque number, the bank's reference); per
 * statement: the account (IBAN or other id) and the opening (OPBD, else PRCD)
 * and closing (CLBD) booked balances.
 */

interface Entry {
  line: number;
  amount?: string;
  currency?: string;
  credit?: boolean;
  reversal?: boolean;
  status?: string;
  bookingDate?: string;
  valueDate?: string;
  bankRef?: string;
  endToEnd?: string;
  cheque?: string;
  creditorRef?: string;
  debtor?: string;
  creditor?: string;
  remittance: string[];
  info?: string;
}

interface Balance {
  code?: string;
  amount?: string;
  credit?: boolean;
  date?: string;
}

const NOT_PROVIDED = 'NOTPROVIDED';

export function parseCamt053Statement(text: string): ParsedStatement {
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  let textBuffer = '';
  const entries: Entry[] = [];
  const balances: Balance[] = [];
  const accounts = new Set<string>();
  let currency: string | null = null;
  let entry: Entry | null = null;
  let balance: Balance | null = null;
  let amountCurrency: string | undefined;

  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  const under = (...names: string[]) => names.every((n, i) => path[path.length - names.length + i] === n);
  const inside = (name: string) => path.includes(name);

  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    path.push(name);
    textBuffer = '';
    if (name === 'Ntry' && under('Stmt', 'Ntry')) {
      if (entries.length >= STATEMENT_MAX_LINES) throw new HttpError(422, MESSAGES_STATEMENT.tooManyLines);
      entry = { line: parser.line, remittance: [] };
    } else if (name === 'Bal' && under('Stmt', 'Bal')) balance = {};
    else if (name === 'Amt') {
      const ccy = (tag.attributes as Record<string, string>).Ccy;
      amountCurrency = typeof ccy === 'string' ? ccy : undefined;
    }
  });
  parser.on('text', (t) => {
    textBuffer += t;
  });
  parser.on('cdata', (t) => {
    textBuffer += t;
  });
  parser.on('closetag', () => {
    const name = path[path.length - 1];
    const value = textBuffer.trim();
    textBuffer = '';
    if (entry && inside('Ntry')) {
      const e: Entry = entry;
      // Amounts of the entry itself, not of its transaction details (AmtDtls, TxDtls/Amt).
      if (name === 'Amt' && under('Ntry', 'Amt')) {
        e.amount = value;
        e.currency = amountCurrency;
      } else if (name === 'CdtDbtInd' && under('Ntry', 'CdtDbtInd')) e.credit = value === 'CRDT';
      else if (name === 'RvslInd' && under('Ntry', 'RvslInd')) e.reversal = value === 'true';
      else if (name === 'Sts' && under('Ntry', 'Sts') && value) e.status = value;
      else if (name === 'Cd' && under('Ntry', 'Sts', 'Cd')) e.status = value;
      else if ((name === 'Dt' || name === 'DtTm') && under('BookgDt', name)) e.bookingDate = value;
      else if ((name === 'Dt' || name === 'DtTm') && under('ValDt', name)) e.valueDate = value;
      else if (name === 'AcctSvcrRef' && under('Ntry', 'AcctSvcrRef')) e.bankRef = value;
      else if (name === 'EndToEndId' && value !== NOT_PROVIDED) e.endToEnd ??= value;
      else if (name === 'ChqNb') e.cheque ??= value;
      else if (name === 'Ref' && inside('CdtrRefInf')) e.creditorRef ??= value;
      else if (name === 'Nm' && inside('RltdPties') && inside('Dbtr') && !inside('UltmtDbtr')) e.debtor ??= value;
      else if (name === 'Nm' && inside('RltdPties') && inside('Cdtr') && !inside('UltmtCdtr')) e.creditor ??= value;
      else if (name === 'Ustrd' && value) e.remittance.push(value);
      else if (name === 'AddtlNtryInf') e.info = value;
      else if (name === 'Ntry') {
        entries.push(e);
        entry = null;
      }
    } else if (balance && inside('Bal')) {
      const b: Balance = balance;
      if ((name === 'Cd' || name === 'Prtry') && inside('Tp')) b.code ??= value;
      else if (name === 'Amt') b.amount = value;
      else if (name === 'CdtDbtInd') b.credit = value === 'CRDT';
      else if ((name === 'Dt' || name === 'DtTm') && value) b.date = value;
      else if (name === 'Bal') {
        balances.push(b);
        balance = null;
      }
    } else if ((name === 'IBAN' || (name === 'Id' && under('Othr', 'Id'))) && inside('Acct') && inside('Stmt') && !inside('Ntry'))
      accounts.add(value.replace(/\s/g, ''));
    else if (name === 'Ccy' && under('Acct', 'Ccy') && inside('Stmt')) currency = value;
    path.pop();
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(422, MESSAGES_STATEMENT.malformedXml(parser.line));
  }
  if (accounts.size > 1) throw new HttpError(422, MESSAGES_STATEMENT.severalAccounts);

  const lines: StatementLineDraft[] = [];
  const errors: StatementLineError[] = [];
  for (const e of entries) {
    if (e.status && e.status !== 'BOOK') continue; // pending or information only: not on the account yet
    const fail = (message: string) => errors.push({ line: e.line, message });
    const date = e.bookingDate ? statementDate(e.bookingDate) : null;
    if (!e.bookingDate) {
      fail(MESSAGES_STATEMENT.dateRequired);
      continue;
    }
    if (!date) {
      fail(MESSAGES_STATEMENT.dateMalformed(e.bookingDate));
      continue;
    }
    if (!e.amount) {
      fail(MESSAGES_STATEMENT.amountRequired);
      continue;
    }
    const a = amountOf(e.amount);
    if (!a.ok) {
      fail(a.message);
      continue;
    }
    const ccy = e.currency ?? currency ?? 'XOF';
    if (ccy !== 'XOF') {
      fail(MESSAGES_STATEMENT.currency(ccy));
      continue;
    }
    const magnitude = abs(a.amount);
    const incoming = (e.credit ?? true) !== (e.reversal ?? false);
    const party = incoming ? (e.debtor ?? e.creditor) : (e.creditor ?? e.debtor);
    const remittance = e.remittance.join(' ');
    const label = [party, remittance || e.info].filter(Boolean).join(' — ') || (e.info ?? '');
    lines.push({
      line: e.line,
      date,
      valueDate: e.valueDate ? statementDate(e.valueDate) : null,
      label: clean(label, STATEMENT_LABEL_MAX),
      reference: clean(e.creditorRef ?? e.endToEnd ?? e.cheque ?? e.bankRef, STATEMENT_REFERENCE_MAX) || null,
      amount: incoming ? magnitude : neg(magnitude),
    });
  }

  const signed = (b: Balance | undefined) => {
    if (!b?.amount) return null;
    const a = amountOf(b.amount);
    return a.ok ? (b.credit === false ? neg(a.amount) : a.amount) : null;
  };
  const opening = balances.find((b) => b.code === 'OPBD') ?? balances.find((b) => b.code === 'PRCD');
  const closing = balances.find((b) => b.code === 'CLBD');
  const dates = lines.map((l) => l.date).sort();
  return {
    format: 'camt053',
    accountNumber: [...accounts][0] ?? null,
    currency,
    openingBalance: signed(opening),
    closingBalance: signed(closing),
    startDate: (opening?.date && statementDate(opening.date)) || (dates[0] ?? null),
    endDate: (closing?.date && statementDate(closing.date)) || (dates[dates.length - 1] ?? null),
    lines,
    errors,
  };
}
