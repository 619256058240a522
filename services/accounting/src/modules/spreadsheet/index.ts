// The spreadsheet helpers are service-kit's (its narrow `spreadsheet` entry, for pool threads; sendReport in the main entry).
export {
  QUANTITY_FORMAT,
  XOF_FORMAT,
  sheetExport,
  workbookTask,
  writeSheet,
  type SheetColumn,
  type WorkbookWriter,
} from '@xaalis/service-kit/spreadsheet';
export { sendReport, sendWorkbook } from '@xaalis/service-kit';
