// The demo's VAT returns (issue 30): meals and catering are sold at the reduced rate (10 %), drinks at 18 %
// (demo.ts). The two months before the last complete one are declared — filed on the 15th of the next month,
// each locking its period and posting its settlement — and the last complete month is left to declare.
// Run last: a declared month refuses every later entry dated in it.
import type { VatReturn } from '@xaalis/contracts';
import type { Api } from './demo-api';

/** The first day of the month `offset` months from the month of `date` (ISO), as YYYY-MM. */
function monthOf(date: string, offset: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
}

export async function seedVatReturns(api: Api, companyId: string, today: string, log: (m: string) => void): Promise<number> {
  const c = `/api/companies/${companyId}`;
  let declared = 0;
  for (const period of [monthOf(today, -3), monthOf(today, -2)]) {
    // A month of a closed fiscal year cannot take its settlement (409): it stays undeclared.
    const res = await api.call(
      'POST',
      `${c}/vat-returns`,
      { period, filedOn: `${monthOf(`${period}-01`, 1)}-15`, reference: `DGID-${period}` },
      [201, 409],
    );
    if (res.status === 201) {
      declared++;
      log(`Déclaration de TVA ${period} déposée : TVA due ${(res.body as VatReturn).due} F.`);
    }
  }
  return declared;
}
