// Test data of the tax returns feature (component tests only; not imported by the pages).
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { todayIso } from '@xaalis/web-kit';
import { callsTo } from '../../test-utils';
import {
  VAT_RETURN_LINES,
  vatPeriodRange,
  type SumsPaidStatement,
  type VatReturnPreview,
  type VatReturnSummary,
  type WithholdingPreview,
  type WithholdingStatementSummary,
} from '@xaalis/contracts';

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

/** The bordereau of `period`: two beneficiaries, 350 000 paid gross, 17 500 withheld (5 %). */
export function withholdingPreview(period: string, overrides: Partial<WithholdingPreview> = {}): WithholdingPreview {
  const range = vatPeriodRange(period)!;
  return {
    period: range.period,
    start: range.start,
    end: range.end,
    beneficiaries: [
      {
        thirdPartyId: '00000000-0000-4000-8000-000000000601',
        name: 'Awa Ndiaye (consultante)',
        ninea: '007654321',
        gross: '250000.00',
        withheld: '12500.00',
        payments: 2,
      },
      {
        thirdPartyId: '00000000-0000-4000-8000-000000000602',
        name: 'Ibrahima Sarr',
        ninea: null,
        gross: '100000.00',
        withheld: '5000.00',
        payments: 1,
      },
    ],
    totalGross: '350000.00',
    totalWithheld: '17500.00',
    declared: null,
    declarable: true,
    ...overrides,
  };
}

export function withholdingSummary(overrides: Partial<WithholdingStatementSummary> = {}): WithholdingStatementSummary {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(710000 + seq).padStart(12, '0')}`,
    period: '2026-09',
    filedOn: '2026-10-14',
    reference: 'BRS-2026-09',
    totalGross: '350000.00',
    totalWithheld: '17500.00',
    createdAt: '2026-10-14T10:00:00.000Z',
    ...overrides,
  };
}

/** The état des sommes versées of `year`: one landlord, one lawyer; 45 000 of fees without a third party. */
export function sumsPaidStatement(year: number, overrides: Partial<SumsPaidStatement> = {}): SumsPaidStatement {
  return {
    year,
    threshold: '300000.00',
    beneficiaries: [
      {
        thirdPartyId: '00000000-0000-4000-8000-000000000611',
        name: 'SCI Les Almadies',
        ninea: '004561237',
        address: 'Route des Almadies, Dakar',
        rents: '3600000.00',
        commissions: '0.00',
        fees: '0.00',
        total: '3600000.00',
      },
      {
        thirdPartyId: '00000000-0000-4000-8000-000000000612',
        name: 'Cabinet Diop & Associés',
        ninea: null,
        address: null,
        rents: '0.00',
        commissions: '150000.00',
        fees: '850000.00',
        total: '1000000.00',
      },
    ],
    totals: { rents: '3600000.00', commissions: '150000.00', fees: '850000.00', total: '4600000.00' },
    unassigned: '45000.00',
    ninea: '005123456',
    ...overrides,
  };
}

/**
 * A filing dialog's flow (Déclarer, Déposer le bordereau): opened, the filing date today by default,
 * the reference typed, a first POST refused (its message in the dialog), a second one accepted with
 * its success message, the dialog closed, the body posted and the preview read again.
 * `accept()` switches the mocked POST from refusing to accepting.
 */
export async function fileThroughDialog(
  user: ReturnType<typeof userEvent.setup>,
  fetchMock: jest.Mock,
  f: {
    open: string;
    dialog: string;
    submit: string;
    reference: string;
    refusal: string;
    success: string;
    accept: () => void;
    postUrl: string;
    previewUrl: string;
    body: object;
  },
): Promise<void> {
  await user.click(await screen.findByRole('button', { name: f.open }));
  const dialog = await screen.findByRole('dialog', { name: f.dialog });
  expect(within(dialog).getByLabelText('Date de dépôt')).toHaveValue(todayIso());
  await user.type(within(dialog).getByLabelText('Référence de dépôt'), f.reference);
  await user.click(within(dialog).getByRole('button', { name: f.submit }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(f.refusal);

  f.accept();
  const previews = callsTo(fetchMock, 'GET', f.previewUrl).length;
  await user.click(within(dialog).getByRole('button', { name: f.submit }));
  expect(await screen.findByText(f.success)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const posts = callsTo(fetchMock, 'POST', f.postUrl);
  expect(posts).toHaveLength(2);
  expect(posts[1].body).toEqual(f.body);
  await waitFor(() => expect(callsTo(fetchMock, 'GET', f.previewUrl).length).toBeGreaterThan(previews));
}
