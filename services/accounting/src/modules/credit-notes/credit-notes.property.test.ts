import fc from 'fast-check';
import type { CreditNote, Invoice } from '@xaalis/contracts';
import { add } from '@xaalis/domain';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant } from '../../test-support';
import { balances, http, invoicePayload, invoicingWorld, validatedInvoice } from '../../test-support/invoicing';

// Property: whatever partial credit notes an invoice receives (some lines and
// quantities, or amounts), the last one ("the rest") brings every account the
// invoice touched back to where it was, and the credit notes add up to the invoice.
let service: RunningService;
beforeAll(async () => {
  service = await start({ port: 0 });
});
afterAll(() => service.close());

const quantity = (milli: number) => `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`;

it('an invoice and all its credit notes net every account to zero', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        type: fc.constantFrom('sale', 'service', 'purchase'),
        vatRate: fc.constantFrom('0', '18', '10', '5.5'),
        // Each line worth a cent at least (0.004 × 1.19 is 0.00: a zero invoice is not validated).
        lines: fc.array(
          fc
            .record({ milli: fc.integer({ min: 1, max: 5000 }), cents: fc.integer({ min: 100, max: 50_000_000 }) })
            .filter((l) => l.milli * l.cents >= 500),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        partials: fc.array(
          fc.oneof(
            fc.record({ line: fc.nat(2), part: fc.integer({ min: 1, max: 100 }) }),
            fc.record({ permille: fc.integer({ min: 1, max: 400 }) }),
          ),
          {
            maxLength: 3,
          },
        ),
      }),
      async (spec) => {
        const w = await invoicingWorld(service);
        const c = w.company.id;
        const before = await balances(service, c);
        const purchase = spec.type === 'purchase';
        const inv: Invoice = await validatedInvoice(
          service,
          c,
          invoicePayload(
            w,
            {
              type: spec.type,
              thirdPartyId: purchase ? w.supplier.id : w.client.id,
              vatRate: spec.vatRate,
              number: purchase ? 'FA-2026-0001' : 'FV-2026-0001',
            },
            spec.lines.map((l) => ({
              description: 'Ligne',
              quantity: quantity(l.milli),
              unitPrice: (l.cents / 100).toFixed(2),
              accountId: null,
              inventoryItemId: null,
              useExistingProduct: false,
            })),
          ),
        );
        const notes: CreditNote[] = [];
        const post = (body: object) =>
          http(service)
            .post(`/api/invoices/${inv.id}/credit-notes`)
            .set(asTenant(c))
            .send({ reason: 'Test', ...body });
        for (const p of spec.partials) {
          const body =
            'line' in p
              ? (() => {
                  const line = inv.lines![p.line % inv.lines!.length];
                  const milli = Math.max(1, Math.floor((Math.round(Number(line.quantity) * 1000) * p.part) / 1000));
                  return { lines: [{ invoiceLineId: line.id, quantity: quantity(milli) }] };
                })()
              : { amount: (Math.floor(Number(inv.total) * 100 * p.permille) / 1000 / 100 || 0.01).toFixed(2) };
          const res = await post(body);
          // Too much (after earlier partials) is a French 400 and changes nothing.
          expect([201, 400]).toContain(res.status);
          if (res.status === 201) notes.push(res.body as CreditNote);
        }
        const rest = await post({});
        expect(rest.status).toBe(201);
        notes.push(rest.body as CreditNote);
        expect(add(...notes.map((n) => n.total))).toBe(inv.total);
        const after = await balances(service, c);
        for (const code of new Set([...before.keys(), ...after.keys()])) expect(after.get(code) ?? '0.00').toBe(before.get(code) ?? '0.00');
      },
    ),
    { numRuns: 15, endOnFailure: true },
  );
}, 120_000);
