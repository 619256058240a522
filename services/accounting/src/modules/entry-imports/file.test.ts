import { MESSAGES_ENTRY_IMPORT } from '@xaalis/contracts';
import { decodeText, parseCsv, readSheet } from './file';
import { dateOf } from './validate';

const rows = (text: string, sep = ';') => {
  const out: [number, string[]][] = [];
  parseCsv(text, sep, (cells, line) => out.push([line, cells]));
  return out;
};

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, separators and line breaks inside quotes, any line end', () => {
    expect(rows('a;"b;c";"d ""e"""\r\n1;"deux\nlignes";3\r4;5;6\n')).toEqual([
      [1, ['a', 'b;c', 'd "e"']],
      [2, ['1', 'deux\nlignes', '3']],
      [4, ['4', '5', '6']],
    ]);
    expect(rows('x,y\n,\n', ',')).toEqual([
      [1, ['x', 'y']],
      [2, ['', '']],
    ]);
  });

  it('refuses an unclosed quote with its line', () => {
    expect(() => rows('a;b\n1;"2\n')).toThrow(MESSAGES_ENTRY_IMPORT.malformedCsv(2));
  });
});

describe('decodeText', () => {
  it('reads UTF-8 with or without BOM, UTF-16 with BOM, and Windows-1252 alone', () => {
    expect(decodeText(Buffer.from('\ufeffDébit'))).toBe('Débit');
    expect(decodeText(Buffer.from('Débit'))).toBe('Débit');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Débit', 'utf16le')]))).toBe('Débit');
    expect(decodeText(Buffer.from([0x44, 0xe9, 0x62, 0x69, 0x74, 0x20, 0x80]))).toBe('Débit €');
  });

  it('refuses two encodings in one file, and bytes Windows-1252 leaves undefined', () => {
    expect(() => decodeText(Buffer.concat([Buffer.from('é'), Buffer.from([0xe9])]))).toThrow(MESSAGES_ENTRY_IMPORT.mixedEncoding);
    expect(() => decodeText(Buffer.from([0x41, 0x81]))).toThrow(MESSAGES_ENTRY_IMPORT.encoding);
  });
});

describe('readSheet', () => {
  it('detects the separator from the header and maps known columns', async () => {
    const sheet = await readSheet(Buffer.from('Date,Compte,Libellé;x,Débit\n2026-01-01,521,"a;b",1\n'));
    expect(sheet.columns).toEqual(['date', 'account', null, 'debit']);
    expect(sheet.rows).toEqual([{ line: 2, cells: ['2026-01-01', '521', 'a;b', '1'] }]);
  });
});

describe('dateOf', () => {
  it.each([
    ['14/03/2026', '2026-03-14'],
    ['1/3/2026', '2026-03-01'],
    ['14.03.2026', '2026-03-14'],
    ['14-03-2026', '2026-03-14'],
    ['2026-03-14', '2026-03-14'],
    ['2026-03-14T00:00:00Z', '2026-03-14'],
    ['20260314', '2026-03-14'],
    [46095, '2026-03-14'],
    [new Date(Date.UTC(2026, 2, 14)), '2026-03-14'],
  ])('%j → %s', (value, iso) => {
    expect(dateOf(value)).toBe(iso);
  });

  it.each(['31/02/2026', '14/03/26', '03/14/2026', 'mars 2026', '', '1899-12-31', 12.5])('refuses %j', (value) => {
    expect(dateOf(value)).toBeNull();
  });
});
