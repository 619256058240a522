import { deflateSync } from 'node:zlib';
import { pdfText } from './pdf-text';

/** A one-stream "PDF" the way pdfkit writes it: "stream\n" + deflated content + "\nendstream". */
const pdfWith = (content: string) =>
  Buffer.concat([Buffer.from('1 0 obj\n<< /Filter /FlateDecode >>\nstream\n'), deflateSync(content), Buffer.from('\nendstream\nendobj\n')]);

describe('pdfText', () => {
  it('reads the TJ strings of a deflated content stream', () => {
    expect(pdfText(pdfWith('BT [<426f6e6a6f757220>] TJ [<4461646121>] TJ ET'))).toBe('Bonjour Dada!\n');
  });

  it('reads a stream whose compressed data ends with a carriage return byte', () => {
    // Compressed bytes are arbitrary: about one stream in 256 ends with 0x0D, which an
    // "\r?\nendstream" pattern used to swallow (the payslip PDF test then read no text).
    let n = 0;
    while (deflateSync(`BT [<4e494e4541>] TJ ET % ${n}`).at(-1) !== 0x0d) n += 1;
    expect(pdfText(pdfWith(`BT [<4e494e4541>] TJ ET % ${n}`))).toBe('NINEA\n');
  });
});
