// Test data of the tax returns feature (component tests only; not imported by the pages).
import { VAT_RETURN_LINES, vatPeriodRange, type VatReturnPreview, type VatReturnSummary } from '@xaalis/contracts';

const AMOUNTS: Record<string, [string, string]> = {
  taxable_18: ['1000000.00', '180000.00'],
  taxable_10: ['200000.00', '20000.00'],
  export: ['50000.00', '0.00'],
  deductible_goods: ['500000.00', '90000.00'],
  deductible_assets: ['100000.00', '18000.00'],
  withheld: ['0.00', '5000.00'],
};

/** The preview of `period`: 200 000 collected, 108 000 deductible, 5 000 withheld, 10 000 brought forward → 77 000 due. */
export function vatPreview(period: string, overrides: Partial<VatReturnPreview> = {}): VatReturnPreview {
  const range = vatPeriodRange(period)!;
  return {
    period: range.period,
    start: range.start,
    end: range.end,
    lines: VAT_RETURN_LINES.map((l) => ({
      code: l.code,
      label: l.label,
      base: AMOUNTS[l.code]?.[0] ?? '0.00',
      vat: AMOUNTS[l.code]?.[1] ?? '0.00',
    })),
    collected: '200000.00',
    deductible: '108000.00',
    withheld: '5000.00',
    creditBroughtForward: '10000.00',
    due: '77000.00',
    creditCarriedForward: '0.00',
    checks: { collectedMatchesLedger: true, deductibleMatchesLedger: true },
    ledger: { collected: '200000.00', deductible: '108000.00' },
    draftInvoices: [],
    declared: null,
    declarable: true,
    ...overrides,
  };
}

let seq = 0;

export function vatReturnSummary(overrides: Partial<VatReturnSummary> = {}): VatReturnSummary {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(700000 + seq).padStart(12, '0')}`,
    period: '2026-09',
    version: 1,
    status: 'declared',
    filedOn: '2026-10-14',
    reference: 'TD-2026-0914',
    collected: '200000.00',
    deductible: '108000.00',
    due: '77000.00',
    creditCarriedForward: '0.00',
    settlementEntryId: null,
    createdAt: '2026-10-14T10:00:00.000Z',
    ...overrides,
  };
}
