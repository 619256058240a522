import { add, compare, isZero } from '@xaalis/domain';
import { foldedPattern, foldedSql } from '@xaalis/service-kit';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type {
  Invoice,
  InvoiceClientSnapshot,
  InvoiceIssuerSnapshot,
  InvoiceLine,
  InvoiceListResponse,
  InvoicePaymentSummary,
  InvoiceStatus,
  InvoiceType,
  PaymentMethod,
  VatBreakdownRow,
  invoiceListQuerySchema,
} from '@xaalis/contracts';
import type { z } from 'zod';
import { documentTrail, type DocumentTrailRow } from '../posting';
import { columnArrays, rowFinder } from '../../model-support';

type ListQuery = z.output<typeof invoiceListQuerySchema>;

/**
 * Row-level access to `invoices` and `invoice_lines` (plain SQL, like the
 * ledger: explicit locks, multi-row inserts, one aggregate for the counters).
 */
export interface InvoiceDbRow extends DocumentTrailRow {
  id: string;
  company_id: string;
  number: string;
  type: InvoiceType;
  status: InvoiceStatus;
  date: string;
  due_date: string | null;
  third_party_id: string;
  tp_name: string | null;
  tp_type: string | null;
  subtotal: string;
  vat_rate: string;
  vat_amount: string;
  total: string;
  paid_amount: string;
  credited_amount: string;
  credit_total: string;
  quote_id: string | null;
  balance_due: string;
  payment_method: PaymentMethod;
  notes: string | null;
  entry_id: string | null;
  reversal_entry_id: string | null;
  issuer_snapshot: InvoiceIssuerSnapshot | null;
  client_snapshot: InvoiceClientSnapshot | null;
}

interface LineDbRow {
  id: string;
  line_no: number;
  description: string;
  quantity: string;
  unit_price: string;
  total: string;
  account_id: string | null;
  inventory_item_id: string | null;
  vat_code_id: string;
  vat_code: string;
  vat_rate: string;
  vat_amount: string;
  vat_deductible: boolean;
}

/**
 * What is still to pay: total − paid − credit set against it, for a validated or paid invoice; nothing
 * for a draft (not yet owed) or a cancelled invoice.
 */
export const BALANCE_DUE_SQL = `CASE WHEN i.status IN ('validated', 'paid') THEN i.total - i.paid_amount - i.credited_amount ELSE 0.00 END`;

/** The columns toInvoice reads: `i` the invoice, `tp` its third party (LEFT JOIN). */
export const INVOICE_COLUMNS = `i.id, i.company_id, i.number, i.type, i.status, i.date, i.due_date, i.third_party_id,
  tp.name AS tp_name, tp.type AS tp_type, i.subtotal, i.vat_rate, i.vat_amount, i.total, i.paid_amount, i.credited_amount, i.credit_total,
  ${BALANCE_DUE_SQL} AS balance_due, i.payment_method, i.notes, i.entry_id, i.reversal_entry_id, i.issuer_snapshot, i.client_snapshot,
  i.quote_id, i.created_by, i.validated_by, i.validated_at, i.cancelled_by, i.cancelled_at, i.created_at, i.updated_at`;

export const INVOICE_FROM = `accounting.invoices i
  LEFT JOIN accounting.third_parties tp ON tp.company_id = i.company_id AND tp.id = i.third_party_id`;

export function toInvoice(row: InvoiceDbRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    status: row.status,
    date: row.date,
    dueDate: row.due_date,
    thirdPartyId: row.third_party_id,
    thirdParty: row.tp_name === null ? null : { id: row.third_party_id, name: row.tp_name, type: row.tp_type as string },
    subtotal: row.subtotal,
    vatRate: row.vat_rate,
    vatAmount: row.vat_amount,
    total: row.total,
    paymentMethod: row.payment_method,
    notes: row.notes,
    paidAmount: row.paid_amount,
    creditedAmount: row.credited_amount,
    creditTotal: row.credit_total,
    quoteId: row.quote_id,
    creditStatus: isZero(row.credit_total) ? 'none' : compare(row.credit_total, row.total) === 0 ? 'full' : 'partial',
    balanceDue: row.balance_due,
    entryId: row.entry_id,
    companyId: row.company_id,
    issuer: row.issuer_snapshot,
    client: row.client_snapshot,
    ...documentTrail(row),
  };
}

