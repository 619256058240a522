import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  VAT_RETURN_LINES,
  type VatCodeKind,
  type VatDrillEntry,
  type VatReturnFigures,
  type VatReturnLine,
  type VatReturnLineCode,
} from '@xaalis/contracts';
import { add, compare, isNegative, maxOf, money, neg, sub, sum } from '@xaalis/domain';
import { returnLineOf } from './codes';

/**
 * The VAT return of a period, computed from the VAT ledger (`vat_lines`) of
 * the entries dated in it, and the checks against the ledger's VAT accounts.
 *
 * The ledger counts every entry that is not a draft: a cancelled entry stays
 * with its reversal, dated when it was reversed. So a document's VAT counts
 * in the period of its entry, and — negated — in the period of its
 * reversal (`MOVES_SQL`'s second part): the return follows the books.
 */
export interface PeriodRange {
  period: string;
  start: string;
  end: string;
}

/** The period's VAT movements: $1 company, $2 start, $3 end. */
const MOVES_SQL = `
  SELECT v.entry_id, v.vat_code_id, v.flow, v.category, v.base, v.vat
    FROM accounting.vat_lines v
    JOIN accounting.accounting_entries e ON e.id = v.entry_id
   WHERE e.company_id = $1 AND e.status <> 'draft' AND e.date BETWEEN $2 AND $3
  UNION ALL
  SELECT r.id, v.vat_code_id, v.flow, v.category, -v.base, -v.vat
    FROM accounting.accounting_entries r
    JOIN accounting.vat_lines v ON v.entry_id = r.reversal_of_id
   WHERE r.company_id = $1 AND r.status <> 'draft' AND r.reversal_of_id IS NOT NULL AND r.date BETWEEN $2 AND $3`;

interface Aggregate {
  kind: VatCodeKind;
  rate: string;
  flow: 'sales' | 'purchases' | 'withheld';
  category: 'goods' | 'assets' | 'none';
  base: string;
  vat: string;
}

/** The return line each movement goes to; null: not on the return (non-deductible VAT, part of a charge). */
export function lineOfMove(m: Pick<Aggregate, 'kind' | 'rate' | 'flow' | 'category'>): VatReturnLineCode | null {
  if (m.flow === 'withheld') return 'withheld';
  if (m.flow === 'purchases') return m.category === 'goods' ? 'deductible_goods' : m.category === 'assets' ? 'deductible_assets' : null;
  return returnLineOf(m) as VatReturnLineCode;
}

const COLLECTED_LINES: readonly VatReturnLineCode[] = ['taxable_18', 'taxable_10', 'taxable_other'];

/**
 * The return's figures from its lines and the credit carried from the
 * previous return (pure; the property test drives it).
 * Due = collected − deductible − withheld − credit brought forward, or a credit to carry.
 */
export function figuresOf(range: PeriodRange, lines: VatReturnLine[], creditBroughtForward: string): VatReturnFigures {
  const vatOf = (codes: readonly VatReturnLineCode[]) => sum(lines.filter((l) => codes.includes(l.code)).map((l) => l.vat));
  const collected = vatOf(COLLECTED_LINES);
  const deductible = vatOf(['deductible_goods', 'deductible_assets']);
  const withheld = vatOf(['withheld']);
  const net = sub(collected, deductible, withheld, creditBroughtForward);
  return {
    ...range,
    lines,
    collected,
    deductible,
    withheld,
    creditBroughtForward: money(creditBroughtForward),
    due: maxOf(net, 0),
    creditCarriedForward: isNegative(net) ? neg(net) : '0.00',
  };
}

