import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  DEFAULT_TREASURY_NAMES,
  MESSAGES_TREASURY_ACCOUNT,
  METHOD_TREASURY_KIND,
  TREASURY_ACCOUNT_KINDS,
  TREASURY_ACCOUNT_KIND_LABELS,
  TREASURY_KIND_LEDGER,
  TREASURY_KIND_METHOD,
  type PaymentMethod,
  type TreasuryAccount,
  type TreasuryAccountKindName,
  type TreasuryAccountList,
  type TreasuryTransfer,
  type treasuryAccountInputSchema,
  type treasuryTransferInputSchema,
} from '@xaalis/contracts';
import { HttpError, isUuid, mustExist, notFound } from '@xaalis/service-kit';
import type { z } from 'zod';
import { insertMissingAccounts } from '../accounts';
import { levelOfCode, referenceAccount } from '../chart';
import { balancesAt } from '../dashboard';
import { ledgerError, ledgerWrite, postEntry, todayInDakar } from '../posting';
import { defaultRow, insertRow, listRows, reconciliationFigures, rowsById, type TreasuryAccountRow } from './model';

type AccountValues = z.output<typeof treasuryAccountInputSchema>;
type TransferValues = z.output<typeof treasuryTransferInputSchema>;

/** 585 Virements de fonds: money between two of the company's treasury accounts. */
const TRANSFER_ACCOUNT = '585';
/** The reference chart's accounts for money in foreign currency: never a XOF treasury account. */
const FOREIGN_CURRENCY_ACCOUNTS = ['5215', '5712'];
/** The reference chart's account of each wallet operator. */
const PROVIDER_ACCOUNTS: Record<string, string> = { orange_money: '5521', wave: '5522', free_money: '5523' };

