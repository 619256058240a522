import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { CreditNote, CreditNoteKind, CreditNoteLine, CreditNoteListResponse, creditNoteListQuerySchema } from '@xaalis/contracts';
import { sub } from '@xaalis/domain';
import { foldedPattern, foldedSql } from '@xaalis/service-kit';
import type { z } from 'zod';
import { columnArrays, rowFinder } from '../../model-support';
import type { CreditNoteLineDraft } from './amounts';

type ListQuery = z.output<typeof creditNoteListQuerySchema>;

export interface CreditNoteRow {
  id: string;
  company_id: string;
  number: string;
  kind: CreditNoteKind;
  invoice_id: string;
  invoice_number: string;
  invoice_type: string;
  third_party_id: string;
  tp_name: string | null;
  date: string;
  reason: string;
  subtotal: string;
  vat_amount: string;
  total: string;
  applied_amount: string;
  refunded_amount: string;
  entry_id: string;
  created_at: string | Date;
}

const COLUMNS = `n.id, n.company_id, n.number, n.kind, n.invoice_id, i.number AS invoice_number, i.type AS invoice_type, n.third_party_id,
  tp.name AS tp_name, n.date::text AS date, n.reason, n.subtotal, n.vat_amount, n.total, n.applied_amount, n.refunded_amount,
  n.entry_id, n.created_at`;
const FROM = `accounting.credit_notes n
  JOIN accounting.invoices i ON i.id = n.invoice_id AND i.company_id = n.company_id
  LEFT JOIN accounting.third_parties tp ON tp.company_id = n.company_id AND tp.id = n.third_party_id`;

export const toCreditNote = (r: CreditNoteRow): CreditNote => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  invoiceId: r.invoice_id,
  invoiceNumber: r.invoice_number,
  thirdPartyId: r.third_party_id,
  thirdPartyName: r.tp_name,
  date: r.date,
  reason: r.reason,
  subtotal: r.subtotal,
  vatAmount: r.vat_amount,
  total: r.total,
  appliedAmount: r.applied_amount,
  refundedAmount: r.refunded_amount,
  remaining: sub(r.total, r.applied_amount, r.refunded_amount),
  entryId: r.entry_id,
  createdAt: new Date(r.created_at).toISOString(),
});

/** One credit note of the company, or null; `lock` takes its row FOR UPDATE. */
export const findCreditNoteRow = rowFinder<CreditNoteRow>(
  (lock) => `SELECT ${COLUMNS} FROM ${FROM} WHERE n.id = $1 AND n.company_id = $2${lock ? ' FOR UPDATE OF n' : ''}`,
  (row) => row,
);

export async function findCreditNoteLines(sequelize: Sequelize, id: string, transaction?: Transaction): Promise<CreditNoteLine[]> {
  return sequelize.query<CreditNoteLine>(
    `SELECT id, invoice_line_id AS "invoiceLineId", description, quantity::text AS quantity, unit_price::text AS "unitPrice",
            total::text AS total, restock
       FROM accounting.credit_note_lines WHERE credit_note_id = $1 ORDER BY line_no`,
    { bind: [id], type: QueryTypes.SELECT, transaction },
  );
}

export async function insertCreditNoteLines(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  creditNoteId: string,
  lines: readonly CreditNoteLineDraft[],
): Promise<void> {
  await sequelize.query(
    `INSERT INTO accounting.credit_note_lines (credit_note_id, company_id, line_no, invoice_line_id, description, quantity, unit_price,
            total, account_id, account_code, inventory_item_id, restock)
     SELECT $1, $2, l.n, l.invoice_line_id, l.description, l.quantity, l.unit_price, l.total, l.account_id, l.account_code,
            l.inventory_item_id, l.restock
       FROM unnest($3::int[], $4::uuid[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[], $9::uuid[], $10::text[], $11::uuid[],
                   $12::boolean[])
            AS l(n, invoice_line_id, description, quantity, unit_price, total, account_id, account_code, inventory_item_id, restock)`,
    {
      bind: [
        creditNoteId,
        companyId,
        lines.map((_, i) => i + 1),
        ...columnArrays(lines, [
          'invoiceLineId',
          'description',
          'quantity',
          'unitPrice',
          'total',
          'accountId',
          'accountCode',
          'inventoryItemId',
          'restock',
        ]),
      ],
      transaction,
    },
  );
}

/** What earlier credit notes of an invoice took back: their HT lines and their VAT. */
export async function creditedSoFar(sequelize: Sequelize, transaction: Transaction, invoiceId: string) {
  const [lines, [totals]] = await Promise.all([
    sequelize.query<{
      invoice_line_id: string | null;
      account_id: string | null;
      account_code: string | null;
      quantity: string | null;
      total: string;
    }>(
      `SELECT l.invoice_line_id, l.account_id, l.account_code, l.quantity::text AS quantity, l.total::text AS total
         FROM accounting.credit_note_lines l JOIN accounting.credit_notes n ON n.id = l.credit_note_id
        WHERE n.invoice_id = $1`,
      { bind: [invoiceId], type: QueryTypes.SELECT, transaction },
    ),
    sequelize.query<{ vat: string; total: string }>(
      `SELECT coalesce(sum(vat_amount), 0)::numeric(15,2)::text AS vat, coalesce(sum(total), 0)::numeric(15,2)::text AS total
         FROM accounting.credit_notes WHERE invoice_id = $1`,
      { bind: [invoiceId], type: QueryTypes.SELECT, transaction },
    ),
  ]);
  return { lines, vat: totals.vat, total: totals.total };
}

export async function listCreditNotes(sequelize: Sequelize, companyId: string, q: ListQuery): Promise<CreditNoteListResponse> {
  const bind: unknown[] = [companyId];
  const filters: string[] = [];
  const param = (v: unknown) => {
    bind.push(v);
    return `$${bind.length}`;
  };
  if (q.invoiceId) filters.push(`n.invoice_id = ${param(q.invoiceId)}`);
  if (q.kind) filters.push(`n.kind = ${param(q.kind)}`);
  if (q.open === 'true') filters.push('n.total > n.applied_amount + n.refunded_amount');
  if (q.search) {
    const p = param(foldedPattern(q.search));
    filters.push(`(n.number ILIKE ${p} OR i.number ILIKE ${p} OR ${foldedSql('tp.name')} LIKE ${p})`);
  }
  const where = ['n.company_id = $1', ...filters].join(' AND ');
  const [rows, [count]] = await Promise.all([
    sequelize.query<CreditNoteRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY n.date DESC, n.number DESC LIMIT ${param(q.pageSize)} OFFSET ${param(
        (q.page - 1) * q.pageSize,
      )}`,
      { bind, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`, {
      bind: bind.slice(0, bind.length - 2),
      type: QueryTypes.SELECT,
    }),
  ]);
  return { items: rows.map(toCreditNote), page: q.page, pageSize: q.pageSize, totalItems: count.n };
}
