#!/usr/bin/env node
// `npm test`: every test — type checks (which also build the server code), unit,
// integration and component tests, the front-end build, end-to-end tests in Chromium
// against the app started the way `npm start` starts it — and the lint (ESLint,
// Prettier), which starts first and runs alongside on the CPU the others leave idle.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { root, ensureInstalled } = require('./bootstrap');

const args = process.argv.slice(2);
const skipE2e = args.includes('--no-e2e') || process.env.XAALIS_SKIP_E2E === '1';
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// The lowest CPU priority: the lint takes only what tsc, Jest, webpack and the browser leave.
const LINT_PRIORITY = 19;

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
  const { lint } = require('./lint');
  const started = Date.now();
  console.log('▶ Lint (ESLint, Prettier), en tâche de fond jusqu’à la fin des tests…');
  // Its verdict is printed as soon as it is known, whatever step is running then.
  const linting = lint({ priority: LINT_PRIORITY }).then(({ ok, report }) => {
    const took = `${((Date.now() - started) / 1000).toFixed(0)} s`;
    if (report) console.log(report);
    console.log(
      ok
        ? `✔ Lint : OK (${took})`
        : `✖ Lint : des règles ne sont pas respectées (ci-dessus ; npm run lint -- --fix corrige ce qui peut l’être)`,
    );
    return ok;
  });

  console.log('▶ Vérification des types (tsc)…');
  await step('npm', ['run', '--silent', 'typecheck']);
  console.log('▶ Tests unitaires, d’intégration et de composants (jest)…');
  let ok = await jest('jest.config.js', 'unit');
  if (!skipE2e) {
    console.log('▶ Construction du front-end pour les tests de bout en bout…');
    await step('npm', ['run', '--silent', 'build:web']);
    console.log('▶ Tests de bout en bout (Chromium)…');
    ok = (await jest('e2e/jest.config.js', 'e2e')) && ok;
  }
  const lintOk = await linting;
  if (!lintOk) totals.failed += 1;
  fs.rmSync(outDir, { recursive: true, force: true });
  console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok && lintOk && totals.failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
