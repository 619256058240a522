// Test support (not used by the service): posts through the real posting
// engine and keeps its own copy of every line posted, from which the tests
// compute the figures the dashboard and treasury should show — with plain
// JavaScript filters over BigInt cents, independently of the service's SQL.
import { QueryTypes, type Sequelize } from 'sequelize';
import { type AccountingEntry, type Company, type Journal } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { fromCents, toCents, Decimal } from '@xaalis/domain';
import { postEntry, reverseEntry } from '../modules/posting';
import { start } from '../server';
import { companyWithChart } from '.';

export interface ModelLine {
  entryId: string;
  number: string;
  date: string;
  description: string;
  code: string;
  debit: bigint;
  credit: bigint;
}

/** [account code, debit, credit]; amounts as strings ("1500.00"), '' or '0' for none. */
export type LineSpec = [code: string, debit: string, credit: string];

/** A debit line of `amount` on `code`. */
export const dr = (code: string, amount: string): LineSpec => [code, amount, ''];
/** A credit line of `amount` on `code`. */
export const cr = (code: string, amount: string): LineSpec => [code, '', amount];

export const isTreasury = (code: string) => code.startsWith('5') && !code.startsWith('58') && !code.startsWith('59');
export const isRevenue = (code: string) => code.startsWith('70');

export class ExpectedLedger {
  readonly lines: ModelLine[] = [];

  constructor(
    private readonly sequelize: Sequelize,
    readonly companyId: string,
  ) {}

  async post(journal: Journal, date: string, description: string, specs: LineSpec[]): Promise<AccountingEntry> {
    const entry = await this.sequelize.transaction((t) =>
      postEntry(t, {
        companyId: this.companyId,
        journal,
        date,
        description,
        lines: specs.map(([code, debit, credit]) => ({ accountCode: code, description, debit: debit || '0', credit: credit || '0' })),
      }),
    );
    this.record(entry);
    return entry;
  }

  /** Cancels by reversal (dated today, like the API): the model gets the reversal's lines. */
  async cancel(entry: AccountingEntry): Promise<AccountingEntry> {
    const { reversal } = await this.sequelize.transaction((t) => reverseEntry(t, this.companyId, entry.id));
    this.record(reversal);
    return reversal;
  }

