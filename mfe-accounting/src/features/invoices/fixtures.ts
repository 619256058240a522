// Test data of the invoices feature (component tests only; not imported by the pages).
import type { Invoice, InvoiceLine, InvoiceListResponse } from '@xaalis/contracts';
import { listPage } from '@xaalis/web-kit/src/testing/records';
import { COMPANY_ID } from '../../test-utils';

let seq = 0;

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(800000 + seq).padStart(12, '0')}`,
    number: `FV-2026-${String(seq).padStart(4, '0')}`,
    type: 'sale',
    status: 'draft',
    date: '2026-03-15',
    dueDate: null,
    thirdPartyId: '00000000-0000-4000-8000-000000000001',
    thirdParty: { id: '00000000-0000-4000-8000-000000000001', name: 'Sonatel', type: 'client' },
    subtotal: '3000.00',
    vatRate: '18.00',
    vatAmount: '540.00',
    total: '3540.00',
    paymentMethod: 'bank',
    notes: null,
    paidAmount: '0.00',
    creditedAmount: '0.00',
    creditTotal: '0.00',
    creditStatus: 'none',
    balanceDue: '3540.00',
    entryId: null,
    companyId: COMPANY_ID,
    createdAt: '2026-03-15T10:00:00.000Z',
    updatedAt: '2026-03-15T10:00:00.000Z',
    ...overrides,
  };
}

/** A saved line: 2 × 'Riz parfumé 25 kg' at 1 500 (no account, no product), with `overrides` changed. */
export function invoiceLine(overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    id: 'l1',
    description: 'Riz parfumé 25 kg',
    quantity: '2.000',
    unitPrice: '1500.00',
    total: '3000.00',
    accountId: null,
    inventoryItemId: null,
    ...overrides,
  };
}

export function invoiceList(items: Invoice[], extra: Partial<InvoiceListResponse> = {}): InvoiceListResponse {
  const counters = {
    total: items.length,
    sales: items.filter((i) => i.type === 'sale').length,
    purchases: items.filter((i) => i.type === 'purchase').length,
    pending: items.filter((i) => i.status === 'validated').length,
  };
  return listPage(items, { counters, ...extra });
}
