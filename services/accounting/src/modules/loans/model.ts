import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type {
  Loan,
  LoanPayment,
  LoanPaymentStatus,
  LoanStatus,
  LoanTreasuryAccount,
  PaymentFrequency,
  PaymentMethod,
} from '@xaalis/contracts';
import { CompanyWhere, pageWindow, foldedPattern, foldedSql } from '@xaalis/service-kit';
import { columnArrays } from '../../model-support';

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
  treasury_account: LoanTreasuryAccount;
  treasury_account_id: string | null;
  entry_id: string | null;
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
  'l.id, l.company_id, l.lender, l.amount, l.interest_rate, l.start_date, l.end_date, l.payment_frequency, l.remaining_balance, l.status, l.treasury_account, l.treasury_account_id, l.entry_id, l.created_at, l.updated_at';
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
    treasuryAccount: row.treasury_account,
    treasuryAccountId: row.treasury_account_id,
    entryId: row.entry_id,
    companyId: row.company_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    payments,
  };
}

/** One loan of the company (or all of them: writes' answers, tests) with its schedule by due date: two queries. */
export async function findLoans(sequelize: Sequelize, companyId: string, loanId?: string, transaction?: Transaction): Promise<Loan[]> {
  const bind = loanId ? [companyId, loanId] : [companyId];
  const only = loanId ? ' AND l.id = $2' : '';
  const [loans, payments] = await Promise.all([
    sequelize.query<LoanDbRow>(
      `SELECT ${LOAN_COLUMNS} FROM accounting.loans l WHERE l.company_id = $1${only} ORDER BY l.start_date DESC, l.created_at DESC`,
      { bind, type: QueryTypes.SELECT, transaction },
    ),
    sequelize.query<LoanPaymentDbRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM accounting.loan_payments p WHERE p.company_id = $1${loanId ? ' AND p.loan_id = $2' : ''} ORDER BY p.due_date, p.id`,
      { bind, type: QueryTypes.SELECT, transaction },
    ),
  ]);
  return withPayments(loans, payments);
}

/**
 * One page of the company's loans, newest start first (the (company_id, start_date) index), each
 * with its schedule (one query for the page's instalments), and the matching count with the
 * page's figures over the whole company (whatever the filters) in one scan of its loans.
 */
export async function pageLoans(
  sequelize: Sequelize,
  companyId: string,
  q: { page: number; pageSize: number; search?: string; status?: LoanStatus; payable?: 'true' | 'false' },
): Promise<{ loans: Loan[]; matching: number; count: number; borrowed: string; remaining: string; active: number }> {
  const where = new CompanyWhere(companyId, 'l.');
  if (q.search) where.and(`${foldedSql('l.lender')} LIKE ?`, foldedPattern(q.search));
  if (q.status) where.and('l.status = ?', q.status);
  if (q.payable) {
    where.and(
      `EXISTS (SELECT 1 FROM accounting.loan_payments p WHERE p.company_id = l.company_id AND p.loan_id = l.id AND p.status <> 'paid') = ?`,
      q.payable === 'true',
    );
  }
  const { limit, offset } = pageWindow(q);
  const [rows, [totals]] = await Promise.all([
    sequelize.query<LoanDbRow>(
      `SELECT ${LOAN_COLUMNS} FROM accounting.loans l WHERE ${where.sql}
        ORDER BY l.start_date DESC, l.created_at DESC, l.id LIMIT ${limit} OFFSET ${offset}`,
      { bind: where.bind, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ matching: number; count: number; borrowed: string; remaining: string; active: number }>(
      `SELECT count(*) FILTER (WHERE ${where.sql})::int AS matching, count(*)::int AS count,
              coalesce(sum(l.amount), 0)::text AS borrowed, coalesce(sum(l.remaining_balance), 0)::text AS remaining,
              count(*) FILTER (WHERE l.status = 'active')::int AS active
         FROM accounting.loans l WHERE l.company_id = $1`,
      { bind: where.bind, type: QueryTypes.SELECT },
    ),
  ]);
  const payments = rows.length
    ? await sequelize.query<LoanPaymentDbRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM accounting.loan_payments p WHERE p.company_id = $1 AND p.loan_id = ANY($2::uuid[]) ORDER BY p.due_date, p.id`,
        { bind: [companyId, rows.map((r) => r.id)], type: QueryTypes.SELECT },
      )
    : [];
  return { loans: withPayments(rows, payments), ...totals };
}

/** The loans, each with its instalments (given in due-date order). */
function withPayments(loans: LoanDbRow[], payments: LoanPaymentDbRow[]): Loan[] {
  const byLoan = new Map<string, LoanPayment[]>();
  for (const p of payments) {
    const list = byLoan.get(p.loan_id);
    if (list) list.push(toLoanPayment(p));
    else byLoan.set(p.loan_id, [toLoanPayment(p)]);
  }
  return loans.map((l) => toLoan(l, byLoan.get(l.id) ?? []));
}

/** An instalment of the company with its loan's lender, both rows locked for the rest of the transaction; null otherwise. */
export async function lockLoanPayment(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  id: string,
): Promise<(LoanPaymentDbRow & { lender: string; loan_start_date: string }) | null> {
  const rows = await sequelize.query<LoanPaymentDbRow & { lender: string; loan_start_date: string }>(
    `SELECT ${PAYMENT_COLUMNS}, l.lender, l.start_date AS loan_start_date FROM accounting.loan_payments p
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

/** A loan to insert: the contracts' fields the form gives, with its posting and who recorded it. */
export type NewLoan = Pick<
  Loan,
  'id' | 'companyId' | 'lender' | 'amount' | 'interestRate' | 'startDate' | 'endDate' | 'paymentFrequency'
> & {
  treasuryAccount: LoanTreasuryAccount;
  treasuryAccountId: string;
  entryId: string;
  createdBy: string | null;
};

export interface NewInstalment {
  dueDate: string;
  principal: string;
  interest: string;
  total: string;
  status: 'pending' | 'overdue';
}

/** A new loan (owing its whole amount) and its schedule: two statements, however many instalments. */
export async function insertLoan(sequelize: Sequelize, transaction: Transaction, loan: NewLoan, schedule: NewInstalment[]): Promise<void> {
  await sequelize.query(
    `INSERT INTO accounting.loans (id, company_id, lender, amount, interest_rate, start_date, end_date, payment_frequency,
                                   remaining_balance, treasury_account, treasury_account_id, entry_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $4, $9, $12, $10, $11)`,
    {
      bind: [
        loan.id,
        loan.companyId,
        loan.lender,
        loan.amount,
        loan.interestRate,
        loan.startDate,
        loan.endDate,
        loan.paymentFrequency,
        loan.treasuryAccount,
        loan.entryId,
        loan.createdBy,
        loan.treasuryAccountId,
      ],
      transaction,
    },
  );
  await sequelize.query(
    `INSERT INTO accounting.loan_payments (company_id, loan_id, due_date, principal_amount, interest_amount, total_amount, status)
     SELECT $1, $2, s.due_date, s.principal, s.interest, s.total, s.status
       FROM unnest($3::date[], $4::numeric[], $5::numeric[], $6::numeric[], $7::text[]) AS s(due_date, principal, interest, total, status)`,
    {
      bind: [loan.companyId, loan.id, ...columnArrays(schedule, ['dueDate', 'principal', 'interest', 'total', 'status'])],
      transaction,
    },
  );
}

/**
 * Pending instalments due before `today` become overdue, every company at
 * once (or only `companyId`'s), at most `batch` rows per statement (the caller repeats until none is
 * left). Returns how many changed. Idempotent: an overdue or paid instalment
 * is never touched, and the row locks (SKIP LOCKED) leave an instalment being
 * paid to its payment.
 */
export async function markOverdueBatch(sequelize: Sequelize, today: string, batch: number, companyId?: string): Promise<number> {
  const [, count] = await sequelize.query(
    `UPDATE accounting.loan_payments p SET status = 'overdue', updated_at = now()
      WHERE p.id IN (SELECT id FROM accounting.loan_payments
                      WHERE status = 'pending' AND due_date < $1::date AND ($3::uuid IS NULL OR company_id = $3::uuid)
                      ORDER BY due_date LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    { bind: [today, batch, companyId ?? null], type: QueryTypes.UPDATE },
  );
  return count;
}
