// Public face of the recurring invoices feature.
export { RECURRING_INVOICES_SCHEDULE, generateRecurringInvoicesHandler, recurringInvoicesApi } from './routes';
export { recurringInvoicesService } from './service';
export { expectedRecurringInflows } from './forecast';
