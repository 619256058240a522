import { INVOICE_NUMBER_PATTERN, INVOICE_NUMBER_PREFIX, formatInvoiceNumber, type InvoiceType } from '@xaalis/contracts';
import { counterNumbering } from '../posting';

/**
 * Gap-free invoice numbers per company, type and year (FV-2026-0001), from one counter row
 * incremented in the caller's transaction, exactly like the ledger's entry numbers. Numbers shaped
 * like the counters' (`FV|FA|FS-YYYY-NNNN`) are reserved to the counters: the dialog sends one as a
 * proposal and the server replaces it with the number actually taken (two users who saved the
 * same proposal get two consecutive numbers). Any other number is the user's own and must be unique.
 */
export const {
  take: takeInvoiceNumber,
  peek: peekInvoiceNumber,
  isCounterFormat: isInvoiceCounterFormat,
  fits: fitsInvoiceCounter,
} = counterNumbering<InvoiceType>('invoice_counters', formatInvoiceNumber, INVOICE_NUMBER_PATTERN, (type) => INVOICE_NUMBER_PREFIX[type]);
