// Public face of the spreadsheet helper: .xlsx workbooks written in the worker pool and streamed (list exports, reports).
// Modules a pool thread imports (the workbook tasks) take `./xlsx` directly: this index also loads the HTTP side.
export { QUANTITY_FORMAT, XOF_FORMAT, sheetExport, workbookTask, writeSheet, type SheetColumn, type WorkbookWriter } from './xlsx';
export { sendReport, sendWorkbook } from './send';
