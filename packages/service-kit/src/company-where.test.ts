import { CompanyWhere } from './company-where';

describe('CompanyWhere', () => {
  it('starts with the company and binds each condition as the next parameter', () => {
    const where = new CompanyWhere('c1', 'o.').and('o.status = ?', 'pending').and('(o.name ILIKE ? OR o.ref ILIKE ?)', '%a%');
    expect(where.sql).toBe('o.company_id = $1 AND o.status = $2 AND (o.name ILIKE $3 OR o.ref ILIKE $3)');
    expect(where.bind).toEqual(['c1', 'pending', '%a%']);
  });

  it('is the company alone without conditions', () => {
    expect(new CompanyWhere('c1')).toMatchObject({ sql: 'company_id = $1', bind: ['c1'] });
  });
});
