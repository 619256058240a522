import {
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
  type Invoice,
  type InvoiceStatus,
  type InvoiceType,
} from '@xaalis/contracts';

type ChipColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, ChipColor> = {
  draft: 'warning',
  validated: 'info',
  paid: 'success',
  cancelled: 'error',
};

export const INVOICE_TYPE_COLORS: Record<InvoiceType, ChipColor> = {
  sale: 'primary',
  purchase: 'secondary',
  service: 'info',
};

export const invoiceStatusLabel = (status: string) => INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status;
export const invoiceTypeLabel = (type: string) => INVOICE_TYPE_LABELS[type as InvoiceType] ?? type;
export const paymentMethodLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[(method === 'cheque' ? 'check' : method) as keyof typeof PAYMENT_METHOD_LABELS] ?? method;

function isZero(amount: string | null | undefined): boolean {
  return !amount || Number(amount) === 0;
}

/** A draft: an issued invoice is never cancelled, it is credited (issue 29). */
export function canCancelInvoice(invoice: Pick<Invoice, 'status'>): boolean {
  return invoice.status === 'draft';
}

/** 'Créer un avoir': a validated or paid invoice not yet wholly credited. */
export function canCreditInvoice(invoice: Pick<Invoice, 'status' | 'creditStatus'>): boolean {
  return (invoice.status === 'validated' || invoice.status === 'paid') && invoice.creditStatus !== 'full';
}

/** A validated invoice with a balance due. */
export function canPayInvoice(invoice: Pick<Invoice, 'status' | 'balanceDue'>): boolean {
  return invoice.status === 'validated' && !isZero(invoice.balanceDue) && Number(invoice.balanceDue) > 0;
}

export const INVOICE_MESSAGES_EXTRA = {
  validateError: 'Erreur lors de la validation de la facture',
  cancelError: "Erreur lors de l'annulation de la facture",
  downloadError: 'Erreur lors du téléchargement',
  exportError: "Erreur lors de l'export",
} as const;
