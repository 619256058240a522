import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_RECONCILIATION,
  type InvoiceCandidate,
  type LedgerLine,
  type MatchLinesPage,
  type MatchLinesQuery,
  type Reconciliation,
  type ReconciliationReport,
  type StatementLine,
  type StatementLineCandidates,
} from '@xaalis/contracts';
import { abs, compare, formatXofExact, isZero, sub, sum } from '@xaalis/domain';
import { HttpError, isUuid, notFound } from '@xaalis/service-kit';
import { LINE_COLUMNS, LINE_FROM, toLine, treasuryAccountOf, type StatementLineRow } from '../bank-statements';
import { balancesAt } from '../dashboard';
import { ledgerError, ledgerWrite } from '../posting';
import {
  LEDGER_COLUMNS,
  LEDGER_FROM,
  LEDGER_WHERE,
  STATEMENT_WHERE,
  insertReconciliations,
  ledgerLinesPage,
  lockAccountMatching,
  statementLinesPage,
  toLedgerLine,
  type LedgerRow,
} from './model';

const xof = (v: string) => formatXofExact(v);
const lineNotFound = () => notFound(MESSAGES_RECONCILIATION.lineNotFound);

/** A statement line of the company, with its treasury account (404 for another company's). */
export async function statementLineOf(sequelize: Sequelize, companyId: string, lineId: string, transaction?: Transaction) {
  if (!isUuid(lineId)) throw lineNotFound();
  const [row] = await sequelize.query<StatementLineRow & { treasury_account_id: string; confirmed: boolean }>(
    `SELECT ${LINE_COLUMNS}, l.treasury_account_id, l.confirmed FROM ${LINE_FROM} WHERE l.company_id = $1 AND l.id = $2`,
    { bind: [companyId, lineId], type: QueryTypes.SELECT, transaction },
  );
  if (!row || !row.confirmed) throw lineNotFound();
  return row;
}

/**
 * Ties statement lines to ledger lines within `transaction`: every line the
 * company's, the statement lines of one treasury account, the ledger lines
 * reconcilable lines of its chart account, none already matched, equal sums
 * (French 400/404/409; the database checks the same again).
 */
