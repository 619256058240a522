import { containsPattern, foldAccents, foldedPattern, foldedSql, pageWindow, pagedOf } from './paging';

describe('paging', () => {
  it('turns page and size into LIMIT and OFFSET', () => {
    expect(pageWindow({ page: 1, pageSize: 25 })).toEqual({ limit: 25, offset: 0 });
    expect(pageWindow({ page: 3, pageSize: 10 })).toEqual({ limit: 10, offset: 20 });
  });
  it('builds the envelope', () => {
    expect(pagedOf(['a'], { page: 2, pageSize: 1 }, 5)).toEqual({ items: ['a'], page: 2, pageSize: 1, totalItems: 5 });
  });
  it('escapes the wildcards of a search term', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
  it('folds case and accents the same way in the term and in SQL', () => {
    expect(foldAccents('Société Générale ÇA Ñdiaye')).toBe('societe generale ca ndiaye');
    expect(foldedPattern('Écoles 50%')).toBe('%ecoles 50\\%%');
    // Every letter mapped in SQL, capitals included (lower() keeps them under a C locale).
    const [from, to] = [...foldedSql('name').matchAll(/'([^']*)'/g)].map((m) => m[1]);
    // One UTF-16 unit per letter (all in the BMP): translate() pairs them by position.
    expect(from).toHaveLength(to.length);
    for (let i = 0; i < from.length; i++) expect(foldAccents(from[i])).toBe(to[i]);
  });
});
