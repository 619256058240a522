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
 */
function openItemsSql(type: 'receivable' | 'payable', extra = ''): string {
  const sign = type === 'receivable' ? 'l.debit - l.credit' : 'l.credit - l.debit';
  return `
    WITH lines AS (
      SELECT l.id, l.third_party_id, ${sign} AS amount, e.date, coalesce(i.due_date, e.date) AS due, l.entry_id,
             lt.id AS lettering_id, lt.partial, lt.lettered_on, lt.code
        FROM accounting.accounting_entry_lines l
        JOIN accounting.accounting_entries e ON e.id = l.entry_id
        JOIN accounting.accounts a ON a.id = l.account_id
        LEFT JOIN accounting.invoices i ON i.entry_id = e.id
        LEFT JOIN accounting.lettering_lines ll ON ll.entry_line_id = l.id
        LEFT JOIN accounting.letterings lt ON lt.id = ll.lettering_id
       WHERE l.company_id = $1 AND a.company_id = $1 AND a.code ~ '${ACCOUNT_PATTERN[type]}' AND e.company_id = $1
         AND e.status = 'validated' AND e.date <= $2::date AND l.third_party_id IS NOT NULL
         AND ${notCarriedForward('e', '$1')} ${extra}
    )
    SELECT id, third_party_id, amount, date, due, entry_id, NULL::text AS code FROM lines
     WHERE lettering_id IS NULL OR lettered_on > $2::date
    UNION ALL
    SELECT (array_agg(id ORDER BY due))[1], third_party_id, sum(amount), min(date), min(due), (array_agg(entry_id ORDER BY due))[1], lower(min(code))
      FROM lines WHERE lettering_id IS NOT NULL AND partial AND lettered_on <= $2::date
     GROUP BY lettering_id, third_party_id`;
}

const BUCKETS = `
  coalesce(sum(amount) FILTER (WHERE due > $2::date), 0)::numeric(15,2)::text AS "notDue",
  coalesce(sum(amount) FILTER (WHERE $2::date - due BETWEEN 0 AND 30), 0)::numeric(15,2)::text AS "d0_30",
  coalesce(sum(amount) FILTER (WHERE $2::date - due BETWEEN 31 AND 60), 0)::numeric(15,2)::text AS "d31_60",
  coalesce(sum(amount) FILTER (WHERE $2::date - due BETWEEN 61 AND 90), 0)::numeric(15,2)::text AS "d61_90",
  coalesce(sum(amount) FILTER (WHERE $2::date - due > 90), 0)::numeric(15,2)::text AS "over90",
  coalesce(sum(amount), 0)::numeric(15,2)::text AS total`;

export async function agedBalance(
  sequelize: Sequelize,
  companyId: string,
  type: 'receivable' | 'payable',
  date: string,
): Promise<AgedBalance> {
  const rows = await sequelize.query<AgedBalanceRow>(
    `SELECT o.third_party_id AS "thirdPartyId", tp.name, ${BUCKETS}
       FROM (${openItemsSql(type)}) o
       JOIN accounting.third_parties tp ON tp.company_id = $1 AND tp.id = o.third_party_id
      GROUP BY o.third_party_id, tp.name
     HAVING bool_or(amount <> 0)
      ORDER BY tp.name, o.third_party_id`,
    { bind: [companyId, date], type: QueryTypes.SELECT },
  );
  const col = (k: keyof Omit<AgedBalanceRow, 'thirdPartyId' | 'name'>) => sum(rows.map((r) => r[k]));
  return {
    type,
    date,
    rows,
    totals: {
      notDue: col('notDue'),
      d0_30: col('d0_30'),
      d31_60: col('d31_60'),
      d61_90: col('d61_90'),
      over90: col('over90'),
      total: col('total'),
    },
  };
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
       FROM (${openItemsSql(type, 'AND l.third_party_id = $3')}) o
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
