// Public face of the posting engine: every feature that writes to the ledger
// (journal entries, invoices, payments, depreciation, loans, payroll) goes through here.
export { postEntry, assertThirdParties, type Amount, type Posting, type PostingLine } from './post';
export { reverseEntry } from './reverse';
export { fitsCounter, isCounterFormat, peekEntryNumber, takeEntryNumber, todayInDakar, yearOf } from './numbering';
export { counterNumbering, peekCounter, takeCounter, type CounterTable } from './counters';
export { ledgerWrite, lockEntriesTable } from './transaction';
export {
  ENTRY_COLUMNS,
  documentTrail,
  findEntry,
  findEntryWithLines,
  findLines,
  insertDraftEntry,
  insertDraftEntryRow,
  insertLines,
  numberAndValidate,
  provisionalNumber,
  toEntry,
  type DocumentTrailRow,
  type NewEntry,
  type NewLine,
} from './ledger';
export { LEDGER_SQLSTATE, ledgerError } from './errors';
export { CLOSING_SOURCE, OPENING_SOURCE, carryForwardIds, notCarriedForward } from './carry-forward';
