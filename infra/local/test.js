#!/usr/bin/env node
// `npm test`: every test — type checks (which also build the server code) and the lint
// (ESLint, Prettier) side by side, then unit, integration and component tests, the
// front-end build, and end-to-end tests in Chromium against the app started the way
// `npm start` starts it.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { root, ensureInstalled } = require('./bootstrap');

const args = process.argv.slice(2);
const skipE2e = args.includes('--no-e2e') || process.env.XAALIS_SKIP_E2E === '1';
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Runs a command with the terminal; resolves with its exit code (the event loop keeps turning). */
function exec(cmd, cmdArgs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** A step that must succeed for the rest to make sense (type checks, builds). */
async function step(cmd, cmdArgs) {
  const code = await exec(cmd, cmdArgs);
  if (code !== 0) {
    console.error(`\n✖ ${cmd} ${cmdArgs.join(' ')} a échoué (code ${code})`);
    process.exit(code);
  }
}

async function jest(config, name) {
  const out = path.join(outDir, `${name}.json`);
  const code = await exec('npx', ['jest', '--config', config, '--json', '--outputFile', out]);
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests || 0);
    if (code !== 0 && r.numFailedTests === 0) totals.failed += Math.max(1, r.numFailedTestSuites || r.numRuntimeErrorTestSuites || 0);
  } else if (code !== 0) {
    totals.failed += 1;
  }
  return code === 0;
}

async function main() {
  ensureInstalled();
  const { lintAndCheckWeb } = require('./lint');
  const started = Date.now();
  console.log('▶ Vérification des types (tsc) et lint (ESLint, Prettier), en parallèle…');
  // The server build (tsc -b, single-threaded) beside the front ends' type check and lint
  // (one shared program) and the cached lint of the rest.
  const linting = lintAndCheckWeb();
  await step('npx', ['tsc', '-b', 'tsconfig.json']);
  const { ok: lintOk, report } = await linting;
  if (report) console.log(report);
  const took = `${((Date.now() - started) / 1000).toFixed(0)} s`;
  console.log(
    lintOk
      ? `✔ Types et lint : OK (${took})`
      : '✖ Types du front-end ou lint : voir ci-dessus (npm run lint -- --fix corrige ce qui peut l’être).',
  );
  if (!lintOk) totals.failed += 1;

  console.log('▶ Tests unitaires, d’intégration et de composants (jest)…');
  let ok = await jest('jest.config.js', 'unit');
  if (!skipE2e) {
    console.log('▶ Construction du front-end pour les tests de bout en bout…');
    await step('npm', ['run', '--silent', 'build:web']);
    console.log('▶ Tests de bout en bout (Chromium)…');
    ok = (await jest('e2e/jest.config.js', 'e2e')) && ok;
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok && lintOk && totals.failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
