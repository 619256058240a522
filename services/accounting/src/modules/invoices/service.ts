import type { Readable } from 'node:stream';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  INVOICE_DEFAULT_ACCOUNTS,
  INVOICE_JOURNALS,
  MESSAGES_INVOICE,
  MESSAGES_VAT,
  VAT_ACCOUNTS,
  invoiceTotals,
  isCustomerInvoice,
  moneySchema,
  type Invoice,
  type InvoiceLine,
  type InvoiceListResponse,
  type InvoiceType,
  type VatCode,
  type invoiceInputSchema,
  type invoiceListQuerySchema,
} from '@xaalis/contracts';
import { add, compare as compareMoney, isZero, isCalendarDate } from '@xaalis/domain';
import { HttpError, isUniqueViolation, isUuid, mustExist, notFound } from '@xaalis/service-kit';
import type { z } from 'zod';
import { recordAuditEvent } from '../audit/record';
import { applyMovement, findItems, stockError } from '../inventory';
import { renderInvoicePdf, type PdfCompany, type PdfThirdParty } from '../pdf';
import { ledgerError, ledgerWrite, postEntry, todayInDakar, yearOf, type PostingLine } from '../posting';
import {
  allInvoices,
  findInvoiceLines,
  findInvoicePayments,
  findInvoiceRow,
  insertInvoiceLines,
  listInvoices,
  toInvoice,
  type InvoiceDbRow,
  type NewInvoiceLine,
  vatBreakdown,
} from './model';
import { recordVatLines, resolveVatCodes, vatRowsOf } from '../vat';
import { invoicesWorkbook } from './export';
import { fitsInvoiceCounter, isInvoiceCounterFormat, peekInvoiceNumber, takeInvoiceNumber } from './numbering';

type InvoiceValues = z.output<typeof invoiceInputSchema>;
type ListQuery = z.output<typeof invoiceListQuerySchema>;

/** What the client sent for an amount it need not send: undefined when absent or empty, null when not an amount. */
function sentAmount(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = moneySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Maps the database's refusals (duplicate number, ledger triggers) to the API's
 * answers. A stock overflow is mapped where the stock moves (moveStock): any
 * other numeric overflow is an amount's, for the shared handler (400).
 */
export function invoiceError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (isUniqueViolation(err) && (err as { parent?: { constraint?: string } }).parent?.constraint === 'invoices_company_number_key') {
    return new HttpError(409, MESSAGES_INVOICE.duplicateNumber);
  }
  return ledgerError(err);
}

/**
 * The snapshots taken at validation, as scalar subqueries over the invoice `i`:
 * the same fields the PDF prints (PdfCompany, PdfThirdParty).
 */
const ISSUER_SNAPSHOT_SQL = `SELECT jsonb_build_object('name', c.name, 'address', c.address, 'phone', c.phone, 'email', c.email,
    'registrationNumber', c.registration_number, 'taxNumber', c.tax_number)
  FROM accounting.companies c WHERE c.id = i.company_id`;
const CLIENT_SNAPSHOT_SQL = `SELECT jsonb_build_object('name', tp.name, 'address', tp.address, 'phone', tp.phone, 'email', tp.email,
    'taxNumber', tp.tax_number)
  FROM accounting.third_parties tp WHERE tp.company_id = i.company_id AND tp.id = i.third_party_id`;

/** Description of an invoice's entry. */
const ENTRY_TITLES: Record<InvoiceType, string> = {
  sale: 'Facture de vente',
  service: 'Facture de prestation',
  purchase: "Facture d'achat",
};

/** Line accounts must suit the invoice: revenue (class 7) for sales and services, charges (6) or fixed assets (2) for purchases. */
const accountFits = (type: InvoiceType, code: string) =>
  isCustomerInvoice(type) ? code.startsWith('7') : code.startsWith('6') || code.startsWith('2');

/** An invoice line as posted (postedLines). */
type PostedLine = InvoiceLine & { vatCodeId: string; vatRate: string; vatAmount: string; vatDeductible: boolean; fixedAsset: boolean };

