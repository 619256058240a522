#!/usr/bin/env node
// `npm run dev`: the services in watch mode (tsc -b -w, processes restarted by
// `node --watch` when their build changes) and webpack dev servers with hot
// reload for the shell (:3000) and the three remotes (:3001–3003).
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const { root, ensureInstalled, ensureBuilt } = require('./bootstrap');

ensureInstalled();
ensureBuilt({ web: false });

const children = [];
function run(name, cmd, args) {
  const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const s of [child.stdout, child.stderr]) readline.createInterface({ input: s }).on('line', (l) => console.log(`[${name}] ${l}`));
  children.push(child);
}

run('tsc', 'npx', ['tsc', '-b', '-w', '--preserveWatchOutput', 'tsconfig.json']);
for (const app of ['shell', 'mfe-accounting', 'mfe-hr', 'mfe-sector']) run(app, 'npm', ['run', '--silent', 'dev', '-w', app]);

process.env.XAALIS_WATCH = '1';
process.on('exit', () => children.forEach((c) => c.kill('SIGTERM')));
require('../dist/local/orchestrator.js')
  .main(process.argv.slice(2))
  .then(() =>
    console.log(
      '\n  Développement : http://localhost:3000 (front, rechargement à chaud) — API : http://localhost:' +
        (process.env.PORT || 8080) +
        '\n',
    ),
  )
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
