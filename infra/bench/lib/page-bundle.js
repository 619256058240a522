// The JavaScript a cold load of a page of the shell downloads, computed from the build
// (shell/dist): used by infra/bench/auth-bundle-size.js and by the /auth budget test
// (e2e/src/auth-bundle-budget.e2e.test.ts). No browser, no dependencies.
//
// How the chunks are determined (the shell is a Module Federation host built with
// asyncStartup and remotes registered at run time, so no remote is fetched for /auth):
//  1. the <script src> of dist/index.html (the entry chunks: webpack runtime, federation
//     runtime and the shell's main code);
//  2. the page's lazy chunk group (`page-auth`: webpackChunkName in
//     shell/src/features/auth/SignedOutAuthRoute.tsx), as listed by the build's chunk graph;
//  3. closure over shared modules: every chunk above carries consume-shared modules
//     (react, @mui/material/Button...). Before a chunk runs, the federation runtime loads
//     the provider of each of them; on a cold load the shell is the only container, so the
//     provider is the shell's own build: the chunks of its provide-shared module for that
//     share key. Those chunks consume further shared modules, and so on.
// The chunk graph (`dist/.chunk-graph.json`) is written by the ChunkGraphPlugin of
// packages/web-kit/build/webpack-common.js. Chunks are followed by id, not by file: a chunk
// that holds only consume-shared modules has no file of its own but still triggers their
// loading. Sizes: gzip level 6 (what express `compression` and nginx use by default).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const SHELL_DIST = path.resolve(__dirname, '../../../shell/dist');

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

/** Chunk ids a load of index.html plus the given chunk groups fetches (shared-module closure). */
function loadedChunks(dist, graph, groups) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
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
  for (const group of groups) {
    const groupChunks = graph.namedChunkGroups[group];
    if (!groupChunks) throw new Error(`chunk group "${group}" not found in .chunk-graph.json`);
    for (const id of groupChunks) add(id, `chunk group ${group}`);
  }
  while (queue.length) {
    const chunk = graph.chunks[queue.shift()];
    for (const { shareKey, fallback } of chunk.consumes) {
      for (const id of graph.provides[shareKey] || fallback) add(id, `shared ${shareKey}`);
    }
  }
  return reasons;
}

function readGraph(dist) {
  return JSON.parse(fs.readFileSync(path.join(dist, '.chunk-graph.json'), 'utf8'));
}

/** Modules carried by more than one of the given chunks' files. */
function duplicatesIn(graph, chunkIds) {
  const moduleFiles = new Map(); // module -> files that carry it
  for (const id of chunkIds) {
    const chunk = graph.chunks[id];
    if (!chunk.files.length) continue;
    for (const m of chunk.modules || []) {
      const name = graph.modules[m] || String(m);
      moduleFiles.set(name, [...(moduleFiles.get(name) || []), ...chunk.files]);
    }
  }
  return [...moduleFiles]
    .filter(([, where]) => where.length > 1)
    .map(([module, where]) => ({ module, files: where }))
    .sort((a, b) => a.module.localeCompare(b.module));
}

/**
 * Modules shipped twice anywhere in the shell's build: every chunk a visit can load
 * (the entry, every named chunk group — pages, workspace, toasts, validation — and their
 * shared modules), whatever the order.
 */
function shellDuplicates({ dist = SHELL_DIST } = {}) {
  const graph = readGraph(dist);
  return duplicatesIn(graph, loadedChunks(dist, graph, Object.keys(graph.namedChunkGroups)).keys());
}

/**
 * @param {{ dist?: string, group?: string }} [options]
 * @returns {{ files: { file: string, reason: string, bytes: number, gzip: number, modules: string[] }[],
 *   totalBytes: number, totalGzip: number, duplicates: { module: string, files: string[] }[] }}
 */
function measurePageJs({ dist = SHELL_DIST, group = 'page-auth' } = {}) {
  const graph = readGraph(dist);
  const reasons = loadedChunks(dist, graph, [group]);
  const files = [];
  const seenFiles = new Set();
  for (const [id, reason] of reasons) {
    const chunk = graph.chunks[id];
    for (const file of chunk.files) {
      if (seenFiles.has(file)) continue;
      seenFiles.add(file);
      const buf = fs.readFileSync(path.join(dist, file));
      const modules = (chunk.modules || []).map((m) => graph.modules[m] || String(m));
      files.push({ file, reason, bytes: buf.length, gzip: zlib.gzipSync(buf, { level: 6 }).length, modules });
    }
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    totalGzip: files.reduce((s, f) => s + f.gzip, 0),
    duplicates: duplicatesIn(graph, reasons.keys()),
  };
}

const kib = (n) => (n / 1024).toFixed(1);

/** "  63.9 KiB gz  7470.js (shared react-dom/client): react-dom/..." lines of the largest files. */
function largestPieces(result, count = 12) {
  return result.files.slice(0, count).map((f) => {
    const what = f.modules.length ? `: ${f.modules.slice(0, 3).join(', ')}${f.modules.length > 3 ? `, +${f.modules.length - 3}` : ''}` : '';
    return `${kib(f.gzip).padStart(7)} KiB gz  ${f.file}  (${f.reason})${what}`;
  });
}

module.exports = { measurePageJs, shellDuplicates, largestPieces, kib, SHELL_DIST };
