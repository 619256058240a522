import { randomUUID } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import {
  LOAN_ACCOUNTS,
  MESSAGES_LOAN,
  TREASURY_KIND_LEDGER,
  MESSAGES_MONEY,
  type Loan,
  type LoanListResponse,
  type LoanSchedule,
  type LoanTreasuryAccount,
  type LoanValues,
  type PaymentMethod,
  type loanListQuerySchema,
} from '@xaalis/contracts';
import type { z } from 'zod';
import { HttpError, isUuid, mustExist, notFound, pagedOf } from '@xaalis/service-kit';
import { ledgerError, ledgerWrite, postEntry, todayInDakar } from '../posting';
import { resolveTreasury } from '../treasury-accounts';
import { findLoans, insertLoan, markOverdueBatch, pageLoans } from './model';
import { DegenerateScheduleError, add, fitsMoney, loanSchedule, money, sub, sum, type ScheduleRow } from '@xaalis/domain';

type LoanListQuery = z.output<typeof loanListQuerySchema>;

/** The payment method whose default treasury account is each of the loan codes' account. */
const CODE_METHOD: Record<LoanTreasuryAccount, PaymentMethod> = { '521': 'bank', '552': 'orange', '571': 'cash' };

/** Instalments marked overdue per statement by the daily sweep. */
export const OVERDUE_BATCH = 5000;

const amountIssue = (message: string) => new HttpError(400, message, [{ path: 'amount', message }]);

/** The schedule of valid input, or the API's refusal. */
function scheduleOf(v: LoanValues): ScheduleRow[] {
  let rows: ScheduleRow[];
  try {
    rows = loanSchedule(v);
  } catch (err) {
    if (err instanceof DegenerateScheduleError) throw amountIssue(MESSAGES_LOAN.amountTooSmall);
    throw err;
  }
  // numeric(15,2): an instalment of a huge amount at a high rate could exceed it.
  if (rows.some((r) => !fitsMoney(r.total))) throw amountIssue(MESSAGES_MONEY.totalTooLarge);
  return rows;
}

/**
 * Loans (spec "Emprunts"): created with their whole schedule of constant
 * instalments and the posting of the funds received (D the treasury account —
 * 521/552/571 or any bank, wallet or cash box — / C 162, in its journal, dated
 * the start date), in one transaction. Instalments are
 * paid through the payments feature; the daily sweep marks late ones overdue.
 */
export function loansService(sequelize: Sequelize) {
  /** One loan of the company; another company's (or an unknown id) is a 404. */
  async function get(companyId: string, id: string): Promise<Loan> {
    const [loan] = isUuid(id) ? await findLoans(sequelize, companyId, id) : [];
    if (!loan) throw notFound(MESSAGES_LOAN.notFound);
    return loan;
  }

  return {
    /** A loan of the tenant's company, recorded by `userId` (null when unknown). */
    async create(companyId: string, v: LoanValues, userId: string | null = null): Promise<Loan> {
      const rows = scheduleOf(v);
      const id = randomUUID();
      const today = todayInDakar();
      await ledgerWrite(
        sequelize,
        async (transaction) => {
          const label = `Emprunt ${v.lender}`.slice(0, 255);
          // The account named, else the default account of the code's kind (521 bank, 552 wallet, 571 cash).
          const treasury = await resolveTreasury(sequelize, transaction, companyId, {
            treasuryAccountId: v.treasuryAccountId,
            method: CODE_METHOD[v.treasuryAccount],
          });
          if (treasury.kind === 'cheques') throw new HttpError(400, MESSAGES_LOAN.treasuryAccountInvalid);
          const entry = await postEntry(transaction, {
            companyId,
            journal: treasury.journal,
            date: v.startDate,
            description: label,
            reference: null,
            lines: [
              { accountId: treasury.account_id, description: `Réception des fonds — ${label}`.slice(0, 255), debit: v.amount },
              { accountCode: LOAN_ACCOUNTS.principal, description: label, credit: v.amount },
            ],
            sourceType: 'loan',
            sourceId: id,
            userId,
          });
          await insertLoan(
            sequelize,
            transaction,
            {
              id,
              companyId,
              lender: v.lender,
              amount: v.amount,
              interestRate: v.interestRate,
              startDate: v.startDate,
              endDate: v.endDate,
              paymentFrequency: v.paymentFrequency,
              treasuryAccount: TREASURY_KIND_LEDGER[treasury.kind].account as LoanTreasuryAccount,
              treasuryAccountId: treasury.id,
              entryId: entry.id,
              createdBy: userId,
            },
            // An instalment already past due when the loan is recorded is late from the start (ISO dates compare as strings).
            rows.map((r) => ({ ...r, status: r.dueDate < today ? 'overdue' : 'pending' })),
          );
        },
        ledgerError,
      );
      // Read after COMMIT: the journal counter is released first.
      return mustExist((await findLoans(sequelize, companyId, id))[0], 'loan');
    },

    /** One page of loans with their schedules, and the page's four figures over the whole company. */
    async list(companyId: string, q: LoanListQuery): Promise<LoanListResponse> {
      const { loans, matching, count, borrowed, remaining, active } = await pageLoans(sequelize, companyId, q);
      return { ...pagedOf(loans, q, matching), totals: { count, borrowed: money(borrowed), remaining: money(remaining), active } };
    },

    get,

    /** The schedule of one loan with its totals (exact). */
    async schedule(companyId: string, id: string): Promise<LoanSchedule> {
      const loan = await get(companyId, id);
      const principal = sum(loan.payments.map((p) => p.principalAmount));
      const interest = sum(loan.payments.map((p) => p.interestAmount));
      const paid = sum(loan.payments.filter((p) => p.status === 'paid').map((p) => p.totalAmount));
      const total = add(principal, interest);
      return {
        loanId: loan.id,
        payments: loan.payments,
        totals: { principal, interest, total, paid, remaining: sub(total, paid) },
      };
    },

    /** The daily sweep: every company's (or one company's) pending instalments due before `today` become overdue, in batches. */
    async markOverdue(today: string = todayInDakar(), companyId?: string): Promise<number> {
      let total = 0;
      for (;;) {
        const changed = await markOverdueBatch(sequelize, today, OVERDUE_BATCH, companyId);
        total += changed;
        if (changed < OVERDUE_BATCH) return total;
      }
    },
  };
}

export type LoansService = ReturnType<typeof loansService>;
