import { QueryTypes, type Sequelize } from 'sequelize';
import type { AccountStatement, AgedBalance, AgedBalanceRow, AgedItem } from '@xaalis/contracts';
import { add, sub, sum } from '@xaalis/domain';
import { notFound } from '@xaalis/service-kit';
import { notCarriedForward } from '../posting';

const ACCOUNT_PATTERN = { receivable: '^411', payable: '^401' } as const;

/**
 * The open items of the third parties' accounts at `date` ($2): the lines of
 * validated entries up to the date on 411x (receivable) or 401x (payable),
 * signed as owed (receivable: debit − credit; payable: credit − debit), less
 * those lettered in full by then; a partial lettering counts as one item, its
 * remainder, due at its earliest line. The due date of an invoice's line is
 * the invoice's, else the entry's date.
 *
 * Read from `open_items` (migration 0029: the lines not lettered in full,
 * kept by triggers), plus the lines of full letterings completed after the
 * date, which were still open then. `party` ($3) narrows to one third party.
 */
const ownItems = (type: 'receivable' | 'payable', party: boolean) =>
  `o.company_id = $1 AND o.kind = '${type}' AND o.date <= $2::date ${party ? 'AND o.third_party_id = $3' : ''}`;

/** The lines lettered not at all: most open items, read from open_items_unlettered_idx alone (migration 0033). */
function unletteredSql(type: 'receivable' | 'payable', party = false): string {
  return `
    SELECT o.entry_line_id AS id, o.third_party_id, o.amount, o.date, o.due, o.entry_id, NULL::text AS code
      FROM accounting.open_items o
     WHERE ${ownItems(type, party)} AND o.lettering_id IS NULL`;
}

/** The other open items: lines of partial letterings (one item each, or single lines when lettered after the date) and of full letterings after the date. */
function otherOpenItemsSql(type: 'receivable' | 'payable', party = false): string {
  const sign = type === 'receivable' ? 'l.debit - l.credit' : 'l.credit - l.debit';
  const own = ownItems(type, party);
  // Each branch reads its rows once (no CTE referenced twice: the planner may run them in parallel).
  return `
    SELECT o.entry_line_id AS id, o.third_party_id, o.amount, o.date, o.due, o.entry_id, NULL::text AS code
      FROM accounting.open_items o
     WHERE ${own}
       AND o.lettering_id IN (SELECT id FROM accounting.letterings WHERE company_id = $1 AND partial AND lettered_on > $2::date)
    UNION ALL
    SELECT (array_agg(o.entry_line_id ORDER BY o.due))[1], o.third_party_id, sum(o.amount), min(o.date), min(o.due),
           (array_agg(o.entry_id ORDER BY o.due))[1], lower(min(lt.code))
      FROM accounting.open_items o
      JOIN accounting.letterings lt ON lt.id = o.lettering_id AND lt.company_id = $1 AND lt.partial AND lt.lettered_on <= $2::date
     WHERE ${own} AND o.lettering_id IS NOT NULL
     GROUP BY o.lettering_id, o.third_party_id
    UNION ALL
    SELECT l.id, l.third_party_id, ${sign}, e.date, coalesce(i.due_date, e.date), l.entry_id, NULL
      FROM accounting.letterings lt
      JOIN accounting.lettering_lines ll ON ll.lettering_id = lt.id
      JOIN accounting.accounting_entry_lines l ON l.id = ll.entry_line_id
      JOIN accounting.accounting_entries e ON e.id = l.entry_id
      JOIN accounting.accounts a ON a.id = l.account_id
      LEFT JOIN accounting.invoices i ON i.entry_id = e.id
     WHERE lt.company_id = $1 AND NOT lt.partial AND lt.lettered_on > $2::date ${party ? 'AND lt.third_party_id = $3' : ''}
       AND a.code ~ '${ACCOUNT_PATTERN[type]}' AND e.status = 'validated' AND e.date <= $2::date AND l.third_party_id IS NOT NULL
       AND ${notCarriedForward('e', '$1')}`;
}

function openItemsSql(type: 'receivable' | 'payable', party = false): string {
  return `${unletteredSql(type, party)} UNION ALL ${otherOpenItemsSql(type, party)}`;
}

const BUCKETS = `
  coalesce(sum(amount) FILTER (WHERE due > $2::date), 0) AS "notDue",
  coalesce(sum(amount) FILTER (WHERE $2::date - due BETWEEN 0 AND 30), 0) AS d0_30,
  coalesce(sum(amount) FILTER (WHERE $2::date - due BETWEEN 31 AND 60), 0) AS d31_60,
  coalesce(sum(amount) FILTER (WHERE $2::date - due BETWEEN 61 AND 90), 0) AS d61_90,
  coalesce(sum(amount) FILTER (WHERE $2::date - due > 90), 0) AS over90,
  coalesce(sum(amount), 0) AS total`;
const COLUMNS = ['notDue', 'd0_30', 'd31_60', 'd61_90', 'over90', 'total'] as const;
const money = (f: (c: string) => string) => COLUMNS.map((c) => `${f(`"${c}"`)}::numeric(15,2)::text AS "${c}"`).join(', ');

