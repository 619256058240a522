import { createHash } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  MESSAGES_STATEMENT,
  MESSAGES_TREASURY_ACCOUNT,
  STATEMENT_MAX_ERRORS,
  STATEMENT_PREVIEW_LINES,
  type StatementDetail,
  type StatementLine,
  type StatementList,
  type StatementPreview,
  type StatementSummary,
  type StatementUploadQuery,
  type statementLineInputSchema,
} from '@xaalis/contracts';
import { add, compare, formatXofExact, isZero, sum } from '@xaalis/domain';
import type { NextFunction, Request, Response } from 'express';
import { HttpError, foldAccents, isUniqueViolation, isUuid, mustExist, notFound, tenantOf } from '@xaalis/service-kit';
import type { z } from 'zod';
import { rowsById, type TreasuryAccountRow } from '../treasury-accounts/model';
import {
  LINE_COLUMNS,
  LINE_FROM,
  findStatement,
  insertLines,
  listStatements,
  previousClosing,
  rulesOf,
  statementLines,
  toLine,
  toSummary,
  type NewStatementLine,
  type StatementLineRow,
} from './model';
import { parseStatementOffLoop } from './parse/task';

type ManualLine = z.output<typeof statementLineInputSchema>;

const notFoundStatement = () => notFound(MESSAGES_STATEMENT.notFound);
const xof = (v: string) => formatXofExact(v);

/** The account code the company's first matching rule gives a label ("libellé contient …"), or null. */
export function suggestedAccount(rules: readonly { contains: string; account_code: string }[], label: string): string | null {
  const folded = foldAccents(label);
  for (const r of rules) if (folded.includes(foldAccents(r.contains))) return r.account_code;
  return null;
}

