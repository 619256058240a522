// Timing helpers shared by the benchmarks: a clock, percentiles, sequential and
// concurrent runs. No dependency: usable by benchmarks that need no database.

/** The bench's positional options, process.argv[2], [3], …, as numbers: each defaults to its entry of `defaults`. */
const numericArgs = (...defaults) => defaults.map((value, i) => Number(process.argv[2 + i] ?? value));

const now = () => Number(process.hrtime.bigint()) / 1e6;
const ms = (v) => `${v.toFixed(2)} ms`;

/** The p-th percentile (nearest rank) of ascending `sorted`. */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, median: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
}

/** `times` sequential calls of fn after `warmUp` unmeasured ones: the summary of their latencies. */
async function timeSequential(fn, times, warmUp = 5) {
  for (let i = 0; i < warmUp; i++) await fn();
  const latencies = [];
  for (let i = 0; i < times; i++) {
    const t = now();
    await fn();
    latencies.push(now() - t);
  }
  return summary(latencies);
}

/** task(i) for i = 0 … count − 1, `workers` at a time: each call's latency, in the order they end. */
async function timeConcurrent(count, workers, task) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        const i = next++;
        const t = now();
        await task(i);
        latencies.push(now() - t);
      }
    }),
  );
  return latencies;
}

/**
 * For each [title, url] of `cases`: `requests` sequential GETs with `headers` (after 5 warm-up), each
 * expected to answer 200. Prints the title padded to `pad`, the median and p95 (padded to `msWidth`),
 * then describe(title, body) of the last answer.
 */
async function timeGets(cases, { headers, requests, pad, msWidth = 0, describe }) {
  for (const [title, url] of cases) {
    let body;
    const s = await timeSequential(async () => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`${title}: ${res.status} ${await res.text()}`);
      body = await res.json();
    }, requests);
    console.log(
      `  ${title.padEnd(pad)} median ${ms(s.median).padStart(msWidth)}   p95 ${ms(s.p95).padStart(msWidth)}   ${describe(title, body)}`,
    );
  }
}

/** How the list benches describe a page: its size and total, and on the first page the company's counters. */
const describePage = (title, body) =>
  `(${body.items.length} items, totalItems ${body.totalItems})` +
  (title === 'first page' ? `\n  counters: ${JSON.stringify(body.counters)}` : '');

module.exports = { numericArgs, now, ms, percentile, summary, timeSequential, timeConcurrent, timeGets, describePage };