/** The id of the company's account `code`, or undefined when its chart lacks it. */
async function findAccountId(sequelize: Sequelize, transaction: Transaction, companyId: string, code: string): Promise<string | undefined> {
  const [row] = await sequelize.query<{ id: string }>('SELECT id FROM accounting.accounts WHERE company_id = $1 AND code = $2', {
    bind: [companyId, code],
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.id;
}

/** The id of the company's account `code`, created from the reference chart (or `fallback`) when missing. */
async function accountIdOf(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  code: string,
  fallback?: { name: string; like: string },
): Promise<string> {
  const find = () => findAccountId(sequelize, transaction, companyId, code);
  const existing = await find();
  if (existing) return existing;
  const reference = referenceAccount(code);
  const parent = fallback ? referenceAccount(fallback.like) : undefined;
  const def = reference ?? (parent && fallback ? { ...parent, code, name: fallback.name, level: levelOfCode(code) } : undefined);
  if (!def) throw new Error(`No reference account for ${code}`);
  await insertMissingAccounts(sequelize, transaction, companyId, [def]);
  return mustExist(await find(), `account ${code}`);
}

/**
 * The first treasury account of each of `kinds` (the one payment methods name):
 * on 521, 552, 571 or 513, in BQ, MM, CA or BQ. Created when missing; their
 * chart accounts too when `createAccounts` (a posting needs them), otherwise
 * only for the accounts the chart has (a list shows what exists).
 */
export async function ensureDefaults(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  kinds: readonly TreasuryAccountKindName[],
  createAccounts: boolean,
): Promise<void> {
  const present = new Set(
    (
      await sequelize.query<{ kind: TreasuryAccountKindName }>(
        'SELECT kind FROM accounting.treasury_accounts WHERE company_id = $1 AND is_default',
        { bind: [companyId], type: QueryTypes.SELECT, transaction },
      )
    ).map((r) => r.kind),
  );
  for (const kind of kinds) {
    if (present.has(kind)) continue;
    const ledger = TREASURY_KIND_LEDGER[kind];
    const accountId = createAccounts
      ? await accountIdOf(sequelize, transaction, companyId, ledger.account)
      : await findAccountId(sequelize, transaction, companyId, ledger.account);
    if (!accountId) continue;
    await insertRow(sequelize, transaction, {
      companyId,
      kind,
      name: DEFAULT_TREASURY_NAMES[kind],
      provider: kind === 'mobile_money' ? 'orange_money' : null,
      accountId,
      journal: ledger.journal,
      isDefault: true,
    });
  }
}

/** The treasury account a payment names: its id, or the default one of its method's kind. */
export async function resolveTreasury(
  sequelize: Sequelize,
  transaction: Transaction,
  companyId: string,
  ref: { treasuryAccountId?: string | null; method?: PaymentMethod | null },
): Promise<TreasuryAccountRow & { method: PaymentMethod }> {
  if (ref.treasuryAccountId) {
    const [row] = await rowsById(sequelize, companyId, [ref.treasuryAccountId], transaction, true);
    if (!row) throw notFound(MESSAGES_TREASURY_ACCOUNT.notFound);
    return { ...row, method: TREASURY_KIND_METHOD[row.kind] };
  }
  const kind = METHOD_TREASURY_KIND[ref.method ?? 'bank'];
  await ensureDefaults(sequelize, transaction, companyId, [kind], true);
  const row = mustExist(await defaultRow(sequelize, companyId, kind, transaction), `default ${kind} account`);
  return { ...row, method: TREASURY_KIND_METHOD[kind] };
}

export function treasuryAccountsService(sequelize: Sequelize) {
  const write = <T>(fn: (transaction: Transaction) => Promise<T>) => ledgerWrite(sequelize, fn, ledgerError);

  async function toAccounts(companyId: string, rows: TreasuryAccountRow[]): Promise<TreasuryAccount[]> {
    const [balanceRows, figures] = await Promise.all([
      balancesAt(sequelize, companyId, [...new Set(rows.map((r) => r.account_id))], todayInDakar()),
      reconciliationFigures(
        sequelize,
        companyId,
        rows.map((r) => ({ id: r.id, accountId: r.account_id })),
      ),
    ]);
    const balances = new Map(balanceRows.map((b) => [b.accountId, b.balance]));
    return rows.map((r) => {
      const f = figures.get(r.id);
      return {
        id: r.id,
        kind: r.kind,
        name: r.name,
        accountCode: r.account_code,
        accountId: r.account_id,
        journal: r.journal,
        balance: balances.get(r.account_id) ?? '0.00',
        bankName: r.bank_name,
        accountHolder: r.account_holder,
        iban: r.iban,
        provider: r.provider,
        walletNumber: r.wallet_number,
        currency: 'XOF',
        isDefault: r.is_default,
        lastStatementDate: f?.lastStatementDate ?? null,
        lastStatementBalance: f?.lastStatementBalance ?? null,
        unmatchedStatementLines: f?.unmatchedStatementLines ?? 0,
        unmatchedLedgerLines: f?.unmatchedLedgerLines ?? 0,
      };
    });
  }

  /**
   * The next free sub-account and journal of a kind: 5211, 5212… for banks,
   * 5711, 5713… for cash, skipping the reference chart's foreign-currency
   * accounts (5215, 5712); a wallet takes its operator's reference account
   * when free (5521 Orange Money, 5522 Wave, 5523 Free Money), else the next
   * free one. Journals: BQ2, BQ3…, MM2…, CA2….
   */
  async function nextSlot(transaction: Transaction, companyId: string, kind: TreasuryAccountKindName, provider: string | null) {
    const ledger = TREASURY_KIND_LEDGER[kind];
    const prefix = mustExist(ledger.prefix, 'sub-account prefix');
    const used = await sequelize.query<{ code: string }>(
      `SELECT a.code FROM accounting.treasury_accounts t JOIN accounting.accounts a ON a.company_id = t.company_id AND a.id = t.account_id
        WHERE t.company_id = $1`,
      { bind: [companyId], type: QueryTypes.SELECT, transaction },
    );
    const journals = await sequelize.query<{ code: string }>('SELECT code FROM accounting.journals WHERE company_id = $1', {
      bind: [companyId],
      type: QueryTypes.SELECT,
      transaction,
    });
    const taken = new Set([...used.map((u) => u.code), ...FOREIGN_CURRENCY_ACCOUNTS]);
    const usedJournals = new Set(journals.map((j) => j.code));
    const preferred = provider ? PROVIDER_ACCOUNTS[provider] : undefined;
    let code = preferred && !taken.has(preferred) ? preferred : null;
    for (let n = 1; !code && n <= 99; n++) if (!taken.has(`${prefix}${n}`)) code = `${prefix}${n}`;
    let j = 2;
    while (usedJournals.has(`${ledger.journal}${j}`)) j++;
    if (!code || j > 99) throw new HttpError(409, MESSAGES_TREASURY_ACCOUNT.tooMany);
    return { code, journal: `${ledger.journal}${j}` };
  }

  async function get(companyId: string, id: string): Promise<TreasuryAccount> {
    const rows = isUuid(id) ? await rowsById(sequelize, companyId, [id]) : [];
    if (!rows.length) throw notFound(MESSAGES_TREASURY_ACCOUNT.notFound);
    return (await toAccounts(companyId, rows))[0];
  }

  return {
    get,

    async list(companyId: string, page = 1, pageSize = 50): Promise<TreasuryAccountList> {
      await write((transaction) => ensureDefaults(sequelize, transaction, companyId, TREASURY_ACCOUNT_KINDS, false));
      const { rows, total } = await listRows(sequelize, companyId, page, pageSize);
      return { items: await toAccounts(companyId, rows), page, pageSize, totalItems: total };
    },

    /**
     * A new treasury account: the first of its kind takes the default place
     * (521/BQ…); the next ones a sub-account of their own (5211, created in the
     * chart or taken over when the chart has it unused) and a journal of their
     * own (BQ2…). Creations of one company queue on a lock: no two take one slot.
     */
    async create(companyId: string, v: AccountValues): Promise<TreasuryAccount> {
      const id = await write(async (transaction) => {
        await sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('treasury-accounts:' || $1))`, { bind: [companyId], transaction });
        await ensureDefaults(sequelize, transaction, companyId, [v.kind], false);
        const fields = {
          companyId,
          kind: v.kind,
          name: v.name,
          bankName: v.bankName ?? null,
          accountHolder: v.accountHolder ?? null,
          iban: v.iban ?? null,
          provider: v.provider ?? null,
          walletNumber: v.walletNumber ?? null,
        };
        const existing = await defaultRow(sequelize, companyId, v.kind, transaction);
        if (!existing) {
          // The first of its kind: on the default account, named as the user asks.
          const ledger = TREASURY_KIND_LEDGER[v.kind];
          const accountId = await accountIdOf(sequelize, transaction, companyId, ledger.account);
          return mustExist(
            await insertRow(sequelize, transaction, { ...fields, accountId, journal: ledger.journal, isDefault: true }),
            'row',
          );
        }
        if (v.kind === 'cheques') throw new HttpError(409, MESSAGES_TREASURY_ACCOUNT.chequesExists);
        const slot = await nextSlot(transaction, companyId, v.kind, v.provider ?? null);
        const label = `${TREASURY_ACCOUNT_KIND_LABELS[v.kind]} — ${v.name}`.slice(0, 120);
        await sequelize.query('INSERT INTO accounting.journals (company_id, code, label) VALUES ($1, $2, $3)', {
          bind: [companyId, slot.journal, label],
          transaction,
        });
        const accountId = await accountIdOf(sequelize, transaction, companyId, slot.code, {
          name: v.name,
          like: TREASURY_KIND_LEDGER[v.kind].account,
        });
        // A chart account taken over (5211 Banques en monnaie nationale…) is named after the treasury account it now is.
        await sequelize.query('UPDATE accounting.accounts SET name = $3, updated_at = now() WHERE company_id = $1 AND id = $2', {
          bind: [companyId, accountId, v.name],
          transaction,
        });
        return mustExist(await insertRow(sequelize, transaction, { ...fields, accountId, journal: slot.journal, isDefault: false }), 'row');
      });
      return get(companyId, id);
    },

    /**
     * Money moved between two of the company's treasury accounts: two entries
     * through 585 Virements de fonds, each in its account's journal (D 585 /
     * C the source; D the destination / C 585), on the transfer's date.
     */
    transfer(companyId: string, v: TransferValues, userId: string | null): Promise<TreasuryTransfer> {
      return write((transaction) => transferIn(transaction, companyId, v, userId));
    },

    transferIn,
  };

  /** A transfer within `transaction` (a statement line's transfer is matched in the same one). */
  async function transferIn(
    transaction: Transaction,
    companyId: string,
    v: TransferValues,
    userId: string | null,
  ): Promise<TreasuryTransfer> {
    const rows = await rowsById(sequelize, companyId, [v.fromAccountId, v.toAccountId], transaction, true);
    const from = rows.find((r) => r.id === v.fromAccountId);
    const to = rows.find((r) => r.id === v.toAccountId);
    if (!from || !to) throw notFound(MESSAGES_TREASURY_ACCOUNT.notFound);
    const id = randomUUID();
    const description = MESSAGES_TREASURY_ACCOUNT.transferDescription(from.name, to.name).slice(0, 255);
    const leg = (journal: string, sourceId: string, debit: { accountId?: string; accountCode?: string }, credit: typeof debit) =>
      postEntry(transaction, {
        companyId,
        journal: journal as TreasuryAccountRow['journal'],
        date: v.date,
        description,
        reference: v.reference ?? null,
        lines: [
          { ...debit, description, debit: v.amount },
          { ...credit, description, credit: v.amount },
        ],
        sourceType: 'treasury-transfer',
        sourceId,
        userId,
      });
    const out = await leg(from.journal, `${id}:out`, { accountCode: TRANSFER_ACCOUNT }, { accountId: from.account_id });
    const into = await leg(to.journal, `${id}:in`, { accountId: to.account_id }, { accountCode: TRANSFER_ACCOUNT });
    await sequelize.query(
      `INSERT INTO accounting.treasury_transfers
             (id, company_id, from_account_id, to_account_id, amount, date, reference, out_entry_id, in_entry_id, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      { bind: [id, companyId, from.id, to.id, v.amount, v.date, v.reference ?? null, out.id, into.id, userId], transaction },
    );
    return {
      id,
      fromAccountId: from.id,
      toAccountId: to.id,
      amount: v.amount,
      date: v.date,
      reference: v.reference ?? null,
      outEntryId: out.id,
      outEntryNumber: out.number,
      inEntryId: into.id,
      inEntryNumber: into.number,
    };
  }
}

export type TreasuryAccountsService = ReturnType<typeof treasuryAccountsService>;
