#!/usr/bin/env node
// The JavaScript a cold load of /auth downloads, gzipped, against the 170 KiB budget
// (DESIGN.md §2). Reads the built files only; no browser, no dependencies. How the
// chunks are determined: infra/bench/lib/page-bundle.js (shared with the budget test,
// e2e/src/auth-bundle-budget.e2e.test.ts).
//
//   node infra/bench/auth-bundle-size.js [shell/dist] [--group page-auth] [--budget 170] [--json]
//
// A real browser measure (infra/bench/auth-js-transfer.js) should agree within a few
// percent; it also counts the HTTP overhead, which this does not.
'use strict';
const path = require('node:path');
const { measurePageJs, kib, SHELL_DIST } = require('./lib/page-bundle');

function parseArgs(argv) {
  const args = { dist: SHELL_DIST, group: 'page-auth', budget: 170, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--group') args.group = argv[(i += 1)];
    else if (a === '--budget') args.budget = Number(argv[(i += 1)]);
    else if (a === '--json') args.json = true;
    else if (!a.startsWith('--')) args.dist = path.resolve(a);
  }
  return args;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const result = measurePageJs({ dist: args.dist, group: args.group });
  const withinBudget = result.totalGzip / 1024 <= args.budget;

  if (args.json) {
    console.log(
      JSON.stringify(
        {
          page: '/auth',
          files: result.files.map(({ modules, ...f }) => ({ ...f, modules: modules.length })),
          totalBytes: result.totalBytes,
          totalGzip: result.totalGzip,
          duplicates: result.duplicates,
          budgetKiB: args.budget,
          withinBudget,
        },
        null,
        2,
      ),
    );
  } else {
    console.log(
      `JavaScript for a cold load of /auth (${result.files.length} files, from ${path.relative(process.cwd(), args.dist) || '.'})`,
    );
    for (const r of result.files)
      console.log(`  ${kib(r.gzip).padStart(7)} KiB gz  ${kib(r.bytes).padStart(7)} KiB  ${r.file}  (${r.reason})`);
    if (result.duplicates.length) {
      console.log(`Modules shipped more than once (${result.duplicates.length}):`);
      for (const d of result.duplicates) console.log(`  ${d.module}  in ${d.files.join(', ')}`);
    }
    console.log(
      `Total: ${kib(result.totalGzip)} KiB gzipped (${kib(result.totalBytes)} KiB minified); budget ${args.budget} KiB: ${withinBudget ? 'OK' : 'OVER BUDGET'}; modules shipped twice: ${result.duplicates.length}`,
    );
  }
  process.exitCode = withinBudget && result.duplicates.length === 0 ? 0 : 1;
}

main();