  /**
   * An invoice row as the invoice feature leaves it (for tests that do not go
   * through its API): its VT/AC posting in the ledger (18 % VAT), cancelled by
   * reversal when `cancelled`, its payments posted (BQ, on its date) and added
   * up in paid_amount. Returns its id.
   */
  async invoice(o: {
    type: 'sale' | 'service' | 'purchase';
    number: string;
    date: string;
    dueDate: string | null;
    party: { id: string };
    subtotal: string;
    paid?: string;
    status?: 'validated' | 'paid' | 'draft' | 'cancelled';
  }): Promise<string> {
    const vat = new Decimal(o.subtotal).times('0.18').toFixed(2);
    const total = new Decimal(o.subtotal).plus(vat).toFixed(2);
    const status = o.status ?? 'validated';
    let entryId: string | null = null;
    if (status !== 'draft') {
      const entry =
        o.type === 'purchase'
          ? await this.post('AC', o.date, `Facture ${o.number}`, [
              ['601', o.subtotal, ''],
              ['4452', vat, ''],
              ['4011', '', total],
            ])
          : await this.post('VT', o.date, `Facture ${o.number}`, [
              ['4111', total, ''],
              [o.type === 'sale' ? '701' : '706', '', o.subtotal],
              ['4431', '', vat],
            ]);
      entryId = entry.id;
      if (status === 'cancelled') await this.cancel(entry);
    }
    const paid = status === 'paid' ? total : new Decimal(o.paid ?? '0').toFixed(2);
    if (paid !== '0.00') {
      await this.post(
        'BQ',
        o.date,
        `Règlement ${o.number}`,
        o.type === 'purchase'
          ? [
              ['4011', paid, ''],
              ['521', '', paid],
            ]
          : [
              ['521', paid, ''],
              ['4111', '', paid],
            ],
      );
    }
    const [row] = await this.sequelize.query<{ id: string }>(
      `INSERT INTO accounting.invoices (company_id, number, type, status, date, due_date, third_party_id, subtotal, vat_amount, total, paid_amount, entry_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      {
        bind: [this.companyId, o.number, o.type, status, o.date, o.dueDate, o.party.id, o.subtotal, vat, total, paid, entryId],
        type: QueryTypes.SELECT,
      },
    );
    return row.id;
  }

  /** A loan of `lender` with its instalments (the loan feature's rows); returns the instalments' ids. */
  async loan(
    lender: string,
    instalments: { dueDate: string; principal: string; interest: string; status?: 'pending' | 'paid' | 'overdue' }[],
  ): Promise<string[]> {
    const [loan] = await this.sequelize.query<{ id: string }>(
      `INSERT INTO accounting.loans (company_id, lender, amount, interest_rate, start_date, end_date, remaining_balance)
       VALUES ($1, $2, 1000000, 8, '2026-01-01', '2027-12-31', 1000000) RETURNING id`,
      { bind: [this.companyId, lender], type: QueryTypes.SELECT },
    );
    const ids: string[] = [];
    for (const i of instalments) {
      const [row] = await this.sequelize.query<{ id: string }>(
        `INSERT INTO accounting.loan_payments (company_id, loan_id, due_date, principal_amount, interest_amount, total_amount, status, payment_date)
         VALUES ($1, $2, $3, $4::numeric, $5::numeric, $4::numeric + $5::numeric, $6, CASE WHEN $6 = 'paid' THEN $3::date END) RETURNING id`,
        { bind: [this.companyId, loan.id, i.dueDate, i.principal, i.interest, i.status ?? 'pending'], type: QueryTypes.SELECT },
      );
      ids.push(row.id);
    }
    return ids;
  }

  private record(entry: AccountingEntry) {
    for (const l of entry.lines ?? []) {
      this.lines.push({
        entryId: entry.id,
        number: entry.number,
        date: entry.date,
        description: entry.description,
        code: l.account.code,
        debit: toCents(l.debit),
        credit: toCents(l.credit),
      });
    }
  }

  /** Σ(debit − credit) of the lines matching. */
  balance(filter: (l: ModelLine) => boolean): bigint {
    return this.lines.filter(filter).reduce((s, l) => s + l.debit - l.credit, 0n);
  }

  /** Net of the treasury lines of each entry matching `filter` (entries with no treasury line left out). */
  treasuryNets(
    filter: (l: ModelLine) => boolean = () => true,
  ): { entryId: string; number: string; date: string; description: string; net: bigint }[] {
    const by = new Map<string, { entryId: string; number: string; date: string; description: string; net: bigint }>();
    for (const l of this.lines.filter((x) => isTreasury(x.code) && filter(x))) {
      const e = by.get(l.entryId) ?? { entryId: l.entryId, number: l.number, date: l.date, description: l.description, net: 0n };
      e.net += l.debit - l.credit;
      by.set(l.entryId, e);
    }
    return [...by.values()];
  }

  /** Inflow and outflow over [from, to], entry by entry. */
  cashFlow(from: string, to: string): { inflow: string; outflow: string; net: string } {
    const nets = this.treasuryNets((l) => l.date >= from && l.date <= to);
    const inflow = nets.filter((n) => n.net > 0n).reduce((s, n) => s + n.net, 0n);
    const outflow = nets.filter((n) => n.net < 0n).reduce((s, n) => s - n.net, 0n);
    return { inflow: fromCents(inflow), outflow: fromCents(outflow), net: fromCents(inflow - outflow) };
  }
}

/**
 * The service started with two companies and their charts, and the model ledger of the first
 * (for the dashboard and treasury tests, which post through it and compare).
 */
export async function startWithLedger(): Promise<{ service: RunningService; own: Company; other: Company; ledger: ExpectedLedger }> {
  const service = await start({ port: 0 });
  try {
    const { company: own } = await companyWithChart(service);
    const { company: other } = await companyWithChart(service);
    return { service, own, other, ledger: new ExpectedLedger(service.ctx.sequelize, own.id) };
  } catch (err) {
    await service.close();
    throw err;
  }
}
