import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Loan, LoanPayment, LoanPaymentStatus, LoanStatus, PaymentFrequency, PaymentMethod } from '@xaalis/contracts';

/** Row-level access to `loans` and `loan_payments` (their instalments). */
interface LoanDbRow {
  id: string;
  company_id: string;
  lender: string;
  amount: string;
  interest_rate: string;
  start_date: string;
  end_date: string;
  payment_frequency: PaymentFrequency;
  remaining_balance: string;
  status: LoanStatus;
  created_at: Date;
  updated_at: Date;
}

export interface LoanPaymentDbRow {
  id: string;
  company_id: string;
  loan_id: string;
  due_date: string;
  principal_amount: string;
  interest_amount: string;
  total_amount: string;
  payment_date: string | null;
  payment_method: PaymentMethod | null;
  status: LoanPaymentStatus;
}

const LOAN_COLUMNS =
  'l.id, l.company_id, l.lender, l.amount, l.interest_rate, l.start_date, l.end_date, l.payment_frequency, l.remaining_balance, l.status, l.created_at, l.updated_at';
const PAYMENT_COLUMNS =
  'p.id, p.company_id, p.loan_id, p.due_date, p.principal_amount, p.interest_amount, p.total_amount, p.payment_date, p.payment_method, p.status';

export function toLoanPayment(row: LoanPaymentDbRow): LoanPayment {
  return {
    id: row.id,
    loanId: row.loan_id,
    dueDate: row.due_date,
    principalAmount: row.principal_amount,
    interestAmount: row.interest_amount,
    totalAmount: row.total_amount,
    paymentDate: row.payment_date,
    paymentMethod: row.payment_method,
    status: row.status,
  };
}

function toLoan(row: LoanDbRow, payments: LoanPayment[]): Loan {
  return {
    id: row.id,
    lender: row.lender,
    amount: row.amount,
    interestRate: row.interest_rate,
    startDate: row.start_date,
    endDate: row.end_date,
    paymentFrequency: row.payment_frequency,
    remainingBalance: row.remaining_balance,
    status: row.status,
    companyId: row.company_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    payments,
  };
}

/** The company's loans (or one of them), each with its schedule by due date: two queries. */
export async function findLoans(sequelize: Sequelize, companyId: string, loanId?: string): Promise<Loan[]> {
  const bind = loanId ? [companyId, loanId] : [companyId];
  const only = loanId ? ' AND l.id = $2' : '';
  const [loans, payments] = await Promise.all([
    sequelize.query<LoanDbRow>(
      `SELECT ${LOAN_COLUMNS} FROM accounting.loans l WHERE l.company_id = $1${only} ORDER BY l.start_date DESC, l.created_at DESC`,
      {
        bind,
        type: QueryTypes.SELECT,
      },
    ),
    sequelize.query<LoanPaymentDbRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM accounting.loan_payments p WHERE p.company_id = $1${loanId ? ' AND p.loan_id = $2' : ''} ORDER BY p.due_date, p.id`,
      { bind, type: QueryTypes.SELECT },
    ),
  ]);
  const byLoan = new Map<string, LoanPayment[]>();
  for (const p of payments) byLoan.set(p.loan_id, [...(byLoan.get(p.loan_id) ?? []), toLoanPayment(p)]);
  return loans.map((l) => toLoan(l, byLoan.get(l.id) ?? []));
}

/** An instalment of the company with its loan's lender, both rows locked for the rest of the transaction; null otherwise. */
export async function lockLoanPayment(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  id: string,
): Promise<(LoanPaymentDbRow & { lender: string }) | null> {
  const rows = await sequelize.query<LoanPaymentDbRow & { lender: string }>(
    `SELECT ${PAYMENT_COLUMNS}, l.lender FROM accounting.loan_payments p
       JOIN accounting.loans l ON l.company_id = p.company_id AND l.id = p.loan_id
      WHERE p.id = $1 AND p.company_id = $2
      FOR UPDATE OF p, l`,
    { bind: [id, companyId], type: QueryTypes.SELECT, transaction },
  );
  return rows[0] ?? null;
}

/**
 * Marks an instalment paid and lowers its loan's remaining balance by the
 * principal; the loan is completed once nothing remains.
 */
export async function markInstalmentPaid(
  sequelize: Sequelize,
  transaction: Transaction,
  instalment: LoanPaymentDbRow,
  paid: { date: string; method: PaymentMethod },
): Promise<void> {
  await sequelize.query(
    `UPDATE accounting.loan_payments SET status = 'paid', payment_date = $2, payment_method = $3, updated_at = now() WHERE id = $1`,
    {
      bind: [instalment.id, paid.date, paid.method],
      transaction,
    },
  );
  await sequelize.query(
    `UPDATE accounting.loans
        SET remaining_balance = greatest(remaining_balance - $2::numeric, 0),
            status = CASE WHEN remaining_balance - $2::numeric <= 0 THEN 'completed' ELSE status END,
            updated_at = now()
      WHERE id = $1`,
    { bind: [instalment.loan_id, instalment.principal_amount], transaction },
  );
}
