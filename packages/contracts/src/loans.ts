import type { PaymentMethod } from './invoices';

export const LOAN_STATUSES = ['active', 'completed', 'defaulted'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = { active: 'Actif', completed: 'Terminé', defaulted: 'En défaut' };

export const LOAN_PAYMENT_STATUSES = ['pending', 'paid', 'overdue'] as const;
export type LoanPaymentStatus = (typeof LOAN_PAYMENT_STATUSES)[number];
export const LOAN_PAYMENT_STATUS_LABELS: Record<LoanPaymentStatus, string> = { pending: 'En attente', paid: 'Payé', overdue: 'En retard' };

export const PAYMENT_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

/** Accounts of a loan instalment's posting (DESIGN.md §6): D 162 principal + D 6712 interest / C treasury. */
export const LOAN_ACCOUNTS = { principal: '162', interest: '6712' } as const;

/** One instalment of a loan's schedule (`accounting.loan_payments`). */
export interface LoanPayment {
  id: string;
  loanId: string;
  dueDate: string;
  principalAmount: string;
  interestAmount: string;
  totalAmount: string;
  paymentDate: string | null;
  paymentMethod: PaymentMethod | null;
  status: LoanPaymentStatus;
}

/** GET /api/companies/:id/loans: each loan with its schedule (`payments`, by due date). */
export interface Loan {
  id: string;
  lender: string;
  amount: string;
  interestRate: string;
  startDate: string;
  endDate: string;
  paymentFrequency: PaymentFrequency;
  remainingBalance: string;
  status: LoanStatus;
  companyId: string;
  createdAt: string;
  updatedAt: string;
  payments: LoanPayment[];
}
