import type { Router } from 'express';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  DEFAULT_VAT_RATE,
  formatInvoiceNumber,
  internalInvoiceInputSchema,
  type InternalInvoiceSummary,
  type InternalInvoiceValues,
} from '@xaalis/contracts';
import { caseSensitiveRouter, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { rememberInternalActor } from '../audit';
import { ledgerWrite, yearOf } from '../posting';
import { internalCompanyOf, parseInternalIds, resolveClient } from '../third-parties';
import { invoiceError, invoicesService } from './service';
import { unknownCompany } from '../../model-support';

interface SummaryRow {
  id: string;
  number: string;
  status: InternalInvoiceSummary['status'];
  total: string;
  paid_amount: string;
  date: string;
  third_party_id: string;
  source_id: string | null;
}

const toSummary = (r: SummaryRow): InternalInvoiceSummary => ({
  id: r.id,
  number: r.number,
  status: r.status,
  total: r.total,
  paidAmount: r.paid_amount,
  date: r.date,
  thirdPartyId: r.third_party_id,
  sourceId: r.source_id,
});

/** Those invoices of the company with their paid amount (payments keep `paid_amount` up to date), in one query. */
export async function invoiceSummaries(
  sequelize: Sequelize,
  companyId: string,
  ids: string[],
  transaction?: Transaction,
): Promise<InternalInvoiceSummary[]> {
  if (!ids.length) return [];
  const rows = await sequelize.query<SummaryRow>(
    `SELECT i.id, i.number, i.status, i.total, i.paid_amount, i.date, i.third_party_id, s.source_id
       FROM accounting.invoices i
       LEFT JOIN accounting.invoice_sources s ON s.company_id = i.company_id AND s.invoice_id = i.id
      WHERE i.company_id = $1 AND i.id = ANY($2::uuid[])
      ORDER BY i.date, i.number`,
    { bind: [companyId, ids], type: QueryTypes.SELECT, transaction },
  );
  return rows.map(toSummary);
}

/**
 * An invoice asked by another service, exactly like a user's: created as a
 * draft by the invoices service (its series' number, the same line, VAT and
 * total computation), then — when `validate` — validated by it (posted VT
 * through postEntry, snapshots taken). All in one transaction that first
 * claims (company, sourceId): a concurrent or later replay waits for that
 * claim, then answers the first invoice and creates nothing; a refusal rolls
 * the claim back with the rest (the source id stays free). `userId` is the
 * user the caller acts for (null for its jobs): the invoice's author and
 * validator, as for /api.
 */
export async function createInternalInvoice(
  sequelize: Sequelize,
  companyId: string,
  input: InternalInvoiceValues,
  userId: string | null = null,
): Promise<{ invoice: InternalInvoiceSummary; replayed: boolean }> {
  const invoices = invoicesService(sequelize);
  const { id, replayed } = await ledgerWrite(
    sequelize,
    async (transaction) => {
      const claimed = await sequelize
        .query<{ source_id: string }>(
          `INSERT INTO accounting.invoice_sources (company_id, source_id) VALUES ($1, $2)
           ON CONFLICT (company_id, source_id) DO NOTHING RETURNING source_id`,
          { bind: [companyId, input.sourceId], type: QueryTypes.SELECT, transaction },
        )
        .catch((err: unknown) => {
          throw unknownCompany(err);
        });
      if (!claimed[0]) {
        const [row] = await sequelize.query<{ invoice_id: string }>(
          'SELECT invoice_id FROM accounting.invoice_sources WHERE company_id = $1 AND source_id = $2',
          { bind: [companyId, input.sourceId], type: QueryTypes.SELECT, transaction },
        );
        return { id: row.invoice_id, replayed: true };
      }
      const thirdPartyId = await resolveClient(sequelize, transaction, companyId, input.client);
      const invoiceId = await invoices.createIn(
        transaction,
        companyId,
        {
          invoice: {
            type: input.type,
            // A counter-format proposal: the invoices service takes the series' next number.
            number: formatInvoiceNumber(input.type, yearOf(input.date), 1),
            thirdPartyId,
            date: input.date,
            dueDate: null,
            paymentMethod: input.paymentMethod,
            vatRate: input.vatRate ?? DEFAULT_VAT_RATE,
            notes: input.notes || null,
          },
          lines: input.lines.map((l) => ({ ...l, accountId: null, inventoryItemId: null, useExistingProduct: false, vatDeductible: true })),
        },
        userId,
      );
      if (input.validate) await invoices.validateIn(transaction, companyId, invoiceId, userId);
      await sequelize.query('UPDATE accounting.invoice_sources SET invoice_id = $3 WHERE company_id = $1 AND source_id = $2', {
        bind: [companyId, input.sourceId, invoiceId],
        transaction,
      });
      return { id: invoiceId, replayed: false };
    },
    invoiceError,
  );
  const [invoice] = await invoiceSummaries(sequelize, companyId, [id]);
  return { invoice, replayed };
}

/**
 * `/internal/companies/:companyId/invoices` for the sector service (hotel
 * reservations, service projects). Behind the internal token (the kit checks
 * it); the gateway forwards only `/api/*`. Every query is scoped to the
 * path's company: another company's invoice is never returned. A creation
 * takes its author from the forwarded X-User-Id / X-User-Role (audit trail).
 */
export function invoicesInternal(ctx: ServiceContext): Router {
  const router = caseSensitiveRouter();
  const base = '/companies/:companyId/invoices';

  router.post(base, validate({ body: internalInvoiceInputSchema }), async (req, res) => {
    const companyId = internalCompanyOf(req.params.companyId);
    const { userId } = await rememberInternalActor(ctx.sequelize, companyId, req);
    const body = validated(req, 'body', internalInvoiceInputSchema);
    const { invoice, replayed } = await createInternalInvoice(ctx.sequelize, companyId, body, userId);
    res.status(replayed ? 200 : 201).json(invoice);
  });

  router.get(base, async (req, res) => {
    const companyId = internalCompanyOf(req.params.companyId);
    res.json(await invoiceSummaries(ctx.sequelize, companyId, parseInternalIds(req.query.ids)));
  });

  return router;
}
