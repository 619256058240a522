import type { Sequelize, Transaction } from 'sequelize';
import { INVOICE_NUMBER_PATTERN, INVOICE_NUMBER_PREFIX, formatInvoiceNumber, type InvoiceType } from '@xaalis/contracts';
import { peekCounter, takeCounter } from '../posting';

/**
 * Gap-free invoice numbers per company, type and year (FV-2026-0001), from one
 * counter row incremented in the caller's transaction (locked until it ends,
 * given back by a rollback), exactly like the ledger's entry numbers.
 */
export async function takeInvoiceNumber(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  type: InvoiceType,
  year: number,
): Promise<string> {
  return formatInvoiceNumber(type, year, await takeCounter(sequelize, transaction, 'invoice_counters', companyId, type, year));
}

/** The number the next invoice would get (the dialog's proposal): reads the counter, takes nothing. */
export async function peekInvoiceNumber(sequelize: Sequelize, companyId: string, type: InvoiceType, year: number): Promise<string> {
  return formatInvoiceNumber(type, year, await peekCounter(sequelize, 'invoice_counters', companyId, type, year));
}

/**
 * Numbers shaped like the counters' (`FV|FA|FS-YYYY-NNNN`) are reserved to the
 * counters: the dialog sends one as a proposal and the server replaces it with
 * the number actually taken (two users who saved the same proposal get two
 * consecutive numbers). Any other number is the user's own and must be unique.
 */
export const isInvoiceCounterFormat = (number: string): boolean => INVOICE_NUMBER_PATTERN.test(number);

/** Whether a counter-format number belongs to this type and year (a draft keeps it when edited). */
export function fitsInvoiceCounter(number: string, type: InvoiceType, year: number): boolean {
  const m = INVOICE_NUMBER_PATTERN.exec(number);
  return !!m && m[1] === INVOICE_NUMBER_PREFIX[type] && Number(m[2]) === year;
}
