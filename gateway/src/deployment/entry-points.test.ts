import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Every production entry point (`node <x>/dist/server.js` or `worker.js` in docker-compose)
// refuses to start with weak secrets before touching the database. Run here from the
// TypeScript sources through a small require hook (@swc/core, as Jest does), as main modules.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const ENTRIES = [
  'gateway/src/server.ts',
  ...['accounting', 'hr', 'sector'].flatMap((s) => [`services/${s}/src/server.ts`, `services/${s}/src/worker.ts`]),
];

const HOOK = `
const Module = require('node:module');
const swc = require(${JSON.stringify(require.resolve('@swc/core'))});
const packages = {
  '@xaalis/contracts': ${JSON.stringify(path.join(ROOT, 'packages/contracts/src/index.ts'))},
  '@xaalis/service-kit': ${JSON.stringify(path.join(ROOT, 'packages/service-kit/src/index.ts'))},
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, packages[request] || request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const options = { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } };
  module._compile(swc.transformFileSync(filename, options).code, filename);
};
`;

let hookFile: string;
beforeAll(() => {
  hookFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-entry-')), 'ts-hook.js');
  fs.writeFileSync(hookFile, HOOK);
});
afterAll(() => fs.rmSync(path.dirname(hookFile), { recursive: true, force: true }));

/** Runs an entry point as `node <entry>` with exactly `env`; resolves with its exit code and output. */
function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['-r', hookFile, path.join(ROOT, entry)],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 20_000 },
      (_err, stdout, stderr) => resolve({ code: child.exitCode, output: stdout + stderr }),
    );
  });
}

// Spawning costs ~2 s of module loading each: three representative entry points run for
// real, and every entry point is checked to make the same call first.
const SPAWNED = ['gateway/src/server.ts', 'services/accounting/src/server.ts', 'services/hr/src/worker.ts'];

it('servers and workers refuse to start in production with missing, default or short secrets', async () => {
  const env = {
    NODE_ENV: 'production',
    // An unresolvable host: an entry point that skipped the check would fail differently (or hang).
    DATABASE_URL: 'postgres://xaalis:xaalis@db.invalid:1/xaalis',
    REDIS_URL: 'redis://127.0.0.1:1',
    SESSION_SECRET: 'change-me-session-secret',
    LOG_LEVEL: 'fatal',
  };
  const results = await Promise.all(SPAWNED.map((entry) => run(entry, env)));
  SPAWNED.forEach((entry, i) => {
    const { code, output } = results[i];
    expect({ entry, code }).toEqual({ entry, code: 1 });
    expect(output).toContain('Refusing to start in production');
    expect(output).toContain('INTERNAL_TOKEN is not set: generate one with `openssl rand -hex 32`');
    expect(output).toContain('the password in DATABASE_URL (POSTGRES_PASSWORD) is a known default value');
    if (entry.startsWith('gateway')) expect(output).toContain('SESSION_SECRET is a known default value');
  });
});

it.each(ENTRIES)('%s checks the secrets before it starts anything', (entry) => {
  const source = fs.readFileSync(path.join(ROOT, entry), 'utf8');
  const main = source.slice(source.indexOf('if (require.main === module) {'));
  expect(main).toMatch(/^if \(require\.main === module\) \{\n {2}assertProductionSecrets\(/);
  const secrets = entry.startsWith('gateway') ? "[...SERVICE_SECRETS, 'SESSION_SECRET']" : 'SERVICE_SECRETS';
  expect(main).toContain(`assertProductionSecrets(${secrets}`);
});
