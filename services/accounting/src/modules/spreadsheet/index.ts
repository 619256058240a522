// Public face of the spreadsheet helper: .xlsx workbooks written in the worker pool and streamed (list exports, reports).
export {
  QUANTITY_FORMAT,
  XOF_FORMAT,
  sendWorkbook,
  sheetExport,
  workbookTask,
  writeSheet,
  type SheetColumn,
  type WorkbookWriter,
} from './xlsx';
