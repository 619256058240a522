import { Writable, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { workerTask, type TaskIO, type TaskItems } from '../workers';

/** Whole francs with thousands separators and the currency: 1 234 567 XOF. */
export const XOF_FORMAT = '#,##0 "XOF"';
/** Quantities: up to three decimals. */
export const QUANTITY_FORMAT = '#,##0.###';

export type WorkbookWriter = ExcelJS.stream.xlsx.WorkbookWriter;

export interface SheetColumn<Row> {
  header: string;
  width: number;
  /**
   * The cell's value. Amounts and quantities arrive as exact decimal strings:
   * `numeric` makes them numeric cells (a spreadsheet stores doubles; the
   * exact figures stay in the ledger), shown with `numFmt`.
   */
  value: (row: Row) => string | number | Date | null;
  numeric?: boolean;
  numFmt?: string;
}

/**
 * A kind of workbook written in the worker pool and streamed: defined at the
 * top level of the module `file` (its `__filename`) under a unique `name`.
 * `write` gets exceljs's streaming writer in a pool thread (rows are
 * serialised and zipped as they are committed), the plain `input` and the
 * `io` through which the caller's items arrive in batches; the bytes it
 * produces come back as a stream, never as a whole-file Buffer. Send it with
 * `sendWorkbook`. Pool threads import this module: it imports service-kit's
 * narrow `workers` entry only, not the whole kit.
 */
export function workbookTask<I>(
  file: string,
  name: string,
  write: (workbook: WorkbookWriter, input: I, io: TaskIO) => void | Promise<void>,
): (input: I, items?: TaskItems) => Readable {
  const task = workerTask<I, null>(file, name, async (input, io) => {
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        io.write(chunk).then(() => done(), done);
      },
    });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Xaalis';
    workbook.created = new Date();
    await write(workbook, input, io);
    // Resolves once the zip is written out.
    await workbook.commit();
    return null;
  });
  return (input, items) => task.stream(input, items);
}

/** Writes a one-sheet list: bold, frozen header row, auto-filter, typed cells; `rows` read once, in order. */
export async function writeSheet<Row>(
  workbook: WorkbookWriter,
  sheetName: string,
  columns: SheetColumn<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
): Promise<void> {
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const row of rows) {
    sheet
      .addRow(
        columns.map((c) => {
          const v = c.value(row);
          if (v === null || v === undefined) return null;
          return c.numeric ? Number(v) : v;
        }),
      )
      .commit();
  }
  sheet.commit();
}

/**
 * A one-sheet list export (invoices, stock) for the worker pool: defined at
 * the top level of `file` under `name`; its rows are streamed to the thread,
 * the workbook streamed back.
 */
export function sheetExport<Row>(
  file: string,
  name: string,
  sheetName: string,
  columns: SheetColumn<Row>[],
): (rows: AsyncIterable<Row> | Iterable<Row>) => Readable {
  const workbook = workbookTask<null>(file, name, (writer, _input, io) => writeSheet(writer, sheetName, columns, io.items<Row>()));
  return (rows) => workbook(null, rows);
}

/** Appends rows to a report sheet as they come (bold for headings and totals), committing each. */
export function rowWriter(sheet: ExcelJS.Worksheet): (cells: (string | number)[], bold?: boolean) => void {
  return (cells, bold = false) => {
    const row = sheet.addRow(cells);
    if (bold) row.font = { bold: true };
    row.commit();
  };
}
