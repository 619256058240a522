// Plain-JS bootstrap shared by `npm start` and `npm test`: it must run on a fresh
// clone, before any dependency is installed or anything is built.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} a échoué (code ${res.status ?? res.signal})`);
    process.exit(res.status || 1);
  }
}

/** `npm install` when node_modules is missing or older than the lock file. */
function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !fs.existsSync(marker) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
  if (stale) {
    console.log('▶ Installation des dépendances (npm install)…');
    // npm ci refuses our lock file (it lacks non-Linux binaries): see DESIGN.md §2.
    run('npm', ['install', '--no-audit', '--no-fund']);
  }
}

const SERVER_BUILDS = [
  'infra/dist/local/orchestrator.js',
  'gateway/dist/server.js',
  'services/accounting/dist/server.js',
  'services/hr/dist/server.js',
  'services/sector/dist/server.js',
];
const WEB_BUILDS = [
  'shell/dist/index.html',
  'mfe-accounting/dist/remoteEntry.js',
  'mfe-hr/dist/remoteEntry.js',
  'mfe-sector/dist/remoteEntry.js',
];
const missing = (files) => files.some((f) => !fs.existsSync(path.join(root, f)));

/** Builds what is missing (a built checkout starts without rebuilding). */
function ensureBuilt({ web = true } = {}) {
  if (missing(SERVER_BUILDS)) {
    console.log('▶ Compilation des services (tsc -b)…');
    run('npm', ['run', '--silent', 'build:server']);
  }
  if (web && missing(WEB_BUILDS)) {
    console.log('▶ Construction du front-end (webpack)…');
    run('npm', ['run', '--silent', 'build:web']);
  }
}

module.exports = { root, run, ensureInstalled, ensureBuilt };
