import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_INVOICE,
  MESSAGES_RECURRING,
  formatInvoiceNumber,
  invoiceInputSchema,
  invoiceTotals,
  recurringDates,
  type RecurringInvoice,
  type RecurringInvoiceListResponse,
  type recurringInvoiceInputSchema,
} from '@xaalis/contracts';
import { addDays, isCalendarDate } from '@xaalis/domain';
import { HttpError, isUuid, notFound, type ServiceContext } from '@xaalis/service-kit';
import type { z } from 'zod';
import { columnArrays } from '../../model-support';
import { invoiceError, invoicesService } from '../invoices';
import { ledgerWrite, todayInDakar, yearOf } from '../posting';

type Values = z.output<typeof recurringInvoiceInputSchema>;

interface Row {
  id: string;
  company_id: string;
  client_id: string;
  client_name: string | null;
  type: 'sale' | 'service';
  frequency: RecurringInvoice['frequency'];
  day: number;
  start_date: string;
  end_date: string | null;
  validate: boolean;
  due_days: number;
  payment_method: RecurringInvoice['paymentMethod'];
  vat_rate: string;
  subtotal: string;
  vat_amount: string;
  total: string;
  notes: string | null;
  active: boolean;
  runs: number;
  last_runs: { id: string; number: string; date: string }[] | null;
  done: string[] | null;
}

const COLUMNS = `r.id, r.company_id, r.client_id, tp.name AS client_name, r.type, r.frequency, r.day, r.start_date::text AS start_date,
  r.end_date::text AS end_date, r.validate, r.due_days, r.payment_method, r.vat_rate, r.subtotal, r.vat_amount, r.total, r.notes, r.active,
  (SELECT count(*)::int FROM accounting.recurring_invoice_runs x WHERE x.recurring_invoice_id = r.id) AS runs,
  (SELECT jsonb_agg(jsonb_build_object('id', i.id, 'number', i.number, 'date', x.date) ORDER BY x.date DESC)
     FROM (SELECT * FROM accounting.recurring_invoice_runs x WHERE x.recurring_invoice_id = r.id ORDER BY x.date DESC LIMIT 3) x
     JOIN accounting.invoices i ON i.id = x.invoice_id) AS last_runs,
  (SELECT array_agg(x.date::text) FROM accounting.recurring_invoice_runs x WHERE x.recurring_invoice_id = r.id) AS done`;
const FROM = `accounting.recurring_invoices r LEFT JOIN accounting.third_parties tp ON tp.company_id = r.company_id AND tp.id = r.client_id`;

/** The next invoice date: the first of the template's dates not yet invoiced (looking a few periods ahead of today). */
function nextDate(r: Row): string | null {
  if (!r.active) return null;
  const done = new Set(r.done ?? []);
  const from = r.start_date > todayInDakar() ? r.start_date : todayInDakar();
  const horizon = `${Number(from.slice(0, 4)) + 2}-12-31`;
  return (
    recurringDates({ frequency: r.frequency, day: r.day, startDate: r.start_date, endDate: r.end_date }, horizon).find(
      (d) => !done.has(d),
    ) ?? null
  );
}

const toDto = (r: Row): RecurringInvoice => ({
  id: r.id,
  clientId: r.client_id,
  clientName: r.client_name,
  type: r.type,
  frequency: r.frequency,
  day: r.day,
  startDate: r.start_date,
  endDate: r.end_date,
  validate: r.validate,
  dueDays: r.due_days,
  paymentMethod: r.payment_method,
  vatRate: r.vat_rate,
  notes: r.notes,
  active: r.active,
  subtotal: r.subtotal,
  vatAmount: r.vat_amount,
  total: r.total,
  nextDate: nextDate(r),
  invoicesCreated: r.runs,
  lastInvoices: r.last_runs ?? [],
});

/**
 * Recurring invoice templates and the sweep that invoices them. Each
 * invoice is created in its own transaction with its run row, under the
 * template's row lock: a second sweep (or a concurrent one) finds the run and
 * creates nothing; a sweep after an outage catches up every missed date.
 */
