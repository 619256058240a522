import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  CREDIT_NOTE_NUMBER_PATTERN,
  INVOICE_DEFAULT_ACCOUNTS,
  INVOICE_JOURNALS,
  MESSAGES_CREDIT_NOTE,
  MESSAGES_INVOICE,
  VAT_ACCOUNTS,
  creditNoteKindOf,
  formatCreditNoteNumber,
  isCustomerInvoice,
  type CreditNote,
  type CreditNoteKind,
  type CreditNoteListResponse,
  type creditNoteApplySchema,
  type creditNoteInputSchema,
  type creditNoteListQuerySchema,
  type creditNoteRefundSchema,
} from '@xaalis/contracts';
import { add, compare, dec, isCalendarDate, isPositive, minOf, neg, sub, sum } from '@xaalis/domain';
import { HttpError, isUuid, mustExist, notFound } from '@xaalis/service-kit';
import type { z } from 'zod';
import { recordAuditEvent } from '../audit/record';
import { printedParties } from '../pdf/parties';
import { applyMovement, stockError } from '../inventory';
import { findInvoiceRow, invoiceError, type InvoiceDbRow } from '../invoices';
import { letterInvoiceIn } from '../letterings';
import { counterNumbering, ledgerWrite, postEntry, todayInDakar, yearOf, type PostingLine } from '../posting';
import { resolveTreasury } from '../treasury-accounts';
import { creditVatRows, creditVatRowsByAmount, recordVatLines, type VatLineRow } from '../vat';
import { computeCreditNote, type CreditNoteLineDraft } from './amounts';
import {
  creditedSoFar,
  findCreditNoteLines,
  findCreditNoteRow,
  insertCreditNoteLines,
  listCreditNotes,
  toCreditNote,
  type CreditNoteRow,
} from './model';
import { renderCreditNotePdf } from './pdf';

type CreditValues = z.output<typeof creditNoteInputSchema>;

/** AV-2026-0001 (customer credit notes), AF-2026-0001 (supplier ones): gap-free per company and year. */
const { take: takeCreditNoteNumber } = counterNumbering<CreditNoteKind>(
  'document_counters',
  formatCreditNoteNumber,
  CREDIT_NOTE_NUMBER_PATTERN,
  (kind) => (kind === 'customer' ? 'AV' : 'AF'),
);

/**
 * Credit notes (avoirs). One transaction each: the invoice row locked, the
 * stock given back (lines chosen for it), the reverse posting of what is
 * credited (source 'credit_note'), the credit set against the invoice's
 * balance due, what exceeds it left as the third party's credit (refunded or
 * set against another of its invoices later).
 */
