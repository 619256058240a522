import { URGENCY_LABELS, type DashboardData } from '@xaalis/contracts';
import type { PaymentDialogDefaults } from '../payments';
import { dialogAmount } from './figures';

/** 'Urgent' (urgent), 'Bientôt' (soon), 'Planifié' (anything else). */
export function urgencyLabel(urgency: string): string {
  return urgency === 'urgent' || urgency === 'soon' ? URGENCY_LABELS[urgency] : URGENCY_LABELS.planned;
}

export type Upcoming = DashboardData['upcomingPayments'][number];

/** What the payment dialog is pre-filled with for an upcoming payment. */
export function paymentDefaultsFor(item: Upcoming): PaymentDialogDefaults | undefined {
  if (item.invoiceId) return { type: 'invoice_payment', invoiceId: item.invoiceId, amount: dialogAmount(item.amount) };
  if (item.loanPaymentId) return { type: 'loan_payment', loanPaymentId: item.loanPaymentId, amount: dialogAmount(item.amount) };
  return undefined;
}
