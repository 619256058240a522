// Public face of the sales cycle around invoices: quotes, credit notes, recurring invoices, reminders.
export { SalesTabBar, useSalesTab } from './SalesTabs';
export { CreditNoteDialog } from './CreditNoteDialog';
export { CreditNotesPanel, downloadCreditNotePdf } from './CreditNotesPanel';
export { QuotesPanel } from './QuotesPanel';
export { RecurringPanel } from './RecurringPanel';
export { RemindersPanel } from './RemindersPanel';
export { AgedBalancePanel } from './AgedBalancePanel';
export { StatementPanel } from './StatementPanel';
export { useListCreditNotesQuery } from './api';