export function creditNotesService(sequelize: Sequelize) {
  const write = <T>(fn: (transaction: Transaction) => Promise<T>) => ledgerWrite(sequelize, fn, invoiceError);

  async function full(row: CreditNoteRow, transaction?: Transaction): Promise<CreditNote> {
    return { ...toCreditNote(row), lines: await findCreditNoteLines(sequelize, row.id, transaction) };
  }

  async function lockNote(transaction: Transaction, companyId: string, id: string): Promise<CreditNoteRow> {
    const row = isUuid(id) ? await findCreditNoteRow(sequelize, companyId, id, { transaction, lock: true }) : null;
    if (!row) throw notFound(MESSAGES_CREDIT_NOTE.notFound);
    return row;
  }

  /** Sets `amount` of a credit note's credit against a validated invoice (its balance due lowers; settled with a payment: paid). */
  async function applyIn(
    transaction: Transaction,
    note: { id: string; companyId: string },
    invoiceId: string,
    amount: string,
    date: string,
    userId: string | null,
  ) {
    await sequelize.query(
      `INSERT INTO accounting.credit_note_applications (company_id, credit_note_id, invoice_id, amount, date, created_by)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      { bind: [note.companyId, note.id, invoiceId, amount, date, userId], transaction },
    );
    await sequelize.query(
      `UPDATE accounting.invoices
          SET credited_amount = credited_amount + $2::numeric,
              status = CASE WHEN paid_amount > 0 AND paid_amount + credited_amount + $2::numeric = total THEN 'paid' ELSE status END,
              updated_at = now()
        WHERE id = $1`,
      { bind: [invoiceId, amount], transaction },
    );
    await sequelize.query('UPDATE accounting.credit_notes SET applied_amount = applied_amount + $2::numeric WHERE id = $1', {
      bind: [note.id, amount],
      transaction,
    });
  }

  /**
   * The posting: the invoice's own lines reversed for what is credited (customer: D revenue + D 4431 / C 4111;
   * supplier: the mirror, the VAT back from 4452 and 4451, a non-deductible VAT with the largest charge).
   */
  function postingLines(
    invoice: InvoiceDbRow,
    number: string,
    lines: CreditNoteLineDraft[],
    vatRows: VatLineRow[],
    total: string,
  ): PostingLine[] {
    const groups = new Map<string, { accountId?: string; accountCode?: string; amount: string }>();
    for (const l of lines) {
      const key = l.accountId ?? `code:${l.accountCode}`;
      const g =
        groups.get(key) ??
        (l.accountId ? { accountId: l.accountId, amount: '0.00' } : { accountCode: l.accountCode as string, amount: '0.00' });
      g.amount = add(g.amount, l.total);
      groups.set(key, g);
    }
    const label = `Avoir ${number} sur facture ${invoice.number}`;
    const party = `${label} — ${invoice.tp_name ?? ''}`.slice(0, 255);
    const vatLabel = `TVA — ${label}`;
    // The rows are negative (a credit): their VAT back, by deduction.
    const vatOf = (category: string) => neg(sum(vatRows.filter((r) => r.category === category).map((r) => r.vat)));
    const ht = [...groups.values()];
    if (isCustomerInvoice(invoice.type)) {
      return [
        ...ht.map((g) => ({ accountId: g.accountId, accountCode: g.accountCode, description: label, debit: g.amount })),
        { accountCode: VAT_ACCOUNTS.collected, description: vatLabel, debit: vatOf('goods') },
        { accountCode: '4111', description: party, credit: total, thirdPartyId: invoice.third_party_id },
      ];
    }
    const largest = ht.reduce<(typeof ht)[number] | undefined>((a, g) => (!a || compare(g.amount, a.amount) > 0 ? g : a), undefined);
    if (largest) largest.amount = add(largest.amount, vatOf('none'));
    return [
      { accountCode: '4011', description: party, debit: total, thirdPartyId: invoice.third_party_id },
      ...ht.map((g) => ({ accountId: g.accountId, accountCode: g.accountCode, description: label, credit: g.amount })),
      { accountCode: VAT_ACCOUNTS.deductibleGoods, description: vatLabel, credit: vatOf('goods') },
      { accountCode: VAT_ACCOUNTS.deductibleAssets, description: vatLabel, credit: vatOf('assets') },
    ];
  }

  /** Issues a credit note on a validated invoice within `transaction`: its id. */
  async function createIn(
    transaction: Transaction,
    companyId: string,
    invoiceId: string,
    v: CreditValues,
    userId: string | null,
  ): Promise<string> {
    const invoice = isUuid(invoiceId) ? await findInvoiceRow(sequelize, companyId, invoiceId, { transaction, lock: true }) : null;
    if (!invoice) throw notFound(MESSAGES_INVOICE.notFound);
    if (invoice.status !== 'validated' && invoice.status !== 'paid') throw new HttpError(409, MESSAGES_CREDIT_NOTE.invoiceNotCreditable);
    const date = v.date ?? todayInDakar();
    if (!isCalendarDate(date))
      throw new HttpError(400, MESSAGES_CREDIT_NOTE.dateInvalid, [{ path: 'date', message: MESSAGES_CREDIT_NOTE.dateInvalid }]);
    if (date < invoice.date)
      throw new HttpError(400, MESSAGES_CREDIT_NOTE.dateBeforeInvoice, [{ path: 'date', message: MESSAGES_CREDIT_NOTE.dateBeforeInvoice }]);

    const [invoiceLines, credited] = await Promise.all([
      sequelize.query<{
        id: string;
        description: string;
        quantity: string;
        unit_price: string;
        total: string;
        account_id: string | null;
        inventory_item_id: string | null;
        vat_code_id: string;
        vat_rate: string;
        vat_deductible: boolean;
        account_code: string;
      }>(
        `SELECT l.id, l.description, l.quantity::text AS quantity, l.unit_price::text AS unit_price, l.total::text AS total, l.account_id,
                l.inventory_item_id, l.vat_code_id, l.vat_rate::text AS vat_rate, l.vat_deductible, coalesce(a.code, '') AS account_code
           FROM accounting.invoice_lines l LEFT JOIN accounting.accounts a ON a.id = l.account_id
          WHERE l.invoice_id = $1 ORDER BY l.line_no`,
        { bind: [invoice.id], type: QueryTypes.SELECT, transaction },
      ),
      creditedSoFar(sequelize, transaction, invoice.id),
    ]);
    const defaultCode = INVOICE_DEFAULT_ACCOUNTS[invoice.type];
    const computed = computeCreditNote(
      {
        vatRate: invoice.vat_rate,
        vatAmount: invoice.vat_amount,
        total: invoice.total,
        lines: invoiceLines.map((l) => {
          const mine = credited.lines.filter((c) => c.invoice_line_id === l.id);
          return {
            id: l.id,
            description: l.description,
            quantity: l.quantity,
            unitPrice: l.unit_price,
            total: l.total,
            vatRate: l.vat_rate,
            accountId: l.account_id,
            accountCode: l.account_id ? null : defaultCode,
            inventoryItemId: l.inventory_item_id,
            creditedQuantity: mine.reduce((q, c) => q.plus(c.quantity ?? '0'), dec(0)).toFixed(3),
            creditedTotal: mine.reduce((t, c) => add(t, c.total), '0'),
          };
        }),
        credited: {
          lines: credited.lines.map((c) => ({
            accountId: c.account_id,
            accountCode: c.account_code,
            total: c.total,
            byAmount: !c.invoice_line_id,
          })),
          vatAmount: credited.vat,
          total: credited.total,
        },
      },
      { lines: v.lines, amount: v.amount, restock: v.restock, reason: v.reason },
    );
    if (!computed.ok) {
      const status = computed.message === MESSAGES_CREDIT_NOTE.nothingLeft ? 409 : 400;
      throw new HttpError(status, computed.message, computed.path ? [{ path: computed.path, message: computed.message }] : undefined);
    }

    const kind = creditNoteKindOf(invoice.type);
    const id = randomUUID();
    // Lock order as the invoice's validation: invoice → items (by id) → entry → counters.
    const number = await takeCreditNoteNumber(sequelize, transaction, companyId, kind, yearOf(date));
    const moves = computed.lines
      .filter((l) => l.restock && l.inventoryItemId && l.quantity)
      .sort((a, b) => ((a.inventoryItemId as string) < (b.inventoryItemId as string) ? -1 : 1));
    for (const l of moves) {
      await applyMovement(sequelize, transaction, companyId, l.inventoryItemId as string, {
        // Goods sold come back in; goods bought go back to the supplier.
        type: kind === 'customer' ? 'in' : 'out',
        quantity: l.quantity as string,
        reason: `Avoir ${number}`,
        reference: number,
        invoiceId: invoice.id,
        createdBy: userId,
      }).catch((err: unknown) => {
        throw stockError(err);
      });
    }
    // The VAT credited per code (and deduction): the VAT ledger's rows, and the purchase's VAT accounts.
    const keyOf = (accountId: string | null, accountCode: string | null) => accountId ?? `code:${accountCode ?? defaultCode}`;
    // A credit by amount: split as what the invoice has left per VAT code (its ledger rows, less earlier credit notes').
    const byAmount = computed.lines.every((l) => !l.invoiceLineId);
    const remaining = byAmount
      ? await sequelize.query<{ vatCodeId: string; category: 'goods' | 'assets' | 'none'; base: string; vat: string }>(
          `SELECT v.vat_code_id AS "vatCodeId", v.category, sum(v.base)::text AS base, sum(v.vat)::text AS vat
             FROM accounting.vat_lines v
            WHERE v.company_id = $1
              AND ((v.source_type = 'invoice' AND v.source_id = $2)
                OR (v.source_type = 'credit_note' AND v.source_id IN (SELECT id FROM accounting.credit_notes WHERE invoice_id = $2)))
            GROUP BY v.vat_code_id, v.category
            ORDER BY v.vat_code_id, v.category`,
          { bind: [companyId, invoice.id], type: QueryTypes.SELECT, transaction },
        )
      : [];
    const flow = kind === 'customer' ? 'sales' : 'purchases';
    const vatRows = remaining.length
      ? creditVatRowsByAmount(remaining, computed.subtotal, computed.vatAmount, flow)
      : creditVatRows(
          invoiceLines.map((l) => ({
            id: l.id,
            accountKey: keyOf(l.account_id, null),
            total: l.total,
            vatRate: l.vat_rate,
            vatCodeId: l.vat_code_id,
            category: kind === 'customer' ? 'goods' : !l.vat_deductible ? 'none' : l.account_code.startsWith('2') ? 'assets' : 'goods',
          })),
          computed.lines.map((l) => ({ invoiceLineId: l.invoiceLineId, accountKey: keyOf(l.accountId, l.accountCode), total: l.total })),
          computed.vatAmount,
          kind === 'customer' ? 'sales' : 'purchases',
        );
    const entry = await postEntry(transaction, {
      companyId,
      journal: INVOICE_JOURNALS[invoice.type],
      date,
      description: `Avoir ${number} sur facture ${invoice.number} — ${invoice.tp_name ?? ''}`.slice(0, 255),
      reference: number,
      lines: postingLines(invoice, number, computed.lines, vatRows, computed.total),
      sourceType: 'credit_note',
      sourceId: id,
      userId,
    });
    await recordVatLines(sequelize, transaction, { companyId, entryId: entry.id, sourceType: 'credit_note', sourceId: id }, vatRows);
    await sequelize.query(
      `INSERT INTO accounting.credit_notes (id, company_id, invoice_id, number, kind, third_party_id, date, reason, subtotal, vat_amount, total,
              entry_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      {
        bind: [
          id,
          companyId,
          invoice.id,
          number,
          kind,
          invoice.third_party_id,
          date,
          v.reason,
          computed.subtotal,
          computed.vatAmount,
          computed.total,
          entry.id,
          userId,
        ],
        transaction,
      },
    );
    await insertCreditNoteLines(sequelize, transaction, companyId, id, computed.lines);
    await sequelize.query('UPDATE accounting.invoices SET credit_total = credit_total + $2::numeric, updated_at = now() WHERE id = $1', {
      bind: [invoice.id, computed.total],
      transaction,
    });
    // The credit lowers what the invoice still owes; the rest is the third party's credit.
    const applied = minOf(computed.total, invoice.balance_due);
    if (isPositive(applied)) await applyIn(transaction, { id, companyId }, invoice.id, applied, date, userId);
    await letterInvoiceIn(sequelize, transaction, companyId, invoice.id, userId);
    await recordAuditEvent(sequelize, transaction, {
      companyId,
      userId,
      action: 'credited',
      objectType: 'invoice',
      objectId: invoice.id,
      objectLabel: invoice.number,
      details: { creditNoteId: id, number, total: computed.total, reason: v.reason },
    });
    return id;
  }

  async function readIn(transaction: Transaction, companyId: string, id: string): Promise<CreditNote> {
    return full(mustExist(await findCreditNoteRow(sequelize, companyId, id, { transaction }), 'credit note'), transaction);
  }

  return {
    createIn,

    create(companyId: string, invoiceId: string, v: CreditValues, userId: string | null): Promise<CreditNote> {
      return write(async (transaction) => readIn(transaction, companyId, await createIn(transaction, companyId, invoiceId, v, userId)));
    },

    /** 'Annuler' on a validated invoice: a credit note of whatever it has left, its goods back in stock. */
    cancelInvoice(companyId: string, invoice: { id: string; number: string }, userId: string | null): Promise<CreditNote> {
      return this.create(companyId, invoice.id, { reason: `Annulation de la facture ${invoice.number}`, restock: true }, userId);
    },

    list(companyId: string, q: z.output<typeof creditNoteListQuerySchema>): Promise<CreditNoteListResponse> {
      return listCreditNotes(sequelize, companyId, q);
    },

    async get(companyId: string, id: string): Promise<CreditNote> {
      const row = isUuid(id) ? await findCreditNoteRow(sequelize, companyId, id) : null;
      if (!row) throw notFound(MESSAGES_CREDIT_NOTE.notFound);
      return full(row);
    },

    /** The credit left paid back (customer: D 4111 / C treasury; supplier: D treasury / C 4011), posted in the account's journal. */
    refund(companyId: string, id: string, v: z.output<typeof creditNoteRefundSchema>, userId: string | null): Promise<CreditNote> {
      return write(async (transaction) => {
        const note = await lockNote(transaction, companyId, id);
        const left = sub(note.total, note.applied_amount, note.refunded_amount);
        if (!isPositive(left)) throw new HttpError(409, MESSAGES_CREDIT_NOTE.noCreditLeft);
        const amount = v.amount ?? left;
        if (!isPositive(amount))
          throw new HttpError(400, MESSAGES_CREDIT_NOTE.amountPositive, [{ path: 'amount', message: MESSAGES_CREDIT_NOTE.amountPositive }]);
        if (compare(amount, left) > 0)
          throw new HttpError(400, MESSAGES_CREDIT_NOTE.creditTooLarge, [{ path: 'amount', message: MESSAGES_CREDIT_NOTE.creditTooLarge }]);
        const date = v.date ?? todayInDakar();
        if (!isCalendarDate(date) || date < note.date)
          throw new HttpError(400, MESSAGES_CREDIT_NOTE.dateInvalid, [{ path: 'date', message: MESSAGES_CREDIT_NOTE.dateInvalid }]);
        const treasury = await resolveTreasury(sequelize, transaction, companyId, v);
        const refundId = randomUUID();
        const customer = note.kind === 'customer';
        const label = `Remboursement avoir ${note.number} — ${note.tp_name ?? ''}`.slice(0, 255);
        const party: PostingLine = { accountCode: customer ? '4111' : '4011', description: label, thirdPartyId: note.third_party_id };
        const cash: PostingLine = { accountId: treasury.account_id, description: label };
        const entry = await postEntry(transaction, {
          companyId,
          journal: treasury.journal,
          date,
          description: label,
          reference: v.reference || note.number,
          lines: customer
            ? [
                { ...party, debit: amount },
                { ...cash, credit: amount },
              ]
            : [
                { ...cash, debit: amount },
                { ...party, credit: amount },
              ],
          sourceType: 'credit_note_refund',
          sourceId: refundId,
          userId,
        });
        await sequelize.query(
          `INSERT INTO accounting.credit_note_refunds (id, company_id, credit_note_id, amount, date, treasury_account_id, entry_id, reference, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          { bind: [refundId, companyId, note.id, amount, date, treasury.id, entry.id, v.reference || null, userId], transaction },
        );
        await sequelize.query('UPDATE accounting.credit_notes SET refunded_amount = refunded_amount + $2::numeric WHERE id = $1', {
          bind: [note.id, amount],
          transaction,
        });
        await letterInvoiceIn(sequelize, transaction, companyId, note.invoice_id, userId);
        return readIn(transaction, companyId, note.id);
      });
    },

    /** The credit left set against another invoice of the same third party (both on its 411/401 account: nothing to post). */
    apply(companyId: string, id: string, v: z.output<typeof creditNoteApplySchema>, userId: string | null): Promise<CreditNote> {
      return write(async (transaction) => {
        const note = await lockNote(transaction, companyId, id);
        const left = sub(note.total, note.applied_amount, note.refunded_amount);
        if (!isPositive(left)) throw new HttpError(409, MESSAGES_CREDIT_NOTE.noCreditLeft);
        const target = await findInvoiceRow(sequelize, companyId, v.invoiceId, { transaction, lock: true });
        if (!target) throw notFound(MESSAGES_CREDIT_NOTE.targetNotFound);
        if (target.third_party_id !== note.third_party_id || creditNoteKindOf(target.type) !== note.kind)
          throw new HttpError(400, MESSAGES_CREDIT_NOTE.targetOtherParty, [
            { path: 'invoiceId', message: MESSAGES_CREDIT_NOTE.targetOtherParty },
          ]);
        if (target.status !== 'validated' || !isPositive(target.balance_due))
          throw new HttpError(409, MESSAGES_CREDIT_NOTE.targetNotPayable);
        const amount = v.amount ?? minOf(left, target.balance_due);
        if (!isPositive(amount))
          throw new HttpError(400, MESSAGES_CREDIT_NOTE.amountPositive, [{ path: 'amount', message: MESSAGES_CREDIT_NOTE.amountPositive }]);
        if (compare(amount, left) > 0)
          throw new HttpError(400, MESSAGES_CREDIT_NOTE.creditTooLarge, [{ path: 'amount', message: MESSAGES_CREDIT_NOTE.creditTooLarge }]);
        if (compare(amount, target.balance_due) > 0)
          throw new HttpError(400, MESSAGES_CREDIT_NOTE.targetTooLarge, [{ path: 'amount', message: MESSAGES_CREDIT_NOTE.targetTooLarge }]);
        const today = todayInDakar();
        await applyIn(transaction, { id: note.id, companyId }, target.id, amount, today < target.date ? target.date : today, userId);
        return readIn(transaction, companyId, note.id);
      });
    },

    /** The credit note as a PDF ("Avoir sur facture FV-…"), with the invoice's issuer and client snapshots. */
    async pdf(companyId: string, id: string): Promise<{ filename: string; buffer: Buffer }> {
      const note = await this.get(companyId, id);
      const invoice = mustExist(await findInvoiceRow(sequelize, companyId, note.invoiceId), 'invoice');
      const { company, party } = await printedParties(sequelize, companyId, note.thirdPartyId);
      return {
        filename: `${note.number}.pdf`,
        buffer: await renderCreditNotePdf({
          company: invoice.issuer_snapshot ?? company,
          thirdParty: invoice.client_snapshot ?? party,
          note,
          vatRate: invoice.vat_rate,
        }),
      };
    },
  };
}

export type CreditNotesService = ReturnType<typeof creditNotesService>;
