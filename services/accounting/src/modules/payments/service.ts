import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  DEFAULT_EXPENSE_ACCOUNT,
  LOAN_ACCOUNTS,
  MESSAGES_LOAN,
  MESSAGES_PAYMENT,
  MESSAGES_VAT,
  MESSAGES_WITHHOLDING,
  VAT_ACCOUNTS,
  WITHHOLDING_ACCOUNT,
  isCustomerInvoice,
  isPayableInstalment,
  type Payment,
  type PaymentListResponse,
  type paymentInputSchema,
} from '@xaalis/contracts';
import { compare, dec, formatXofExact, isPositive, isCalendarDate, minOf, money, sub } from '@xaalis/domain';
import { HttpError, isUuid, notFound, mustExist } from '@xaalis/service-kit';
import type { z } from 'zod';
import { findInvoiceRow, invoiceError } from '../invoices';
import { letterInvoiceIn } from '../letterings';
import { lockLoanPayment, markInstalmentPaid } from '../loans';
import { ledgerWrite, postEntry, type Posting, type PostingLine } from '../posting';
import { resolveTreasury } from '../treasury-accounts';
import { recordVatLines } from '../vat';
import { findPayment, insertPayment, listPayments } from './model';

type PaymentValues = z.output<typeof paymentInputSchema>;
/** The treasury account a payment goes through, resolved from its id or its method. */
type Treasury = Awaited<ReturnType<typeof resolveTreasury>>;

/**
 * Payments (spec "Nouveau Paiement"): an invoice settled in full or in part, a
 * loan instalment, or an expense. Each is posted on its treasury account, in
 * that account's journal (a `method` names the default account of its kind:
 * bank 521/BQ, cash 571/CA, Orange Money 552/MM, cheque 513/BQ), in the same
 * transaction as its effect on the invoice or the instalment.
 */
