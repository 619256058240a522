import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Payment, PaymentListResponse, PaymentMethod, PaymentType } from '@xaalis/contracts';

/** Row-level access to `payments`. */
interface PaymentDbRow {
  id: string;
  company_id: string;
  type: PaymentType;
  invoice_id: string | null;
  invoice_number: string | null;
  loan_payment_id: string | null;
  amount: string;
  vat_withheld: string;
  withholding: string;
  date: string;
  method: PaymentMethod;
  treasury_account_id: string | null;
  reference: string | null;
  notes: string | null;
  status: 'completed' | 'pending';
  account_id: string | null;
  entry_id: string | null;
  created_by: string | null;
  created_at: Date;
}

const COLUMNS = `p.id, p.company_id, p.type, p.invoice_id, i.number AS invoice_number, p.loan_payment_id, p.amount, p.vat_withheld, p.withholding, p.date, p.method,
  p.treasury_account_id, p.reference, p.notes, p.status, p.account_id, p.entry_id, p.created_by, p.created_at`;
const FROM = 'accounting.payments p LEFT JOIN accounting.invoices i ON i.id = p.invoice_id AND i.company_id = p.company_id';

function toPayment(row: PaymentDbRow): Payment {
  return {
    id: row.id,
    type: row.type,
    invoiceId: row.invoice_id,
    invoice: row.invoice_id ? { id: row.invoice_id, number: row.invoice_number as string } : null,
    loanPaymentId: row.loan_payment_id,
    amount: row.amount,
    vatWithheld: row.vat_withheld,
    withholding: row.withholding,
    date: row.date,
    method: row.method,
    treasuryAccountId: row.treasury_account_id,
    reference: row.reference,
    notes: row.notes,
    status: row.status,
    accountId: row.account_id,
    entryId: row.entry_id,
    companyId: row.company_id,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

export async function findPayment(sequelize: Sequelize, companyId: string, id: string, transaction?: Transaction): Promise<Payment | null> {
  const rows = await sequelize.query<PaymentDbRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE p.id = $1 AND p.company_id = $2`, {
    bind: [id, companyId],
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows[0] ? toPayment(rows[0]) : null;
}

/** Newest first (date, then time of recording), one page, with the matching count. */
export async function listPayments(sequelize: Sequelize, companyId: string, page: number, pageSize: number): Promise<PaymentListResponse> {
  const [rows, [{ n }]] = await Promise.all([
    sequelize.query<PaymentDbRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE p.company_id = $1 ORDER BY p.date DESC, p.created_at DESC, p.id LIMIT $2 OFFSET $3`,
      {
        bind: [companyId, pageSize, (page - 1) * pageSize],
        type: QueryTypes.SELECT,
      },
    ),
    sequelize.query<{ n: number }>('SELECT count(*)::int AS n FROM accounting.payments WHERE company_id = $1', {
      bind: [companyId],
      type: QueryTypes.SELECT,
    }),
  ]);
  return { items: rows.map(toPayment), page, pageSize, totalItems: n };
}

/** A payment to insert: the contracts' fields it is recorded with, its posting and who recorded it. */
export type NewPayment = Pick<
  Payment,
  | 'id'
  | 'companyId'
  | 'type'
  | 'invoiceId'
  | 'loanPaymentId'
  | 'amount'
  | 'vatWithheld'
  | 'withholding'
  | 'date'
  | 'method'
  | 'treasuryAccountId'
  | 'reference'
  | 'notes'
  | 'accountId'
> & {
  entryId: string;
  createdBy: string | null;
};

export async function insertPayment(sequelize: Sequelize, transaction: Transaction, p: NewPayment): Promise<void> {
  await sequelize.query(
    `INSERT INTO accounting.payments (id, company_id, type, invoice_id, loan_payment_id, amount, date, method, reference, notes, account_id, entry_id, created_by, treasury_account_id, vat_withheld, withholding)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    {
      bind: [
        p.id,
        p.companyId,
        p.type,
        p.invoiceId,
        p.loanPaymentId,
        p.amount,
        p.date,
        p.method,
        p.reference,
        p.notes,
        p.accountId,
        p.entryId,
        p.createdBy,
        p.treasuryAccountId,
        p.vatWithheld,
        p.withholding,
      ],
      transaction,
    },
  );
}
