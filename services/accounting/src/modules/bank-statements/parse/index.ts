import { MESSAGES_STATEMENT, type ParsedStatement } from '@xaalis/contracts';
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
  if (bytes.length === 0) throw new HttpError(422, MESSAGES_STATEMENT.empty);
  if (looksLikeZip(bytes) || hasBinarySignature(bytes)) throw new HttpError(415, MESSAGES_STATEMENT.notStatement);
  const text = decodeText(bytes);
  if (text.trim() === '') throw new HttpError(422, MESSAGES_STATEMENT.empty);
  const head = text.slice(0, 4096);
  if (/^\s*OFXHEADER\s*:/i.test(head) || /<OFX>/i.test(head)) return parseOfxStatement(text);
  if (/^\s*</.test(head)) {
    if (/BkToCstmrStmt|camt\.053/.test(head)) return parseCamt053Statement(text);
    throw new HttpError(415, MESSAGES_STATEMENT.notStatement);
  }
  if (hasControlCharacters(head)) throw new HttpError(415, MESSAGES_STATEMENT.notStatement);
  return parseCsvStatement(text, options).statement;
}
