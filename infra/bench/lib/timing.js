// Timing helpers shared by the benchmarks: a clock, percentiles, sequential and
// concurrent runs. No dependency: usable by benchmarks that need no database.

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

module.exports = { now, ms, percentile, summary, timeSequential, timeConcurrent };
