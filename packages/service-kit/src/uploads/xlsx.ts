import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { UploadRefusedError } from './errors';
import { compiledScript, runInWorker, type WorkerTaskLimits } from './worker';
import { XmlTokenizer, localName, xmlAttributes, type XmlHandler, type XmlLimits } from './xml';
import { DEFAULT_ZIP_LIMITS, inspectZip, readZipEntry, type ZipDirectory, type ZipLimits } from './zip';

/**
 * The first worksheet of an XLSX workbook as rows of cell values, read from
 * the zip's central directory through the capped inflate and the safe XML
 * tokenizer: no temporary file, no third-party parser, shared strings kept
 * in memory only (bounded by the inflate cap and the worker's heap).
 * `readXlsxRowsInWorker` is the entry point for uploads.
 */

/** Text, number, boolean, date (a number under a date format) or an error value ('#N/A'); null when empty. */
export type XlsxCell = string | number | boolean | Date | null;

export interface XlsxRow {
  /** The sheet's row number (1-based). */
  line: number;
  /** Index 0 = column A. */
  cells: XlsxCell[];
}

export interface XlsxRowsOptions {
  /** Non-blank rows kept (the header counts); one more: 'tooManyRows'. */
  maxRows: number;
  /** Blank rows (empty or missing between two rows) tolerated; one more: 'tooManyBlankRows'. */
  maxBlankRows: number;
  /** A value beyond this column: 'tooManyColumns'. */
  maxColumns: number;
  /** 'refuse': a formula cell is 'formula' (detail: its reference); 'value': its cached value. */
  formulas: 'refuse' | 'value';
  zip?: Partial<ZipLimits>;
  xml?: Partial<XmlLimits>;
}

export interface XlsxRows {
  /** The non-blank rows, in sheet order. */
  rows: XlsxRow[];
}

