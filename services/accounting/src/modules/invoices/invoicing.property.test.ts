import fc from 'fast-check';
import { QueryTypes } from 'sequelize';
import { INVOICE_NUMBER_PATTERN, invoiceTotals, type Invoice, type InvoiceType } from '@xaalis/contracts';
import { fromCents, toCents } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant } from '../../test-support';
import { balances, createInvoice, http, invoicePayload, invoicingWorld, pay } from '../../test-support/invoicing';

// Property: whatever invoices users create, validate, pay (in parts, by any
// method, concurrently, sometimes too much) and cancel (a draft directly, a
// validated invoice by a full credit note), the ledger balances,
// the receivables on 4111 are exactly the customer invoices' balances due, the
// payables on 4011 the supplier invoices', the treasury accounts hold the
// payments, invoices are consistent with their payments, the stock with the
// invoices, and invoice numbers have no gaps.
let service: RunningService;

interface InvoiceSpec {
  type: InvoiceType;
  vatRate: string;
  lines: { quantityMilli: number; priceCents: number; product: boolean }[];
  fate: 'draft' | 'validated' | 'cancelled-draft' | 'cancelled';
  /** Payments attempted (validated invoices only), as thousandths of the total: some overshoot. */
  payments: { permille: number; method: 'bank' | 'cash' | 'orange' | 'check' }[];
}

