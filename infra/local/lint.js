#!/usr/bin/env node
// `npm run lint`: ESLint (type-aware, with the dependency rules of DESIGN.md §1) and
// `prettier --check` over the files git knows (tracked, plus new files not ignored).
// `npm run lint -- --fix` fixes what can be fixed; `npm run format` only formats.
// Caches live outside the repository (one per checkout, keyed by content, not mtime).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const LINTED = /\.(ts|tsx|js|cjs|mjs)$/;

function gitFiles() {
  const res = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`git ls-files a échoué : ${res.stderr}`);
  return [...new Set(res.stdout.split('\0'))].filter((f) => f && fs.existsSync(path.join(root, f)));
}

function cacheDir() {
  const base = process.env.XAALIS_CACHE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'xaalis');
  fs.mkdirSync(base, { recursive: true });
  return base;
}

/** A package's command-line script (not every package exports its bin path). */
const binOf = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

/** Runs a node CLI (at `priority`, a nice value); resolves with its exit code and what it printed. */
function runCli(bin, args, priority) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    if (priority) os.setPriority(child.pid, priority);
    // Nothing left behind when the caller stops early (npm test after a failed type check).
    const stop = () => child.kill();
    process.once('exit', stop);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      process.removeListener('exit', stop);
      resolve({ code: code ?? 1, output });
    });
  });
}

/**
 * ESLint and Prettier side by side; resolves with whether both are clean and what
 * they reported. `priority` (a nice value) lets the lint use only the CPU that the
 * other steps of `npm test` leave idle.
 */
async function lint({ fix = false, eslint = true, prettier = true, priority = 0 } = {}) {
  const files = gitFiles();
  const cache = cacheDir();
  const tasks = [];
  if (eslint) {
    const args = ['--cache', '--cache-strategy', 'content', '--cache-location', `${cache}/eslint/`, '--max-warnings', '0'];
    if (fix) args.push('--fix');
    tasks.push(runCli(binOf('eslint', 'bin/eslint.js'), [...args, '--', ...files.filter((f) => LINTED.test(f))], priority));
  }
  if (prettier) {
    const args = [fix ? '--write' : '--check', '--ignore-unknown', '--log-level', 'warn', '--cache', '--cache-strategy', 'content'];
    args.push('--cache-location', path.join(cache, `prettier-${Buffer.from(root).toString('base64url')}.json`));
    tasks.push(runCli(binOf('prettier', 'bin/prettier.cjs'), [...args, '--', ...files], priority));
  }
  const results = await Promise.all(tasks);
  const report = results
    .map((r) => r.output.trim())
    .filter(Boolean)
    .join('\n');
  return { ok: results.every((r) => r.code === 0), report };
}

module.exports = { lint };

if (require.main === module) {
  const args = process.argv.slice(2);
  const only = args.includes('--format') ? { eslint: false } : {};
  lint({ fix: args.includes('--fix') || args.includes('--format'), ...only }).then(({ ok, report }) => {
    if (report) console.log(report);
    if (!ok)
      console.error(
        args.includes('--fix')
          ? '✖ Il reste des erreurs à corriger à la main.'
          : '✖ Lint : corrigez ce qui est signalé (npm run lint -- --fix corrige ce qui peut l’être).',
      );
    process.exit(ok ? 0 : 1);
  });
}
