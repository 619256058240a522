// Test data of the entries feature (component tests only; not imported by the pages).
import type { AccountingEntry } from '@xaalis/contracts';
import { COMPANY_ID } from '../../test-utils';

/** A draft OD entry of the test company ('Loyer mars', 150 000), with `overrides` changed. */
export function entry(overrides: Partial<AccountingEntry> = {}): AccountingEntry {
  return {
    id: 'e1',
    number: 'OD-2026-00001',
    journal: 'OD',
    date: '2026-03-15',
    description: 'Loyer mars',
    reference: null,
    status: 'draft',
    total: '150000.00',
    companyId: COMPANY_ID,
    reversalOfId: null,
    reversedById: null,
    validatedAt: null,
    createdAt: '2026-03-15T10:00:00.000Z',
    updatedAt: '2026-03-15T10:00:00.000Z',
    ...overrides,
  };
}