export async function computeReturn(
  sequelize: Sequelize,
  companyId: string,
  range: PeriodRange,
  transaction?: Transaction,
): Promise<{ figures: VatReturnFigures; entryIds: string[]; ledger: { collected: string; deductible: string } }> {
  const bind = [companyId, range.start, range.end];
  const q = <T extends object>(sql: string, b: unknown[] = bind) =>
    sequelize.query<T>(sql, { bind: b, type: QueryTypes.SELECT, transaction });
  const aggregates = await q<Aggregate>(
    `SELECT c.kind, c.rate::text AS rate, m.flow, m.category, sum(m.base)::text AS base, sum(m.vat)::text AS vat
       FROM (${MOVES_SQL}) m JOIN accounting.vat_codes c ON c.id = m.vat_code_id
      GROUP BY c.kind, c.rate, m.flow, m.category`,
  );
  const [entries] = await q<{ ids: string[] | null }>(
    `SELECT array_agg(DISTINCT m.entry_id ORDER BY m.entry_id) AS ids FROM (${MOVES_SQL}) m`,
  );
  // The VAT accounts' movements, settlements aside: what the return's VAT should equal.
  const [ledger] = await q<{ collected: string; deductible: string }>(
    `SELECT coalesce(sum(l.credit - l.debit) FILTER (WHERE a.code LIKE '443%'), 0)::text AS collected,
            coalesce(sum(l.debit - l.credit) FILTER (WHERE a.code LIKE '445%'), 0)::text AS deductible
       FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id
       JOIN accounting.accounts a ON a.id = l.account_id
      WHERE l.company_id = $1 AND l.entry_date BETWEEN $2 AND $3 AND e.status <> 'draft'
        AND e.source_type IS DISTINCT FROM 'vat_return' AND (a.code LIKE '443%' OR a.code LIKE '445%')`,
  );
  const [previous] = await q<{ credit: string }>(
    `SELECT credit_carried_forward::text AS credit FROM accounting.vat_returns
      WHERE company_id = $1 AND status <> 'superseded' AND end_date < $2 ORDER BY end_date DESC LIMIT 1`,
    [companyId, range.start],
  );

  const lines: VatReturnLine[] = VAT_RETURN_LINES.map((l) => ({ code: l.code, label: l.label, base: '0.00', vat: '0.00' }));
  for (const a of aggregates) {
    const code = lineOfMove(a);
    const line = code && lines.find((l) => l.code === code);
    if (!line) continue;
    line.base = add(line.base, a.base);
    line.vat = add(line.vat, a.vat);
  }
  return {
    figures: figuresOf(range, lines, previous?.credit ?? '0.00'),
    entryIds: entries?.ids ?? [],
    ledger: { collected: money(ledger.collected), deductible: money(ledger.deductible) },
  };
}

/** Whether the return's VAT equals the ledger's. */
export const checksOf = (figures: VatReturnFigures, ledger: { collected: string; deductible: string }) => ({
  collectedMatchesLedger: compare(figures.collected, ledger.collected) === 0,
  deductibleMatchesLedger: compare(figures.deductible, ledger.deductible) === 0,
});

/** The entries behind one line of the return (a page of them, by date). */
export async function drillDown(
  sequelize: Sequelize,
  companyId: string,
  range: PeriodRange,
  line: string,
  page: { page: number; pageSize: number },
): Promise<{ items: VatDrillEntry[]; totalItems: number }> {
  const rows = await sequelize.query<Aggregate & { entry_id: string }>(
    `SELECT m.entry_id, c.kind, c.rate::text AS rate, m.flow, m.category, sum(m.base)::text AS base, sum(m.vat)::text AS vat
       FROM (${MOVES_SQL}) m JOIN accounting.vat_codes c ON c.id = m.vat_code_id
      GROUP BY m.entry_id, c.kind, c.rate, m.flow, m.category`,
    { bind: [companyId, range.start, range.end], type: QueryTypes.SELECT },
  );
  const byEntry = new Map<string, { base: string; vat: string }>();
  for (const r of rows) {
    if (lineOfMove(r) !== line) continue;
    const e = byEntry.get(r.entry_id) ?? { base: '0.00', vat: '0.00' };
    byEntry.set(r.entry_id, { base: add(e.base, r.base), vat: add(e.vat, r.vat) });
  }
  const ids = [...byEntry.keys()];
  if (!ids.length) return { items: [], totalItems: 0 };
  const entries = await sequelize.query<Omit<VatDrillEntry, 'base' | 'vat'>>(
    `SELECT id AS "entryId", number, date::text AS date, description, source_type AS "sourceType", source_id AS "sourceId"
       FROM accounting.accounting_entries WHERE company_id = $1 AND id = ANY($2::uuid[])
      ORDER BY date, number LIMIT $3 OFFSET $4`,
    { bind: [companyId, ids, page.pageSize, (page.page - 1) * page.pageSize], type: QueryTypes.SELECT },
  );
  return {
    items: entries.map((e) => ({ ...e, ...(byEntry.get(e.entryId) as { base: string; vat: string }) })),
    totalItems: ids.length,
  };
}
