import { COMPANY_RECORD_OWNER, statusSegment } from '@xaalis/contracts';
import { resolveRoute } from './table';

const id = '7d3b1f0e-8a5c-4e2b-9f1a-2c3d4e5f6a7b';

describe('resolveRoute (from the ownership table in contracts)', () => {
  it('routes company-scoped resources by their segment', () => {
    expect(resolveRoute(`/api/companies/${id}`)).toEqual({ service: COMPANY_RECORD_OWNER, companyId: id, companyRecord: true });
    expect(resolveRoute(`/api/companies/${id}/invoices/42/validate`)).toEqual({ service: 'accounting', companyId: id });
    expect(resolveRoute(`/api/companies/${id}/employees`)).toEqual({ service: 'hr', companyId: id });
    expect(resolveRoute(`/api/companies/${id}/rooms/`)).toEqual({ service: 'sector', companyId: id });
    expect(resolveRoute(`/api/companies/${id}/${statusSegment('hr')}`)).toEqual({ service: 'hr', companyId: id });
  });

  it('routes top-level resources addressed by their own id', () => {
    expect(resolveRoute('/api/payments')).toEqual({ service: 'accounting' });
    expect(resolveRoute('/api/accounting-entries/12/cancel')).toEqual({ service: 'accounting' });
    expect(resolveRoute('/api/payrolls/3')).toEqual({ service: 'hr' });
    expect(resolveRoute('/api/reservations/3')).toEqual({ service: 'sector' });
  });

  it('owns nothing else', () => {
    for (const path of [
      '/api/companies',
      '/api/companies/',
      `/api/companies/${id}/unknown`,
      '/api/unknown',
      '/api/constructor',
      `/api/companies/${id}/__proto__`,
      `/api/companies/${id}/../other/invoices`,
      `/api/companies/${id}/%2e%2e/invoices`,
      `/api/companies/${id}//invoices`,
      '/health',
    ]) {
      expect(resolveRoute(path)).toBeNull();
    }
  });

  it("never claims the gateway's own routes (the proxy runs before them)", () => {
    for (const path of [
      '/api/user',
      '/api/user/password',
      '/api/users',
      '/api/login',
      '/api/logout',
      '/api/register',
      '/api/companies',
      '/api/health',
    ]) {
      expect(resolveRoute(path)).toBeNull();
    }
  });
});
