import {
  ENTRY_IMPORT_COLUMN_LABELS,
  ENTRY_IMPORT_MAX_BLANK_LINES,
  ENTRY_IMPORT_MAX_COLUMNS,
  ENTRY_IMPORT_MAX_COMPRESSION_RATIO,
  ENTRY_IMPORT_MAX_LINES,
  ENTRY_IMPORT_MAX_UNCOMPRESSED_BYTES,
  MESSAGES_ENTRY_IMPORT,
  importColumnOf,
  type EntryImportColumn,
} from '@xaalis/contracts';
import { HttpError, UploadRefusedError, looksLikeZip, readXlsxRowsInWorker, type XlsxCell } from '@xaalis/service-kit';

/**
 * An uploaded file turned into rows: CSV (`;`, `,` or tab, detected from the
 * header; UTF-8 with or without BOM, UTF-16 with BOM, or Windows-1252 when the
 * whole file is consistently so) or XLSX (first worksheet, read by
 * service-kit's upload guards: zip directory checked before anything is
 * inflated, inflate capped, parsed in a worker thread with heap and time
 * limits). Every refusal is a French 4xx; blank rows are skipped, but only so
 * many of them.
 */

/** A cell: text from a CSV, or what a spreadsheet holds (number, date). */
export type Cell = string | number | Date | null;

export interface SheetRow {
  /** The file's line number (CSV: the line where the record starts; XLSX: the row number). */
  line: number;
  cells: Cell[];
}

export interface Sheet {
  /** The column of each cell index (null: a column the import ignores). */
  columns: (EntryImportColumn | null)[];
  headerLine: number;
  /** Non-blank data rows, in file order. */
  rows: SheetRow[];
}

const unprocessable = (message: string) => new HttpError(422, message);
const notCsvOrXlsx = () => new HttpError(415, MESSAGES_ENTRY_IMPORT.notCsvOrXlsx);

/** Reads the file's rows (see the module comment). */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw unprocessable(MESSAGES_ENTRY_IMPORT.empty);
  if (looksLikeZip(bytes)) return readXlsx(bytes);
  if (hasBinarySignature(bytes)) throw notCsvOrXlsx();
  return readCsv(decodeText(bytes));
}

/** PDF, old Excel/Word (OLE), images, gzip, other archives and executables. */
export function hasBinarySignature(b: Buffer): boolean {
  const starts = (...sig: number[]) => sig.every((x, i) => b[i] === x);
  return (
    starts(0x25, 0x50, 0x44, 0x46) || // %PDF
    starts(0xd0, 0xcf, 0x11, 0xe0) || // OLE: .xls, .doc
    starts(0x89, 0x50, 0x4e, 0x47) || // PNG
    starts(0xff, 0xd8, 0xff) || // JPEG
    starts(0x47, 0x49, 0x46, 0x38) || // GIF
    starts(0x1f, 0x8b) || // gzip
    starts(0x52, 0x61, 0x72, 0x21) || // RAR
    starts(0x37, 0x7a, 0xbc, 0xaf) || // 7z
    starts(0x7f, 0x45, 0x4c, 0x46) || // ELF
    starts(0x4d, 0x5a) // MZ (.exe)
  );
}

// ─── Text ────────────────────────────────────────────────────────────────────

/** Bytes that Windows-1252 leaves undefined: a file holding one is not Windows-1252 text. */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * The file's text. UTF-8 first (BOM or not); a file that is not valid UTF-8 is
 * read as Windows-1252 (Excel's "CSV" on a French Windows) only when it holds
 * no UTF-8 sequence at all: valid UTF-8 accents beside invalid bytes means
 * two encodings in one file, which no choice reads right.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return new TextDecoder('utf-16le').decode(swapped);
  }
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Not UTF-8: see below.
  }
  let utf8Sequences = 0;
  let invalid = 0;
  let undefinedIn1252 = false;
  for (let i = 0; i < body.length; i++) {
    const b = body[i];
    if (b < 0x80) continue;
    const len = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let ok = len > 0 && i + len <= body.length;
    for (let k = 1; ok && k < len; k++) ok = (body[i + k] & 0xc0) === 0x80;
    if (ok) {
      utf8Sequences++;
      i += len - 1;
    } else {
      invalid++;
      if (CP1252_UNDEFINED.has(b)) undefinedIn1252 = true;
    }
  }
  if (utf8Sequences > 0 && invalid > 0) throw unprocessable(MESSAGES_ENTRY_IMPORT.mixedEncoding);
  if (undefinedIn1252) throw unprocessable(MESSAGES_ENTRY_IMPORT.encoding);
  return decodeWindows1252(body);
}

