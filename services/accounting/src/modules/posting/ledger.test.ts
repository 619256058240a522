import { QueryTypes, type Transaction } from 'sequelize';
import type { Account, Company } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { companyWithChart } from '../../test-support';

// The ledger's invariants as the database enforces them, whatever the client:
// these tests talk raw SQL, bypassing the service's own checks.
let service: RunningService;
let company: Company;
let other: Company;
let acc: Map<string, Account>;
let otherAcc: Map<string, Account>;
let seq = 0;

const db = () => service.ctx.sequelize;
const q = (sql: string, bind: unknown[], transaction?: Transaction) => db().query(sql, { bind, transaction, type: QueryTypes.SELECT });

/** Rejects with a database error of this SQLSTATE (and message, when given). */
async function expectSqlState(promise: Promise<unknown>, code: string, message?: string | RegExp): Promise<void> {
  const err = (await promise.then(
    () => {
      throw new Error(`expected SQLSTATE ${code}, got success`);
    },
    (e: unknown) => e,
  )) as { parent?: { code?: string; message?: string } };
  expect(err.parent?.code).toBe(code);
  if (message) expect(err.parent?.message).toMatch(message);
}

async function insertDraft(t: Transaction, total: string, companyId = company.id): Promise<string> {
  const [row] = (await q(
    `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, total)
     VALUES ($1, $2, 'OD', '2026-03-01', 'SQL direct', $3) RETURNING id`,
    [companyId, `SQL-${++seq}`, total],
    t,
  )) as { id: string }[];
  return row.id;
}

async function insertLine(
  t: Transaction,
  entryId: string,
  lineNo: number,
  accountId: string,
  debit: string,
  credit: string,
  companyId = company.id,
) {
  await q(
    `INSERT INTO accounting.accounting_entry_lines (entry_id, company_id, line_no, account_id, description, debit, credit)
     VALUES ($1, $2, $3, $4, 'ligne', $5, $6)`,
    [entryId, companyId, lineNo, accountId, debit, credit],
    t,
  );
}

const validate = (t: Transaction, id: string) =>
  q(`UPDATE accounting.accounting_entries SET status = 'validated' WHERE id = $1 RETURNING id`, [id], t);

/** A validated, balanced entry (100.00 on 601 against 521), committed. */
async function validatedEntry(): Promise<{ id: string; lineIds: string[] }> {
  return db().transaction(async (t) => {
    const id = await insertDraft(t, '100.00');
    await insertLine(t, id, 1, acc.get('601')!.id, '100.00', '0');
    await insertLine(t, id, 2, acc.get('521')!.id, '0', '100.00');
    await validate(t, id);
    const lines = (await q('SELECT id FROM accounting.accounting_entry_lines WHERE entry_id = $1 ORDER BY line_no', [id], t)) as {
      id: string;
    }[];
    return { id, lineIds: lines.map((l) => l.id) };
  });
}

const exists = async (id: string) =>
  ((await q('SELECT 1 FROM accounting.accounting_entries WHERE id = $1', [id])) as unknown[]).length === 1;

beforeAll(async () => {
  // Sequelize warns when a COMMIT fails (it then drops the connection): expected here.
  const warn = console.warn.bind(console);
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Committing transaction')) warn(...args);
  });
  service = await start({ port: 0 });
  ({ company, accounts: acc } = await companyWithChart(service));
  ({ company: other, accounts: otherAcc } = await companyWithChart(service));
});

afterAll(async () => {
  await service.close();
});

describe('commit-time balance check (deferred constraint triggers)', () => {
  it('refuses an entry inserted directly as validated', async () => {
    await expectSqlState(
      q(
        `INSERT INTO accounting.accounting_entries (company_id, number, journal, date, description, total, status, validated_at)
         VALUES ($1, 'SQL-VALIDATED', 'OD', '2026-03-01', 'direct', '100.00', 'validated', now())`,
        [company.id],
      ),
      'XA002',
    );
  });

  it('refuses at COMMIT an unbalanced validated entry, and keeps nothing of it', async () => {
    let id = '';
    await expectSqlState(
      db().transaction(async (t) => {
        id = await insertDraft(t, '100.00');
        await insertLine(t, id, 1, acc.get('601')!.id, '100.00', '0');
        await insertLine(t, id, 2, acc.get('521')!.id, '0', '99.99');
        // Accepted statement by statement: the check waits for the commit.
        await validate(t, id);
      }),
      'XA001',
      "L'écriture n'est pas équilibrée (Débit ≠ Crédit)",
    );
    expect(await exists(id)).toBe(false);
  });

  it('refuses at COMMIT a validated entry with fewer than two lines', async () => {
    await expectSqlState(
      db().transaction(async (t) => {
        const id = await insertDraft(t, '0.00');
        await validate(t, id);
      }),
      'XA001',
      'Au moins deux lignes requises',
    );
    await expectSqlState(
      db().transaction(async (t) => {
        const id = await insertDraft(t, '10.00');
        await insertLine(t, id, 1, acc.get('601')!.id, '10.00', '0');
        await validate(t, id);
      }),
      'XA001',
      'Au moins deux lignes requises',
    );
  });

  it('refuses at COMMIT a validated entry whose total is not the sum of its debits', async () => {
    await expectSqlState(
      db().transaction(async (t) => {
        const id = await insertDraft(t, '90.00');
        await insertLine(t, id, 1, acc.get('601')!.id, '100.00', '0');
        await insertLine(t, id, 2, acc.get('521')!.id, '0', '100.00');
        await validate(t, id);
      }),
      'XA001',
      /total/,
    );
  });

  it('lets drafts be unbalanced (work in progress) and validates a balanced entry', async () => {
    const draft = await db().transaction(async (t) => {
      const id = await insertDraft(t, '5.00');
      await insertLine(t, id, 1, acc.get('601')!.id, '5.00', '0');
      return id;
    });
    expect(await exists(draft)).toBe(true);
    const { id } = await validatedEntry();
    const [row] = (await q('SELECT status, validated_at FROM accounting.accounting_entries WHERE id = $1', [id])) as {
      status: string;
      validated_at: Date;
    }[];
    expect(row.status).toBe('validated');
    expect(row.validated_at).toBeInstanceOf(Date);
  });
});

