// Shared by the sector benchmarks: another built service started in this
// process, a counting relay proving cross-service reads are batched, and a
// JSON call that insists on its status. Uses the built dist (run
// `npm run build:server` first).
const http = require('node:http');
const path = require('node:path');
const { root } = require('./ledger');

/** Starts services/<name>/dist in this process on a free port (its environment set beforehand). */
async function startService(name) {
  const service = await require(path.join(root, 'services', name, 'dist', 'server')).start({ port: 0 });
  return { service, base: `http://127.0.0.1:${service.port}` };
}

/** A relay to `target` counting the requests per path (without the query). */
async function countingRelay(target) {
  const counts = new Map();
  const server = http.createServer((req, res) => {
    const key = `${req.method} ${req.url.split('?')[0].replace(/[0-9a-f-]{36}/g, ':id')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const upstream = http.request(new URL(req.url, target), { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, counts, close: () => new Promise((r) => server.close(r)) };
}

/** A JSON request; throws unless the response has the `expected` status. */
async function call(base, method, pathAndQuery, headers, body, expected) {
  const res = await fetch(`${base}${pathAndQuery}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== expected) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return res;
}

module.exports = { startService, countingRelay, call };
