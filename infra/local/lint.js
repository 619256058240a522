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

/** The files git knows: tracked, plus new ones it does not ignore. */
function gitFiles() {
  const res = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`git ls-files a échoué : ${res.stderr}`);
  return [...new Set(res.stdout.split('\0'))].filter((f) => f && fs.existsSync(path.join(root, f)));
}
const lintedFiles = () => gitFiles().filter((f) => LINTED.test(f));

function cacheDir() {
  const base = process.env.XAALIS_CACHE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'xaalis');
  fs.mkdirSync(base, { recursive: true });
  return base;
}

/** A package's command-line script (not every package exports its bin path). */
const binOf = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

/** Runs a node script; resolves with its exit code and what it printed. */
function runNode(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    // Nothing left behind when the caller stops early (npm test after a failed type check).
    const stop = () => child.kill();
    process.once('exit', stop);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      process.removeListener('exit', stop);
      resolve({ code: code ?? 1, output: output.trim() });
    });
  });
}

/**
 * ESLint's cache knows the files and its own config, not the TypeScript programs typed rules
 * read: a changed tsconfig (a new path mapping) would keep serving the old results. The cache
 * is kept per content of the tsconfigs and the lock file.
 */
function eslintCacheDir() {
  const hash = require('node:crypto').createHash('sha256');
  for (const file of ['tsconfig.base.json', 'tsconfig.lint.json', 'tsconfig.web.json', 'tsconfig.web.base.json', 'package-lock.json']) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full));
  }
  return `${cacheDir()}/eslint-${hash.digest('hex').slice(0, 16)}/`;
}

function eslintCli(files, { fix = false } = {}) {
  const args = ['--cache', '--cache-strategy', 'content', '--cache-location', eslintCacheDir(), '--max-warnings', '0'];
  if (fix) args.push('--fix');
  return runNode(binOf('eslint', 'bin/eslint.js'), [...args, '--', ...files]);
}

function prettierCli({ write = false } = {}) {
  const cache = path.join(cacheDir(), `prettier-${Buffer.from(root).toString('base64url')}.json`);
  const args = [write ? '--write' : '--check', '--ignore-unknown', '--log-level', 'warn', '--cache', '--cache-strategy', 'content'];
  return runNode(binOf('prettier', 'bin/prettier.cjs'), [...args, '--cache-location', cache, '--', ...gitFiles()]);
}

/** Whether all the runs passed, and what they printed. */
async function verdict(runs) {
  const results = await Promise.all(runs);
  return {
    ok: results.every((r) => r.code === 0),
    report: results
      .map((r) => r.output)
      .filter(Boolean)
      .join('\n'),
  };
}

/** `npm run lint` (and `--fix`, `--format`): ESLint and Prettier side by side, both cached. */
function lint({ fix = false, eslint = true } = {}) {
  return verdict([...(eslint ? [eslintCli(lintedFiles(), { fix })] : []), prettierCli({ write: fix })]);
}

/**
 * The lint as `npm test` runs it, beside `tsc -b`: the front ends' type check and lint
 * share one program (infra/local/check-web.js, what `tsc -p tsconfig.web.json` would
 * build again), while the rest goes through the cached ESLint and Prettier.
 */
function lintAndCheckWeb() {
  const { isWebFile } = require('../lint/programs');
  return verdict([runNode(path.join(__dirname, 'check-web.js'), []), eslintCli(lintedFiles().filter((f) => !isWebFile(f))), prettierCli()]);
}

module.exports = { lint, lintAndCheckWeb, gitFiles };

if (require.main === module) {
  const args = process.argv.slice(2);
  const format = args.includes('--format');
  const fix = format || args.includes('--fix');
  lint({ fix, eslint: !format }).then(({ ok, report }) => {
    if (report) console.log(report);
    if (!ok)
      console.error(
        fix
          ? '✖ Il reste des erreurs à corriger à la main.'
          : '✖ Lint : corrigez ce qui est signalé (npm run lint -- --fix corrige ce qui peut l’être).',
      );
    process.exit(ok ? 0 : 1);
  });
}
