// The demo's tax returns (issue 30): meals and catering are sold at the reduced rate (10 %), drinks at 18 %
// (demo.ts). An electrician working on his own account repairs the kitchen every month: paying him withholds
// 5 % at source. The two months before the last complete one are declared — VAT returns and bordereaux
// filed on the 15th of the next month, the VAT return locking its period and posting its settlement — and
// the last complete month is left to declare. Run last: a declared month refuses every later entry dated in it.
import type { Invoice, ThirdParty, VatReturn } from '@xaalis/contracts';
import type { Api } from './demo-api';

/** The month `offset` months from the month of `date` (ISO), as YYYY-MM. */
function monthOf(date: string, offset: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
}

export interface DemoTaxResult {
  /** The electrician's invoices, each paid. */
  invoices: number;
  payments: number;
  vatReturns: number;
  withholdingStatements: number;
}

export async function seedTaxReturns(
  api: Api,
  companyId: string,
  today: string,
  repairsAccountId: string,
  log: (m: string) => void,
): Promise<DemoTaxResult> {
  const c = `/api/companies/${companyId}`;
  // Months of last year are in a closed fiscal year (the demo closes it): nothing more is posted there.
  const months = [monthOf(today, -3), monthOf(today, -2), monthOf(today, -1)].filter((m) => m.slice(0, 4) === today.slice(0, 4));

  // The electrician: a repair each month, paid on the 20th with 5 % withheld (his withholding rate).
  const electrician = await api.json<ThirdParty>('POST', `${c}/third-parties`, {
    type: 'supplier',
    name: 'Ibrahima Sarr (électricien)',
    ninea: '0078945 1A2',
    address: 'Ouakam, Dakar',
    withholdingRate: '5',
  });
  for (const [i, month] of months.entries()) {
    const date = `${month}-12`;
    const { number } = await api.json<{ number: string }>('GET', `${c}/invoices/next-number?type=purchase&date=${date}`);
    const draft = await api.json<Invoice>('POST', `${c}/invoices`, {
      invoice: { type: 'purchase', number, thirdPartyId: electrician.id, date, paymentMethod: 'cash', vatRate: '0' },
      lines: [
        { description: 'Dépannage électrique cuisine', quantity: '1', unitPrice: String(60000 + i * 15000), accountId: repairsAccountId },
      ],
    });
    const invoice = await api.json<Invoice>('PATCH', `/api/invoices/${draft.id}/validate`);
    await api.json('POST', '/api/payments', {
      type: 'invoice_payment',
      invoiceId: invoice.id,
      amount: invoice.total,
      date: `${month}-20`,
      method: 'cash',
      companyId,
      reference: `Règlement ${invoice.number}`,
    });
  }

  let vatReturns = 0;
  let withholdingStatements = 0;
  for (const period of months.slice(0, -1)) {
    const filedOn = `${monthOf(`${period}-01`, 1)}-15`;
    const vat = await api.json<VatReturn>('POST', `${c}/vat-returns`, { period, filedOn, reference: `DGID-TVA-${period}` });
    vatReturns++;
    log(`Déclaration de TVA ${period} déposée : TVA due ${vat.due} F.`);
    await api.json('POST', `${c}/withholding-statements`, { period, filedOn, reference: `DGID-BRS-${period}` });
    withholdingStatements++;
  }
  return { invoices: months.length, payments: months.length, vatReturns, withholdingStatements };
}