export async function reconcileIn(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  userId: string | null,
  statementLineIds: readonly string[],
  entryLineIds: readonly string[],
): Promise<Reconciliation> {
  const statement = await sequelize.query<{
    id: string;
    treasury_account_id: string;
    amount: string;
    confirmed: boolean;
    matched: boolean;
  }>(
    `SELECT l.id, l.treasury_account_id, l.amount, l.confirmed, i.reconciliation_id IS NOT NULL AS matched
       FROM accounting.bank_statement_lines l LEFT JOIN accounting.reconciliation_items i ON i.statement_line_id = l.id
      WHERE l.company_id = $1 AND l.id = ANY($2::uuid[])`,
    { bind: [companyId, [...statementLineIds]], type: QueryTypes.SELECT, transaction },
  );
  if (statement.length !== statementLineIds.length || statement.some((s) => !s.confirmed)) throw lineNotFound();
  const accounts = new Set(statement.map((s) => s.treasury_account_id));
  if (accounts.size !== 1) throw new HttpError(400, MESSAGES_RECONCILIATION.otherAccount);
  const account = await treasuryAccountOf(sequelize, companyId, [...accounts][0], transaction);
  await lockAccountMatching(sequelize, transaction, account.id);
  const ledger = await sequelize.query<LedgerRow & { ok: boolean }>(
    `SELECT ${LEDGER_COLUMNS}, (el.account_id = $2 AND e.status = 'validated' AND e.reversal_of_id IS NULL) AS ok
       FROM ${LEDGER_FROM} WHERE el.company_id = $1 AND el.id = ANY($3::uuid[])`,
    { bind: [companyId, account.account_id, [...entryLineIds]], type: QueryTypes.SELECT, transaction },
  );
  if (ledger.length !== entryLineIds.length) throw lineNotFound();
  if (ledger.some((l) => !l.ok)) throw new HttpError(400, MESSAGES_RECONCILIATION.notLedgerLine);
  // Read after the account's lock: a line matched meanwhile is seen here.
  const [{ n: alreadyMatched }] = await sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM accounting.reconciliation_items WHERE statement_line_id = ANY($1::uuid[]) OR entry_line_id = ANY($2::uuid[])`,
    { bind: [[...statementLineIds], [...entryLineIds]], type: QueryTypes.SELECT, transaction },
  );
  if (alreadyMatched > 0) throw new HttpError(409, MESSAGES_RECONCILIATION.alreadyMatched);
  const statementSum = sum(statement.map((s) => s.amount));
  const ledgerSum = sum(ledger.map((l) => l.amount));
  if (compare(statementSum, ledgerSum) !== 0)
    throw new HttpError(400, MESSAGES_RECONCILIATION.sumsDiffer(xof(statementSum), xof(ledgerSum)));
  const [id] = await insertReconciliations(sequelize, transaction, { companyId, treasuryAccountId: account.id, auto: false, userId }, [
    { statementLineIds: [...statementLineIds], entryLineIds: [...entryLineIds] },
  ]);
  return {
    id,
    treasuryAccountId: account.id,
    statementLineIds: [...statementLineIds],
    entryLineIds: [...entryLineIds],
    amount: statementSum,
    auto: false,
    createdAt: new Date().toISOString(),
  };
}

export function reconciliationsService(sequelize: Sequelize) {
  const write = <T>(fn: (transaction: Transaction) => Promise<T>) => ledgerWrite(sequelize, fn, ledgerError);

  async function statementLines(companyId: string, accountId: string, q: MatchLinesQuery): Promise<MatchLinesPage<StatementLine>> {
    const account = await treasuryAccountOf(sequelize, companyId, accountId);
    return statementLinesPage(sequelize, companyId, account.id, q);
  }

  async function ledgerLines(companyId: string, accountId: string, q: MatchLinesQuery): Promise<MatchLinesPage<LedgerLine>> {
    const account = await treasuryAccountOf(sequelize, companyId, accountId);
    return ledgerLinesPage(sequelize, companyId, { id: account.id, accountId: account.account_id }, q);
  }

  return {
    statementLines,
    ledgerLines,

    reconcile(companyId: string, userId: string | null, statementLineIds: string[], entryLineIds: string[]): Promise<Reconciliation> {
      return write((transaction) => reconcileIn(sequelize, transaction, companyId, userId, statementLineIds, entryLineIds));
    },

    /** Undoes a reconciliation (refused in a closed fiscal year: 409). */
    async unmatch(companyId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(MESSAGES_RECONCILIATION.notFound);
      await write(async (transaction) => {
        const rows = await sequelize.query('DELETE FROM accounting.reconciliations WHERE company_id = $1 AND id = $2 RETURNING id', {
          bind: [companyId, id],
          type: QueryTypes.SELECT,
          transaction,
        });
        if (!rows.length) throw notFound(MESSAGES_RECONCILIATION.notFound);
      });
    },

    /** What a statement line may match (unmatched ledger lines of its amount) or settle (open invoices of its amount or reference). */
    async candidates(companyId: string, lineId: string, windowDays = 31): Promise<StatementLineCandidates> {
      const line = await statementLineOf(sequelize, companyId, lineId);
      const account = await treasuryAccountOf(sequelize, companyId, line.treasury_account_id);
      const ledger = await sequelize.query<LedgerRow>(
        `SELECT ${LEDGER_COLUMNS} FROM ${LEDGER_FROM}
          WHERE ${LEDGER_WHERE} AND i.reconciliation_id IS NULL AND (el.debit - el.credit) = $3::numeric
            AND e.date BETWEEN $4::date - $5::int AND $4::date + $5::int
          ORDER BY (CASE WHEN $6 <> '' AND (position($6 in upper(coalesce(e.reference, ''))) > 0
                          OR position(upper(coalesce(e.reference, '#')) in $6) > 0) THEN 0 ELSE 1 END),
                   abs(e.date - $4::date), el.id
          LIMIT 20`,
        {
          bind: [companyId, account.account_id, line.amount, line.date, windowDays, `${line.reference ?? ''} ${line.label}`.toUpperCase()],
          type: QueryTypes.SELECT,
        },
      );
      const incoming = !line.amount.startsWith('-');
      const invoices = await sequelize.query<{
        id: string;
        number: string;
        type: 'sale' | 'purchase' | 'service';
        name: string | null;
        date: string;
        remaining: string;
      }>(
        `SELECT v.id, v.number, v.type, tp.name, v.date::text AS date, (v.total - v.paid_amount - v.credited_amount)::numeric(15,2)::text AS remaining
           FROM accounting.invoices v LEFT JOIN accounting.third_parties tp ON tp.id = v.third_party_id
          WHERE v.company_id = $1 AND v.status = 'validated' AND v.total > v.paid_amount + v.credited_amount
            AND (CASE WHEN $2 THEN v.type <> 'purchase' ELSE v.type = 'purchase' END)
            AND (v.total - v.paid_amount - v.credited_amount = $3::numeric OR position(upper(v.number) in $4) > 0)
          ORDER BY (position(upper(v.number) in $4) > 0) DESC, v.date DESC LIMIT 20`,
        {
          bind: [companyId, incoming, abs(line.amount), `${line.reference ?? ''} ${line.label}`.toUpperCase()],
          type: QueryTypes.SELECT,
        },
      );
      return {
        line: toLine(line),
        ledgerLines: ledger.map(toLedgerLine),
        invoices: invoices.map((v): InvoiceCandidate => ({
          id: v.id,
          number: v.number,
          type: v.type === 'purchase' ? 'purchase' : 'sale',
          thirdPartyName: v.name,
          date: v.date,
          remaining: v.remaining,
        })),
      };
    },

    /**
     * The état de rapprochement at `date`: the statements' balance (the first
     * statement's opening + every line up to the date) and the ledger's; the
     * lines of each side up to the date not tied to the other side up to the
     * date (ledger lines from the first statement's start: the opening balance
     * stands for those before). Statement − its unmatched = ledger − its
     * unmatched when it ties.
     */
    async report(companyId: string, accountId: string, date: string): Promise<ReconciliationReport> {
      const account = await treasuryAccountOf(sequelize, companyId, accountId);
      // A line counts as matched at `date` when every line of its reconciliation is dated up to `date`.
      const matchedBy = `NOT EXISTS (
          SELECT 1 FROM accounting.reconciliation_items o
            LEFT JOIN accounting.bank_statement_lines ol ON ol.id = o.statement_line_id
            LEFT JOIN accounting.accounting_entry_lines oel ON oel.id = o.entry_line_id
            LEFT JOIN accounting.accounting_entries oe ON oe.id = oel.entry_id
           WHERE o.reconciliation_id = i.reconciliation_id AND coalesce(ol.date, oe.date) > $3::date)`;
      // The first statement's opening balance stands for every ledger movement before it.
      const [first] = await sequelize.query<{ opening: string | null; start: string | null }>(
        `SELECT opening_balance AS opening, start_date::text AS start FROM accounting.bank_statements
          WHERE company_id = $1 AND treasury_account_id = $2 AND status = 'confirmed' AND start_date IS NOT NULL
          ORDER BY start_date, confirmed_at LIMIT 1`,
        { bind: [companyId, account.id], type: QueryTypes.SELECT },
      );
      const since = first?.start ?? '0001-01-01';
      const [statementRows, ledgerRows, [totals], balances] = await Promise.all([
        sequelize.query<StatementLineRow>(
          `SELECT ${LINE_COLUMNS} FROM ${LINE_FROM}
            WHERE ${STATEMENT_WHERE} AND l.date <= $3::date AND NOT (i.reconciliation_id IS NOT NULL AND ${matchedBy})
            ORDER BY l.date, l.id`,
          { bind: [companyId, account.id, date], type: QueryTypes.SELECT },
        ),
        sequelize.query<LedgerRow>(
          `SELECT ${LEDGER_COLUMNS} FROM ${LEDGER_FROM}
            WHERE ${LEDGER_WHERE} AND e.date <= $3::date AND e.date >= $4::date AND NOT (i.reconciliation_id IS NOT NULL AND ${matchedBy})
            ORDER BY e.date, el.id`,
          { bind: [companyId, account.account_id, date, since], type: QueryTypes.SELECT },
        ),
        sequelize.query<{ total: string; last: string | null }>(
          `SELECT COALESCE(sum(l.amount), 0)::numeric(15,2)::text AS total, max(l.date)::text AS last
             FROM accounting.bank_statement_lines l WHERE ${STATEMENT_WHERE} AND l.date <= $3::date`,
          { bind: [companyId, account.id, date], type: QueryTypes.SELECT },
        ),
        balancesAt(sequelize, companyId, [account.account_id], date),
      ]);
      const statementBalance = sum([first?.opening ?? '0', totals.total]);
      const ledgerBalance = balances[0]?.balance ?? '0.00';
      const unmatchedStatementLines = statementRows.map(toLine);
      const unmatchedLedgerLines = ledgerRows.map(toLedgerLine);
      const unmatchedStatementTotal = sum(unmatchedStatementLines.map((l) => l.amount));
      const unmatchedLedgerTotal = sum(unmatchedLedgerLines.map((l) => l.amount));
      const statementReconciled = sub(statementBalance, unmatchedStatementTotal);
      const ledgerReconciled = sub(ledgerBalance, unmatchedLedgerTotal);
      const difference = sub(statementReconciled, ledgerReconciled);
      return {
        date,
        account: { id: account.id, name: account.name, accountCode: account.account_code, kind: account.kind },
        statementBalance,
        ledgerBalance,
        unmatchedStatementLines,
        unmatchedLedgerLines,
        unmatchedStatementTotal,
        unmatchedLedgerTotal,
        statementReconciled,
        ledgerReconciled,
        difference,
        ties: isZero(difference),
        lastStatementDate: totals.last,
      };
    },

    /** The état with the company's name, as its PDF and XLSX print it. */
    async reportForExport(
      companyId: string,
      accountId: string,
      date: string,
    ): Promise<{ companyName: string; report: ReconciliationReport }> {
      const [company] = await sequelize.query<{ name: string }>('SELECT name FROM accounting.companies WHERE id = $1', {
        bind: [companyId],
        type: QueryTypes.SELECT,
      });
      return { companyName: company?.name ?? '', report: await this.report(companyId, accountId, date) };
    },
  };
}

export type ReconciliationsService = ReturnType<typeof reconciliationsService>;