export async function agedBalance(
  sequelize: Sequelize,
  companyId: string,
  type: 'receivable' | 'payable',
  date: string,
): Promise<AgedBalance> {
  // One row per third party, by name, then the totals (thirdPartyId null): summed in SQL, not over thousands of rows in JS.
  const rows = await sequelize.query<AgedBalanceRow>(
    // The unlettered lines are bucketed apart (a parallel aggregate over the covering index), then added to the rest's.
    `WITH parts AS (
       SELECT o.third_party_id, ${BUCKETS}, bool_or(amount <> 0) AS nonzero FROM (${unletteredSql(type)}) o GROUP BY o.third_party_id
       UNION ALL
       SELECT o.third_party_id, ${BUCKETS}, bool_or(amount <> 0) FROM (${otherOpenItemsSql(type)}) o GROUP BY o.third_party_id
     ), b AS MATERIALIZED (
       SELECT third_party_id, ${COLUMNS.map((c) => `sum("${c}") AS "${c}"`).join(', ')} FROM parts GROUP BY third_party_id HAVING bool_or(nonzero)
     )
     SELECT * FROM (
       SELECT b.third_party_id AS "thirdPartyId", tp.name, ${money((c) => `b.${c}`)}
         FROM b JOIN accounting.third_parties tp ON tp.company_id = $1 AND tp.id = b.third_party_id
       UNION ALL
       SELECT NULL, NULL, ${money((c) => `coalesce(sum(b.${c}), 0)`)} FROM b
     ) r
     ORDER BY r."thirdPartyId" IS NULL, r.name, r."thirdPartyId"`,
    { bind: [companyId, date], type: QueryTypes.SELECT },
  );
  const [{ thirdPartyId: _none, name: _total, ...totals }] = rows.splice(-1, 1);
  return { type, date, rows, totals };
}

/** The open items of one third party behind its row (drill-down). */
export async function agedItems(
  sequelize: Sequelize,
  companyId: string,
  thirdPartyId: string,
  type: 'receivable' | 'payable',
  date: string,
): Promise<AgedItem[]> {
  return sequelize.query<AgedItem>(
    `SELECT o.id AS "lineId", o.entry_id AS "entryId", o.date::text AS date, o.due::text AS "dueDate", e.number, e.reference,
            e.description, o.amount::numeric(15,2)::text AS amount, greatest($2::date - o.due, 0) AS "daysOverdue", o.code AS "letteringCode"
       FROM (${openItemsSql(type, true)}) o
       JOIN accounting.accounting_entries e ON e.id = o.entry_id
      WHERE o.amount <> 0
      ORDER BY o.due, e.number`,
    { bind: [companyId, date, thirdPartyId], type: QueryTypes.SELECT },
  );
}

/** A third party's statement of account over [from, to]: its opening balance, its lines with a running balance, its closing balance. */
export async function accountStatement(
  sequelize: Sequelize,
  companyId: string,
  thirdPartyId: string,
  from: string,
  to: string,
): Promise<AccountStatement> {
  const [tp] = await sequelize.query<{ id: string; name: string; type: string }>(
    'SELECT id, name, type FROM accounting.third_parties WHERE company_id = $1 AND id = $2',
    { bind: [companyId, thirdPartyId], type: QueryTypes.SELECT },
  );
  if (!tp) throw notFound();
  const base = `FROM accounting.accounting_entry_lines l
       JOIN accounting.accounting_entries e ON e.id = l.entry_id
       JOIN accounting.accounts a ON a.id = l.account_id
      WHERE l.company_id = $1 AND l.third_party_id = $2 AND e.status = 'validated' AND a.code ~ '^4[01]' AND ${notCarriedForward('e', '$1')}`;
  const [[opening], lines] = await Promise.all([
    sequelize.query<{ balance: string }>(
      `SELECT coalesce(sum(l.debit - l.credit), 0)::numeric(15,2)::text AS balance ${base} AND e.date < $3::date`,
      {
        bind: [companyId, thirdPartyId, from],
        type: QueryTypes.SELECT,
      },
    ),
    sequelize.query<{
      id: string;
      date: string;
      number: string;
      reference: string | null;
      description: string;
      code: string;
      debit: string;
      credit: string;
      lettering: string | null;
    }>(
      `SELECT l.id, e.date::text AS date, e.number, e.reference, l.description, a.code, l.debit::text AS debit, l.credit::text AS credit,
              (SELECT CASE WHEN lt.partial THEN lower(lt.code) ELSE lt.code END FROM accounting.lettering_lines ll
                 JOIN accounting.letterings lt ON lt.id = ll.lettering_id WHERE ll.entry_line_id = l.id) AS lettering
         ${base} AND e.date BETWEEN $3::date AND $4::date
        ORDER BY e.date, e.number, l.line_no`,
      { bind: [companyId, thirdPartyId, from, to], type: QueryTypes.SELECT },
    ),
  ]);
  let balance = opening.balance;
  return {
    thirdParty: tp,
    from,
    to,
    opening: opening.balance,
    lines: lines.map((l) => {
      balance = add(balance, sub(l.debit, l.credit));
      return {
        lineId: l.id,
        date: l.date,
        number: l.number,
        reference: l.reference,
        description: l.description,
        accountCode: l.code,
        debit: l.debit,
        credit: l.credit,
        balance,
        letteringCode: l.lettering,
      };
    }),
    totalDebit: sum(lines.map((l) => l.debit)),
    totalCredit: sum(lines.map((l) => l.credit)),
    closing: balance,
  };
}