function toLine(row: LineDbRow): InvoiceLine {
  return {
    id: row.id,
    description: row.description,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    total: row.total,
    accountId: row.account_id,
    inventoryItemId: row.inventory_item_id,
    vatCodeId: row.vat_code_id,
    vatCode: row.vat_code,
    vatRate: row.vat_rate,
    vatAmount: row.vat_amount,
    vatDeductible: row.vat_deductible,
  };
}

/** The VAT per rate of an invoice's lines, highest rate first (their VAT shares add up to each rate's VAT). */
export function vatBreakdown(lines: InvoiceLine[]): VatBreakdownRow[] {
  const byRate = new Map<string, VatBreakdownRow>();
  for (const l of lines) {
    const rate = l.vatRate ?? '0.00';
    const row = byRate.get(rate) ?? { rate, base: '0.00', vat: '0.00' };
    row.base = add(row.base, l.total);
    row.vat = add(row.vat, l.vatAmount ?? '0.00');
    byRate.set(rate, row);
  }
  return [...byRate.values()].sort((a, b) => compare(b.rate, a.rate));
}

/** One invoice of the company (with its third party), or null; `lock` takes the row FOR UPDATE. */
export const findInvoiceRow = rowFinder<InvoiceDbRow>(
  (lock) => `SELECT ${INVOICE_COLUMNS} FROM ${INVOICE_FROM} WHERE i.id = $1 AND i.company_id = $2${lock ? ' FOR UPDATE OF i' : ''}`,
  (row) => row,
);

export async function findInvoiceLines(sequelize: Sequelize, invoiceId: string, transaction?: Transaction): Promise<InvoiceLine[]> {
  const rows = await sequelize.query<LineDbRow>(
    `SELECT l.id, l.line_no, l.description, l.quantity, l.unit_price, l.total, l.account_id, l.inventory_item_id,
            l.vat_code_id, v.code AS vat_code, l.vat_rate, l.vat_amount, l.vat_deductible
       FROM accounting.invoice_lines l JOIN accounting.vat_codes v ON v.id = l.vat_code_id
      WHERE l.invoice_id = $1 ORDER BY l.line_no`,
    { bind: [invoiceId], type: QueryTypes.SELECT, transaction },
  );
  return rows.map(toLine);
}

export async function findInvoicePayments(
  sequelize: Sequelize,
  invoiceId: string,
  transaction?: Transaction,
): Promise<InvoicePaymentSummary[]> {
  return sequelize.query<InvoicePaymentSummary>(
    `SELECT id, date, amount, method, reference, created_by AS "createdBy" FROM accounting.payments WHERE invoice_id = $1 ORDER BY date, created_at`,
    { bind: [invoiceId], type: QueryTypes.SELECT, transaction },
  );
}

/** A line to insert: the contracts' line before it has an id, with its VAT resolved. */
export type NewInvoiceLine = Omit<InvoiceLine, 'id' | 'vatCode'> & {
  vatCodeId: string;
  vatRate: string;
  vatAmount: string;
  vatDeductible: boolean;
};

/** Inserts an invoice's lines (numbered 1..n) in one statement. */
export async function insertInvoiceLines(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  invoiceId: string,
  lines: readonly NewInvoiceLine[],
): Promise<void> {
  await sequelize.query(
    `INSERT INTO accounting.invoice_lines (invoice_id, company_id, line_no, description, quantity, unit_price, total, account_id, inventory_item_id,
                                           vat_code_id, vat_rate, vat_amount, vat_deductible)
     SELECT $1, $2, l.line_no, l.description, l.quantity, l.unit_price, l.total, l.account_id, l.inventory_item_id,
            l.vat_code_id, l.vat_rate, l.vat_amount, l.vat_deductible
       FROM unnest($3::int[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[], $8::uuid[], $9::uuid[],
                   $10::uuid[], $11::numeric[], $12::numeric[], $13::boolean[])
            AS l(line_no, description, quantity, unit_price, total, account_id, inventory_item_id, vat_code_id, vat_rate, vat_amount, vat_deductible)`,
    {
      bind: [
        invoiceId,
        companyId,
        lines.map((_, i) => i + 1),
        ...columnArrays(lines, [
          'description',
          'quantity',
          'unitPrice',
          'total',
          'accountId',
          'inventoryItemId',
          'vatCodeId',
          'vatRate',
          'vatAmount',
          'vatDeductible',
        ]),
      ],
      transaction,
    },
  );
}