interface Prepared {
  lines: NewInvoiceLine[];
  subtotal: string;
  vatAmount: string;
  total: string;
}

/** The header's values after its number, in the column order of the INSERT and UPDATE of a draft (type … notes). */
const headerValues = ({ invoice }: InvoiceValues, p: Prepared) => [
  invoice.type,
  invoice.date,
  invoice.dueDate ?? null,
  invoice.thirdPartyId,
  p.subtotal,
  invoice.vatRate,
  p.vatAmount,
  p.total,
  invoice.paymentMethod,
  invoice.notes || null,
];

/**
 * Invoices (sales, purchases, services): drafts that can be edited, then
 * validated — posted to the ledger (VT or AC) and, for product lines, moving
 * the stock — then paid (payments feature) or cancelled (a draft directly, a
 * validated unpaid invoice by reversal). Every write is one transaction.
 */
export function invoicesService(sequelize: Sequelize) {
  /**
   * One transaction, the deferred ledger checks fired before COMMIT (a refusal
   * is then an ordinary statement error and a clean rollback), refusals mapped.
   */
  const write = <T>(fn: (transaction: Transaction) => Promise<T>): Promise<T> => ledgerWrite(sequelize, fn, invoiceError);

  /**
   * Checks what the schema cannot and computes the amounts: the server's
   * figures (invoiceTotals, exact) are the ones stored; figures the client sent
   * must agree with them, or the payload is refused (totalsMismatch).
   */
  async function prepare(transaction: Transaction, companyId: string, values: InvoiceValues): Promise<Prepared> {
    const { invoice } = values;
    if (!isCalendarDate(invoice.date)) throw new HttpError(400, MESSAGES_INVOICE.dateRequired);
    if (invoice.dueDate) {
      if (!isCalendarDate(invoice.dueDate)) throw new HttpError(400, MESSAGES_INVOICE.dateRequired);
      if (invoice.dueDate < invoice.date) throw new HttpError(400, MESSAGES_INVOICE.dueBeforeDate);
    }

    // Each line's VAT code (its own vatRate, else the invoice's), then the totals at their rates.
    const codes = await resolveVatCodes(
      sequelize,
      transaction,
      companyId,
      values.lines.map((l) => l.vatRate ?? invoice.vatRate),
    );
    const vatIssues = codes.flatMap((c, i) => (c ? [] : [{ path: `lines.${i}.vatRate`, message: MESSAGES_VAT.codeNotFound }]));
    if (vatIssues.length) throw new HttpError(400, MESSAGES_VAT.codeNotFound, vatIssues);
    const lineCodes = codes as VatCode[];
    const totals = invoiceTotals(
      values.lines.map((l, i) => ({ quantity: l.quantity, unitPrice: l.unitPrice, vatRate: lineCodes[i].rate })),
      invoice.vatRate,
    );
    const issues: { path: string; message: string }[] = [];
    const compare = (path: string, sent: unknown, computed: string) => {
      const s = sentAmount(sent);
      if (s !== undefined && (s === null || compareMoney(s, computed) !== 0))
        issues.push({ path, message: MESSAGES_INVOICE.totalsMismatch });
    };
    values.lines.forEach((l, i) => compare(`lines.${i}.total`, l.total, totals.lineTotals[i]));
    compare('invoice.subtotal', invoice.subtotal, totals.subtotal);
    compare('invoice.vatAmount', invoice.vatAmount, totals.vatAmount);
    compare('invoice.total', invoice.total, totals.total);
    if (issues.length) throw new HttpError(400, MESSAGES_INVOICE.totalsMismatch, issues);

    const one = async (sql: string, bind: unknown[]) =>
      (await sequelize.query(sql, { bind, type: QueryTypes.SELECT, transaction })).length > 0;
    if (!(await one('SELECT 1 FROM accounting.third_parties WHERE company_id = $1 AND id = $2', [companyId, invoice.thirdPartyId]))) {
      throw new HttpError(400, MESSAGES_INVOICE.thirdPartyNotFound);
    }

    const accountIds = [...new Set(values.lines.map((l) => l.accountId).filter((id): id is string => !!id))];
    if (accountIds.length) {
      const rows = await sequelize.query<{ id: string; code: string }>(
        'SELECT id, code FROM accounting.accounts WHERE company_id = $1 AND id = ANY($2::uuid[])',
        {
          bind: [companyId, accountIds],
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      if (rows.length !== accountIds.length) throw new HttpError(400, MESSAGES_INVOICE.accountNotFound);
      if (rows.some((r) => !accountFits(invoice.type, r.code))) throw new HttpError(400, MESSAGES_INVOICE.accountClassInvalid);
    }

    // A product line's price is the item's unit cost (the dialog shows it read-only): a different price is refused, not silently replaced.
    const items = await findItems(
      sequelize,
      transaction,
      companyId,
      values.lines.map((l) => l.inventoryItemId).filter((id): id is string => !!id),
    );
    values.lines.forEach((l, i) => {
      if (l.useExistingProduct && !l.inventoryItemId)
        throw new HttpError(400, MESSAGES_INVOICE.productNotFound, [
          { path: `lines.${i}.inventoryItemId`, message: MESSAGES_INVOICE.productNotFound },
        ]);
      if (!l.inventoryItemId) return;
      const item = items.get(l.inventoryItemId);
      if (!item)
        throw new HttpError(400, MESSAGES_INVOICE.productNotFound, [
          { path: `lines.${i}.inventoryItemId`, message: MESSAGES_INVOICE.productNotFound },
        ]);
      if (compareMoney(item.unitCost, l.unitPrice) !== 0) {
        const message = `${MESSAGES_INVOICE.productPriceMismatch} (${item.name} : ${item.unitCost})`;
        throw new HttpError(400, message, [{ path: `lines.${i}.unitPrice`, message }]);
      }
    });

    return {
      lines: values.lines.map((l, i) => ({
        description: l.description,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        total: totals.lineTotals[i],
        accountId: l.accountId ?? null,
        inventoryItemId: l.inventoryItemId ?? null,
        vatCodeId: lineCodes[i].id,
        vatRate: totals.lineRates[i],
        vatAmount: totals.lineVats[i],
        // Only a purchase's VAT can be non-deductible: collected VAT is always owed.
        vatDeductible: invoice.type !== 'purchase' || l.vatDeductible,
      })),
      subtotal: totals.subtotal,
      vatAmount: totals.vatAmount,
      total: totals.total,
    };
  }

  /**
   * The number to store: the counter's for a counter-format proposal, the
   * user's own otherwise (unique, 409). A draft that already holds a counter
   * number (`current`) keeps it — giving it up would leave a gap in the
   * sequence, and invoices are never deleted — so its type and year cannot
   * change and another number cannot be typed in (400 numberLocked).
   */
  async function numberFor(transaction: Transaction, companyId: string, values: InvoiceValues, current?: string): Promise<string> {
    const { number, type, date } = values.invoice;
    if (current !== undefined && isInvoiceCounterFormat(current)) {
      const keeps = fitsInvoiceCounter(current, type, yearOf(date)) && (number === current || isInvoiceCounterFormat(number));
      if (!keeps)
        throw new HttpError(400, MESSAGES_INVOICE.numberLocked, [{ path: 'invoice.number', message: MESSAGES_INVOICE.numberLocked }]);
      return current;
    }
    if (!isInvoiceCounterFormat(number)) return number;
    return takeInvoiceNumber(sequelize, transaction, companyId, type, yearOf(date));
  }

  /** The invoice with its lines and payments. */
  async function full(row: InvoiceDbRow, transaction?: Transaction): Promise<Invoice> {
    if (transaction) {
      // One connection: the queries run in turn.
      const lines = await findInvoiceLines(sequelize, row.id, transaction);
      return {
        ...toInvoice(row),
        lines,
        vatBreakdown: vatBreakdown(lines),
        payments: await findInvoicePayments(sequelize, row.id, transaction),
      };
    }
    const [lines, payments] = await Promise.all([findInvoiceLines(sequelize, row.id), findInvoicePayments(sequelize, row.id)]);
    return { ...toInvoice(row), lines, vatBreakdown: vatBreakdown(lines), payments };
  }

  /**
   * A write, then the invoice as it will be committed, read in the same
   * transaction: once COMMIT succeeds the answer is ready. A read-back after
   * COMMIT could fail (pool exhausted, database gone) and answer 5xx for a
   * write that was saved — and a client retrying would write it twice.
   */
  async function writeThenRead(companyId: string, fn: (transaction: Transaction) => Promise<string>): Promise<Invoice> {
    return write(async (transaction) => {
      const id = await fn(transaction);
      const row = mustExist(await findInvoiceRow(sequelize, companyId, id, { transaction }), 'invoice');
      return full(row, transaction);
    });
  }

  /** The invoice of this company, locked for the rest of the transaction; 404 otherwise. */
  async function lockOwn(transaction: Transaction, companyId: string, id: string): Promise<InvoiceDbRow> {
    const row = isUuid(id) ? await findInvoiceRow(sequelize, companyId, id, { transaction, lock: true }) : null;
    if (!row) throw notFound(MESSAGES_INVOICE.notFound);
    return row;
  }

  /**
   * The VT/AC posting of an invoice (DESIGN.md §6). Customer invoices: D 4111
   * TTC on the client / C revenue HT (the line's account, else 701 for a sale,
   * 706 for a service) / C 4431 VAT, one line per rate. Purchases: D charges
   * HT (the line's account, else 601) + D 4452 VAT (4451 for a fixed asset,
   * class 2), per rate / C 4011 TTC on the supplier; a line's non-deductible
   * VAT is part of its charge. HT lines are grouped by account; zero lines
   * (0 % VAT) are dropped by postEntry.
   */
  function postingLines(row: InvoiceDbRow, lines: PostedLine[]): PostingLine[] {
    const customer = isCustomerInvoice(row.type);
    const groups = new Map<string, { accountId?: string; accountCode?: string; amount: string; descriptions: string[] }>();
    const vats = new Map<string, { accountCode: string; rate: string; amount: string }>();
    for (const l of lines) {
      const key = l.accountId ? `id:${l.accountId}` : `code:${INVOICE_DEFAULT_ACCOUNTS[row.type]}`;
      const g =
        groups.get(key) ??
        (l.accountId
          ? { accountId: l.accountId, amount: '0.00', descriptions: [] }
          : { accountCode: INVOICE_DEFAULT_ACCOUNTS[row.type], amount: '0.00', descriptions: [] });
      g.amount = add(g.amount, l.total);
      g.descriptions.push(l.description);
      groups.set(key, g);
      if (!customer && !l.vatDeductible) g.amount = add(g.amount, l.vatAmount);
      else {
        const accountCode = customer ? VAT_ACCOUNTS.collected : l.fixedAsset ? VAT_ACCOUNTS.deductibleAssets : VAT_ACCOUNTS.deductibleGoods;
        const vatKey = `${accountCode}:${l.vatRate}`;
        const v = vats.get(vatKey) ?? { accountCode, rate: l.vatRate, amount: '0.00' };
        v.amount = add(v.amount, l.vatAmount);
        vats.set(vatKey, v);
      }
    }
    const label = `Facture ${row.number}`;
    const ht = [...groups.values()].map((g) => ({
      accountId: g.accountId,
      accountCode: g.accountCode,
      description: (g.descriptions.length === 1 ? g.descriptions[0] : `${label} (${g.descriptions.length} lignes)`).slice(0, 255),
      amount: g.amount,
    }));
    const vat = [...vats.values()].map((v) => ({
      accountCode: v.accountCode,
      description: `TVA ${v.rate.replace(/\.00$/, '')} % — ${label}`,
      amount: v.amount,
    }));
    const party = `${label} — ${row.tp_name ?? ''}`.slice(0, 255);
    if (customer) {
      return [
        { accountCode: '4111', description: party, debit: row.total, thirdPartyId: row.third_party_id },
        ...ht.map((h) => ({ accountId: h.accountId, accountCode: h.accountCode, description: h.description, credit: h.amount })),
        ...vat.map((v) => ({ accountCode: v.accountCode, description: v.description, credit: v.amount })),
      ];
    }
    return [
      ...ht.map((h) => ({ accountId: h.accountId, accountCode: h.accountCode, description: h.description, debit: h.amount })),
      ...vat.map((v) => ({ accountCode: v.accountCode, description: v.description, debit: v.amount })),
      { accountCode: '4011', description: party, credit: row.total, thirdPartyId: row.third_party_id },
    ];
  }

  /** An invoice's lines as posted: with their VAT and whether their account is a fixed asset's (class 2). */
  async function postedLines(transaction: Transaction, companyId: string, lines: InvoiceLine[]): Promise<PostedLine[]> {
    const ids = [...new Set(lines.map((l) => l.accountId).filter((id): id is string => !!id))];
    const codes = new Map(
      (
        await sequelize.query<{ id: string; code: string }>(
          'SELECT id, code FROM accounting.accounts WHERE company_id = $1 AND id = ANY($2::uuid[])',
          { bind: [companyId, ids], type: QueryTypes.SELECT, transaction },
        )
      ).map((a) => [a.id, a.code]),
    );
    return lines.map((l) => ({
      ...l,
      vatCodeId: l.vatCodeId as string,
      vatRate: l.vatRate ?? '0.00',
      vatAmount: l.vatAmount ?? '0.00',
      vatDeductible: l.vatDeductible !== false,
      fixedAsset: !!l.accountId && (codes.get(l.accountId) ?? '').startsWith('2'),
    }));
  }

  /**
   * Moves the stock of an invoice's product lines, in item order (concurrent
   * validations touching the same items lock them in one order: no deadlock).
   */
  async function moveStock(
    transaction: Transaction,
    companyId: string,
    row: InvoiceDbRow,
    moves: { itemId: string; type: 'in' | 'out'; quantity: string }[],
    reason: string,
    userId: string | null,
  ): Promise<void> {
    const sorted = [...moves].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
    for (const m of sorted) {
      await applyMovement(sequelize, transaction, companyId, m.itemId, {
        type: m.type,
        quantity: m.quantity,
        reason,
        reference: row.number,
        invoiceId: row.id,
        createdBy: userId,
      }).catch((err: unknown) => {
        throw stockError(err);
      });
    }
  }

  /** A new draft with its lines, in the caller's transaction (create; the internal route): its id. */
  async function createIn(
    transaction: Transaction,
    companyId: string,
    values: InvoiceValues,
    userId: string | null = null,
  ): Promise<string> {
    const p = await prepare(transaction, companyId, values);
    const [{ id }] = await sequelize.query<{ id: string }>(
      `INSERT INTO accounting.invoices (company_id, number, type, date, due_date, third_party_id, subtotal, vat_rate, vat_amount, total, payment_method, notes, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      {
        bind: [companyId, await numberFor(transaction, companyId, values), ...headerValues(values, p), userId],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    await insertInvoiceLines(sequelize, transaction, companyId, id, p.lines);
    return id;
  }

  /** draft → validated in the caller's transaction (validate; the internal route): see validate. */
  async function validateIn(transaction: Transaction, companyId: string, id: string, userId: string | null = null): Promise<void> {
    const row = await lockOwn(transaction, companyId, id);
    if (row.status !== 'draft') throw new HttpError(409, MESSAGES_INVOICE.notDraft);
    if (isZero(row.total)) throw new HttpError(400, MESSAGES_INVOICE.zeroTotal);
    const lines = await findInvoiceLines(sequelize, id, transaction);
    const posted = await postedLines(transaction, companyId, lines);
    // Lock order, in every writer: invoice row → item rows (by id) → entry → journal counter (taken last, by
    // postEntry, and held until COMMIT: what follows it is kept to one UPDATE).
    const direction = row.type === 'purchase' ? 'in' : 'out';
    await moveStock(
      transaction,
      companyId,
      row,
      lines.filter((l) => l.inventoryItemId).map((l) => ({ itemId: l.inventoryItemId as string, type: direction, quantity: l.quantity })),
      `Facture ${row.number}`,
      userId,
    );
    const entry = await postEntry(transaction, {
      companyId,
      journal: INVOICE_JOURNALS[row.type],
      date: row.date,
      description: `${ENTRY_TITLES[row.type]} ${row.number} — ${row.tp_name ?? ''}`.slice(0, 255),
      reference: row.number,
      lines: postingLines(row, posted),
      sourceType: 'invoice',
      sourceId: row.id,
      userId,
    });
    await recordVatLines(
      sequelize,
      transaction,
      { companyId, entryId: entry.id, sourceType: 'invoice', sourceId: row.id },
      vatRowsOf(
        posted.map((l) => ({ ...l, deductible: l.vatDeductible })),
        isCustomerInvoice(row.type) ? 'sales' : 'purchases',
      ),
    );
    await sequelize.query(
      `UPDATE accounting.invoices i
          SET status = 'validated', entry_id = $2, validated_by = $3, validated_at = now(), updated_at = now(),
              issuer_snapshot = (${ISSUER_SNAPSHOT_SQL}), client_snapshot = (${CLIENT_SNAPSHOT_SQL})
        WHERE i.id = $1`,
      { bind: [id, entry.id, userId], transaction },
    );
  }

  async function get(companyId: string, id: string): Promise<Invoice> {
    const row = isUuid(id) ? await findInvoiceRow(sequelize, companyId, id) : null;
    if (!row) throw notFound(MESSAGES_INVOICE.notFound);
    return full(row);
  }

  return {
    list(companyId: string, query: ListQuery): Promise<InvoiceListResponse> {
      return listInvoices(sequelize, companyId, query);
    },

    async nextNumber(companyId: string, type: InvoiceType, date?: string): Promise<string> {
      const day = date ?? todayInDakar();
      if (!isCalendarDate(day)) throw new HttpError(400, MESSAGES_INVOICE.dateRequired);
      return peekInvoiceNumber(sequelize, companyId, type, yearOf(day));
    },

    get,

    /** The invoice as the caller's transaction sees it (a document that created it answers with it). */
    async getIn(transaction: Transaction, companyId: string, id: string): Promise<Invoice> {
      return full(mustExist(await findInvoiceRow(sequelize, companyId, id, { transaction }), 'invoice'), transaction);
    },

    /** A new draft with its lines, created by `userId` (X-User-Id; null when unknown). */
    create(companyId: string, values: InvoiceValues, userId: string | null = null): Promise<Invoice> {
      return writeThenRead(companyId, (transaction) => createIn(transaction, companyId, values, userId));
    },

    createIn,

    /** Replaces a draft's header and lines (by `userId`: recorded in the audit trail). */
    update(companyId: string, id: string, values: InvoiceValues, userId: string | null = null): Promise<Invoice> {
      return writeThenRead(companyId, async (transaction) => {
        const row = await lockOwn(transaction, companyId, id);
        if (row.status !== 'draft') throw new HttpError(409, MESSAGES_INVOICE.notDraft);
        const p = await prepare(transaction, companyId, values);
        await sequelize.query(
          `UPDATE accounting.invoices
              SET number = $2, type = $3, date = $4, due_date = $5, third_party_id = $6, subtotal = $7, vat_rate = $8,
                  vat_amount = $9, total = $10, payment_method = $11, notes = $12, updated_at = now()
            WHERE id = $1`,
          { bind: [id, await numberFor(transaction, companyId, values, row.number), ...headerValues(values, p)], transaction },
        );
        await sequelize.query('DELETE FROM accounting.invoice_lines WHERE invoice_id = $1', { bind: [id], transaction });
        await insertInvoiceLines(sequelize, transaction, companyId, id, p.lines);
        await recordAuditEvent(sequelize, transaction, {
          companyId,
          userId,
          action: 'edited',
          objectType: 'invoice',
          objectId: id,
          objectLabel: row.number,
          details: { before: { date: row.date, total: row.total, thirdPartyId: row.third_party_id } },
        });
        return id;
      });
    },

    /**
     * draft → validated, in one transaction: the stock of product lines (a
     * sale or a service takes it out, a purchase puts it in), then the posting
     * (postEntry, source 'invoice' + id: posted once), then the status with
     * the snapshots of the issuer and the third party as they are now (what
     * the invoice prints from then on) and who validated it.
     */
    validate(companyId: string, id: string, userId: string | null = null): Promise<Invoice> {
      return writeThenRead(companyId, async (transaction) => {
        await validateIn(transaction, companyId, id, userId);
        return id;
      });
    },

    validateIn,

    /**
     * → cancelled: a draft only. A validated invoice is never cancelled: its
     * 'Annuler' issues a full credit note (credit-notes, mounted before this
     * router); this answer is for a caller that reaches here anyway.
     */
    cancel(companyId: string, id: string, userId: string | null = null): Promise<Invoice> {
      return writeThenRead(companyId, async (transaction) => {
        const row = await lockOwn(transaction, companyId, id);
        if (row.status === 'cancelled') throw new HttpError(409, MESSAGES_INVOICE.alreadyCancelled);
        if (row.status !== 'draft') throw new HttpError(409, MESSAGES_INVOICE.notCancellable);
        await sequelize.query(
          `UPDATE accounting.invoices SET status = 'cancelled', cancelled_by = $2, cancelled_at = now(), updated_at = now() WHERE id = $1`,
          { bind: [id, userId], transaction },
        );
        return id;
      });
    },

    /**
     * The invoice as a PDF, with the company's header and the third party's
     * block: an issued invoice prints the snapshots taken at its validation
     * (what it said then), a draft the current data.
     */
    async pdf(companyId: string, id: string): Promise<{ filename: string; buffer: Buffer }> {
      const invoice = await get(companyId, id);
      let company: PdfCompany | undefined = invoice.issuer ?? undefined;
      let thirdParty: PdfThirdParty | undefined = invoice.client ?? undefined;
      if (!company) {
        [company] = await sequelize.query<PdfCompany>(
          `SELECT name, address, phone, email, registration_number AS "registrationNumber", tax_number AS "taxNumber" FROM accounting.companies WHERE id = $1`,
          { bind: [companyId], type: QueryTypes.SELECT },
        );
      }
      if (!thirdParty) {
        [thirdParty] = await sequelize.query<PdfThirdParty>(
          `SELECT name, address, phone, email, tax_number AS "taxNumber" FROM accounting.third_parties WHERE company_id = $1 AND id = $2`,
          { bind: [companyId, invoice.thirdPartyId], type: QueryTypes.SELECT },
        );
      }
      if (!company) throw notFound();
      return {
        filename: `${invoice.number.replace(/[^\w.-]+/g, '_')}.pdf`,
        buffer: await renderInvoicePdf(company, invoice, thirdParty ?? null),
      };
    },

    /** The list (same filters, every matching row) as an .xlsx workbook, written in the worker pool and streamed. */
    async exportXlsx(companyId: string, query: Omit<ListQuery, 'page' | 'pageSize'>): Promise<Readable> {
      return invoicesWorkbook(await allInvoices(sequelize, companyId, query));
    },
  };
}

export type InvoicesService = ReturnType<typeof invoicesService>;
