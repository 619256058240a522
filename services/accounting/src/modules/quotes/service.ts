import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_INVOICE,
  MESSAGES_QUOTE,
  QUOTE_NUMBER_PATTERN,
  formatInvoiceNumber,
  formatQuoteNumber,
  invoiceInputSchema,
  invoiceTotals,
  type Invoice,
  type Quote,
  type QuoteListResponse,
  type quoteInputSchema,
  type quoteListQuerySchema,
} from '@xaalis/contracts';
import { isCalendarDate } from '@xaalis/domain';
import { HttpError, foldedPattern, foldedSql, isUuid, notFound } from '@xaalis/service-kit';
import type { z } from 'zod';
import { columnArrays } from '../../model-support';
import { invoiceError, invoicesService } from '../invoices';
import { printedParties } from '../pdf/parties';
import { counterNumbering, ledgerWrite, todayInDakar, yearOf } from '../posting';

type QuoteValues = z.output<typeof quoteInputSchema>;
type ListQuery = z.output<typeof quoteListQuerySchema>;

const { take: takeQuoteNumber } = counterNumbering<'DV'>('document_counters', formatQuoteNumber, QUOTE_NUMBER_PATTERN);

interface QuoteRow {
  id: string;
  number: string;
  type: Quote['type'];
  status: Quote['status'];
  client_id: string;
  client_name: string | null;
  date: string;
  valid_until: string | null;
  vat_rate: string;
  subtotal: string;
  vat_amount: string;
  total: string;
  notes: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  issuer_snapshot: Quote['issuer'];
  created_at: string | Date;
}

const COLUMNS = `q.id, q.number, q.type, q.status, q.client_id, tp.name AS client_name, q.date::text AS date, q.valid_until::text AS valid_until,
  q.vat_rate, q.subtotal, q.vat_amount, q.total, q.notes, q.invoice_id, i.number AS invoice_number, q.issuer_snapshot, q.created_at`;
const FROM = `accounting.quotes q
  LEFT JOIN accounting.third_parties tp ON tp.company_id = q.company_id AND tp.id = q.client_id
  LEFT JOIN accounting.invoices i ON i.id = q.invoice_id`;

