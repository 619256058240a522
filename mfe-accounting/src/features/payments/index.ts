// Public face of the payments feature.
export { useCanRecordPayment } from './rights';
export { paymentsApi, useListPaymentLoansQuery, useCreatePaymentMutation, type LoanWithSchedule, type LoanInstalment } from './api';
export {
  PaymentDialog,
  PAYMENT_DIALOG_TYPE_LABELS,
  payableInvoiceLabel,
  instalmentLabel,
  pendingInstalments,
  type PaymentDialogProps,
  type PaymentDialogDefaults,
} from './PaymentDialog';