export function paymentsService(sequelize: Sequelize) {
  const paymentError = (err: unknown) => {
    // The table's CHECK (paid ≤ total) is the last line of defence; the row lock means it should never fire.
    const pg = (err as { parent?: { code?: string; constraint?: string } })?.parent;
    if (pg?.code === '23514' && pg.constraint === 'invoices_paid_amount_check') return new HttpError(400, MESSAGES_PAYMENT.overpayment);
    return invoiceError(err);
  };
  const write = <T>(fn: (transaction: Transaction) => Promise<T>): Promise<T> => ledgerWrite(sequelize, fn, paymentError);

  /** A payment's posting: in its treasury account's journal, on its date, its source the payment. */
  const postPayment = (
    transaction: Transaction,
    companyId: string,
    id: string,
    v: PaymentValues & { treasury: Treasury },
    userId: string | null,
    entry: Pick<Posting, 'description' | 'reference' | 'lines'>,
  ) =>
    postEntry(transaction, {
      companyId,
      journal: v.treasury.journal,
      date: v.date,
      ...entry,
      sourceType: 'payment',
      sourceId: id,
      userId,
    });

  /**
   * An invoice payment. The invoice row is locked FOR UPDATE first: two
   * payments of one invoice queue up, and the second sees the first's amount,
   * so together they can never exceed the total (the table's CHECK is the last
   * line of defence).
   */
  async function invoicePayment(
    transaction: Transaction,
    companyId: string,
    id: string,
    v: PaymentValues & { treasury: Treasury },
    userId: string | null,
  ) {
    const invoiceId = v.invoiceId as string;
    const invoice = await findInvoiceRow(sequelize, companyId, invoiceId, { transaction, lock: true });
    if (!invoice) throw notFound(MESSAGES_PAYMENT.invoiceNotFound);
    const balance = invoice.balance_due;
    if (invoice.status !== 'validated' || !isPositive(balance)) throw new HttpError(409, MESSAGES_PAYMENT.invoiceNotPayable);
    // ISO dates compare as strings. A payment cannot settle an invoice before it existed.
    if (v.date < invoice.date) {
      throw new HttpError(400, MESSAGES_PAYMENT.dateBeforeInvoice, [{ path: 'date', message: MESSAGES_PAYMENT.dateBeforeInvoice }]);
    }
    if (compare(v.amount, balance) > 0) {
      throw new HttpError(400, `${MESSAGES_PAYMENT.overpayment} (reste dû : ${formatXofExact(balance, { separator: ' ' })})`, [
        { path: 'amount', message: MESSAGES_PAYMENT.overpayment },
      ]);
    }
    const customer = isCustomerInvoice(invoice.type);
    const withheld = v.vatWithheld ?? '0.00';
    if (isPositive(withheld)) {
      const refuse = (message: string) => new HttpError(400, message, [{ path: 'vatWithheld', message }]);
      if (!customer) throw refuse(MESSAGES_VAT.vatWithheldCustomerOnly);
      if (compare(withheld, minOf(invoice.vat_amount, v.amount)) > 0) throw refuse(MESSAGES_VAT.vatWithheldTooLarge);
    }
    // Tax withheld at source from a supplier (BRS): what the payment says, else the supplier's rate of the amount.
    let withholding = v.withholding ?? '0.00';
    if (v.withholding === undefined && !customer) {
      const [tp] = await sequelize.query<{ rate: string | null }>(
        'SELECT withholding_rate::text AS rate FROM accounting.third_parties WHERE company_id = $1 AND id = $2',
        { bind: [companyId, invoice.third_party_id], type: QueryTypes.SELECT, transaction },
      );
      if (tp?.rate) withholding = money(dec(v.amount).times(tp.rate).dividedBy(100));
    }
    if (isPositive(withholding)) {
      const refuse = (message: string) => new HttpError(400, message, [{ path: 'withholding', message }]);
      if (customer) throw refuse(MESSAGES_WITHHOLDING.supplierOnly);
      if (compare(withholding, v.amount) > 0) throw refuse(MESSAGES_WITHHOLDING.tooLarge);
    }
    const label = `${customer ? 'Encaissement' : 'Règlement'} facture ${invoice.number} — ${invoice.tp_name ?? ''}`.slice(0, 255);
    const party: PostingLine = { accountCode: customer ? '4111' : '4011', description: label, thirdPartyId: invoice.third_party_id };
    const cash: PostingLine = { accountId: v.treasury.account_id, description: label };
    const entry = await postPayment(transaction, companyId, id, v, userId, {
      description: label,
      reference: v.reference || invoice.number,
      lines: customer
        ? [
            { ...cash, debit: sub(v.amount, withheld) },
            { accountCode: VAT_ACCOUNTS.withheld, description: `TVA retenue par le client — ${label}`.slice(0, 255), debit: withheld },
            { ...party, credit: v.amount },
          ]
        : [
            { ...party, debit: v.amount },
            { ...cash, credit: sub(v.amount, withholding) },
            { accountCode: WITHHOLDING_ACCOUNT, description: `Retenue à la source — ${label}`.slice(0, 255), credit: withholding },
          ],
    });
    await sequelize.query(
      `UPDATE accounting.invoices
          SET paid_amount = paid_amount + $2::numeric,
              status = CASE WHEN paid_amount + credited_amount + $2::numeric = total THEN 'paid' ELSE status END,
              updated_at = now()
        WHERE id = $1`,
      { bind: [invoiceId, v.amount], transaction },
    );
    if (isPositive(withheld)) {
      // The VAT ledger: on the code of the invoice's highest rate (the return only needs the amount withheld).
      const [line] = await sequelize.query<{ vat_code_id: string }>(
        'SELECT vat_code_id FROM accounting.invoice_lines WHERE invoice_id = $1 ORDER BY vat_rate DESC, line_no LIMIT 1',
        { bind: [invoiceId], type: QueryTypes.SELECT, transaction },
      );
      await recordVatLines(sequelize, transaction, { companyId, entryId: entry.id, sourceType: 'payment', sourceId: id }, [
        { vatCodeId: line.vat_code_id, flow: 'withheld', category: 'goods', base: v.amount, vat: withheld },
      ]);
    }
    return { entryId: entry.id, accountId: null, withholding };
  }

  /** A loan instalment: D 162 principal + D 6712 interest / C treasury; the instalment is paid, the loan's balance lowered. */
  async function loanPayment(
    transaction: Transaction,
    companyId: string,
    id: string,
    v: PaymentValues & { treasury: Treasury },
    userId: string | null,
  ) {
    const instalment = await lockLoanPayment(sequelize, transaction, companyId, v.loanPaymentId as string);
    if (!instalment) throw notFound(MESSAGES_PAYMENT.loanPaymentNotFound);
    // Overdue instalments stay payable; a paid one is paid once.
    if (!isPayableInstalment(instalment.status)) throw new HttpError(409, MESSAGES_LOAN.alreadyPaid);
    if (v.date < instalment.loan_start_date) {
      throw new HttpError(400, MESSAGES_LOAN.paymentBeforeStart, [{ path: 'date', message: MESSAGES_LOAN.paymentBeforeStart }]);
    }
    if (compare(v.amount, instalment.total_amount) !== 0) {
      throw new HttpError(400, `${MESSAGES_PAYMENT.loanAmountMismatch} (${formatXofExact(instalment.total_amount, { separator: ' ' })})`, [
        { path: 'amount', message: MESSAGES_PAYMENT.loanAmountMismatch },
      ]);
    }
    const label = `Échéance emprunt ${instalment.lender} du ${instalment.due_date}`.slice(0, 255);
    const entry = await postPayment(transaction, companyId, id, v, userId, {
      description: label,
      reference: v.reference || null,
      lines: [
        { accountCode: LOAN_ACCOUNTS.principal, description: `Capital — ${label}`, debit: instalment.principal_amount },
        { accountCode: LOAN_ACCOUNTS.interest, description: `Intérêts — ${label}`, debit: instalment.interest_amount },
        { accountId: v.treasury.account_id, description: label, credit: instalment.total_amount },
      ],
    });
    await markInstalmentPaid(sequelize, transaction, instalment, { date: v.date, method: v.treasury.method });
    return { entryId: entry.id, accountId: null };
  }

  /** An expense: D the chosen charge account (class 6 of the company; default 658), or a tax or social debt (43x, 44x) / C treasury. */
  async function expense(
    transaction: Transaction,
    companyId: string,
    id: string,
    v: PaymentValues & { treasury: Treasury },
    userId: string | null,
  ) {
    if (v.accountId) {
      const rows = await sequelize.query<{ code: string }>('SELECT code FROM accounting.accounts WHERE company_id = $1 AND id = $2', {
        bind: [companyId, v.accountId],
        type: QueryTypes.SELECT,
        transaction,
      });
      // A charge, or what the State and the social funds are owed: the VAT return's 4441, the withholdings' 447x, 431x.
      const payable = (code: string) => code.startsWith('6') || code.startsWith('43') || code.startsWith('44');
      if (!rows[0] || !payable(rows[0].code)) throw new HttpError(400, MESSAGES_PAYMENT.expenseAccountInvalid);
    }
    const label = (v.notes || v.reference || 'Dépense').slice(0, 255);
    const charge: PostingLine = v.accountId
      ? { accountId: v.accountId, description: label }
      : { accountCode: DEFAULT_EXPENSE_ACCOUNT, description: label };
    const entry = await postPayment(transaction, companyId, id, v, userId, {
      description: label,
      reference: v.reference || null,
      lines: [
        { ...charge, debit: v.amount },
        { accountId: v.treasury.account_id, description: label, credit: v.amount },
      ],
    });
    return { entryId: entry.id, accountId: mustExist(entry.lines?.[0], 'posted line').accountId };
  }

  /** Records a payment within `transaction` (a statement line's payment is matched in the same one). */
  async function createIn(transaction: Transaction, companyId: string, v: PaymentValues, userId: string | null): Promise<Payment> {
    const id = randomUUID();
    const handler = v.type === 'invoice_payment' ? invoicePayment : v.type === 'loan_payment' ? loanPayment : expense;
    const treasury = await resolveTreasury(sequelize, transaction, companyId, v);
    const posted: { entryId: string; accountId: string | null; withholding?: string } = await handler(
      transaction,
      companyId,
      id,
      { ...v, treasury },
      userId,
    );
    const { entryId, accountId } = posted;
    await insertPayment(sequelize, transaction, {
      id,
      companyId,
      type: v.type,
      invoiceId: v.type === 'invoice_payment' ? (v.invoiceId as string) : null,
      loanPaymentId: v.type === 'loan_payment' ? (v.loanPaymentId as string) : null,
      amount: v.amount,
      vatWithheld: v.type === 'invoice_payment' ? (v.vatWithheld ?? '0.00') : '0.00',
      withholding: posted.withholding ?? '0.00',
      date: v.date,
      method: treasury.method,
      treasuryAccountId: treasury.id,
      reference: v.reference || null,
      notes: v.notes || null,
      accountId,
      entryId,
      createdBy: userId,
    });
    // The invoice's third-party lines lettered with the payment's (partially while something is left).
    if (v.type === 'invoice_payment') await letterInvoiceIn(sequelize, transaction, companyId, v.invoiceId as string, userId);
    // Read in the transaction: a read-back after COMMIT could fail and answer 5xx for a saved payment.
    return mustExist(await findPayment(sequelize, companyId, id, transaction), 'payment');
  }

  return {
    createIn,
    /** The refusal a failed payment write answers (for a caller running createIn in its own transaction). */
    paymentError,

    /** Records a payment of the tenant's company (by `userId`, null when unknown); a body naming another company is a 404. */
    create(tenantCompanyId: string, v: PaymentValues, userId: string | null = null): Promise<Payment> {
      if (v.companyId !== tenantCompanyId) return Promise.reject(notFound());
      if (!isCalendarDate(v.date))
        return Promise.reject(
          new HttpError(400, MESSAGES_PAYMENT.dateRequired, [{ path: 'date', message: MESSAGES_PAYMENT.dateRequired }]),
        );
      return write((transaction) => createIn(transaction, tenantCompanyId, v, userId));
    },

    async get(companyId: string, id: string): Promise<Payment> {
      const payment = isUuid(id) ? await findPayment(sequelize, companyId, id) : null;
      if (!payment) throw notFound();
      return payment;
    },

    list(companyId: string, page: number, pageSize: number): Promise<PaymentListResponse> {
      return listPayments(sequelize, companyId, page, pageSize);
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