const notWorkbook = (detail: string) => new UploadRefusedError('notWorkbook', detail);

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30, with the East Asian ones). */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** A custom number format showing a date or time (what remains outside quotes and brackets holds y, m, d, h, s). */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** A serial day number (1900 or 1904 system) as the UTC instant Excel shows. */
const dateOfSerial = (v: number, date1904: boolean) => new Date(Math.round((v - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** "BC12" → column 55 (1-based); 0 when the reference has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
    if (col > 1_000_000) break;
  }
  return col;
}

const columnLetters = (index: number): string => {
  let s = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

/** Streams one zip entry through the XML tokenizer. */
async function parseEntry(zip: Buffer, dir: ZipDirectory, name: string, handler: XmlHandler, xml: Partial<XmlLimits> | undefined) {
  const entry = dir.get(name);
  if (!entry) return false;
  const tokenizer = new XmlTokenizer(handler, xml);
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of readZipEntry(zip, entry)) {
    let text = decoder.write(chunk);
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    tokenizer.write(text);
  }
  tokenizer.write(decoder.end());
  tokenizer.end();
  return true;
}

/** `xl/worksheets/sheet1.xml` from a relationship target relative to `xl/`. */
function resolveTarget(base: string, target: string): string {
  const joined = target.startsWith('/') ? target.slice(1) : path.posix.join(base, target);
  return path.posix.normalize(joined).replace(/^\/+/, '');
}

interface Workbook {
  sheetPath: string;
  sharedStringsPath: string | null;
  stylesPath: string | null;
  date1904: boolean;
}

async function readWorkbook(zip: Buffer, dir: ZipDirectory, xml: Partial<XmlLimits> | undefined): Promise<Workbook> {
  let firstSheetId: string | null = null;
  let date1904 = false;
  const found = await parseEntry(
    zip,
    dir,
    'xl/workbook.xml',
    {
      open(name, attrs) {
        const local = localName(name);
        if (local === 'workbookPr') {
          const v = xmlAttributes(attrs).date1904;
          date1904 = v === '1' || v === 'true';
        } else if (local === 'sheet' && firstSheetId === null) {
          const a = xmlAttributes(attrs);
          const key = Object.keys(a).find((k) => k === 'id' || k.endsWith(':id'));
          firstSheetId = key ? a[key] : '';
        }
      },
    },
    xml,
  );
  if (!found) throw notWorkbook('xl/workbook.xml missing');
  if (firstSheetId === null) throw notWorkbook('no worksheet');
  const targets = new Map<string, string>();
  let sharedStringsPath: string | null = null;
  let stylesPath: string | null = null;
  await parseEntry(
    zip,
    dir,
    'xl/_rels/workbook.xml.rels',
    {
      open(name, attrs) {
        if (localName(name) !== 'Relationship') return;
        const a = xmlAttributes(attrs);
        if (!a.Id || !a.Target || a.TargetMode === 'External') return;
        const target = resolveTarget('xl', a.Target);
        targets.set(a.Id, target);
        if (a.Type?.endsWith('/sharedStrings')) sharedStringsPath = target;
        if (a.Type?.endsWith('/styles')) stylesPath = target;
      },
    },
    xml,
  );
  const sheetPath = targets.get(firstSheetId) ?? (dir.get('xl/worksheets/sheet1.xml') ? 'xl/worksheets/sheet1.xml' : null);
  if (!sheetPath || !dir.get(sheetPath)) throw notWorkbook('first worksheet missing');
  return {
    sheetPath,
    sharedStringsPath: sharedStringsPath ?? (dir.get('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : null),
    stylesPath: stylesPath ?? (dir.get('xl/styles.xml') ? 'xl/styles.xml' : null),
    date1904,
  };
}

/** The cell formats (`s` attribute) whose number format is a date. */
async function readDateStyles(
  zip: Buffer,
  dir: ZipDirectory,
  file: string | null,
  xml: Partial<XmlLimits> | undefined,
): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!file) return dates;
  const customDates = new Set<number>();
  let inCellXfs = false;
  let xf = 0;
  await parseEntry(
    zip,
    dir,
    file,
    {
      open(name, attrs) {
        const local = localName(name);
        if (local === 'numFmt') {
          const a = xmlAttributes(attrs);
          if (a.formatCode !== undefined && isDateFormat(a.formatCode)) customDates.add(Number(a.numFmtId));
        } else if (local === 'cellXfs') inCellXfs = true;
        else if (local === 'xf' && inCellXfs) {
          const id = Number(xmlAttributes(attrs).numFmtId ?? 0);
          if (BUILTIN_DATE_FORMATS.has(id) || customDates.has(id)) dates.add(xf);
          xf++;
        }
      },
      close(name) {
        if (localName(name) === 'cellXfs') inCellXfs = false;
      },
    },
    xml,
  );
  return dates;
}

/** The shared strings (rich text runs joined, phonetic runs left out); at most `max`. */
async function readSharedStrings(
  zip: Buffer,
  dir: ZipDirectory,
  file: string | null,
  max: number,
  xml: Partial<XmlLimits> | undefined,
): Promise<string[]> {
  const strings: string[] = [];
  if (!file) return strings;
  let current: string | null = null;
  let inT = false;
  let inPhonetic = 0;
  await parseEntry(
    zip,
    dir,
    file,
    {
      open(name) {
        const local = localName(name);
        if (local === 'si') current = '';
        else if (local === 't') inT = inPhonetic === 0 && current !== null;
        else if (local === 'rPh') inPhonetic++;
      },
      close(name) {
        const local = localName(name);
        if (local === 'si') {
          if (strings.length >= max) throw new UploadRefusedError('tooLarge', `more than ${max} shared strings`);
          strings.push(current ?? '');
          current = null;
        } else if (local === 't') inT = false;
        else if (local === 'rPh') inPhonetic--;
      },
      text(text) {
        if (inT && current !== null) current += text;
      },
    },
    xml,
  );
  return strings;
}

const isBlank = (cells: XlsxCell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/** Reads the workbook in this thread (the worker's side; uploads use `readXlsxRowsInWorker`). Throws UploadRefusedError. */
export async function readXlsxRows(zip: Buffer, options: XlsxRowsOptions): Promise<XlsxRows> {
  const dir = inspectZip(zip, options.zip);
  const xml = options.xml;
  const book = await readWorkbook(zip, dir, xml);
  const dateStyles = await readDateStyles(zip, dir, book.stylesPath, xml);
  // More distinct strings than cells kept cannot be needed.
  const shared = await readSharedStrings(
    zip,
    dir,
    book.sharedStringsPath,
    (options.maxRows + options.maxBlankRows) * options.maxColumns,
    xml,
  );

  const rows: XlsxRow[] = [];
  let blank = 0;
  let lastRow = 0;
  let inSheetData = false;
  let row: XlsxCell[] | null = null;
  let rowNumber = 0;
  // The current cell.
  let inCell = false;
  let col = 0;
  let type = '';
  let style = -1;
  let hasFormula = false;
  let value: string | null = null;
  let capture = false;
  let inPhonetic = 0;

  const endCell = () => {
    if (!row) return;
    if (hasFormula && options.formulas === 'refuse') throw new UploadRefusedError('formula', `${columnLetters(col)}${rowNumber}`);
    let cell: XlsxCell = null;
    if (value !== null) {
      switch (type) {
        case 's': {
          const k = Number(value);
          cell = Number.isInteger(k) && k >= 0 && k < shared.length ? shared[k] : null;
          if (cell === null) throw new UploadRefusedError('unreadable', `shared string ${value} missing`);
          break;
        }
        case 'str':
        case 'inlineStr':
          cell = value;
          break;
        case 'b':
          cell = Number(value) !== 0;
          break;
        case 'e':
          cell = value;
          break;
        case 'd': {
          const d = new Date(value);
          cell = Number.isNaN(d.getTime()) ? value : d;
          break;
        }
        default: {
          if (value.trim() === '') break;
          const n = Number(value);
          if (Number.isNaN(n)) throw new UploadRefusedError('unreadable', `number ${value.slice(0, 20)}`);
          cell = dateStyles.has(style) ? dateOfSerial(n, book.date1904) : n;
        }
      }
    }
    if (cell === null) return;
    if (col > options.maxColumns) throw new UploadRefusedError('tooManyColumns', `${columnLetters(col)}${rowNumber}`);
    while (row.length < col - 1) row.push(null);
    row[col - 1] = cell;
  };

  const endRow = () => {
    if (!row) return;
    const cells = row;
    row = null;
    // Rows the sheet skips (never written) are blank rows too.
    blank += Math.max(0, rowNumber - lastRow - 1) + (isBlank(cells) ? 1 : 0);
    lastRow = rowNumber;
    if (blank > options.maxBlankRows) throw new UploadRefusedError('tooManyBlankRows');
    if (isBlank(cells)) return;
    if (rows.length >= options.maxRows) throw new UploadRefusedError('tooManyRows');
    rows.push({ line: rowNumber, cells });
  };

  await parseEntry(
    zip,
    dir,
    book.sheetPath,
    {
      open(name, attrs) {
        const local = localName(name);
        if (!inSheetData) {
          if (local === 'sheetData') inSheetData = true;
          return;
        }
        switch (local) {
          case 'row': {
            const r = Number(xmlAttributes(attrs).r);
            rowNumber = Number.isInteger(r) && r > 0 ? r : lastRow + 1;
            row = [];
            break;
          }
          case 'c': {
            const a = xmlAttributes(attrs);
            const fromRef = a.r ? columnOf(a.r) : 0;
            col = fromRef > 0 ? fromRef : (row?.length ?? 0) + 1;
            type = a.t ?? 'n';
            style = a.s === undefined ? -1 : Number(a.s);
            hasFormula = false;
            value = null;
            inCell = true;
            break;
          }
          case 'f':
            if (inCell) hasFormula = true;
            break;
          case 'v':
            if (inCell) {
              value = '';
              capture = true;
            }
            break;
          case 'rPh':
            inPhonetic++;
            break;
          case 't':
            if (inCell && inPhonetic === 0) {
              value ??= '';
              capture = true;
            }
            break;
        }
      },
      close(name) {
        if (!inSheetData) return;
        switch (localName(name)) {
          case 'sheetData':
            inSheetData = false;
            break;
          case 'row':
            endRow();
            break;
          case 'c':
            endCell();
            inCell = false;
            break;
          case 'v':
          case 't':
            capture = false;
            break;
          case 'rPh':
            inPhonetic--;
            break;
        }
      },
      text(text) {
        if (capture && value !== null) value += text;
      },
    },
    xml,
  );
  return { rows };
}

/** Zip checks in the caller's thread (cheap), then the reading in a worker with `limits` (heap, time). */
export async function readXlsxRowsInWorker(
  zip: Buffer,
  options: XlsxRowsOptions,
  limits: Partial<WorkerTaskLimits> = {},
): Promise<XlsxRows> {
  inspectZip(zip, { ...DEFAULT_ZIP_LIMITS, ...options.zip });
  const script = compiledScript(path.join(__dirname, `xlsx-worker${path.extname(__filename)}`));
  return runInWorker<XlsxRows>(script, { zip, options }, limits);
}
