import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { MESSAGES_RECONCILIATION, type CreatedFromLine, type createFromLineSchema } from '@xaalis/contracts';
import { abs, isNegative } from '@xaalis/domain';
import { HttpError, mustExist } from '@xaalis/service-kit';
import type { z } from 'zod';
import { treasuryAccountOf } from '../bank-statements';
import { paymentsService } from '../payments';
import { ledgerError, ledgerWrite, postEntry } from '../posting';
import { treasuryAccountsService } from '../treasury-accounts';
import { reconcileIn, statementLineOf } from './service';

type CreateValues = z.output<typeof createFromLineSchema>;

/** 631 Frais bancaires: a bank's or an operator's fee, unless a rule or the user names another account. */
const FEE_ACCOUNT = '631';

/** The treasury-account line of an entry (the one a statement line matches). */
async function treasuryLineOf(sequelize: Sequelize, transaction: Transaction, entryId: string, chartAccountId: string): Promise<string> {
  const [row] = await sequelize.query<{ id: string }>(
    'SELECT id FROM accounting.accounting_entry_lines WHERE entry_id = $1 AND account_id = $2 ORDER BY line_no LIMIT 1',
    { bind: [entryId, chartAccountId], type: QueryTypes.SELECT, transaction },
  );
  return mustExist(row, 'treasury line').id;
}

/**
 * What a statement line reports but the ledger lacks, created and matched in
 * one step (one transaction): a fee (D 631 / C the account), a transfer with
 * another treasury account, the payment of an open invoice, or an entry on any
 * account. The entry is in the treasury account's journal, on the line's date.
 */
export function createFromLineService(sequelize: Sequelize) {
  const payments = paymentsService(sequelize);
  const transfers = treasuryAccountsService(sequelize);

  return async function createFromLine(
    companyId: string,
    userId: string | null,
    lineId: string,
    v: CreateValues,
  ): Promise<CreatedFromLine> {
    const mapError = (err: unknown) => ledgerError(payments.paymentError(err));
    return ledgerWrite(
      sequelize,
      async (transaction) => {
        const line = await statementLineOf(sequelize, companyId, lineId, transaction);
        if (line.reconciliation_id) throw new HttpError(409, MESSAGES_RECONCILIATION.lineAlreadyMatched);
        const account = await treasuryAccountOf(sequelize, companyId, line.treasury_account_id, transaction);
        const out = isNegative(line.amount);
        const amount = abs(line.amount);
        const label = (v.label || line.label).slice(0, 255);
        let entryId: string;
        let entryNumber: string;
        let paymentId: string | null = null;
        let transferId: string | null = null;

        if (v.kind === 'transfer') {
          if (!v.toAccountId) throw new HttpError(400, MESSAGES_RECONCILIATION.toAccountRequired);
          const other = await treasuryAccountOf(sequelize, companyId, v.toAccountId, transaction);
          const t = await transfers.transferIn(
            transaction,
            companyId,
            {
              fromAccountId: out ? account.id : other.id,
              toAccountId: out ? other.id : account.id,
              amount,
              date: line.date,
              reference: line.reference,
            },
            userId,
          );
          transferId = t.id;
          entryId = out ? t.outEntryId : t.inEntryId;
          entryNumber = out ? t.outEntryNumber : t.inEntryNumber;
        } else if (v.kind === 'payment') {
          if (!v.invoiceId) throw new HttpError(400, MESSAGES_RECONCILIATION.invoiceRequired);
          const [invoice] = await sequelize.query<{ type: string }>(
            'SELECT type FROM accounting.invoices WHERE company_id = $1 AND id = $2',
            {
              bind: [companyId, v.invoiceId],
              type: QueryTypes.SELECT,
              transaction,
            },
          );
          if (!invoice) throw new HttpError(404, MESSAGES_RECONCILIATION.invoiceNotFound);
          if ((invoice.type === 'purchase') !== out) throw new HttpError(400, MESSAGES_RECONCILIATION.invoiceDirection);
          const payment = await payments.createIn(
            transaction,
            companyId,
            {
              companyId,
              type: 'invoice_payment',
              invoiceId: v.invoiceId,
              amount,
              date: line.date,
              treasuryAccountId: account.id,
              reference: line.reference,
              notes: null,
            },
            userId,
          );
          paymentId = payment.id;
          entryId = mustExist(payment.entryId, 'payment entry');
          const [e] = await sequelize.query<{ number: string }>('SELECT number FROM accounting.accounting_entries WHERE id = $1', {
            bind: [entryId],
            type: QueryTypes.SELECT,
            transaction,
          });
          entryNumber = e.number;
        } else {
          if (v.kind === 'fee' && !out) throw new HttpError(400, MESSAGES_RECONCILIATION.feeNotOut);
          const code = v.accountCode || (v.kind === 'fee' ? (line.suggested_account_code ?? FEE_ACCOUNT) : line.suggested_account_code);
          if (!code) throw new HttpError(400, MESSAGES_RECONCILIATION.accountRequired);
          const [treasury] = await sequelize.query(
            `SELECT 1 FROM accounting.treasury_accounts t JOIN accounting.accounts a ON a.id = t.account_id
              WHERE t.company_id = $1 AND a.code = $2`,
            { bind: [companyId, code], type: QueryTypes.SELECT, transaction },
          );
          if (treasury) throw new HttpError(400, MESSAGES_RECONCILIATION.accountTreasury);
          const description = (v.kind === 'fee' ? MESSAGES_RECONCILIATION.feeDescription(label) : label).slice(0, 255);
          const other = { accountCode: code, description };
          const cash = { accountId: account.account_id, description };
          const entry = await postEntry(transaction, {
            companyId,
            journal: account.journal,
            date: line.date,
            description,
            reference: line.reference,
            lines: out
              ? [
                  { ...other, debit: amount },
                  { ...cash, credit: amount },
                ]
              : [
                  { ...cash, debit: amount },
                  { ...other, credit: amount },
                ],
            sourceType: 'statement-line',
            sourceId: line.id,
            userId,
          });
          entryId = entry.id;
          entryNumber = entry.number;
        }
        const entryLineId = await treasuryLineOf(sequelize, transaction, entryId, account.account_id);
        const rec = await reconcileIn(sequelize, transaction, companyId, userId, [line.id], [entryLineId]);
        return { kind: v.kind, entryId, entryNumber, paymentId, transferId, reconciliationId: rec.id };
      },
      mapError,
    );
  };
}