/** Windows-1252's characters for 0x80–0x9F (where it differs from Latin-1; undefined bytes are refused above). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Node's decoder reads 'windows-1252' as Latin-1 without full ICU: the 0x80–0x9F range is mapped here. */
function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/** Control characters other than tab, line feed, vertical tab, form feed and carriage return: not a text file. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && (c < 9 || c > 13)) return true;
  }
  return false;
}

const SEPARATORS = [';', ',', '\t'] as const;

function readCsv(text: string): Sheet {
  if (hasControlCharacters(text.slice(0, 65536))) throw notCsvOrXlsx();
  if (text.trim() === '') throw unprocessable(MESSAGES_ENTRY_IMPORT.empty);
  const sep = detectSeparator(text);
  let header: SheetRow | null = null;
  const rows: SheetRow[] = [];
  let blank = 0;
  parseCsv(text, sep, (cells, line) => {
    if (isBlank(cells)) {
      if (++blank > ENTRY_IMPORT_MAX_BLANK_LINES) throw unprocessable(MESSAGES_ENTRY_IMPORT.tooManyBlankLines);
      return;
    }
    if (!header) {
      header = { line, cells };
      return;
    }
    if (rows.length >= ENTRY_IMPORT_MAX_LINES) throw unprocessable(MESSAGES_ENTRY_IMPORT.tooManyLines);
    rows.push({ line, cells });
  });
  if (!header) throw unprocessable(MESSAGES_ENTRY_IMPORT.empty);
  return sheetOf(header, rows);
}

const isBlank = (cells: Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/** The separator of the header line that names the most known columns (then: the most frequent). */
function detectSeparator(text: string): string {
  const start = text.search(/[^\s]/);
  const end = text.indexOf('\n', start);
  const first = text.slice(start, end < 0 ? undefined : end).replace(/\r$/, '');
  let best: { sep: string; known: number; count: number } = { sep: ';', known: -1, count: -1 };
  for (const sep of SEPARATORS) {
    const cells: string[] = [];
    parseCsv(first, sep, (c) => {
      if (cells.length === 0) cells.push(...c);
    });
    const known = cells.filter((c) => importColumnOf(c) !== null).length;
    const count = cells.length;
    if (known > best.known || (known === best.known && count > best.count)) best = { sep, known, count };
  }
  return best.sep;
}

/**
 * RFC 4180 records: quoted fields ("" inside quotes is a quote, separators and
 * line breaks inside quotes are text), CRLF, LF or CR line ends. `onRow` gets
 * each record with the line where it starts.
 */
export function parseCsv(text: string, sep: string, onRow: (cells: string[], line: number) => void): void {
  const SEP = sep.charCodeAt(0);
  const QUOTE = 34;
  const LF = 10;
  const CR = 13;
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const cells: string[] = [];
    for (;;) {
      // One field.
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        let j = i + 1;
        let out = '';
        let from = j;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) throw unprocessable(MESSAGES_ENTRY_IMPORT.malformedCsv(startLine));
          if (text.charCodeAt(q + 1) === QUOTE) {
            out += text.slice(from, q + 1);
            j = q + 2;
            from = j;
            continue;
          }
          out += text.slice(from, q);
          j = q + 1;
          break;
        }
        for (let k = i; k < j; k++) if (text.charCodeAt(k) === LF) line++;
        // Text after the closing quote up to the separator is kept (lenient, like spreadsheets).
        let k = j;
        while (k < n) {
          const c = text.charCodeAt(k);
          if (c === SEP || c === LF || c === CR) break;
          k++;
        }
        value = out + text.slice(j, k);
        i = k;
      } else {
        let k = i;
        while (k < n) {
          const c = text.charCodeAt(k);
          if (c === SEP || c === LF || c === CR) break;
          k++;
        }
        value = text.slice(i, k);
        i = k;
      }
      cells.push(value);
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === SEP) {
        i++;
        continue;
      }
      // End of record.
      if (c === CR && text.charCodeAt(i + 1) === LF) i += 2;
      else i++;
      line++;
      break;
    }
    onRow(cells, startLine);
  }
}

