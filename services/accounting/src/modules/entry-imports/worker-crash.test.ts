// Fault test: the accounting worker killed (SIGKILL) in the middle of a journal import, then
// started again. The import runs in ONE transaction, so the killed run leaves nothing behind;
// BullMQ redelivers the stalled job once its lock expires, and the new worker writes the
// import exactly once. The workers are real child processes (`node dist/worker.js`, built by
// `npx tsc -b`) on a Redis prefix of their own, so no other test file's worker takes the job.
import { Worker } from 'bullmq';
import request from 'supertest';
import { QueryTypes, type Transaction } from 'sequelize';
import { QUEUES, type Company, type EntryImportPreview } from '@xaalis/contracts';
import { closeRedis, createRedis, mustExist, type RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { asTenant, companyWithChart } from '../../test-support';
import { alive, childWorkers, sleep } from '../../test-support/worker-crash';
import { importJobId } from '.';

// Two full imports of 80 000 lines and a lock that expires up to 30 s after the kill.
jest.setTimeout(150_000);

const PREFIX = `${process.env.REDIS_PREFIX ?? 'xaalis_test'}_worker_crash`;
const ENTRIES = 20_000;
const LINES_PER_ENTRY = 4;

const { startChildWorker, kill, killAll } = childWorkers(PREFIX);

let service: RunningService;
let company: Company;
let checker: Worker | undefined;
let checkerConnection: ReturnType<typeof createRedis> | undefined;
const savedPrefix = process.env.REDIS_PREFIX;

const db = () => service.ctx.sequelize;
const sql = <T extends object>(query: string, bind: unknown[] = []) => db().query<T>(query, { bind, type: QueryTypes.SELECT });

/** A balanced journal of ENTRIES entries (four lines each) over two journals and two fiscal years. */
function bigJournal(): Buffer {
  const rows = ['Date;Journal;N° pièce;Compte;Libellé;Débit;Crédit;Tiers;Référence'];
  for (let k = 1; k <= ENTRIES; k++) {
    const date = `${String((k % 28) + 1).padStart(2, '0')}/${String((k % 11) + 1).padStart(2, '0')}/${k % 3 === 0 ? 2025 : 2026}`;
    const journal = k % 2 === 0 ? 'OD' : 'BQ';
    const a = `${(k % 9_000) + 100},${String(k % 100).padStart(2, '0')}`;
    const b = `${(k % 700) + 1},00`;
    rows.push(
      `${date};${journal};P${k};601;Achat ${k};${a};;;`,
      `${date};${journal};P${k};6222;Loyer ${k};${b};;;`,
      `${date};${journal};P${k};521;Banque ${k};;${a};;`,
      `${date};${journal};P${k};521;Banque bis ${k};;${b};;`,
    );
  }
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8');
}

interface ImportRow {
  status: string;
  progress_done: number;
  progress_total: number;
}
const importRow = async (id: string) =>
  mustExist(
    (
      await sql<ImportRow>('SELECT status, progress_done, progress_total FROM accounting.entry_imports WHERE company_id = $1 AND id = $2', [
        company.id,
        id,
      ])
    )[0],
    'import',
  );

/** What the import left in the ledger: entries, lines and counters of the company. */
async function ledger() {
  const [counts] = await sql<{ entries: number; lines: number }>(
    `SELECT (SELECT count(*)::int FROM accounting.accounting_entries WHERE company_id = $1 AND source_type = 'import') AS entries,
            (SELECT count(*)::int FROM accounting.accounting_entry_lines l JOIN accounting.accounting_entries e ON e.id = l.entry_id
              WHERE e.company_id = $1 AND e.source_type = 'import') AS lines`,
    [company.id],
  );
  const counters = await sql<{ journal: string; year: number; last_number: number }>(
    'SELECT journal, year, last_number FROM accounting.entry_counters WHERE company_id = $1 ORDER BY journal, year',
    [company.id],
  );
  return { ...counts, counters };
}

beforeAll(async () => {
  // The in-process service only produces jobs (no worker here): it enqueues on the children's prefix.
  process.env.REDIS_PREFIX = PREFIX;
  service = await start({ port: 0 });
  ({ company } = await companyWithChart(service));
});

afterAll(async () => {
  process.env.REDIS_PREFIX = savedPrefix;
  await killAll();
  await checker?.close();
  if (checkerConnection) await closeRedis(checkerConnection);
  await service?.close();
});

it('writes an import exactly once when its worker is killed mid-run and the job is redelivered', async () => {
  const file = bigJournal();
  const upload = await request(service.app)
    .post(`/api/companies/${company.id}/entry-imports`)
    .query({ kind: 'entries', fileName: 'gros-journal.csv' })
    .set(asTenant(company.id))
    .set('Content-Type', 'text/csv')
    .send(file)
    .expect(201);
  const preview = upload.body as EntryImportPreview;
  expect(preview).toMatchObject({ status: 'ready', entryCount: ENTRIES, lineCount: ENTRIES * LINES_PER_ENTRY });
  const before = await ledger();
  expect(before).toEqual({ entries: 0, lines: 0, counters: [] });

  // Worker A takes the job; killed once the first batches are written (the transaction still open).
  const first = await startChildWorker();
  await request(service.app)
    .post(`/api/companies/${company.id}/entry-imports/${preview.id}/run`)
    .set(asTenant(company.id))
    .send({ validate: true })
    .expect(202);
  const runAt = Date.now();
  let seen: ImportRow;
  for (;;) {
    seen = await importRow(preview.id);
    if (seen.progress_done > 0 || !['queued', 'running'].includes(seen.status)) break;
    if (!alive(first.child)) throw new Error(`worker A exited:\n${first.output()}`);
    if (Date.now() - runAt > 60_000) throw new Error(`no progress 60 s after the run:\n${first.output()}`);
    await sleep(10);
  }
  await kill(first.child);
  expect(seen).toMatchObject({ status: 'running' });
  expect(seen.progress_done).toBeGreaterThan(0);
  expect(seen.progress_done).toBeLessThan(ENTRIES * LINES_PER_ENTRY);
  const killedAt = Date.now();

  // Nothing of the killed run is in the ledger, the counters did not move, and the import still says running.
  expect(await ledger()).toEqual(before);
  expect((await importRow(preview.id)).status).toBe('running');

  // BullMQ's stalled-job check, run here every 200 ms instead of the worker's 30 s: once the dead
  // worker's lock has expired (lockDuration, 30 s) it moves the job back to wait.
  const queue = mustExist(service.ctx.queue.queue, 'queue');
  const jobId = importJobId(preview.id);
  expect(await queue.getJobState(jobId)).toBe('active');
  checkerConnection = createRedis(mustExist(process.env.REDIS_URL, 'REDIS_URL'), { forWorker: true });
  checker = new Worker(QUEUES.accounting, null, {
    connection: checkerConnection,
    prefix: PREFIX,
    autorun: false,
    stalledInterval: 200,
  });
  await checker.startStalledCheckTimer();
  while ((await queue.getJobState(jobId)) === 'active') {
    if (Date.now() - killedAt > 45_000) throw new Error('job not redelivered 45 s after the kill');
    await sleep(200);
  }
  const redelivered = Date.now();
  await checker.close();
  await closeRedis(checkerConnection);
  checker = undefined;
  checkerConnection = undefined;
  expect(await queue.getJobState(jobId)).toBe('waiting');
  expect((await queue.getJob(jobId))?.stalledCounter).toBe(1);

  // Worker B (the restart) runs the redelivered job to the end.
  const second = await startChildWorker();
  let row: ImportRow;
  for (;;) {
    row = await importRow(preview.id);
    if (row.status !== 'queued' && row.status !== 'running') break;
    if (!alive(second.child)) throw new Error(`worker B exited:\n${second.output()}`);
    if (Date.now() - redelivered > 60_000) throw new Error(`import still ${row.status}:\n${second.output()}`);
    await sleep(100);
  }
  expect(row).toEqual({ status: 'imported', progress_done: ENTRIES * LINES_PER_ENTRY, progress_total: ENTRIES * LINES_PER_ENTRY });

  // Exactly once: every entry and line, each entry of the file once (source_id).
  const after = await ledger();
  expect({ entries: after.entries, lines: after.lines }).toEqual({ entries: ENTRIES, lines: ENTRIES * LINES_PER_ENTRY });
  const sources = await sql<{ source_id: string }>(
    `SELECT source_id FROM accounting.accounting_entries WHERE company_id = $1 AND source_type = 'import'`,
    [company.id],
  );
  expect(new Set(sources.map((s) => s.source_id))).toEqual(new Set(Array.from({ length: ENTRIES }, (_, i) => `${preview.id}:${i + 1}`)));

  // Numbers gap-free from 1 per journal and year, and the counters at the last one.
  const numbers = await sql<{ journal: string; year: number; n: number; distinct_n: number; first: number; last: number }>(
    `SELECT journal, extract(year FROM date)::int AS year, count(*)::int AS n, count(DISTINCT number)::int AS distinct_n,
            max(split_part(number, '-', 3)::int) AS last,
            min(split_part(number, '-', 3)::int) AS first
       FROM accounting.accounting_entries WHERE company_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [company.id],
  );
  expect(numbers.map((r) => `${r.journal}${r.year}`).sort()).toEqual(['BQ2025', 'BQ2026', 'OD2025', 'OD2026']);
  for (const r of numbers) expect(r).toEqual({ journal: r.journal, year: r.year, n: r.n, distinct_n: r.n, last: r.n, first: 1 });
  expect(after.counters).toEqual(numbers.map((r) => ({ journal: r.journal, year: r.year, last_number: r.n })));

  // Balanced ledger, every entry validated, totals those of the file.
  const [totals] = await sql<{ debit: string; credit: string; unbalanced: number; drafts: number }>(
    `SELECT sum(l.debit)::text AS debit, sum(l.credit)::text AS credit,
            (SELECT count(*)::int FROM (SELECT entry_id FROM accounting.accounting_entry_lines WHERE company_id = $1
               GROUP BY entry_id HAVING sum(debit) <> sum(credit)) u) AS unbalanced,
            (SELECT count(*)::int FROM accounting.accounting_entries WHERE company_id = $1 AND status <> 'validated') AS drafts
       FROM accounting.accounting_entry_lines l WHERE l.company_id = $1`,
    [company.id],
  );
  expect(totals).toEqual({ debit: preview.totalDebit, credit: preview.totalDebit, unbalanced: 0, drafts: 0 });

  // account_balances (fed by the triggers) equal a rebuild from the lines; the rebuild is rolled back.
  const balances = (transaction?: Transaction) =>
    db().query(
      `SELECT account_id, month::text, debit::text, credit::text, line_count FROM accounting.account_balances
        WHERE company_id = $1 ORDER BY account_id, month`,
      { bind: [company.id], type: QueryTypes.SELECT, transaction },
    );
  const fed = await balances();
  expect(fed.length).toBeGreaterThan(0);
  const transaction = await db().transaction();
  let rebuilt;
  try {
    await db().query('SELECT accounting.rebuild_account_balances($1)', { bind: [company.id], transaction });
    rebuilt = await balances(transaction);
  } finally {
    await transaction.rollback();
  }
  expect(rebuilt).toEqual(fed);

  // No third run: the job is completed and, a while later, nothing has changed.
  expect(await queue.getJobState(jobId)).toBe('completed');
  await sleep(2_000);
  expect(await ledger()).toEqual(after);
  expect((await importRow(preview.id)).status).toBe('imported');
  expect(await queue.getJobState(jobId)).toBe('completed');
  expect(alive(second.child)).toBe(true);
});
