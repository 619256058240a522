import { inflateSync } from 'node:zlib';

// For tests of the documents renderPdf makes (no PDF parser dependency).

// WinAnsi (Windows-1252): Latin-1 but for 0x80–0x9F.
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeWinAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? CP1252[b - 0x80] : String.fromCharCode(b))).join('');

/** A content stream inflated, or null when it is not a valid deflate stream. */
function inflated(data: string): string | null {
  try {
    return inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
  } catch {
    return null;
  }
}

/**
 * The text shown by a PDF (its content streams inflated, TJ hex strings
 * decoded), no-break spaces as spaces. pdfmake writes a word per TJ, its space
 * (or a hyphen it may break at) included: a fragment ending otherwise ends a
 * text, so each cell's text is on its own line.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    // pdfkit ends a stream's data with "\nendstream"; compressed data may itself end with a
    // "\r" byte, so that one is kept first and dropped only if inflating fails (other writers' "\r\n").
    const content = inflated(m[1]) ?? (m[1].endsWith('\r') ? inflated(m[1].slice(0, -1)) : null) ?? m[1];
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      let text = '';
      for (const hex of tj[1].matchAll(/<([0-9a-fA-F]*)>/g)) text += decodeWinAnsi(Buffer.from(hex[1], 'hex'));
      out += text.endsWith(' ') || (text.length > 1 && text.endsWith('-')) ? text : `${text}\n`;
    }
  }
  return out.replace(/\u00a0/g, ' ');
}

/** The number of pages of a PDF (its page objects, not the page tree). */
export const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