// ─── XLSX ────────────────────────────────────────────────────────────────────

/** The French refusal of each upload guard's reason (service-kit `UploadRefusal`). */
function refusalOf(err: UploadRefusedError): HttpError {
  switch (err.reason) {
    case 'tooLarge':
      return new HttpError(413, MESSAGES_ENTRY_IMPORT.tooLargeUncompressed);
    case 'compressionRatio':
      return unprocessable(MESSAGES_ENTRY_IMPORT.compressionRatio);
    case 'notWorkbook':
      return notCsvOrXlsx();
    case 'tooManyRows':
      return unprocessable(MESSAGES_ENTRY_IMPORT.tooManyLines);
    case 'tooManyBlankRows':
      return unprocessable(MESSAGES_ENTRY_IMPORT.tooManyBlankLines);
    case 'tooManyColumns':
      return unprocessable(MESSAGES_ENTRY_IMPORT.tooManyColumns);
    case 'formula':
      return unprocessable(MESSAGES_ENTRY_IMPORT.formula(err.detail ?? ''));
    case 'memory':
    case 'timeout':
      return unprocessable(MESSAGES_ENTRY_IMPORT.xlsxTooHeavy);
    case 'tooManyEntries':
    case 'unreadable':
    case 'xmlForbidden':
    case 'xmlTooDeep':
      return unprocessable(MESSAGES_ENTRY_IMPORT.unreadableXlsx);
  }
}

/** A spreadsheet value as a Cell: booleans as Excel writes them in French. */
const cellOf = (value: XlsxCell): Cell => (typeof value === 'boolean' ? (value ? 'VRAI' : 'FAUX') : value);

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  let read;
  try {
    read = await readXlsxRowsInWorker(bytes, {
      // The header row, then the data lines.
      maxRows: ENTRY_IMPORT_MAX_LINES + 1,
      maxBlankRows: ENTRY_IMPORT_MAX_BLANK_LINES,
      maxColumns: ENTRY_IMPORT_MAX_COLUMNS,
      formulas: 'refuse',
      zip: { maxTotalUncompressed: ENTRY_IMPORT_MAX_UNCOMPRESSED_BYTES, maxRatio: ENTRY_IMPORT_MAX_COMPRESSION_RATIO },
    });
  } catch (err) {
    if (err instanceof UploadRefusedError) throw refusalOf(err);
    throw err;
  }
  const [header, ...rows] = read.rows.map((r) => ({ line: r.line, cells: r.cells.map(cellOf) }));
  if (!header) throw unprocessable(MESSAGES_ENTRY_IMPORT.empty);
  return sheetOf(header, rows);
}

// ─── Header ──────────────────────────────────────────────────────────────────

function sheetOf(header: SheetRow, rows: SheetRow[]): Sheet {
  const columns = header.cells.map((c) => (typeof c === 'string' ? importColumnOf(c) : null));
  const seen = new Set<EntryImportColumn>();
  for (const c of columns) {
    if (!c) continue;
    if (seen.has(c)) throw unprocessable(MESSAGES_ENTRY_IMPORT.duplicateColumn(ENTRY_IMPORT_COLUMN_LABELS[c]));
    seen.add(c);
  }
  return { columns, headerLine: header.line, rows };
}