describe('a validated entry is frozen', () => {
  it('refuses any change to its lines', async () => {
    const { id, lineIds } = await validatedEntry();
    await expectSqlState(q(`UPDATE accounting.accounting_entry_lines SET debit = '200.00' WHERE id = $1`, [lineIds[0]]), 'XA002');
    await expectSqlState(q(`UPDATE accounting.accounting_entry_lines SET description = 'x' WHERE id = $1`, [lineIds[0]]), 'XA002');
    await expectSqlState(q('DELETE FROM accounting.accounting_entry_lines WHERE id = $1', [lineIds[1]]), 'XA002');
    await expectSqlState(
      db().transaction(async (t) => {
        await insertLine(t, id, 3, acc.get('601')!.id, '1.00', '0');
        await insertLine(t, id, 4, acc.get('521')!.id, '0', '1.00');
      }),
      'XA002',
    );
  });

  it('refuses changes to its number, date, journal, total, company or description, and its deletion', async () => {
    const { id } = await validatedEntry();
    for (const set of [
      `number = 'AUTRE'`,
      `date = '2026-04-01'`,
      `journal = 'VT'`,
      `total = 0`,
      `description = 'modifiée'`,
      `reference = 'X'`,
    ]) {
      await expectSqlState(q(`UPDATE accounting.accounting_entries SET ${set} WHERE id = $1`, [id]), 'XA002');
    }
    await expectSqlState(q('UPDATE accounting.accounting_entries SET company_id = $2 WHERE id = $1', [id, other.id]), 'XA002');
    await expectSqlState(q('DELETE FROM accounting.accounting_entries WHERE id = $1', [id]), 'XA002');
    expect(await exists(id)).toBe(true);
  });

  it('allows only draft → validated → cancelled (with its reversal)', async () => {
    const { id } = await validatedEntry();
    await expectSqlState(q(`UPDATE accounting.accounting_entries SET status = 'draft', validated_at = NULL WHERE id = $1`, [id]), 'XA002');
    // cancelled needs the reversal's id (check constraint)
    await expectSqlState(q(`UPDATE accounting.accounting_entries SET status = 'cancelled' WHERE id = $1`, [id]), '23514');
    const draft = await db().transaction((t) => insertDraft(t, '0.00'));
    await expectSqlState(
      q(`UPDATE accounting.accounting_entries SET status = 'cancelled', reversed_by_id = $2 WHERE id = $1`, [draft, id]),
      'XA002',
    );
    // A draft can be deleted, lines included.
    await db().transaction(async (t) => {
      await insertLine(t, draft, 1, acc.get('601')!.id, '1.00', '0');
    });
    await q('DELETE FROM accounting.accounting_entries WHERE id = $1', [draft]);
    expect(await exists(draft)).toBe(false);
  });

  it('refuses a line on both sides, on no side, negative, or on another company’s account', async () => {
    const draft = await db().transaction((t) => insertDraft(t, '0.00'));
    // [whose 601, debit, credit, SQLSTATE]: the CHECKs (23514), then the company-scoped foreign key (23503).
    const refused: [Map<string, Account>, string, string, string][] = [
      [acc, '1.00', '1.00', '23514'],
      [acc, '0', '0', '23514'],
      [acc, '-1.00', '0', '23514'],
      [otherAcc, '1.00', '0', '23503'],
    ];
    for (const [accounts, debit, credit, state] of refused) {
      await expectSqlState(
        db().transaction((t) => insertLine(t, draft, 1, accounts.get('601')!.id, debit, credit)),
        state,
      );
    }
  });
});

describe('concurrency', () => {
  it('makes a validation wait for a transaction adding lines, then re-checks with those lines', async () => {
    // A balanced draft, committed.
    const id = await db().transaction(async (t) => {
      const e = await insertDraft(t, '100.00');
      await insertLine(t, e, 1, acc.get('601')!.id, '100.00', '0');
      await insertLine(t, e, 2, acc.get('521')!.id, '0', '100.00');
      return e;
    });
    // Writer A adds an unbalancing line and holds its transaction open.
    const a = await db().transaction();
    await insertLine(a, id, 3, acc.get('601')!.id, '1.00', '0', company.id);
    // Validator B: its UPDATE blocks on A's FOR SHARE lock on the entry row.
    let bDone = false;
    const b = db()
      .transaction(async (t) => {
        await validate(t, id);
      })
      .finally(() => {
        bDone = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bDone).toBe(false);
    await a.commit();
    // B now sees A's line at its commit: the entry no longer balances.
    await expectSqlState(b, 'XA001', /équilibrée/);
    const [row] = (await q('SELECT status FROM accounting.accounting_entries WHERE id = $1', [id])) as { status: string }[];
    expect(row.status).toBe('draft');
  });
});