const invoiceSpec: fc.Arbitrary<InvoiceSpec> = fc.record({
  type: fc.constantFrom<InvoiceType>('sale', 'service', 'purchase'),
  vatRate: fc.constantFrom('0', '18', '18.00', '5.5', '10'),
  lines: fc.array(
    fc.record({
      quantityMilli: fc.integer({ min: 1, max: 5000 }),
      priceCents: fc.integer({ min: 100, max: 100_000_000 }),
      product: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  fate: fc.constantFrom('draft', 'validated', 'validated', 'cancelled-draft', 'cancelled'),
  payments: fc.array(
    fc.record({ permille: fc.integer({ min: 1, max: 1100 }), method: fc.constantFrom('bank', 'cash', 'orange', 'check') }),
    { maxLength: 3 },
  ),
});

const quantity = (milli: number) => `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`;

beforeAll(async () => {
  service = await start({ port: 0 });
});

afterAll(async () => {
  await service.close();
});

it('keeps ledger, invoices, payments and stock consistent through random invoicing', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(invoiceSpec, { minLength: 1, maxLength: 6 }), async (specs) => {
      const w = await invoicingWorld(service);
      const c = w.company.id;
      const tenant = asTenant(c);
      // The invoices validated and not cancelled (their stock movements stand).
      const standing = new Set(specs.filter((s) => s.fate === 'validated'));

      // Every invoice's life runs concurrently with the others'; its payments concurrently with each other.
      await Promise.all(
        specs.map(async (spec) => {
          const lines = spec.lines.map((l) =>
            l.product
              ? {
                  description: w.rice.name,
                  quantity: quantity(l.quantityMilli),
                  unitPrice: w.rice.unitCost,
                  inventoryItemId: w.rice.id,
                  useExistingProduct: true,
                }
              : { description: 'Ligne', quantity: quantity(l.quantityMilli), unitPrice: fromCents(BigInt(l.priceCents)) },
          );
          const totals = invoiceTotals(lines, spec.vatRate);
          const invoice = await createInvoice(
            service,
            c,
            invoicePayload(
              w,
              {
                type: spec.type,
                thirdPartyId: spec.type === 'purchase' ? w.supplier.id : w.client.id,
                vatRate: spec.vatRate,
                total: totals.total,
              },
              lines,
            ),
          );
          expect(invoice.total).toBe(totals.total);
          if (spec.fate === 'draft') return;
          if (spec.fate === 'cancelled-draft') {
            await http(service).post(`/api/invoices/${invoice.id}/cancel`).set(tenant).expect(200);
            return;
          }
          if (totals.total === '0.00') {
            // 0.001 × 1.00 rounds to nothing: such an invoice cannot be validated and stays a draft.
            await http(service).patch(`/api/invoices/${invoice.id}/validate`).set(tenant).expect(400);
            standing.delete(spec);
            return;
          }
          await http(service).patch(`/api/invoices/${invoice.id}/validate`).set(tenant).expect(200);
          if (spec.fate === 'cancelled') {
            await http(service).post(`/api/invoices/${invoice.id}/cancel`).set(tenant).expect(200);
            return;
          }
          const total = toCents(invoice.total);
          const results = await Promise.all(
            spec.payments.map((p) => {
              const cents = (total * BigInt(p.permille)) / 1000n;
              return cents > 0n
                ? pay(service, c, { type: 'invoice_payment', invoiceId: invoice.id, amount: fromCents(cents), method: p.method })
                : Promise.resolve(null);
            }),
          );
          for (const r of results) if (r) expect([201, 400, 409]).toContain(r.status);
        }),
      );

      const sql = <T extends object>(text: string) => service.ctx.sequelize.query<T>(text, { bind: [c], type: QueryTypes.SELECT });

      // 1. The ledger balances.
      const [posted] = await sql<{ debit: string; credit: string }>(
        `SELECT coalesce(sum(l.debit), 0)::text AS debit, coalesce(sum(l.credit), 0)::text AS credit
           FROM accounting.accounting_entry_lines l JOIN accounting.accounting_entries e ON e.id = l.entry_id
          WHERE e.company_id = $1 AND e.status IN ('validated', 'cancelled')`,
      );
      expect(posted.debit).toBe(posted.credit);

      // 2. Receivables and payables are the balances due of the invoices.
      const invoices = await sql<{
        id: string;
        type: InvoiceType;
        status: string;
        total: string;
        paid_amount: string;
        credited_amount: string;
        paid_sum: string;
        balance_due: string;
      }>(
        `SELECT i.id, i.type, i.status, i.total, i.paid_amount, i.credited_amount, coalesce((SELECT sum(amount) FROM accounting.payments p WHERE p.invoice_id = i.id), 0)::numeric(15,2)::text AS paid_sum,
                CASE WHEN i.status IN ('validated', 'paid') THEN i.total - i.paid_amount - i.credited_amount ELSE 0 END::numeric(15,2)::text AS balance_due
           FROM accounting.invoices i WHERE i.company_id = $1`,
      );
      const cents = (v: string | undefined) => toCents(v ?? '0');
      const sum = (xs: string[]) => xs.reduce((a, x) => a + cents(x), 0n);
      const b = await balances(service, c);
      expect(cents(b.get('4111'))).toBe(sum(invoices.filter((i) => i.type !== 'purchase').map((i) => i.balance_due)));
      expect(-cents(b.get('4011'))).toBe(sum(invoices.filter((i) => i.type === 'purchase').map((i) => i.balance_due)));

      // 3. Each invoice agrees with its payments; paid exactly when covered.
      for (const i of invoices) {
        expect(i.paid_amount).toBe(i.paid_sum);
        expect(cents(i.paid_amount) <= cents(i.total)).toBe(true);
        expect(i.status === 'paid').toBe(
          i.status !== 'draft' &&
            i.status !== 'cancelled' &&
            cents(i.paid_amount) > 0n &&
            cents(i.paid_amount) + cents(i.credited_amount) === cents(i.total),
        );
      }

      // 4. The treasury accounts hold the payments: collected minus paid out.
      const [{ collected, paidOut }] = await sql<{ collected: string; paidOut: string }>(
        `SELECT coalesce(sum(p.amount) FILTER (WHERE i.type <> 'purchase'), 0)::text AS collected,
                coalesce(sum(p.amount) FILTER (WHERE i.type = 'purchase'), 0)::text AS "paidOut"
           FROM accounting.payments p JOIN accounting.invoices i ON i.id = p.invoice_id WHERE p.company_id = $1`,
      );
      expect(['521', '571', '552', '513'].reduce((a, code) => a + cents(b.get(code)), 0n)).toBe(cents(collected) - cents(paidOut));

      // 5. The stock: opening 100, out for standing sales and services, in for standing purchases.
      let expected = 100_000n; // thousandths
      for (const s of standing) {
        for (const l of s.lines.filter((x) => x.product)) expected += (s.type === 'purchase' ? 1n : -1n) * BigInt(l.quantityMilli);
      }
      const [{ stock }] = await sql<{ stock: string }>(
        `SELECT current_stock::text AS stock FROM accounting.inventory_items WHERE company_id = $1 AND name = 'Sac de riz 50 kg'`,
      );
      expect(stock).toBe(
        `${expected < 0n ? '-' : ''}${(expected < 0n ? -expected : expected) / 1000n}.${String((expected < 0n ? -expected : expected) % 1000n).padStart(3, '0')}`,
      );

      // 6. Numbers: per type and year, exactly 1..n.
      const numbers = (await sql<{ number: string }>('SELECT number FROM accounting.invoices WHERE company_id = $1')).map((r) =>
        INVOICE_NUMBER_PATTERN.exec(r.number)!,
      );
      const series = new Map<string, number[]>();
      for (const m of numbers) series.set(`${m[1]}-${m[2]}`, [...(series.get(`${m[1]}-${m[2]}`) ?? []), Number(m[3])]);
      for (const seqs of series.values()) expect(seqs.sort((x, y) => x - y)).toEqual(seqs.map((_, i) => i + 1));

      // 7. The list's counters agree.
      const list = (await http(service).get(`/api/companies/${c}/invoices`).set(tenant).expect(200)).body as {
        counters: object;
        items: Invoice[];
      };
      expect(list.counters).toEqual({
        total: specs.length,
        sales: specs.filter((s) => s.type === 'sale').length,
        purchases: specs.filter((s) => s.type === 'purchase').length,
        pending: invoices.filter((i) => i.status === 'validated').length,
      });
    }),
    { numRuns: 20, endOnFailure: true },
  );
}, 180_000);
