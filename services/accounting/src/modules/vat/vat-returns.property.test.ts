import fc from 'fast-check';
import type { Invoice, VatCode, VatReturnPreview } from '@xaalis/contracts';
import { fromCents } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant } from '../../test-support';
import { http, invoicePayload, invoicingWorld, payOk, validatedInvoice } from '../../test-support/invoicing';

// Property: whatever invoices a month holds (sales and purchases, lines at any of the company's VAT codes,
// fixed assets and non-deductible lines, some cancelled by a credit note, some paid with VAT withheld, some
// dated the month after), each line of the VAT return equals an independent computation from the documents
// — integer cents, half-up per rate of each invoice — and the return agrees with the ledger.
let service: RunningService;

const CODES = ['TVA18', 'TVA10', 'EXPORT', 'EXO', 'HORS'] as const;
type Code = (typeof CODES)[number];
const RATE: Record<Code, bigint> = { TVA18: 18n, TVA10: 10n, EXPORT: 0n, EXO: 0n, HORS: 0n };
const SALES_LINE: Record<Code, string> = {
  TVA18: 'taxable_18',
  TVA10: 'taxable_10',
  EXPORT: 'export',
  EXO: 'exempt',
  HORS: 'out_of_scope',
};

interface DocSpec {
  purchase: boolean;
  inPeriod: boolean;
  lines: { code: Code; cents: number; asset: boolean; deductible: boolean }[];
  credited: boolean;
  /** Sales: VAT withheld on a payment of the whole invoice, in thousandths of its VAT. */
  withheldPermille: number | null;
}

const docSpec: fc.Arbitrary<DocSpec> = fc.record({
  purchase: fc.boolean(),
  inPeriod: fc.constantFrom(true, true, true, false),
  lines: fc.array(
    fc.record({
      code: fc.constantFrom(...CODES),
      cents: fc.integer({ min: 1, max: 500_000_000 }),
      asset: fc.boolean(),
      deductible: fc.constantFrom(true, true, false),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  credited: fc.constantFrom(false, false, true),
  withheldPermille: fc.option(fc.integer({ min: 0, max: 1000 })),
});

/** Half-up rounding of cents × rate / 100 (non-negative). */
const vatCents = (base: bigint, rate: bigint) => (base * rate * 2n + 100n) / 200n;

/** The return's lines as computed here, from the documents alone: code → [base, vat] in cents. */
function expected(specs: DocSpec[]): Map<string, [bigint, bigint]> {
  const out = new Map<string, [bigint, bigint]>();
  const addTo = (code: string, base: bigint, vat: bigint) => {
    const [b, v] = out.get(code) ?? [0n, 0n];
    out.set(code, [b + base, v + vat]);
  };
  for (const s of specs.filter((d) => d.inPeriod && !d.credited)) {
    // Per rate of the invoice: the VAT of the sum, then spread over its lines (only the categories' sums matter here).
    const rates = new Map<bigint, { base: bigint; lines: { cents: bigint; line: string | null }[] }>();
    for (const l of s.lines) {
      const rate = RATE[l.code];
      const line = !s.purchase ? SALES_LINE[l.code] : !l.deductible ? null : l.asset ? 'deductible_assets' : 'deductible_goods';
      const r = rates.get(rate) ?? { base: 0n, lines: [] };
      r.base += BigInt(l.cents);
      r.lines.push({ cents: BigInt(l.cents), line });
      rates.set(rate, r);
    }
    for (const [rate, r] of rates) {
      const vat = vatCents(r.base, rate);
      // Largest remainder as the service's allocate does: each share rounded half-up, the last takes the rest.
      let left = vat;
      r.lines.forEach((l, i) => {
        const share = i === r.lines.length - 1 ? left : (vat * l.cents * 2n + r.base) / (2n * r.base);
        left -= share;
        if (l.line) addTo(l.line, l.cents, share);
      });
    }
  }
  return out;
}

beforeAll(async () => {
  service = await start({ port: 0 });
});
afterAll(() => service.close());

it('each line of the VAT return equals an independent computation from the documents', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(docSpec, { minLength: 1, maxLength: 6 }), async (specs) => {
      const w = await invoicingWorld(service);
      const c = w.company.id;
      const codes = (await http(service).get(`/api/companies/${c}/vat-codes`).set(asTenant(c)).expect(200)).body as VatCode[];
      const codeId = (code: Code) => (codes.find((x) => x.code === code) as VatCode).id;
      let withheld = 0n;
      for (const [i, s] of specs.entries()) {
        const date = s.inPeriod ? '2026-05-12' : '2026-06-03';
        const invoice: Invoice = await validatedInvoice(
          service,
          c,
          invoicePayload(
            w,
            s.purchase
              ? { type: 'purchase', number: `FA-X-${i}`, thirdPartyId: w.supplier.id, date, dueDate: null }
              : { number: `FV-X-${i}`, date, dueDate: null },
            s.lines.map((l, k) => ({
              description: `Ligne ${k}`,
              quantity: '1',
              unitPrice: fromCents(BigInt(l.cents)),
              accountId: s.purchase && l.asset ? (w.accounts.get('244')?.id ?? null) : null,
              inventoryItemId: null,
              useExistingProduct: false,
              vatRate: codeId(l.code),
              vatDeductible: l.deductible,
            })),
          ),
        );
        if (s.credited) {
          // A full credit note the same day: the invoice and its credit note cancel out in the return.
          await http(service)
            .post(`/api/invoices/${invoice.id}/credit-notes`)
            .set(asTenant(c))
            .send({ reason: 'Annulation', date })
            .expect(201);
        } else if (!s.purchase && s.withheldPermille !== null) {
          const vat = BigInt(Math.round(Number(invoice.vatAmount) * 100));
          const part = (vat * BigInt(s.withheldPermille)) / 1000n;
          await payOk(service, c, {
            type: 'invoice_payment',
            invoiceId: invoice.id,
            amount: invoice.total,
            vatWithheld: fromCents(part),
            date,
          });
          if (s.inPeriod) withheld += part;
        }
      }
      const p = (await http(service).get(`/api/companies/${c}/vat-returns/preview?period=2026-05`).set(asTenant(c)).expect(200))
        .body as VatReturnPreview;
      const want = expected(specs);
      for (const line of p.lines) {
        const [base, vat] = line.code === 'withheld' ? [null, withheld] : (want.get(line.code) ?? [0n, 0n]);
        if (base !== null) expect([line.code, line.base]).toEqual([line.code, fromCents(base)]);
        expect([line.code, line.vat]).toEqual([line.code, fromCents(vat)]);
      }
      expect(p.checks).toEqual({ collectedMatchesLedger: true, deductibleMatchesLedger: true });
    }),
    { numRuns: 10 },
  );
}, 180_000);
