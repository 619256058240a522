import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { sendDownload } from '@xaalis/service-kit';

/** Whole francs with thousands separators and the currency: 1 234 567 XOF. */
export const XOF_FORMAT = '#,##0 "XOF"';
/** Quantities: up to three decimals. */
export const QUANTITY_FORMAT = '#,##0.###';

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
 * A one-sheet workbook: bold, frozen header row, auto-filter, typed cells.
 * Written with exceljs's streaming writer (rows are serialised as they are
 * added: about twice as fast as the in-memory workbook on 10 000 rows) into a
 * buffer, so a failure is still an ordinary error response, not a cut download.
 */
export async function workbookBuffer<Row>(sheetName: string, columns: SheetColumn<Row>[], rows: Iterable<Row>): Promise<Buffer> {
  const { workbook, finish } = bufferedWorkbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of rows) {
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
  return finish();
}

/**
 * A streaming workbook written into memory, for layouts of one's own (several
 * sheets, header blocks, sections): add sheets and commit rows in order, then
 * `finish()` commits the workbook and gives the file.
 */
export function bufferedWorkbook(): { workbook: ExcelJS.stream.xlsx.WorkbookWriter; finish: () => Promise<Buffer> } {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Xaalis';
  workbook.created = new Date();
  const finish = async () => {
    await workbook.commit();
    return Buffer.concat(chunks);
  };
  return { workbook, finish };
}

/** Sends a workbook as a download. */
export function sendWorkbook(res: Response, filename: string, buffer: Buffer): void {
  sendDownload(res, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename, buffer);
}
