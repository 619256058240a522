import { containsPattern, pageWindow, pagedOf } from './paging';

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
});
