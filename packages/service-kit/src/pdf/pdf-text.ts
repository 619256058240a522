import { inflateSync } from 'node:zlib';

// For tests of the documents renderPdf makes (no PDF parser dependency).

// WinAnsi (Windows-1252): Latin-1 but for 0x80–0x9F.
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeWinAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? CP1252[b - 0x80] : String.fromCharCode(b))).join('');

/**
 * The text shown by a PDF (its content streams inflated, TJ hex strings
 * decoded), no-break spaces as spaces. pdfmake writes a word per TJ, its space
 * (or a hyphen it may break at) included: a fragment ending otherwise ends a
 * text, so each cell's text is on its own line.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const data = Buffer.from(m[1], 'latin1');
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = m[1];
    }
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
