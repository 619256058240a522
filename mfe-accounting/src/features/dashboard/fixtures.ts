// Test data of the dashboard and treasury component tests (jsdom). Not part of the bundle.
import type { DashboardData } from '@xaalis/contracts';
import { deserialize, serialize } from 'node:v8';

export const FISCAL_YEAR = { label: '2026', start: '2026-01-01', end: '2026-12-31' };

export function dashboardData(overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    fiscalYear: FISCAL_YEAR,
    revenue: '1234567.00',
    revenueTrend: '12.5',
    treasury: '850000.00',
    treasuryTrend: '-2.1',
    payables: '300000.00',
    receivables: '450000.00',
    recentTransactions: [
      { id: 't1', type: 'income', description: 'Facture FV-2026-0001', date: '2026-04-10', amount: '118000.00' },
      { id: 't2', type: 'expense', description: 'Loyer avril', date: '2026-04-05', amount: '150000.00' },
      { id: 't3', type: 'income', description: 'Facture FV-2026-0002', date: '2026-04-03', amount: '59000.00' },
      { id: 't4', type: 'expense', description: 'Électricité', date: '2026-04-02', amount: '25000.00' },
      { id: 't5', type: 'income', description: 'Facture FV-2026-0003', date: '2026-04-01', amount: '10000.00' },
      { id: 't6', type: 'income', description: 'Sixième transaction', date: '2026-03-31', amount: '5000.00' },
    ],
    upcomingPayments: [
      {
        id: 'u1',
        kind: 'invoice',
        description: 'Facture FV-2026-0004 - Client Ndiaye',
        dueDate: '2026-05-02',
        amount: '236000.00',
        urgency: 'urgent',
        invoiceId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      },
      {
        id: 'u2',
        kind: 'invoice',
        description: 'Facture FA-2026-0001 - Sénélec',
        dueDate: '2026-05-10',
        amount: '-75000.50',
        urgency: 'soon',
        invoiceId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      },
      {
        id: 'u3',
        kind: 'loan',
        description: 'Échéance emprunt CBAO',
        dueDate: '2026-05-28',
        amount: '-200000.00',
        urgency: 'planned',
        loanPaymentId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
      },
    ],
    ...overrides,
  };
}

/**
 * What @mui/x-charts needs and jsdom lacks: ResizeObserver (container size) and
 * structuredClone (its gesture handlers). Call it in a test file's beforeAll.
 */
export function installChartPolyfills(): void {
  const g = globalThis as { ResizeObserver?: unknown; structuredClone?: unknown };
  if (!g.ResizeObserver) {
    g.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!g.structuredClone) {
    g.structuredClone = <T>(value: T): T => deserialize(serialize(value)) as T;
  }
}
