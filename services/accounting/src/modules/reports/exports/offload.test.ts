import { monitorEventLoopDelay } from 'node:perf_hooks';
import request from 'supertest';
import { MESSAGES_HTTP } from '@xaalis/contracts';
import { configureWorkerPool, pdfPageCount, pdfText, type RunningService } from '@xaalis/service-kit';
import { start } from '../../../server';
import { asTenant, binaryBody, createCompany } from '../../../test-support';
import { credit, debit, ensureAccounts, entryOn, postSql } from '../../../test-support/ledger';

// PDFs are built and rendered in the worker pool (compiled code: `npx tsc -b` first), never on the request loop.

let service: RunningService;
let api: string;
let tenant: Record<string, string>;
const LINES = 3_000;

beforeAll(async () => {
  service = await start({ port: 0 });
  const company = await createCompany(service, { name: 'Grand Livre SARL' });
  const ids = await ensureAccounts(service.ctx.sequelize, company.id, ['571', '706']);
  // 30 entries of 100 lines: a Grand livre of 3 000 lines (pdfmake lays out about 1 ms per line).
  for (let e = 0; e < LINES / 100; e++) {
    const day = String((e % 28) + 1).padStart(2, '0');
    const lines = Array.from({ length: 50 }, (_, i) => [debit('571', 1_000 + i), credit('706', 1_000 + i)]).flat();
    await postSql(service.ctx.sequelize, company.id, ids, entryOn(`2026-03-${day}`, ...lines));
  }
  api = `/api/companies/${company.id}/reports`;
  tenant = asTenant(company.id);
}, 120_000);

afterAll(async () => {
  await service.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('answers other requests at once while a long Grand livre PDF renders', async () => {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const started = performance.now();
  let renderMs = 0;
  const pdf = request(service.app)
    .get(`${api}/general-ledger?from=2026-01-01&to=2026-12-31&format=pdf`)
    .set(tenant)
    .buffer(true)
    .parse(binaryBody)
    .then((res) => {
      renderMs = performance.now() - started;
      return res;
    });
  delay.enable();
  const quick: number[] = [];
  while (!renderMs) {
    const t0 = performance.now();
    await request(service.app).get(`${api}/years`).set(tenant).expect(200);
    quick.push(performance.now() - t0);
    await sleep(20);
  }
  delay.disable();
  const res = await pdf;
  expect(res.status).toBe(200);
  expect(res.headers['content-disposition']).toBe('attachment; filename="general-ledger-2026-01-01-2026-12-31.pdf"');
  const text = pdfText(res.body as Buffer);
  expect(text).toContain('Total 571');
  expect(pdfPageCount(res.body as Buffer)).toBeGreaterThan(40);
  // The PDF took long; meanwhile the loop never stalled and plain requests answered quickly.
  const stats = {
    renderMs: Math.round(renderMs),
    quickRequests: quick.length,
    quickMaxMs: Math.round(Math.max(...quick)),
    loopDelayMaxMs: Math.round(delay.max / 1e6),
  };
  console.log('general-ledger PDF (3 000 lines) while serving', stats);
  expect(renderMs).toBeGreaterThan(1_000);
  expect(quick.length).toBeGreaterThan(5);
  // Bounds relative to the render: on the loop, it would stall the loop and every request for its
  // whole length. (Absolute bounds of 300 ms failed on a loaded CI machine: 340 ms, the database's time.)
  expect(stats.quickMaxMs).toBeLessThan(renderMs / 3);
  expect(stats.loopDelayMaxMs).toBeLessThan(renderMs / 3);
}, 60_000);

it('answers a French 503 when a PDF task times out, and the service goes on', async () => {
  try {
    await configureWorkerPool({ timeoutMs: 5 });
    const res = await request(service.app).get(`${api}/trial-balance?from=2026-01-01&to=2026-12-31&format=pdf`).set(tenant).expect(503);
    expect(res.body).toEqual({ message: MESSAGES_HTTP.documentTimeout });
    const xlsx = await request(service.app).get(`${api}/trial-balance?from=2026-01-01&to=2026-12-31&format=xlsx`).set(tenant).expect(503);
    expect(xlsx.body).toEqual({ message: MESSAGES_HTTP.documentTimeout });
    await request(service.app).get(`${api}/years`).set(tenant).expect(200);
  } finally {
    await configureWorkerPool({});
  }
  const pdf = await request(service.app)
    .get(`${api}/trial-balance?from=2026-01-01&to=2026-12-31&format=pdf`)
    .set(tenant)
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  expect(pdfText(pdf.body as Buffer)).toContain('571');
});
