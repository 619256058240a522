import {
  ENTRY_IMPORT_COLUMNS,
  ENTRY_IMPORT_COLUMN_ALIASES,
  MESSAGES_ENTRY_IMPORT,
  amountFromNumber,
  entryImportRunSchema,
  entryImportUploadQuerySchema,
  importColumnOf,
  parseFrenchAmount,
} from './entry-imports';

const cents = (raw: string) => {
  const r = parseFrenchAmount(raw);
  return r.ok ? r.cents : r.error;
};

describe('parseFrenchAmount', () => {
  it.each([
    ['1 234 567,50', 123456750n],
    ['1\u00a0234\u00a0567,50', 123456750n],
    ['1\u202f234\u202f567,50', 123456750n],
    ['1234567,5', 123456750n],
    ['1234567.50', 123456750n],
    ['1234567', 123456700n],
    ['1.234.567,50', 123456750n],
    ['1,234,567.50', 123456750n],
    ['1.234.567', 123456700n],
    ['1 234', 123400n],
    ['0,05', 5n],
    ['12,3', 1230n],
    ['  42  ', 4200n],
    ['', 0n],
    ['   ', 0n],
    ['-15,00', -1500n],
    ['+15', 1500n],
    ['9999999999999,99', 999999999999999n],
  ])('%j → %s cents', (raw, expected) => {
    expect(cents(raw)).toBe(expected);
  });

  it.each([
    ['1,234', 'ambiguous'],
    ['1.234', 'ambiguous'],
    ['12.345', 'ambiguous'],
    ['1234,567', 'ambiguous'],
    ['1,2345', 'malformed'],
    ['12 34', 'malformed'],
    ['1 2345', 'malformed'],
    ['1.234,567.5', 'malformed'],
    ['1,23,456', 'malformed'],
    ['1 234.567,50', 'malformed'],
    ['abc', 'malformed'],
    ['12€', 'malformed'],
    ['1e5', 'malformed'],
    [',50', 'malformed'],
    ['12,', 'malformed'],
    ['--5', 'malformed'],
    ['1,5.5', 'malformed'],
    ['0x10', 'malformed'],
    ['10000000000000', 'tooLarge'],
  ])('refuses %j (%s)', (raw, error) => {
    expect(cents(raw)).toBe(error);
  });
});

describe('amountFromNumber', () => {
  it('reads spreadsheet numbers with at most two decimals, exactly', () => {
    expect(amountFromNumber(1234567.5)).toEqual({ ok: true, cents: 123456750n });
    expect(amountFromNumber(0.1 + 0.2)).toEqual({ ok: true, cents: 30n });
    expect(amountFromNumber(12)).toEqual({ ok: true, cents: 1200n });
    expect(amountFromNumber(1.005)).toEqual({ ok: false, error: 'malformed' });
    expect(amountFromNumber(Number.NaN)).toEqual({ ok: false, error: 'malformed' });
    expect(amountFromNumber(1e20)).toEqual({ ok: false, error: 'tooLarge' });
  });
});

describe('import headers', () => {
  it('recognises French and English names, accents and punctuation aside', () => {
    expect(importColumnOf('Date')).toBe('date');
    expect(importColumnOf("Date de l'écriture")).toBe('date');
    expect(importColumnOf('Code journal')).toBe('journal');
    expect(importColumnOf('N° pièce')).toBe('number');
    expect(importColumnOf('Numéro')).toBe('number');
    expect(importColumnOf('Pièce')).toBe('number');
    expect(importColumnOf('Entry number')).toBe('number');
    expect(importColumnOf('N° compte')).toBe('account');
    expect(importColumnOf('Account code')).toBe('account');
    expect(importColumnOf('Libellé')).toBe('label');
    expect(importColumnOf(' DÉBIT ')).toBe('debit');
    expect(importColumnOf('Crédit')).toBe('credit');
    expect(importColumnOf('Code tiers')).toBe('thirdParty');
    expect(importColumnOf('Third-party code')).toBe('thirdParty');
    expect(importColumnOf('Réf.')).toBe('reference');
    expect(importColumnOf('Solde')).toBeNull();
  });

  it('has no alias claimed by two columns', () => {
    const seen = new Map<string, string>();
    for (const col of ENTRY_IMPORT_COLUMNS)
      for (const a of ENTRY_IMPORT_COLUMN_ALIASES[col]) {
        expect(seen.get(a)).toBeUndefined();
        seen.set(a, col);
      }
  });
});

describe('schemas', () => {
  it('validates the upload query and the run body', () => {
    expect(entryImportUploadQuerySchema.parse({ fileName: ' journal.csv ' })).toEqual({ kind: 'entries', fileName: 'journal.csv' });
    const bad = entryImportUploadQuerySchema.safeParse({ kind: 'x', fileName: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([MESSAGES_ENTRY_IMPORT.kindInvalid, MESSAGES_ENTRY_IMPORT.fileNameRequired]),
    );
    expect(entryImportRunSchema.parse({ validate: true })).toEqual({ validate: true });
    expect(entryImportRunSchema.safeParse({}).success).toBe(false);
  });

  it('writes French messages with French amounts', () => {
    expect(MESSAGES_ENTRY_IMPORT.unbalanced('VT 12 du 03/01/2026', 10000n, 9050n)).toBe(
      'Écriture VT 12 du 03/01/2026 déséquilibrée : débit 100,00 ≠ crédit 90,50',
    );
    expect(MESSAGES_ENTRY_IMPORT.missingColumns(['Date', 'Compte'])).toBe('Colonnes manquantes : Date, Compte');
  });
});
