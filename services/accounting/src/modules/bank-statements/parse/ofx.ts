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
import { add, sub } from '@xaalis/domain';
import { amountOf, clean, statementDate } from './values';

/**
 * An OFX statement, version 1 (SGML: a header of `KEY:VALUE` lines, then tags
 * whose values are not closed) or 2 (XML). Read as a flat walk of tags: a tag
 * followed by text is a value of the element being read, any other opens an
 * element; closing tags of values (OFX 2) are skipped. Read: the account
 * (BANKACCTFROM/ACCTID), the currency (CURDEF), each STMTTRN (DTPOSTED,
 * DTUSER, TRNAMT, FITID, CHECKNUM, REFNUM, NAME or PAYEE/NAME, MEMO), the
 * period (BANKTRANLIST DTSTART/DTEND) and the ledger balance (LEDGERBAL), from
 * which the opening balance is worked out.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) =>
    e.startsWith('#x') || e.startsWith('#X')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (ENTITIES[e.toLowerCase()] ?? all),
  );

interface Element {
  name: string;
  line: number;
  values: Map<string, string>;
  children: Element[];
}

/** OFX's tree: elements with their values and children. */
function tree(text: string, firstLine: number): Element {
  const root: Element = { name: '#root', line: firstLine, values: new Map(), children: [] };
  const stack: Element[] = [root];
  const tag = /<(\/?)([A-Za-z0-9._]+)[^>]*>([^<]*)/g;
  let line = firstLine;
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    for (let i = last; i < m.index; i++) if (text.charCodeAt(i) === 10) line++;
    last = m.index;
    const [, closing, rawName, rawText] = m;
    const name = rawName.toUpperCase();
    const top = stack[stack.length - 1];
    if (closing) {
      // The end of an element on the stack (a value's closing tag is not on it).
      const at = stack.map((e) => e.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const value = rawText.trim();
    if (value !== '') top.values.set(name, decode(value));
    else {
      const child: Element = { name, line, values: new Map(), children: [] };
      top.children.push(child);
      stack.push(child);
    }
  }
  return root;
}

function* walk(e: Element): Generator<Element> {
  yield e;
  for (const c of e.children) yield* walk(c);
}

const find = (root: Element, name: string) => {
  for (const e of walk(root)) if (e.name === name) return e;
  return null;
};

/** YYYYMMDD[HHMMSS[.XXX]][[±h:TZ]] → the date. */
const ofxDate = (v: string | undefined) => (v ? statementDate(v.slice(0, 8)) : null);

export function parseOfxStatement(text: string): ParsedStatement {
  // The SGML header (KEY:VALUE lines) is not markup: the tree starts at <OFX>, lines still counted from the file's first.
  const start = Math.max(0, text.search(/<OFX>/i));
  const root = tree(text.slice(start), 1 + (text.slice(0, start).match(/\n/g)?.length ?? 0));
  const transactions = [...walk(root)].filter((e) => e.name === 'STMTTRN');
  const ledger = find(root, 'LEDGERBAL');
  if (transactions.length === 0 && !ledger) throw new HttpError(422, MESSAGES_STATEMENT.malformedOfx);
  if (transactions.length > STATEMENT_MAX_LINES) throw new HttpError(422, MESSAGES_STATEMENT.tooManyLines);
  const accounts = new Set(
    [...walk(root)].filter((e) => e.name === 'BANKACCTFROM' || e.name === 'CCACCTFROM').map((e) => e.values.get('ACCTID')),
  );
  if (accounts.size > 1) throw new HttpError(422, MESSAGES_STATEMENT.severalAccounts);
  const statement = find(root, 'STMTRS') ?? find(root, 'CCSTMTRS');
  const currency = statement?.values.get('CURDEF') ?? null;

  const lines: StatementLineDraft[] = [];
  const errors: StatementLineError[] = [];
  let sum = '0.00';
  for (const t of transactions) {
    const v = t.values;
    const rawDate = v.get('DTPOSTED') ?? v.get('DTUSER');
    const date = ofxDate(rawDate);
    if (!rawDate) {
      errors.push({ line: t.line, message: MESSAGES_STATEMENT.dateRequired });
      continue;
    }
    if (!date) {
      errors.push({ line: t.line, message: MESSAGES_STATEMENT.dateMalformed(rawDate) });
      continue;
    }
    const rawAmount = v.get('TRNAMT');
    if (!rawAmount) {
      errors.push({ line: t.line, message: MESSAGES_STATEMENT.amountRequired });
      continue;
    }
    const amount = amountOf(rawAmount);
    if (!amount.ok) {
      errors.push({ line: t.line, message: amount.message });
      continue;
    }
    const trnCurrency = t.children.find((c) => c.name === 'CURRENCY' || c.name === 'ORIGCURRENCY')?.values.get('CURSYM');
    if (trnCurrency && trnCurrency !== (currency ?? 'XOF')) {
      errors.push({ line: t.line, message: MESSAGES_STATEMENT.currency(trnCurrency) });
      continue;
    }
    const payee = t.children.find((c) => c.name === 'PAYEE')?.values.get('NAME');
    const name = v.get('NAME') ?? payee ?? '';
    const memo = v.get('MEMO') ?? '';
    const label = clean(memo && memo !== name ? (name ? `${name} — ${memo}` : memo) : name, STATEMENT_LABEL_MAX);
    const reference = clean(v.get('CHECKNUM') ?? v.get('REFNUM') ?? v.get('FITID'), STATEMENT_REFERENCE_MAX) || null;
    sum = add(sum, amount.amount);
    lines.push({ line: t.line, date, valueDate: ofxDate(v.get('DTAVAIL')), label, reference, amount: amount.amount });
  }
  const balance = ledger?.values.get('BALAMT');
  const closing = balance ? amountOf(balance) : null;
  const list = find(root, 'BANKTRANLIST');
  const dates = lines.map((l) => l.date).sort();
  return {
    format: 'ofx',
    accountNumber: [...accounts][0] ?? null,
    currency,
    // OFX states the balance at the end only: the opening one follows from the lines (all read).
    openingBalance: closing?.ok && errors.length === 0 ? sub(closing.amount, sum) : null,
    closingBalance: closing?.ok ? closing.amount : null,
    startDate: ofxDate(list?.values.get('DTSTART')) ?? dates[0] ?? null,
    endDate: ofxDate(list?.values.get('DTEND')) ?? dates[dates.length - 1] ?? null,
    lines,
    errors,
  };
}