/** Digits and letters of an account number, to compare an IBAN, a RIB or a wallet number as printed. */
const accountKey = (v: string | null) => (v ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();

export async function treasuryAccountOf(sequelize: Sequelize, companyId: string, accountId: string, transaction?: Transaction) {
  const [row] = isUuid(accountId) ? await rowsById(sequelize, companyId, [accountId], transaction) : [];
  if (!row) throw notFound(MESSAGES_TREASURY_ACCOUNT.notFound);
  return row;
}

/**
 * `router.param('accountId', …)`: the caller's company must have the account (else 404), checked
 * before the route's validation, so another company's account never answers a 400 that tells it exists.
 */
export function treasuryAccountParam(sequelize: Sequelize) {
  return (req: Request, _res: Response, next: NextFunction, id: unknown) => {
    treasuryAccountOf(sequelize, tenantOf(req).companyId, String(id)).then(() => next(), next);
  };
}

export function bankStatementsService(sequelize: Sequelize) {
  async function summary(companyId: string, accountId: string, id: string, transaction?: Transaction): Promise<StatementSummary> {
    const row = await findStatement(sequelize, companyId, accountId, id, transaction);
    if (!row) throw notFoundStatement();
    return toSummary(row);
  }

  /** The account's one statement of lines typed in by hand, created on first use. */
  async function manualStatement(transaction: Transaction, companyId: string, account: TreasuryAccountRow): Promise<string> {
    await sequelize.query(
      `INSERT INTO accounting.bank_statements (company_id, treasury_account_id, status, source, file_name, confirmed_at)
       VALUES ($1, $2, 'confirmed', 'manual', $3, now()) ON CONFLICT (treasury_account_id, company_id) WHERE source = 'manual' DO NOTHING`,
      { bind: [companyId, account.id, MESSAGES_STATEMENT.manualFileName], transaction },
    );
    const [row] = await sequelize.query<{ id: string }>(
      `SELECT id FROM accounting.bank_statements WHERE company_id = $1 AND treasury_account_id = $2 AND source = 'manual' FOR UPDATE`,
      { bind: [companyId, account.id], type: QueryTypes.SELECT, transaction },
    );
    return mustExist(row, 'manual statement').id;
  }

  /** Recomputes a statement's count, total and dates from its lines (the manual statement grows and shrinks). */
  async function refreshTotals(transaction: Transaction, statementId: string): Promise<void> {
    await sequelize.query(
      `UPDATE accounting.bank_statements s SET line_count = t.n, total = t.total, start_date = t.first, end_date = t.last
         FROM (SELECT count(*)::int AS n, COALESCE(sum(amount), 0) AS total, min(date) AS first, max(date) AS last
                 FROM accounting.bank_statement_lines WHERE statement_id = $1) t
        WHERE s.id = $1`,
      { bind: [statementId], transaction },
    );
  }

  return {
    /**
     * Reads an uploaded statement (in the worker pool) and stores it as a preview: its valid lines,
     * its per-line errors, its balances checked against the previous statement. Nothing counts
     * until confirmed; the same file confirmed before for this account is refused (409).
     */
    async upload(companyId: string, userId: string | null, accountId: string, query: StatementUploadQuery, bytes: Buffer) {
      const account = await treasuryAccountOf(sequelize, companyId, accountId);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const [dup] = await sequelize.query(
        `SELECT 1 FROM accounting.bank_statements WHERE company_id = $1 AND treasury_account_id = $2 AND file_sha256 = $3 AND status = 'confirmed'`,
        { bind: [companyId, account.id, sha256], type: QueryTypes.SELECT },
      );
      if (dup) throw new HttpError(409, MESSAGES_STATEMENT.alreadyImported);
      const { statement, layout } = await parseStatementOffLoop(bytes, {
        mapping: query.mapping,
        dateOrder: query.dateOrder,
        saved: account.statement_layout,
      });
      const rules = await rulesOf(sequelize, companyId);
      const lines: NewStatementLine[] = statement.lines
        .filter((l) => !isZero(l.amount))
        .map((l) => ({
          date: l.date,
          valueDate: l.valueDate,
          label: l.label,
          reference: l.reference,
          amount: l.amount,
          suggestedAccountCode: suggestedAccount(rules, l.label),
        }));
      const total = sum(lines.map((l) => l.amount));
      const previous = await previousClosing(sequelize, companyId, account.id);
      const opening = statement.openingBalance ?? previous;
      const warnings: string[] = [];
      if (previous !== null && opening !== null && compare(opening, previous) !== 0)
        warnings.push(MESSAGES_STATEMENT.gap(xof(previous), xof(opening)));
      const computed = opening !== null ? add(opening, total) : null;
      if (statement.closingBalance !== null && computed !== null && compare(statement.closingBalance, computed) !== 0)
        warnings.push(MESSAGES_STATEMENT.closingMismatch(xof(statement.closingBalance), xof(computed)));
      const own = accountKey(account.iban ?? account.wallet_number);
      const named = accountKey(statement.accountNumber);
      // An IBAN holds the RIB: compare the shorter within the longer.
      if (own && named && !own.includes(named) && !named.includes(own))
        warnings.push(MESSAGES_STATEMENT.wrongAccount(statement.accountNumber ?? ''));
      const closing = statement.closingBalance ?? computed;

      const id = await sequelize.transaction(async (transaction) => {
        // A new upload of the same file (another mapping) replaces its earlier preview.
        await sequelize.query(
          `DELETE FROM accounting.bank_statements WHERE company_id = $1 AND treasury_account_id = $2 AND file_sha256 = $3 AND status = 'preview'`,
          { bind: [companyId, account.id, sha256], transaction },
        );
        const [row] = await sequelize.query<{ id: string }>(
          `INSERT INTO accounting.bank_statements
             (company_id, treasury_account_id, status, source, file_name, file_sha256, opening_balance, closing_balance, total,
              start_date, end_date, line_count, previous_closing_balance, warnings, errors, error_count, layout, created_by)
           VALUES ($1, $2, 'preview', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb, $15, $16::jsonb, $17)
           RETURNING id`,
          {
            bind: [
              companyId,
              account.id,
              statement.format,
              query.fileName,
              sha256,
              opening,
              closing,
              total,
              statement.startDate,
              statement.endDate,
              lines.length,
              previous,
              JSON.stringify(warnings),
              JSON.stringify(statement.errors.slice(0, STATEMENT_MAX_ERRORS)),
              statement.errors.length,
              layout ? JSON.stringify(layout) : null,
              userId,
            ],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        await insertLines(
          sequelize,
          transaction,
          { companyId, statementId: row.id, accountId: account.id, confirmed: false, firstLineNo: 1 },
          lines,
        );
        return row.id;
      });
      const preview: StatementPreview = {
        ...(await summary(companyId, account.id, id)),
        layout,
        preview: statement.lines.slice(0, STATEMENT_PREVIEW_LINES).map((l) => ({
          line: l.line,
          date: l.date,
          label: l.label,
          reference: l.reference,
          amount: l.amount,
        })),
      };
      return preview;
    },

    /** Makes a previewed statement count: its lines join the account's, and a CSV's layout is kept for the next file. */
    async confirm(companyId: string, accountId: string, id: string): Promise<StatementSummary> {
      const account = await treasuryAccountOf(sequelize, companyId, accountId);
      if (!isUuid(id)) throw notFoundStatement();
      try {
        await sequelize.transaction(async (transaction) => {
          const row = await findStatement(sequelize, companyId, account.id, id, transaction, true);
          if (!row) throw notFoundStatement();
          if (row.status === 'confirmed') throw new HttpError(409, MESSAGES_STATEMENT.alreadyConfirmed);
          if (row.error_count > 0) throw new HttpError(409, MESSAGES_STATEMENT.hasErrors);
          await sequelize.query(
            `UPDATE accounting.bank_statements SET status = 'confirmed', confirmed_at = now() WHERE company_id = $1 AND id = $2`,
            { bind: [companyId, id], transaction },
          );
          await sequelize.query('UPDATE accounting.bank_statement_lines SET confirmed = true WHERE company_id = $1 AND statement_id = $2', {
            bind: [companyId, id],
            transaction,
          });
          if (row.layout)
            await sequelize.query(
              'UPDATE accounting.treasury_accounts SET statement_layout = $3::jsonb WHERE company_id = $1 AND id = $2',
              {
                bind: [companyId, account.id, JSON.stringify(row.layout)],
                transaction,
              },
            );
        });
      } catch (err) {
        // The same file confirmed meanwhile under another preview.
        if (isUniqueViolation(err)) throw new HttpError(409, MESSAGES_STATEMENT.alreadyImported);
        throw err;
      }
      return summary(companyId, account.id, id);
    },

    async list(companyId: string, accountId: string, page: number, pageSize: number): Promise<StatementList> {
      const account = await treasuryAccountOf(sequelize, companyId, accountId);
      const { rows, total } = await listStatements(sequelize, companyId, account.id, pageSize, (page - 1) * pageSize);
      return { items: rows.map(toSummary), page, pageSize, totalItems: total };
    },

    async get(companyId: string, accountId: string, id: string, page: number, pageSize: number): Promise<StatementDetail> {
      const account = await treasuryAccountOf(sequelize, companyId, accountId);
      if (!isUuid(id)) throw notFoundStatement();
      const found = await summary(companyId, account.id, id);
      const items = await statementLines(sequelize, companyId, id, pageSize, (page - 1) * pageSize);
      return { ...found, items, page, pageSize, totalItems: found.lineCount };
    },

    /** A line typed in by hand (a cash count, a small wallet's movement): counts at once. */
    async addLine(companyId: string, accountId: string, v: ManualLine): Promise<StatementLine> {
      const account = await treasuryAccountOf(sequelize, companyId, accountId);
      const rules = await rulesOf(sequelize, companyId);
      const lineId = await sequelize.transaction(async (transaction) => {
        const statementId = await manualStatement(transaction, companyId, account);
        const [{ next }] = await sequelize.query<{ next: number }>(
          'SELECT COALESCE(max(line_no), 0)::int + 1 AS next FROM accounting.bank_statement_lines WHERE statement_id = $1',
          { bind: [statementId], type: QueryTypes.SELECT, transaction },
        );
        const [created] = await insertLines(
          sequelize,
          transaction,
          { companyId, statementId, accountId: account.id, confirmed: true, firstLineNo: next },
          [
            {
              date: v.date,
              valueDate: null,
              label: v.label,
              reference: v.reference || null,
              amount: v.amount,
              suggestedAccountCode: suggestedAccount(rules, v.label),
            },
          ],
        );
        await refreshTotals(transaction, statementId);
        return created;
      });
      const [row] = await sequelize.query<StatementLineRow>(
        `SELECT ${LINE_COLUMNS} FROM ${LINE_FROM} WHERE l.company_id = $1 AND l.id = $2`,
        {
          bind: [companyId, lineId],
          type: QueryTypes.SELECT,
        },
      );
      return toLine(row);
    },

    /** Removes a line typed in by hand, while it is not reconciled. */
    async deleteLine(companyId: string, accountId: string, lineId: string): Promise<void> {
      const account = await treasuryAccountOf(sequelize, companyId, accountId);
      if (!isUuid(lineId)) throw notFound(MESSAGES_STATEMENT.lineNotFound);
      await sequelize.transaction(async (transaction) => {
        const [row] = await sequelize.query<StatementLineRow>(
          `SELECT ${LINE_COLUMNS} FROM ${LINE_FROM} WHERE l.company_id = $1 AND l.treasury_account_id = $2 AND l.id = $3 FOR UPDATE OF l`,
          { bind: [companyId, account.id, lineId], type: QueryTypes.SELECT, transaction },
        );
        if (!row) throw notFound(MESSAGES_STATEMENT.lineNotFound);
        if (!row.manual) throw new HttpError(409, MESSAGES_STATEMENT.onlyManualDeleted);
        if (row.reconciliation_id) throw new HttpError(409, MESSAGES_STATEMENT.lineMatched);
        await sequelize.query('DELETE FROM accounting.bank_statement_lines WHERE company_id = $1 AND id = $2', {
          bind: [companyId, lineId],
          transaction,
        });
        await refreshTotals(transaction, row.statement_id);
      });
    },
  };
}
