// Narrow entry (`@xaalis/service-kit/spreadsheet`): .xlsx workbooks written in the worker pool and streamed.
// Pool threads import it: it loads the workers entry only, never the HTTP side.
export * from './xlsx';
