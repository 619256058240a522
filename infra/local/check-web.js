#!/usr/bin/env node
// The front ends' type check and lint on one TypeScript program (`npm test`): the type
// errors `tsc -p tsconfig.web.json` would report, then ESLint on the same program
// instead of a second one built from scratch. ESLint's cache cannot hold a program,
// so `npm run lint` (cached) stays the quick way to lint while editing.
const path = require('node:path');
const ts = require('typescript');
const { ESLint } = require('eslint');
const { gitFiles } = require('./lint');
const { isWebFile } = require('../lint/programs');

const root = path.resolve(__dirname, '..', '..');

function webProgram() {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.web.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  return ts.createProgram({ rootNames: config.fileNames, options: config.options });
}

async function main() {
  const program = webProgram();
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    // The same lines `tsc` prints when its output is not a terminal (as in CI).
    console.log(ts.formatDiagnostics(diagnostics, host));
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { project: null, programs: [program] } } }],
  });
  const results = await eslint.lintFiles(gitFiles().filter(isWebFile));
  const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
  if (problems > 0) console.log(await (await eslint.loadFormatter('stylish')).format(results));
  process.exit(diagnostics.length > 0 || problems > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
