import { MESSAGES_STATEMENT, type ParsedStatement, type StatementCsvLayout } from '@xaalis/contracts';
import { HttpError, looksLikeZip } from '@xaalis/service-kit';
import { decodeText, hasBinarySignature, hasControlCharacters } from '../../entry-imports/file';
import { parseCamt053Statement } from './camt053';
import { parseCsvStatement, type CsvOptions } from './csv';
import { parseOfxStatement } from './ofx';

export { detectLayout, type CsvLayout, type CsvOptions } from './csv';

/**
 * A statement file, whatever its format: OFX (a `OFXHEADER` header or an
 * `<OFX>` element), ISO 20022 camt.053 (XML with a BkToCstmrStmt), or CSV.
 * Every refusal of the file is a French 4xx (415: not a statement, 422:
 * unreadable); errors of single lines are returned with their line numbers.
 * Pure and synchronous: the service runs it off the request's event loop.
 */
export function parseStatement(bytes: Buffer, options: CsvOptions = {}): ParsedStatement {
  return readStatement(bytes, options).statement;
}

/** parseStatement, with the layout read (or chosen) for a CSV file, which the preview shows and the account keeps. */
export function readStatement(bytes: Buffer, options: CsvOptions = {}): { statement: ParsedStatement; layout: StatementCsvLayout | null } {
  if (bytes.length === 0) throw new HttpError(422, MESSAGES_STATEMENT.empty);
  if (looksLikeZip(bytes) || hasBinarySignature(bytes)) throw new HttpError(415, MESSAGES_STATEMENT.notStatement);
  const text = decodeText(bytes);
  if (text.trim() === '') throw new HttpError(422, MESSAGES_STATEMENT.empty);
  const head = text.slice(0, 4096);
  if (/^\s*OFXHEADER\s*:/i.test(head) || /<OFX>/i.test(head)) return { statement: parseOfxStatement(text), layout: null };
  if (/^\s*</.test(head)) {
    if (/BkToCstmrStmt|camt\.053/.test(head)) return { statement: parseCamt053Statement(text), layout: null };
    throw new HttpError(415, MESSAGES_STATEMENT.notStatement);
  }
  if (hasControlCharacters(head)) throw new HttpError(415, MESSAGES_STATEMENT.notStatement);
  const { statement, layout } = parseCsvStatement(text, options);
  return {
    statement,
    layout: { separator: layout.separator, headers: layout.headers, mapping: layout.mapping, dateOrder: layout.dateOrder ?? null },
  };
}