const toQuote = (r: QuoteRow): Quote => ({
  id: r.id,
  number: r.number,
  type: r.type,
  status: r.status,
  clientId: r.client_id,
  client: r.client_name === null ? null : { id: r.client_id, name: r.client_name },
  date: r.date,
  validUntil: r.valid_until,
  vatRate: r.vat_rate,
  subtotal: r.subtotal,
  vatAmount: r.vat_amount,
  total: r.total,
  notes: r.notes,
  invoiceId: r.invoice_id,
  invoiceNumber: r.invoice_number,
  issuer: r.issuer_snapshot,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Quotes: drafts edited freely, sent (the issuer's snapshot taken), accepted
 * or refused, expired by the daily sweep once past their validity; an
 * accepted quote becomes a draft invoice once, in one transaction.
 */
export function quotesService(sequelize: Sequelize) {
  const invoices = invoicesService(sequelize);
  const write = <T>(fn: (transaction: Transaction) => Promise<T>) => ledgerWrite(sequelize, fn, invoiceError);

  async function row(companyId: string, id: string, transaction?: Transaction, lock = false): Promise<QuoteRow> {
    const rows = isUuid(id)
      ? await sequelize.query<QuoteRow>(
          `SELECT ${COLUMNS} FROM ${FROM} WHERE q.id = $1 AND q.company_id = $2${lock ? ' FOR UPDATE OF q' : ''}`,
          {
            bind: [id, companyId],
            type: QueryTypes.SELECT,
            transaction,
          },
        )
      : [];
    if (!rows[0]) throw notFound(MESSAGES_QUOTE.notFound);
    return rows[0];
  }

  async function full(r: QuoteRow, transaction?: Transaction): Promise<Quote> {
    const lines = await sequelize.query<NonNullable<Quote['lines']>[number]>(
      `SELECT description, quantity::text AS quantity, unit_price::text AS "unitPrice", total::text AS total, account_id AS "accountId",
              inventory_item_id AS "inventoryItemId"
         FROM accounting.quote_lines WHERE quote_id = $1 ORDER BY line_no`,
      { bind: [r.id], type: QueryTypes.SELECT, transaction },
    );
    return { ...toQuote(r), lines };
  }

  /** Checks what the schema cannot, then writes the header's amounts and the lines. */
  async function prepare(transaction: Transaction, companyId: string, v: QuoteValues) {
    const { quote } = v;
    if (!isCalendarDate(quote.date))
      throw new HttpError(400, MESSAGES_QUOTE.dateRequired, [{ path: 'quote.date', message: MESSAGES_QUOTE.dateRequired }]);
    if (quote.validUntil) {
      if (!isCalendarDate(quote.validUntil))
        throw new HttpError(400, MESSAGES_QUOTE.dateRequired, [{ path: 'quote.validUntil', message: MESSAGES_QUOTE.dateRequired }]);
      if (quote.validUntil < quote.date)
        throw new HttpError(400, MESSAGES_QUOTE.validUntilBeforeDate, [
          { path: 'quote.validUntil', message: MESSAGES_QUOTE.validUntilBeforeDate },
        ]);
    }
    const count = async (sql: string, ids: string[]) =>
      ids.length
        ? (await sequelize.query<{ n: number }>(sql, { bind: [companyId, ids], type: QueryTypes.SELECT, transaction }))[0].n === ids.length
        : true;
    if (
      !(await count('SELECT count(*)::int AS n FROM accounting.third_parties WHERE company_id = $1 AND id = ANY($2::uuid[])', [
        quote.clientId,
      ]))
    )
      throw new HttpError(400, MESSAGES_QUOTE.clientNotFound, [{ path: 'quote.clientId', message: MESSAGES_QUOTE.clientNotFound }]);
    const accounts = [...new Set(v.lines.map((l) => l.accountId).filter((x): x is string => !!x))];
    if (!(await count('SELECT count(*)::int AS n FROM accounting.accounts WHERE company_id = $1 AND id = ANY($2::uuid[])', accounts)))
      throw new HttpError(400, MESSAGES_INVOICE.accountNotFound);
    const items = [...new Set(v.lines.map((l) => l.inventoryItemId).filter((x): x is string => !!x))];
    if (!(await count('SELECT count(*)::int AS n FROM accounting.inventory_items WHERE company_id = $1 AND id = ANY($2::uuid[])', items)))
      throw new HttpError(400, MESSAGES_INVOICE.productNotFound);
    return invoiceTotals(v.lines, quote.vatRate);
  }

  async function writeLines(transaction: Transaction, companyId: string, quoteId: string, v: QuoteValues, lineTotals: string[]) {
    const lines = v.lines.map((l, i) => ({
      ...l,
      total: lineTotals[i],
      accountId: l.accountId ?? null,
      inventoryItemId: l.inventoryItemId ?? null,
    }));
    await sequelize.query(
      `INSERT INTO accounting.quote_lines (quote_id, company_id, line_no, description, quantity, unit_price, total, account_id, inventory_item_id)
       SELECT $1, $2, l.n, l.description, l.quantity, l.unit_price, l.total, l.account_id, l.inventory_item_id
         FROM unnest($3::int[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[], $8::uuid[], $9::uuid[])
              AS l(n, description, quantity, unit_price, total, account_id, inventory_item_id)`,
      {
        bind: [
          quoteId,
          companyId,
          lines.map((_, i) => i + 1),
          ...columnArrays(lines, ['description', 'quantity', 'unitPrice', 'total', 'accountId', 'inventoryItemId']),
        ],
        transaction,
      },
    );
  }

  /** A status change allowed only from `from`; `extra` SQL set alongside. */
  function transition(companyId: string, id: string, from: Quote['status'], to: Quote['status'], refusal: string, extra = '') {
    return write(async (transaction) => {
      const q = await row(companyId, id, transaction, true);
      const today = todayInDakar();
      if (to === 'accepted' && q.status === 'sent' && q.valid_until && q.valid_until < today)
        throw new HttpError(409, MESSAGES_QUOTE.expired);
      if (q.status !== from) throw new HttpError(409, refusal);
      await sequelize.query(`UPDATE accounting.quotes q SET status = $2, updated_at = now()${extra} WHERE q.id = $1`, {
        bind: [id, to],
        transaction,
      });
      return full(await row(companyId, id, transaction), transaction);
    });
  }

  return {
    async list(companyId: string, q: ListQuery): Promise<QuoteListResponse> {
      const bind: unknown[] = [companyId];
      const filters = ['q.company_id = $1'];
      if (q.status) filters.push(`q.status = $${bind.push(q.status)}`);
      if (q.search) {
        const p = `$${bind.push(foldedPattern(q.search))}`;
        filters.push(`(q.number ILIKE ${p} OR ${foldedSql('tp.name')} LIKE ${p})`);
      }
      const where = filters.join(' AND ');
      const [rows, [count]] = await Promise.all([
        sequelize.query<QuoteRow>(
          `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY q.date DESC, q.number DESC LIMIT $${bind.length + 1} OFFSET $${bind.length + 2}`,
          { bind: [...bind, q.pageSize, (q.page - 1) * q.pageSize], type: QueryTypes.SELECT },
        ),
        sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`, { bind, type: QueryTypes.SELECT }),
      ]);
      return { items: rows.map(toQuote), page: q.page, pageSize: q.pageSize, totalItems: count.n };
    },

    async get(companyId: string, id: string): Promise<Quote> {
      return full(await row(companyId, id));
    },

    create(companyId: string, v: QuoteValues, userId: string | null): Promise<Quote> {
      return write(async (transaction) => {
        const totals = await prepare(transaction, companyId, v);
        const number = await takeQuoteNumber(sequelize, transaction, companyId, 'DV', yearOf(v.quote.date));
        const [{ id }] = await sequelize.query<{ id: string }>(
          `INSERT INTO accounting.quotes (company_id, number, type, client_id, date, valid_until, vat_rate, subtotal, vat_amount, total, notes, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
          {
            bind: [
              companyId,
              number,
              v.quote.type,
              v.quote.clientId,
              v.quote.date,
              v.quote.validUntil ?? null,
              v.quote.vatRate,
              totals.subtotal,
              totals.vatAmount,
              totals.total,
              v.quote.notes || null,
              userId,
            ],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        await writeLines(transaction, companyId, id, v, totals.lineTotals);
        return full(await row(companyId, id, transaction), transaction);
      });
    },

    update(companyId: string, id: string, v: QuoteValues): Promise<Quote> {
      return write(async (transaction) => {
        const q = await row(companyId, id, transaction, true);
        if (q.status !== 'draft') throw new HttpError(409, MESSAGES_QUOTE.notDraft);
        const totals = await prepare(transaction, companyId, v);
        await sequelize.query(
          `UPDATE accounting.quotes SET type = $2, client_id = $3, date = $4, valid_until = $5, vat_rate = $6, subtotal = $7, vat_amount = $8, total = $9,
                  notes = $10, updated_at = now() WHERE id = $1`,
          {
            bind: [
              id,
              v.quote.type,
              v.quote.clientId,
              v.quote.date,
              v.quote.validUntil ?? null,
              v.quote.vatRate,
              totals.subtotal,
              totals.vatAmount,
              totals.total,
              v.quote.notes || null,
            ],
            transaction,
          },
        );
        await sequelize.query('DELETE FROM accounting.quote_lines WHERE quote_id = $1', { bind: [id], transaction });
        await writeLines(transaction, companyId, id, v, totals.lineTotals);
        return full(await row(companyId, id, transaction), transaction);
      });
    },

    /** A draft is deleted; its number stays taken (quotes are not accounting documents: the series shows the gap is a deletion). */
    remove(companyId: string, id: string): Promise<void> {
      return write(async (transaction) => {
        const q = await row(companyId, id, transaction, true);
        if (q.status !== 'draft') throw new HttpError(409, MESSAGES_QUOTE.notDraft);
        await sequelize.query('DELETE FROM accounting.quotes WHERE id = $1', { bind: [id], transaction });
      });
    },

    send: (companyId: string, id: string) =>
      transition(
        companyId,
        id,
        'draft',
        'sent',
        MESSAGES_QUOTE.cannotSend,
        `, issuer_snapshot = (SELECT jsonb_build_object('name', c.name, 'address', c.address, 'phone', c.phone, 'email', c.email,
            'registrationNumber', c.registration_number, 'taxNumber', c.tax_number) FROM accounting.companies c WHERE c.id = q.company_id)`,
      ),
    accept: (companyId: string, id: string) => transition(companyId, id, 'sent', 'accepted', MESSAGES_QUOTE.cannotAnswer),
    refuse: (companyId: string, id: string) => transition(companyId, id, 'sent', 'refused', MESSAGES_QUOTE.cannotAnswer),

    /** An accepted quote → a draft invoice dated today with its lines (once: 409 after). */
    convert(companyId: string, id: string, userId: string | null): Promise<Invoice> {
      return write(async (transaction) => {
        const q = await full(await row(companyId, id, transaction, true), transaction);
        if (q.invoiceId) throw new HttpError(409, MESSAGES_QUOTE.alreadyConverted);
        if (q.status !== 'accepted') throw new HttpError(409, MESSAGES_QUOTE.notAccepted);
        const today = todayInDakar();
        const date = today < q.date ? q.date : today;
        const values = invoiceInputSchema.parse({
          invoice: {
            type: q.type,
            number: formatInvoiceNumber(q.type, yearOf(date), 1),
            thirdPartyId: q.clientId,
            date,
            dueDate: null,
            paymentMethod: 'bank',
            vatRate: q.vatRate,
            notes: [`Devis ${q.number}`, q.notes].filter(Boolean).join(' — ').slice(0, 2000),
          },
          lines: (q.lines ?? []).map((l) => ({ ...l, useExistingProduct: !!l.inventoryItemId })),
        });
        const invoiceId = await invoices.createIn(transaction, companyId, values, userId);
        await sequelize.query('UPDATE accounting.invoices SET quote_id = $2 WHERE id = $1', { bind: [invoiceId, id], transaction });
        await sequelize.query('UPDATE accounting.quotes SET invoice_id = $2, updated_at = now() WHERE id = $1', {
          bind: [id, invoiceId],
          transaction,
        });
        return invoices.getIn(transaction, companyId, invoiceId);
      });
    },

    /** The daily sweep: sent quotes past their validity date become expired. */
    async expire(today = todayInDakar()): Promise<number> {
      const [, meta] = await sequelize.query(
        `UPDATE accounting.quotes SET status = 'expired', updated_at = now() WHERE status = 'sent' AND valid_until < $1::date`,
        {
          bind: [today],
        },
      );
      return (meta as { rowCount?: number })?.rowCount ?? 0;
    },

    async pdfInput(companyId: string, id: string) {
      const q = await full(await row(companyId, id));
      const { company, party } = await printedParties(sequelize, companyId, q.clientId);
      return { quote: q, company: q.issuer ?? company, client: party };
    },
  };
}
