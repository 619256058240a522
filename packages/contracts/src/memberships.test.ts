import { isCanonicalPath, readCapability, roleCan, writeCapability } from './memberships';

const id = '0b7e3c1a-5d2f-4e8b-9a61-3f2c7d9e4b10';

describe('isCanonicalPath', () => {
  it.each([
    '/api/user',
    `/api/companies/${id}/invoices`,
    `/api/accounting-entries/${id}/validate`,
    `/api/companies/${id}/fiscal-years/2026-01-01/close`,
    `/api/companies/${id}/fiscal-years/jobs/fiscal-year-${id}-2026-01-01-1`,
    `/api/companies/${id}/reports/general-ledger?from=2026-01-01&to=2026-12-31&format=PDF`,
    `/api/accounting-entries/${id}/validate/`,
    `/api/companies/${id}/invoices/export.xlsx?status=paid`,
  ])('accepts %s', (path) => {
    expect(isCanonicalPath(path)).toBe(true);
  });

  it.each([
    [`/api/accounting-entries/${id}/VALIDATE`, 'an upper-case action'],
    [`/api/accounting-entries/${id}/Validate`, 'a capital letter'],
    [`/api/Accounting-entries/${id}/validate`, 'an upper-case resource'],
    [`/API/accounting-entries/${id}/validate`, 'an upper-case /api'],
    [`/api/accounting-entries/${id.toUpperCase()}/validate`, 'an upper-case id'],
    [`/api/accounting-entries/${id}/%76alidate`, 'a percent-encoded letter'],
    [`/api/accounting-entries%2F${id}/validate`, 'an encoded slash'],
    [`/api/accounting-entries/${id}/%2e%2e/validate`, 'encoded dots'],
    [`/api/accounting-entries/${id}/../validate`, 'a dot segment'],
    [`/api/accounting-entries/${id}/validate.`, 'a trailing dot'],
    [`/api/companies/${id}/invoices/export.XLSX`, 'an upper-case extension'],
    [`/api/companies/${id}/invoices/.export`, 'a leading dot'],
    [`/api/companies/${id}/invoices/export..xlsx`, 'two dots'],
    [`/api/accounting-entries//${id}/validate`, 'a doubled slash'],
    [`/api/accounting-entries/${id}/validate//`, 'two trailing slashes'],
    ['api/user', 'no leading slash'],
  ])('refuses %s (%s)', (path) => {
    expect(isCanonicalPath(path)).toBe(false);
  });
});

describe('writeCapability', () => {
  it('takes the capability from the canonical path', () => {
    expect(writeCapability(`/api/accounting-entries/${id}`)).toBe('documents');
    expect(writeCapability(`/api/accounting-entries/${id}/validate`)).toBe('accounting');
    expect(writeCapability(`/api/companies/${id}/invoices`)).toBe('documents');
    expect(writeCapability(`/api/companies/${id}/third-parties`)).toBe('accounting');
    expect(writeCapability(`/api/companies/${id}/payrolls/generate`)).toBe('payroll');
    expect(writeCapability(`/api/payrolls/${id}/validate`)).toBe('payroll');
  });

  it('needs nothing of a member for a write that only reads (starting a Grand livre export)', () => {
    const path = `/api/companies/${id}/reports/general-ledger/exports`;
    expect(writeCapability(path)).toBeNull();
    expect(roleCan('reader', writeCapability(path))).toBe(true);
    expect(roleCan(null, writeCapability(path))).toBe(false);
    // Other writes under reports still need `accounting`.
    expect(writeCapability(`/api/companies/${id}/reports/general-ledger`)).toBe('accounting');
  });

  it('reads an action only as an own entry of the resource: an inherited name is no action', () => {
    expect(writeCapability(`/api/accounting-entries/${id}/constructor`)).toBe('documents');
    expect(writeCapability(`/api/companies/${id}/constructor`)).toBe('accounting');
  });

  it('gives a path in any other form the strictest document-free capability, never documents', () => {
    for (const action of ['VALIDATE', 'Validate', '%76alidate', 'validate.'])
      expect(writeCapability(`/api/accounting-entries/${id}/${action}`)).toBe('accounting');
    expect(writeCapability(`/api/accounting-entries//${id}/cancel`)).toBe('accounting');
  });
});

describe('payroll data', () => {
  it('is read only by owners and accountants', () => {
    const path = `/api/companies/${id}/payrolls`;
    expect(readCapability(path)).toBe('payroll');
    expect(readCapability(`/api/payrolls/${id}/pdf`)).toBe('payroll');
    expect(readCapability(`/api/companies/${id}/employees`)).toBeNull();
    expect(readCapability(`/api/companies/${id}/payroll-settings`)).toBeNull();
    expect(roleCan('owner', 'payroll')).toBe(true);
    expect(roleCan('accountant', 'payroll')).toBe(true);
    expect(roleCan('collaborator', 'payroll')).toBe(false);
    expect(roleCan('reader', 'payroll')).toBe(false);
  });
});
