// The two TypeScript programs that give ESLint its type information, and the files
// each one lints: one place for eslint.config.js and for the scripts that split the work.
const { minimatch } = require('minimatch');

/** Server side and tooling, read from source (tsconfig.lint.json). */
const SERVER_TS = [
  'packages/domain/src/**/*.ts',
  'packages/contracts/src/**/*.ts',
  'packages/service-kit/src/**/*.ts',
  'services/*/src/**/*.ts',
  'gateway/src/**/*.ts',
  'infra/src/**/*.ts',
  'e2e/src/**/*.ts',
];
/** The front ends (tsconfig.web.json, which `npm run typecheck` checks too). */
const WEB_TS = ['packages/web-kit/src/**/*.{ts,tsx}', 'packages/web-kit/jest.setup.ts', '{shell,mfe-*}/src/**/*.{ts,tsx}'];

/** Whether a repository-relative path is linted with the front ends' program. */
const isWebFile = (file) => WEB_TS.some((glob) => minimatch(file, glob));

module.exports = { SERVER_TS, WEB_TS, isWebFile };
