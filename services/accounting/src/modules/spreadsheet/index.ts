// Public face of the spreadsheet helper: list exports (invoices, stock) as .xlsx workbooks.
export { bufferedWorkbook, sendWorkbook, workbookBuffer, XOF_FORMAT, QUANTITY_FORMAT, type SheetColumn } from './xlsx';
