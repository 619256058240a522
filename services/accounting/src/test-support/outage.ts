// Test helpers for the database outage tests (restart, failover): steady journal-entry traffic
// against a running accounting service, then the checks every outage must pass.
import { QueryTypes, type Sequelize } from 'sequelize';
import { JOBS, MESSAGES_HTTP, type AccountListResponse, type Company, type GenerateChartJob } from '@xaalis/contracts';
import { mustExist, type RunningService } from '@xaalis/service-kit';
import { asTenant } from './index';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer {
  op: 'create' | 'validate';
  status: number;
  ms: number;
  at: number;
  body: { id?: string; number?: string; status?: string; message?: string } | null;
  contentType: string;
}

/** A chart generation through the worker (its database connections in use before the outage and after it); the ms it took. */
export async function chartByWorker(svc: RunningService, target: Company, jobId: string, timeoutMs: number): Promise<number> {
  const queue = mustExist(svc.ctx.queue.queue, 'queue');
  const job = await queue.add(JOBS.generateChart, { companyId: target.id, sector: 'service' } satisfies GenerateChartJob, { jobId });
  const startedAt = Date.now();
  for (;;) {
    const state = await queue.getJobState(jobId);
    if (state === 'completed') return Date.now() - startedAt;
    if (state === 'failed' || Date.now() - startedAt > timeoutMs) throw new Error(`chart job ${jobId} ${state}: ${job.failedReason ?? ''}`);
    await sleep(50);
  }
}

export interface Traffic {
  answers: Answer[];
  /** Resolves once the clients have stopped. */
  stop(): Promise<void>;
  /** Ms from `since` to the first acknowledged write started after it (capped at timeoutMs). */
  firstSuccessAfter(since: number, timeoutMs: number): Promise<number>;
}

/**
 * `clients` clients, each creating a draft entry (a counter number) then validating it, again
 * and again, until stopped. Every answer is recorded (status 0: no answer within 20 s).
 */
export async function entryTraffic(svc: RunningService, company: Company, clients = 4): Promise<Traffic> {
  const base = `http://127.0.0.1:${svc.port}/api`;
  const chart = (await (
    await fetch(`${base}/companies/${company.id}/accounts?pageSize=1000`, { headers: asTenant(company.id) })
  ).json()) as AccountListResponse;
  const accounts = new Map(chart.items.map((a) => [a.code, a.id]));
  const debit = mustExist(accounts.get('6222'), '6222');
  const credit = mustExist(accounts.get('521'), '521');
  const answers: Answer[] = [];
  let stopped = false;

  async function call(op: Answer['op'], url: string, method: string, body?: unknown): Promise<Answer> {
    const at = Date.now();
    let answer: Answer;
    try {
      const res = await fetch(url, {
        method,
        headers: { ...asTenant(company.id), 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      let parsed: Answer['body'] = null;
      try {
        parsed = JSON.parse(text) as Answer['body'];
      } catch {
        parsed = { message: `not JSON: ${text.slice(0, 200)}` };
      }
      answer = { op, status: res.status, ms: Date.now() - at, at, body: parsed, contentType: res.headers.get('content-type') ?? '' };
    } catch (err) {
      answer = { op, status: 0, ms: Date.now() - at, at, body: { message: String(err) }, contentType: '' };
    }
    answers.push(answer);
    return answer;
  }

  async function client(k: number) {
    for (let i = 0; !stopped; i++) {
      const created = await call('create', `${base}/companies/${company.id}/accounting-entries`, 'POST', {
        entry: { number: 'OD-2026-00001', journal: 'OD', date: '2026-03-14', description: `Loyer ${k}-${i}` },
        lines: [
          { accountId: debit, description: 'Loyer', debit: '1000.00', credit: '0.00' },
          { accountId: credit, description: 'Banque', debit: '0.00', credit: '1000.00' },
        ],
      });
      if (created.status === 201 && created.body?.id)
        await call('validate', `${base}/accounting-entries/${created.body.id}/validate`, 'PATCH');
      else await sleep(100);
    }
  }
  const running = Promise.all(Array.from({ length: clients }, (_, k) => client(k)));

  return {
    answers,
    stop: async () => {
      stopped = true;
      await running;
    },
    firstSuccessAfter: async (since, timeoutMs) => {
      while (!answers.some((a) => a.at >= since && a.status >= 200 && a.status < 300)) {
        if (Date.now() - since > timeoutMs) break;
        await sleep(20);
      }
      return Date.now() - since;
    },
  };
}

/** Status → count, for the figures printed. */
export function statusCounts(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** Every answer is a success or a clean 503 (JSON, the French message): never a 500, never silence. */
export function expectCleanOutage(answers: Answer[]): void {
  expect(answers.filter((a) => ![200, 201, 503].includes(a.status))).toEqual([]);
  const failures = answers.filter((a) => a.status === 503);
  expect(failures.length).toBeGreaterThan(0);
  for (const f of failures) {
    expect(f.contentType).toMatch(/application\/json/);
    expect(f.body).toEqual({ message: MESSAGES_HTTP.databaseUnavailable });
  }
}

/**
 * Every acknowledged write is in the database (created drafts exist, validated ones are
 * validated), the entry numbers are gap-free from 1 and the counter is at the last one.
 */
export async function expectAcknowledgedWrites(
  db: Sequelize,
  company: Company,
  answers: Answer[],
): Promise<{ entries: number; created: number; validated: number }> {
  const created = answers.filter((a) => a.op === 'create' && a.status === 201).map((a) => mustExist(a.body?.id, 'id'));
  const validated = new Set(answers.filter((a) => a.op === 'validate' && a.status === 200).map((a) => mustExist(a.body?.id, 'id')));
  const rows = await db.query<{ id: string; status: string; number: string }>(
    'SELECT id, status, number FROM accounting.accounting_entries WHERE company_id = $1',
    { bind: [company.id], type: QueryTypes.SELECT },
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(created.filter((id) => !byId.has(id))).toEqual([]);
  expect([...validated].filter((id) => byId.get(id)?.status !== 'validated')).toEqual([]);
  const numbers = rows.map((r) => Number(r.number.split('-')[2])).sort((a, b) => a - b);
  expect(numbers).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
  const [counter] = await db.query<{ last_number: number }>(
    `SELECT last_number FROM accounting.entry_counters WHERE company_id = $1 AND journal = 'OD' AND year = 2026`,
    { bind: [company.id], type: QueryTypes.SELECT },
  );
  expect(counter?.last_number).toBe(rows.length);
  return { entries: rows.length, created: created.length, validated: validated.size };
}
