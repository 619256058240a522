// Reports and the dashboard read a streaming replica (DATABASE_READ_URL) and a user never misses
// their own write: a private primary and its replica (pg_basebackup), which replays each commit
// REPLICA_DELAY late on purpose, behind the real accounting service and gateway.
import request from 'supertest';
import { HEADERS } from '@xaalis/contracts';
import type { Gateway } from './app';
import { gatewayTo, newRegistration, postJson } from './test-support/gateway';
import { adminQuery, caughtUp, pgBin, primaryCluster, replicaOf, type Cluster } from './test-support/postgres-cluster';
import { call, type Call } from './test-support/seed';
import { startService, type RunningChild } from './test-support/services';
import type { Agent } from './test-support/stack';

jest.setTimeout(180_000);

const bin = pgBin();
const REPLICA_DELAY_S = 8;
const PREFIX = `${process.env.REDIS_PREFIX ?? 'xaalis_test'}_read_replica`;
const YEAR = new Date().getUTCFullYear();
const DATE = `${YEAR}-01-15`;

let primary: Cluster | undefined;
let replica: Cluster | undefined;
let accounting: RunningChild | undefined;
let gw: Gateway | undefined;

beforeAll(async () => {
  if (!bin) return;
  primary = await primaryCluster(bin);
  primary.start();
  await adminQuery(primary.url('postgres'), 'CREATE DATABASE xaalis');
  replica = await replicaOf(bin, primary, { applyDelay: `${REPLICA_DELAY_S}s` });
  replica.start();
  // No Redis for the service: its jobs (the chart) run inline, no worker to start.
  accounting = await startService('accounting', { DATABASE_URL: primary.url(), DATABASE_READ_URL: replica.url(), REDIS_URL: '' });
  gw = await gatewayTo({ accounting: accounting.url }, { databaseUrl: primary.url(), redisPrefix: PREFIX });
}, 120_000);

afterAll(async () => {
  await gw?.close();
  await accounting?.stop();
  for (const c of [replica, primary]) {
    if (c?.running()) c.stop('immediate');
    c?.remove();
  }
});

const ok = async <T>(agent: Agent, method: string, url: string, body?: unknown): Promise<T> => {
  const res = await call(agent, method, url, body);
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
};

/** A GET with where it was read from. */
async function read(agent: Agent, url: string): Promise<Call & { from: string | undefined }> {
  const res = await agent.get(url).set('X-Forwarded-For', '10.98.0.1');
  const from: unknown = res.headers[HEADERS.readFrom];
  return { status: res.status, body: res.body as unknown, from: typeof from === 'string' ? from : undefined };
}

interface TrialBalance {
  rows: { accountCode: string; periodDebit: string }[];
}
/** An account's debits of the period ('0.00' when it has none). */
const debitOf = (tb: unknown, code: string) => (tb as TrialBalance).rows.find((r) => r.accountCode === code)?.periodDebit ?? '0.00';

(bin ? describe : describe.skip)('read replica', () => {
  let writer: Agent;
  let other: Agent;
  let base: string;
  let entry: (n: string) => unknown;

  beforeAll(async () => {
    const app = (gw as Gateway).app;
    writer = request.agent(app);
    const form = newRegistration({ sector: 'service' });
    const registered = await postJson(writer, '/api/register', form, '10.98.0.1');
    expect(registered.status).toBe(201);
    base = `/api/companies/${(registered.body as { companyId: string }).companyId}`;
    await ok(writer, 'POST', `${base}/generate-chart`, {});
    const chart = await ok<{ items: { code: string; id: string }[] }>(writer, 'GET', `${base}/accounts?pageSize=1000`);
    const id = (code: string) => chart.items.find((a) => a.code === code)?.id;
    entry = (n: string) => ({
      entry: { number: n, journal: 'OD', date: DATE, description: 'Loyer', reference: '', total: '0' },
      lines: [
        { accountId: id('6222'), description: 'Loyer', debit: '1000.00', credit: '0.00' },
        { accountId: id('521'), description: 'Banque', debit: '0.00', credit: '1000.00' },
      ],
    });
    // The same user in a second session (another browser): it has written nothing.
    other = request.agent(app);
    const signedIn = await postJson(other, '/api/login', { username: form.username, password: form.password }, '10.98.0.2');
    expect(signedIn.status).toBe(200);
    await caughtUp(primary as Cluster, replica as Cluster);
  });

  const trialBalance = () => `${base}/reports/trial-balance?from=${YEAR}-01-01&to=${YEAR}-12-31`;

  it('a session reads its own write at once (from the primary while the replica lags), others read the replica', async () => {
    const before = await read(other, trialBalance());
    expect({ status: before.status, from: before.from, rent: debitOf(before.body, '6222') }).toEqual({
      status: 200,
      from: 'replica',
      rent: '0.00',
    });

    const written = Date.now();
    const created = await ok<{ id: string }>(writer, 'POST', `${base}/accounting-entries`, entry('OD-R-1'));
    await ok(writer, 'PATCH', `/api/accounting-entries/${created.id}/validate`);

    // The writer, at once: its write is there, read from the primary.
    const mine = await read(writer, trialBalance());
    expect({ status: mine.status, from: mine.from, rent: debitOf(mine.body, '6222') }).toEqual({
      status: 200,
      from: 'primary',
      rent: '1000.00',
    });
    const dashboard = await read(writer, `${base}/dashboard`);
    expect({ status: dashboard.status, from: dashboard.from }).toEqual({ status: 200, from: 'primary' });

    // The other session reads the replica, which has not replayed the write yet: the replica is
    // really used (and lags REPLICA_DELAY_S on purpose).
    const theirs = await read(other, trialBalance());
    const elapsed = Date.now() - written;
    expect(theirs.from).toBe('replica');
    if (elapsed < (REPLICA_DELAY_S - 1) * 1000) expect(debitOf(theirs.body, '6222')).toBe('0.00');

    // Once the replica has replayed it, the writer's reads go back to the replica, with the write.
    await caughtUp(primary as Cluster, replica as Cluster);
    const later = await read(writer, trialBalance());
    expect({ status: later.status, from: later.from, rent: debitOf(later.body, '6222') }).toEqual({
      status: 200,
      from: 'replica',
      rent: '1000.00',
    });
    const theirsLater = await read(other, trialBalance());
    expect({ from: theirsLater.from, rent: debitOf(theirsLater.body, '6222') }).toEqual({ from: 'replica', rent: '1000.00' });
  });

  it('the portfolio includes the session’s write at once', async () => {
    const created = await ok<{ id: string }>(writer, 'POST', `${base}/accounting-entries`, entry('OD-R-2'));
    await ok(writer, 'PATCH', `/api/accounting-entries/${created.id}/validate`);
    const portfolio = await ok<{ rows: { treasury: string | null }[] }>(writer, 'GET', '/api/portfolio');
    // Two rents paid from the bank: 2 000 out of the treasury, replica or not.
    expect(portfolio.rows.map((c) => c.treasury)).toEqual(['-2000.00']);
  });

  it('a replica out of reach: reads go to the primary, never a 500', async () => {
    (replica as Cluster).stop('immediate');
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof read>> | undefined;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      last = await read(other, trialBalance());
      statuses.push(last.status);
      if (last.status === 200 && last.from === 'primary') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect({ status: last?.status, from: last?.from, rent: debitOf(last?.body, '6222') }).toEqual({
      status: 200,
      from: 'primary',
      rent: '2000.00',
    });
  });
});
