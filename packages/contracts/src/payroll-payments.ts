import { z } from 'zod';
import { isCalendarDate } from '@xaalis/domain';
import { MESSAGES_PAYSLIP } from './payroll';
import { monthPeriodSchema } from './payroll-declarations';
import { text } from './text';

/*
 * Paying payroll debts in one entry (issue 31): the salaries of a month by one bank transfer
 * (the transfer order for the bank as PDF or CSV, then one D 422 / C bank entry with the detail),
 * and each filed declaration to its fund (D 431x or 447x / C treasury).
 */

export const MESSAGES_PAYROLL_PAYMENT = {
  nothingToTransfer: 'Aucun bulletin validé à payer par virement sur cette période (employés avec un compte bancaire)',
  treasuryRequired: 'Choisissez le compte bancaire à débiter',
  declarationNotInForce: 'Seule une déclaration déposée peut être payée',
  nothingToPay: 'Cette déclaration est déjà payée',
  paid: 'Paiement enregistré',
  transferPaid: 'Salaires payés par virement',
  noBankAccount: 'Sans compte bancaire : à payer autrement',
  postingPending: 'En attente de comptabilisation',
} as const;

const paymentDate = text({ error: MESSAGES_PAYSLIP.paymentDateRequired })
  .trim()
  .min(1, { error: MESSAGES_PAYSLIP.paymentDateRequired, abort: true })
  .refine(isCalendarDate, { error: MESSAGES_PAYSLIP.paymentDateInvalid });

/** `GET …/payrolls/transfer-order?period=YYYY-MM[&format=pdf|csv]`. */
export const transferOrderQuerySchema = z.object({
  period: monthPeriodSchema,
  format: z.enum(['json', 'pdf', 'csv']).default('json'),
});

/** `POST …/payrolls/transfers`: pays every validated slip of the month whose employee has a bank account. */
export const payrollTransferSchema = z.object({
  period: monthPeriodSchema,
  paymentDate,
  treasuryAccountId: z.uuid({ error: MESSAGES_PAYROLL_PAYMENT.treasuryRequired }),
});
export type PayrollTransferInput = z.input<typeof payrollTransferSchema>;

/** `POST …/social-declarations/:id/payments` (and salary-tax-statements): pays what the declaration leaves to pay. */
export const declarationPaymentSchema = z.object({
  paymentDate,
  treasuryAccountId: z.uuid({ error: MESSAGES_PAYROLL_PAYMENT.treasuryRequired }).nullish(),
});
export type DeclarationPaymentInput = z.input<typeof declarationPaymentSchema>;

export interface TransferOrderLine {
  payslipId: string;
  employeeId: string;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  /** The bank code read from the account (IBAN or RIB), '' when it cannot be. */
  bank: string;
  account: string;
  net: string;
}

/** The transfer order of a month: validated slips, those without a bank account apart. */
export interface TransferOrder {
  period: string;
  lines: TransferOrderLine[];
  total: string;
  missing: { payslipId: string; employeeNumber: string; firstName: string; lastName: string; net: string }[];
}

export type PayrollPaymentKind = 'transfer' | 'social' | 'salary-tax';

export interface PayrollPayment {
  id: string;
  kind: PayrollPaymentKind;
  period: string;
  declarationId: string | null;
  paymentDate: string;
  treasuryAccountId: string | null;
  total: string;
  lines: { debt: string; description: string; amount: string }[];
  /** The entry once the accounting service posted it; null while pending. */
  entryNumber: string | null;
  createdAt: string;
}

/** The answer of a transfer: the payment, the slips it paid and those left (no bank account). */
export interface PayrollTransferResult {
  payment: PayrollPayment;
  paid: number;
  missing: TransferOrder['missing'];
}
