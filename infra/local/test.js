#!/usr/bin/env node
// `npm test`: every test — type checks (which also build the server code) side by side
// with the lint (ESLint, Prettier), then unit, integration and component tests, the
// front-end build, and end-to-end tests in Chromium against the app started the way
// `npm start` starts it.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { root, run, ensureInstalled } = require('./bootstrap');

const args = process.argv.slice(2);
const skipE2e = args.includes('--no-e2e') || process.env.XAALIS_SKIP_E2E === '1';
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function jest(config, name) {
  const out = path.join(outDir, `${name}.json`);
  const res = spawnSync('npx', ['jest', '--config', config, '--json', '--outputFile', out], { cwd: root, stdio: 'inherit' });
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests || 0);
    if (res.status !== 0 && r.numFailedTests === 0) totals.failed += Math.max(1, r.numFailedTestSuites || r.numRuntimeErrorTestSuites || 0);
  } else if (res.status !== 0) {
    totals.failed += 1;
  }
  return res.status === 0;
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

async function main() {
  ensureInstalled();
  const { lint } = require('./lint'); // after the install: it loads nothing itself, but runs ESLint and Prettier
  console.log('▶ Vérification des types (tsc) et lint (ESLint, Prettier), en parallèle…');
  const started = Date.now();
  // tsc is single-threaded: the lint takes the other core meanwhile.
  const linting = lint();
  run('npm', ['run', '--silent', 'typecheck']);
  const lintOk = await linting;
  console.log(lintOk ? `✔ Types et lint : OK (${seconds(started)})` : '✖ Lint : des règles ne sont pas respectées (ci-dessus).');
  if (!lintOk) totals.failed += 1;

  console.log('▶ Tests unitaires, d’intégration et de composants (jest)…');
  let ok = jest('jest.config.js', 'unit') && lintOk;
  if (!skipE2e) {
    console.log('▶ Construction du front-end pour les tests de bout en bout…');
    run('npm', ['run', '--silent', 'build:web']);
    console.log('▶ Tests de bout en bout (Chromium)…');
    ok = jest('e2e/jest.config.js', 'e2e') && ok;
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
