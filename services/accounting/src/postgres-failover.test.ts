// Fault test: automatic failover with pg_auto_failover under steady write traffic. A monitor, a
// primary and its synchronous secondary (Debian's postgresql-<v>-auto-failover), started here;
// the service and its worker reach them through `pg_autoctl show uri`'s multi-host URL
// (target_session_attrs=read-write). The primary is killed (keeper and Postgres: a machine
// lost): requests during the switch answer 503 in French, never a 500; the service and its
// worker reach the new primary by themselves; every acknowledged write is still there and the
// entry numbers have no gap (synchronous replication: an acknowledged commit is on both nodes).
import type { Company } from '@xaalis/contracts';
import { mustExist, type RunningService, type RunningWorker } from '@xaalis/service-kit';
import { start } from './server';
import { createCompany } from './test-support';
import { chartByWorker, entryTraffic, expectAcknowledgedWrites, expectCleanOutage, sleep, statusCounts } from './test-support/outage';
import { autoFailoverFormation, pgAutoctl, pgBin, type Formation } from './test-support/postgres';
import { startWorker } from './worker';

// The formation takes 20–60 s to build (a base backup), the failover seconds.
jest.setTimeout(240_000);

const bin = pgBin();
const autoctl = pgAutoctl(bin);
if (!autoctl) console.warn('postgres-failover.test: pg_autoctl is not installed (apt-get install postgresql-15-auto-failover): skipped');
const PREFIX = `${process.env.REDIS_PREFIX ?? 'xaalis_test'}_pg_failover`;
const saved = { url: process.env.DATABASE_URL, prefix: process.env.REDIS_PREFIX };
let formation: Formation | undefined;
let service: RunningService | undefined;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  if (!bin || !autoctl) return;
  formation = await autoFailoverFormation(autoctl, bin);
  process.env.DATABASE_URL = formation.url;
  process.env.REDIS_PREFIX = PREFIX;
  service = await start({ port: 0 });
  worker = await startWorker();
}, 180_000);

afterAll(async () => {
  process.env.DATABASE_URL = saved.url;
  process.env.REDIS_PREFIX = saved.prefix;
  await worker?.close();
  await service?.close();
  await formation?.close();
});

(bin && autoctl ? it : it.skip)(
  'fails over to the secondary: 503 in French meanwhile, then writes again, nothing acknowledged lost',
  async () => {
    const svc = mustExist(service, 'service');
    const f = mustExist(formation, 'formation');
    expect(f.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+,127\.0\.0\.1:\d+\/xaalis\?target_session_attrs=read-write$/);
    expect(await f.primary()).toBe('node_1');
    const company: Company = await createCompany(svc, { sector: 'service' });
    await chartByWorker(svc, company, `chart-${company.id}-before`, 30_000);
    const traffic = await entryTraffic(svc, company);

    await sleep(1_500);
    const killedAt = Date.now();
    f.kill('node_1');
    // The first acknowledged write on the new primary.
    const recoveredMs = await traffic.firstSuccessAfter(killedAt, 90_000);
    await sleep(1_500);
    await traffic.stop();
    const { answers } = traffic;
    expect(await f.primary()).toBe('node_2');

    expectCleanOutage(answers);
    expect(answers.filter((a) => a.at >= killedAt + recoveredMs && a.status < 300).length).toBeGreaterThan(0);
    // What clients saw: from the first refused request to the last one.
    const refused = answers.filter((a) => a.status === 503).map((a) => a.at + a.ms);
    const outageMs = Math.max(...refused) - Math.min(...answers.filter((a) => a.status === 503).map((a) => a.at));
    const writes = await expectAcknowledgedWrites(svc.ctx.sequelize, company, answers);

    // The worker reaches the new primary too, without a restart.
    const other = await createCompany(svc, { sector: 'service' });
    const jobAfterMs = await chartByWorker(svc, other, `chart-${other.id}-after`, 30_000);

    console.log(
      `postgres failover (pg_auto_failover): first 2xx ${recoveredMs} ms after the primary was killed, 503s seen by clients for ${outageMs} ms; ` +
        `answers ${JSON.stringify(statusCounts(answers))}; worker job after failover ${jobAfterMs} ms; ` +
        `entries ${writes.entries} (acknowledged: ${writes.created} created, ${writes.validated} validated, none lost)`,
    );
  },
);
