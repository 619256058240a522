import { screen } from '@testing-library/react';
import type { Capability, Role } from '@xaalis/contracts';
import { pathCapability, useCan, useRole } from './memberships';
import { mockFetch } from './testing/fetch';
import { renderWithApp, TEST_USER } from './testing/app';

describe('pathCapability', () => {
  it('reads paths written with route parameters as the services read the real ones', () => {
    expect(pathCapability('/api/companies/:id/invoices')).toBe('documents');
    expect(pathCapability('/api/invoices/:id')).toBe('documents');
    expect(pathCapability('/api/invoices/:id/validate')).toBe('documents');
    expect(pathCapability('/api/accounting-entries/:id/validate')).toBe('accounting');
    expect(pathCapability('/api/accounting-entries/:id/cancel')).toBe('accounting');
    expect(pathCapability('/api/companies/:companyId/employees')).toBe('accounting');
    expect(pathCapability('/api/companies/:id/fiscal-years/:start/close')).toBe('accounting');
  });

  it('payroll writes, drafts and the generation included, need payroll', () => {
    for (const path of [
      '/api/companies/:id/payrolls',
      '/api/companies/:id/payrolls/generate',
      '/api/payrolls/:id/validate',
      '/api/payrolls/:id/pay',
      '/api/payrolls/:id/cancel',
    ] as const)
      expect(pathCapability(path)).toBe('payroll');
  });
});

describe('useCan', () => {
  function Probe({ what }: { what: Capability | `/api/${string}` }) {
    const can = useCan(what);
    return useRole() ? <output aria-label="can">{String(can)}</output> : null;
  }
  async function can(role: Role, what: Capability | `/api/${string}`): Promise<boolean> {
    mockFetch({ 'GET /api/user': { body: { ...TEST_USER, role } } });
    const view = renderWithApp(<Probe what={what} />);
    const answer = (await screen.findByLabelText('can')).textContent === 'true';
    view.unmount();
    return answer;
  }

  it("'payroll' (payroll data, reads included) for owners and accountants only", async () => {
    expect(await can('owner', 'payroll')).toBe(true);
    expect(await can('accountant', 'payroll')).toBe(true);
    expect(await can('collaborator', 'payroll')).toBe(false);
    expect(await can('reader', 'payroll')).toBe(false);
  });

  it('a collaborator writes documents (paths with parameters) but not payroll', async () => {
    expect(await can('collaborator', '/api/companies/:id/invoices')).toBe(true);
    expect(await can('collaborator', '/api/accounting-entries/:id/validate')).toBe(false);
    expect(await can('collaborator', '/api/companies/:id/payrolls')).toBe(false);
    expect(await can('reader', '/api/companies/:id/invoices')).toBe(false);
  });
});