/** The list's WHERE conditions (after `i.company_id = $1`), shared by the page, the count and the export. */
function filtersOf(q: Omit<ListQuery, 'page' | 'pageSize'>): { bind: unknown[]; filters: string[]; needsThirdParty: boolean } {
  const bind: unknown[] = [];
  const filters: string[] = [];
  const param = (v: unknown) => {
    bind.push(v);
    return `$${bind.length + 1}`; // $1 is the company
  };
  if (q.status) filters.push(`i.status = ${param(q.status)}`);
  if (q.type) filters.push(`i.type = ${param(q.type)}`);
  if (q.payable === 'true') filters.push(`i.status = 'validated' AND i.total > i.paid_amount + i.credited_amount`);
  if (q.id) filters.push(`i.id = ${param(q.id)}`);
  if (q.thirdPartyId) filters.push(`i.third_party_id = ${param(q.thirdPartyId)}`);
  if (q.search) {
    const p = param(foldedPattern(q.search));
    filters.push(`(i.number ILIKE ${p} OR ${foldedSql('tp.name')} LIKE ${p})`);
  }
  return { bind, filters, needsThirdParty: !!q.search };
}

const ORDER = 'ORDER BY i.date DESC, i.number DESC';

/**
 * One page of a company's invoices plus the counters of the whole company, in
 * two queries run side by side:
 * - the page: the ids of the page from the (company_id, date DESC, number DESC)
 *   index (deferred join: OFFSET skips index entries, not rows), then only
 *   those rows with their third party;
 * - ONE aggregate over the company: the four counters and, with FILTER, the
 *   number of rows matching the filters (for pagination).
 */
export async function listInvoices(sequelize: Sequelize, companyId: string, q: ListQuery): Promise<InvoiceListResponse> {
  const { bind, filters, needsThirdParty } = filtersOf(q);
  const where = filters.length ? ` AND ${filters.join(' AND ')}` : '';
  const tpJoin = needsThirdParty
    ? ' LEFT JOIN accounting.third_parties tp ON tp.company_id = i.company_id AND tp.id = i.third_party_id'
    : '';
  const matching = filters.length ? `count(*) FILTER (WHERE ${filters.join(' AND ')})::int` : 'count(*)::int';
  const pageBind = [companyId, ...bind, q.pageSize, (q.page - 1) * q.pageSize];
  const [rows, [agg]] = await Promise.all([
    sequelize.query<InvoiceDbRow>(
      `SELECT ${INVOICE_COLUMNS}
         FROM (SELECT i.id, i.date, i.number FROM accounting.invoices i${tpJoin}
                WHERE i.company_id = $1${where}
                ${ORDER}
                LIMIT $${pageBind.length - 1} OFFSET $${pageBind.length}) p
         JOIN ${INVOICE_FROM} ON i.id = p.id
        ORDER BY p.date DESC, p.number DESC`,
      { bind: pageBind, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ total: number; sales: number; purchases: number; pending: number; matching: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE i.type = 'sale')::int AS sales,
              count(*) FILTER (WHERE i.type = 'purchase')::int AS purchases,
              count(*) FILTER (WHERE i.status = 'validated')::int AS pending,
              ${matching} AS matching
         FROM accounting.invoices i${tpJoin}
        WHERE i.company_id = $1`,
      { bind: [companyId, ...bind], type: QueryTypes.SELECT },
    ),
  ]);
  return {
    items: rows.map(toInvoice),
    page: q.page,
    pageSize: q.pageSize,
    totalItems: agg.matching,
    counters: { total: agg.total, sales: agg.sales, purchases: agg.purchases, pending: agg.pending },
  };
}

/** Every invoice matching the list's filters (the export), in list order. */
export async function allInvoices(sequelize: Sequelize, companyId: string, q: Omit<ListQuery, 'page' | 'pageSize'>): Promise<Invoice[]> {
  const { bind, filters } = filtersOf(q);
  const where = filters.length ? ` AND ${filters.join(' AND ')}` : '';
  const rows = await sequelize.query<InvoiceDbRow>(
    `SELECT ${INVOICE_COLUMNS} FROM ${INVOICE_FROM} WHERE i.company_id = $1${where} ${ORDER}`,
    {
      bind: [companyId, ...bind],
      type: QueryTypes.SELECT,
    },
  );
  return rows.map(toInvoice);
}
