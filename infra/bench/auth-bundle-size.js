#!/usr/bin/env node
// The JavaScript a cold load of /auth downloads, gzipped, against the 170 KiB budget
// (DESIGN.md §2). Reads the built files only; no browser, no dependencies.
//
//   node infra/bench/auth-bundle-size.js [shell/dist] [--group page-auth] [--budget 170] [--json]
//
// How the chunks are determined (the shell is a Module Federation host built with
// asyncStartup and remotes registered at run time, so no remote is fetched for /auth):
//  1. the <script src> of dist/index.html (the entry chunks: webpack runtime, federation
//     runtime and the shell's main code);
//  2. the lazy chunk group of the /auth page, `page-auth` (webpackChunkName in
//     shell/src/features/auth/AuthRoute.tsx), as listed by the build's chunk graph;
//  3. closure over shared modules: every chunk above carries consume-shared modules
//     (react, @mui/material/Button, @xaalis/web-kit...). Before a chunk runs, the
//     federation runtime loads the provider of each of them; on a cold load the shell
//     is the only container, so the provider is the shell's own build: the chunks of
//     its provide-shared module for that share key. Those chunks consume further shared
//     modules, and so on until nothing new is added.
// The chunk graph (`dist/.chunk-graph.json`) is written by the ChunkGraphPlugin of
// packages/web-kit/build/webpack-common.js: per chunk id its JS files and consumed
// share keys, per share key the chunks of the shell's provider, per named chunk group
// its chunks. Chunks are followed by id, not by file: a chunk that holds only
// consume-shared modules has no file of its own but still triggers their loading. Sizes: gzip level 6 (what express `compression` and nginx use by default).
// A real browser measure (e2e) should agree within a few percent; it also counts the
// HTTP overhead, which this does not.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

function parseArgs(argv) {
  const args = { dist: path.resolve(__dirname, '../../shell/dist'), group: 'page-auth', budget: 170, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--group') args.group = argv[(i += 1)];
    else if (a === '--budget') args.budget = Number(argv[(i += 1)]);
    else if (a === '--json') args.json = true;
    else if (!a.startsWith('--')) args.dist = path.resolve(a);
  }
  return args;
}

function scriptsOf(html) {
  const files = [];
  const re = /<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi;
  let m;
  while ((m = re.exec(html))) {
    const src = m[1].split('?')[0];
    if (!/^https?:/i.test(src)) files.push(src.replace(/^\/+/, ''));
  }
  return files;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const html = fs.readFileSync(path.join(args.dist, 'index.html'), 'utf8');
  const graph = JSON.parse(fs.readFileSync(path.join(args.dist, '.chunk-graph.json'), 'utf8'));
  const chunkOfFile = new Map();
  for (const [id, chunk] of Object.entries(graph.chunks)) for (const file of chunk.files) chunkOfFile.set(file, id);

  const reasons = new Map(); // chunk id -> why it is loaded
  const queue = [];
  const add = (id, reason) => {
    if (reasons.has(id)) return;
    reasons.set(id, reason);
    queue.push(id);
  };
  for (const file of scriptsOf(html)) {
    const id = chunkOfFile.get(file);
    if (id === undefined) throw new Error(`${file} (index.html) is not in .chunk-graph.json`);
    add(id, 'index.html');
  }
  const group = graph.namedChunkGroups[args.group];
  if (!group) throw new Error(`chunk group "${args.group}" not found in .chunk-graph.json`);
  for (const id of group) add(id, `chunk group ${args.group}`);

  while (queue.length) {
    const chunk = graph.chunks[queue.shift()];
    for (const { shareKey, fallback } of chunk.consumes) {
      for (const id of graph.provides[shareKey] || fallback) add(id, `shared ${shareKey}`);
    }
  }

  const fileReasons = new Map();
  for (const [id, reason] of reasons) for (const file of graph.chunks[id].files) if (!fileReasons.has(file)) fileReasons.set(file, reason);
  const rows = [...fileReasons.entries()].map(([file, reason]) => {
    const buf = fs.readFileSync(path.join(args.dist, file));
    return { file, reason, bytes: buf.length, gzip: zlib.gzipSync(buf, { level: 6 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((s, r) => ({ bytes: s.bytes + r.bytes, gzip: s.gzip + r.gzip }), { bytes: 0, gzip: 0 });
  const kib = (n) => (n / 1024).toFixed(1);
  const withinBudget = total.gzip / 1024 <= args.budget;

  if (args.json) {
    console.log(
      JSON.stringify(
        { page: '/auth', files: rows, totalBytes: total.bytes, totalGzip: total.gzip, budgetKiB: args.budget, withinBudget },
        null,
        2,
      ),
    );
  } else {
    console.log(`JavaScript for a cold load of /auth (${rows.length} files, from ${path.relative(process.cwd(), args.dist) || '.'})`);
    for (const r of rows) console.log(`  ${kib(r.gzip).padStart(7)} KiB gz  ${kib(r.bytes).padStart(7)} KiB  ${r.file}  (${r.reason})`);
    console.log(
      `Total: ${kib(total.gzip)} KiB gzipped (${kib(total.bytes)} KiB minified); budget ${args.budget} KiB: ${withinBudget ? 'OK' : 'OVER BUDGET'}`,
    );
  }
  process.exitCode = withinBudget ? 0 : 1;
}

main();