export function recurringInvoicesService(sequelize: Sequelize) {
  const invoices = invoicesService(sequelize);
  const write = <T>(fn: (transaction: Transaction) => Promise<T>) => ledgerWrite(sequelize, fn, invoiceError);

  async function row(companyId: string, id: string, transaction?: Transaction): Promise<Row> {
    const rows = isUuid(id)
      ? await sequelize.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1 AND r.company_id = $2`, {
          bind: [id, companyId],
          type: QueryTypes.SELECT,
          transaction,
        })
      : [];
    if (!rows[0]) throw notFound(MESSAGES_RECURRING.notFound);
    return rows[0];
  }

  async function full(r: Row, transaction?: Transaction): Promise<RecurringInvoice> {
    const lines = await sequelize.query<NonNullable<RecurringInvoice['lines']>[number]>(
      `SELECT description, quantity::text AS quantity, unit_price::text AS "unitPrice", total::text AS total, account_id AS "accountId",
              inventory_item_id AS "inventoryItemId"
         FROM accounting.recurring_invoice_lines WHERE recurring_invoice_id = $1 ORDER BY line_no`,
      { bind: [r.id], type: QueryTypes.SELECT, transaction },
    );
    return { ...toDto(r), lines };
  }

  async function save(transaction: Transaction, companyId: string, v: Values, id: string | null, userId: string | null): Promise<string> {
    if (!isCalendarDate(v.startDate))
      throw new HttpError(400, MESSAGES_RECURRING.dateRequired, [{ path: 'startDate', message: MESSAGES_RECURRING.dateRequired }]);
    if (v.endDate && (!isCalendarDate(v.endDate) || v.endDate < v.startDate))
      throw new HttpError(400, MESSAGES_RECURRING.endBeforeStart, [{ path: 'endDate', message: MESSAGES_RECURRING.endBeforeStart }]);
    const [{ n }] = await sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM accounting.third_parties WHERE company_id = $1 AND id = $2',
      {
        bind: [companyId, v.clientId],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (!n) throw new HttpError(400, MESSAGES_RECURRING.clientNotFound, [{ path: 'clientId', message: MESSAGES_RECURRING.clientNotFound }]);
    for (const [sql, ids, message] of [
      [
        'SELECT count(*)::int AS n FROM accounting.accounts WHERE company_id = $1 AND id = ANY($2::uuid[])',
        v.lines.map((l) => l.accountId),
        MESSAGES_INVOICE.accountNotFound,
      ],
      [
        'SELECT count(*)::int AS n FROM accounting.inventory_items WHERE company_id = $1 AND id = ANY($2::uuid[])',
        v.lines.map((l) => l.inventoryItemId),
        MESSAGES_INVOICE.productNotFound,
      ],
    ] as const) {
      const wanted = [...new Set(ids.filter((x): x is string => !!x))];
      if (!wanted.length) continue;
      const [c] = await sequelize.query<{ n: number }>(sql, { bind: [companyId, wanted], type: QueryTypes.SELECT, transaction });
      if (c.n !== wanted.length) throw new HttpError(400, message);
    }
    const totals = invoiceTotals(v.lines, v.vatRate);
    const header = [
      v.clientId,
      v.type,
      v.frequency,
      v.day,
      v.startDate,
      v.endDate ?? null,
      v.validate,
      v.dueDays,
      v.paymentMethod,
      v.vatRate,
      totals.subtotal,
      totals.vatAmount,
      totals.total,
      v.notes || null,
      v.active,
    ];
    let templateId = id;
    if (templateId) {
      await sequelize.query(
        `UPDATE accounting.recurring_invoices SET client_id = $3, type = $4, frequency = $5, day = $6, start_date = $7, end_date = $8, validate = $9,
                due_days = $10, payment_method = $11, vat_rate = $12, subtotal = $13, vat_amount = $14, total = $15, notes = $16, active = $17, updated_at = now()
          WHERE id = $1 AND company_id = $2`,
        { bind: [templateId, companyId, ...header], transaction },
      );
      await sequelize.query('DELETE FROM accounting.recurring_invoice_lines WHERE recurring_invoice_id = $1', {
        bind: [templateId],
        transaction,
      });
    } else {
      [{ id: templateId }] = await sequelize.query<{ id: string }>(
        `INSERT INTO accounting.recurring_invoices (company_id, client_id, type, frequency, day, start_date, end_date, validate, due_days, payment_method,
                vat_rate, subtotal, vat_amount, total, notes, active, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
        { bind: [companyId, ...header, userId], type: QueryTypes.SELECT, transaction },
      );
    }
    const lines = v.lines.map((l, i) => ({
      ...l,
      total: totals.lineTotals[i],
      accountId: l.accountId ?? null,
      inventoryItemId: l.inventoryItemId ?? null,
    }));
    await sequelize.query(
      `INSERT INTO accounting.recurring_invoice_lines (recurring_invoice_id, company_id, line_no, description, quantity, unit_price, total, account_id, inventory_item_id)
       SELECT $1, $2, l.n, l.description, l.quantity, l.unit_price, l.total, l.account_id, l.inventory_item_id
         FROM unnest($3::int[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[], $8::uuid[], $9::uuid[])
              AS l(n, description, quantity, unit_price, total, account_id, inventory_item_id)`,
      {
        bind: [
          templateId,
          companyId,
          lines.map((_, i) => i + 1),
          ...columnArrays(lines, ['description', 'quantity', 'unitPrice', 'total', 'accountId', 'inventoryItemId']),
        ],
        transaction,
      },
    );
    return templateId;
  }

  /** One date of a template invoiced, in its own transaction: nothing when another sweep did it first. */
  async function invoiceDate(templateId: string, date: string): Promise<boolean> {
    return write(async (transaction) => {
      const [t] = await sequelize.query<{ company_id: string; active: boolean }>(
        'SELECT company_id, active FROM accounting.recurring_invoices WHERE id = $1 FOR UPDATE',
        { bind: [templateId], type: QueryTypes.SELECT, transaction },
      );
      if (!t?.active) return false;
      const [done] = await sequelize.query(
        'SELECT 1 FROM accounting.recurring_invoice_runs WHERE recurring_invoice_id = $1 AND date = $2',
        {
          bind: [templateId, date],
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      if (done) return false;
      const r = await full(await row(t.company_id, templateId, transaction), transaction);
      const values = invoiceInputSchema.parse({
        invoice: {
          type: r.type,
          number: formatInvoiceNumber(r.type, yearOf(date), 1),
          thirdPartyId: r.clientId,
          date,
          dueDate: addDays(date, r.dueDays),
          paymentMethod: r.paymentMethod,
          vatRate: r.vatRate,
          notes: r.notes,
        },
        lines: (r.lines ?? []).map((l) => ({ ...l, useExistingProduct: !!l.inventoryItemId })),
      });
      const invoiceId = await invoices.createIn(transaction, t.company_id, values, null);
      if (r.validate) await invoices.validateIn(transaction, t.company_id, invoiceId, null);
      await sequelize.query(
        'INSERT INTO accounting.recurring_invoice_runs (recurring_invoice_id, date, company_id, invoice_id) VALUES ($1, $2, $3, $4)',
        {
          bind: [templateId, date, t.company_id, invoiceId],
          transaction,
        },
      );
      return true;
    });
  }

  return {
    async list(companyId: string, page: number, pageSize: number): Promise<RecurringInvoiceListResponse> {
      const [rows, [count]] = await Promise.all([
        sequelize.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.company_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2 OFFSET $3`, {
          bind: [companyId, pageSize, (page - 1) * pageSize],
          type: QueryTypes.SELECT,
        }),
        sequelize.query<{ n: number }>('SELECT count(*)::int AS n FROM accounting.recurring_invoices WHERE company_id = $1', {
          bind: [companyId],
          type: QueryTypes.SELECT,
        }),
      ]);
      return { items: rows.map(toDto), page, pageSize, totalItems: count.n };
    },
    async get(companyId: string, id: string): Promise<RecurringInvoice> {
      return full(await row(companyId, id));
    },
    create(companyId: string, v: Values, userId: string | null): Promise<RecurringInvoice> {
      return write(async (transaction) =>
        full(await row(companyId, await save(transaction, companyId, v, null, userId), transaction), transaction),
      );
    },
    update(companyId: string, id: string, v: Values): Promise<RecurringInvoice> {
      return write(async (transaction) => {
        await row(companyId, id, transaction);
        return full(await row(companyId, await save(transaction, companyId, v, id, null), transaction), transaction);
      });
    },
    /** The template goes; the invoices it created stay (they are the company's documents). */
    remove(companyId: string, id: string): Promise<void> {
      return write(async (transaction) => {
        await row(companyId, id, transaction);
        await sequelize.query('DELETE FROM accounting.recurring_invoices WHERE id = $1 AND company_id = $2', {
          bind: [id, companyId],
          transaction,
        });
      });
    },

    /**
     * The sweep: every date due up to `today` of every active template (of
     * one company when given) not yet invoiced. A template whose invoice
     * cannot be created (a client deleted, a closed year) is logged and
     * skipped; the next sweep tries again.
     */
    async generate(
      today = todayInDakar(),
      companyId?: string,
      log?: Pick<ServiceContext['log'], 'warn'>,
    ): Promise<{ created: number; failed: number }> {
      const templates = await sequelize.query<Row>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE r.active AND r.start_date <= $1::date${companyId ? ' AND r.company_id = $2' : ''}`,
        { bind: companyId ? [today, companyId] : [today], type: QueryTypes.SELECT },
      );
      let created = 0;
      let failed = 0;
      for (const t of templates) {
        const done = new Set(t.done ?? []);
        for (const date of recurringDates({ frequency: t.frequency, day: t.day, startDate: t.start_date, endDate: t.end_date }, today)) {
          if (done.has(date)) continue;
          try {
            if (await invoiceDate(t.id, date)) created++;
          } catch (err) {
            failed++;
            log?.warn({ err, recurringInvoiceId: t.id, date }, 'recurring invoice not created');
            break;
          }
        }
      }
      return { created, failed };
    },
  };
}
