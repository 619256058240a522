import { useCan } from '@xaalis/web-kit';

/**
 * What the current role may do with pay slips. Payroll data is confidential: reading slips,
 * bulletins and salaries, and every payslip write (drafts and the month's generation included),
 * need the 'payroll' capability (owners and accountants).
 */
export function usePayrollRights() {
  return {
    read: useCan('payroll'),
    create: useCan('/api/companies/:id/payrolls'),
    generate: useCan('/api/companies/:id/payrolls/generate'),
    validate: useCan('/api/payrolls/:id/validate'),
    pay: useCan('/api/payrolls/:id/pay'),
    transfer: useCan('/api/companies/:id/payrolls/transfers'),
    cancel: useCan('/api/payrolls/:id/cancel'),
  };
}
