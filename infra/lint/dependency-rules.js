// The dependency rules of DESIGN.md §1 as lint rules: one zone per line of the design,
// each with a message that names the rule and where the shared code goes instead.
const fs = require('node:fs');
const path = require('node:path');
const importX = require('eslint-plugin-import-x');
const { plugin: xaalis } = require('./feature-rules');

const root = path.resolve(__dirname, '..', '..');

const FRONT_ENDS = ['shell', 'mfe-accounting', 'mfe-hr', 'mfe-sector'];
const REMOTES = FRONT_ENDS.filter((app) => app !== 'shell');
const SERVICES = ['services/accounting', 'services/hr', 'services/sector'];
const APPS = [...FRONT_ENDS, 'gateway', ...SERVICES];
const TOOLING = ['infra', 'e2e'];

const except = (list, item) => list.filter((x) => x !== item);
const rule = (text) => `DESIGN §1: ${text}.`;

const zones = [
  // "apps import packages only": no app reaches into another app's folder (the pairs
  // that a more precise line below covers are left to that line).
  ...[
    { target: FRONT_ENDS, from: ['gateway', ...SERVICES] },
    { target: 'gateway', from: [...FRONT_ENDS, ...SERVICES] },
    { target: SERVICES, from: FRONT_ENDS },
  ].map((zone) => ({
    ...zone,
    message: rule(
      'apps import packages only — share types, schemas and French messages through packages/contracts, React pieces through packages/web-kit, service pieces through packages/service-kit',
    ),
  })),
  // "packages never import an app".
  {
    target: 'packages',
    from: [...APPS, ...TOOLING],
    message: rule('packages never import an app — move the code the package needs into the package itself'),
  },
  // "domain imports nothing of ours": pure calculations, below the contracts.
  {
    target: 'packages/domain',
    from: ['packages/contracts', 'packages/web-kit', 'packages/service-kit'],
    message: rule('domain imports nothing of ours — pure money, dates and calculators; the contracts build on it, not the reverse'),
  },
  // "contracts imports nothing of ours".
  {
    target: 'packages/contracts',
    from: ['packages/web-kit', 'packages/service-kit'],
    message: rule('contracts imports nothing of ours — it is the bottom layer that every app and package builds on'),
  },
  // "the shell never imports a remote's code".
  {
    target: 'shell',
    from: REMOTES,
    message: rule(
      'the shell never imports a remote — remotes are loaded at run time (<RemotePage remote=… module=…/>); shared React code goes to packages/web-kit',
    ),
  },
  // "remotes never import each other or the shell".
  ...REMOTES.map((remote) => ({
    target: remote,
    from: [...except(REMOTES, remote), 'shell'],
    message: rule(
      'remotes never import each other or the shell — shared React code goes to packages/web-kit, shared types and routes to packages/contracts',
    ),
  })),
  // "a service never imports another service or the gateway".
  ...SERVICES.map((service) => ({
    target: service,
    from: [...except(SERVICES, service), 'gateway'],
    message: rule(
      'a service never imports another service or the gateway — read through the owning service’s /internal routes, cause effects with a BullMQ job, type the payloads in packages/contracts',
    ),
  })),
  // "front ends never import service-kit".
  {
    target: [...FRONT_ENDS, 'packages/web-kit'],
    from: 'packages/service-kit',
    message: rule('front ends never import service-kit — what both sides need goes to packages/contracts'),
  },
  // "services never import web-kit".
  {
    target: [...SERVICES, 'gateway', 'packages/service-kit'],
    from: 'packages/web-kit',
    message: rule('services never import web-kit — what both sides need goes to packages/contracts'),
  },
  // The tooling (local orchestrator, benchmarks, end-to-end tests) sits above everything.
  {
    target: [...APPS, 'packages'],
    from: TOOLING,
    message: rule('product code never imports the tooling (infra, e2e) — the tooling imports the product, not the reverse'),
  },
];

// Server-side code never loads React or the browser libraries (the externals that the
// zones, being about our own folders, do not see).
const SERVER_SIDE = ['packages/contracts', 'packages/service-kit', 'gateway', ...SERVICES];
const noBrowserLibraries = {
  paths: ['react', 'react-dom', 'react-redux', 'react-router', 'react-router-dom', 'notistack', 'react-hook-form'].map((name) => ({
    name,
    message: rule('no React on the server side — services, the gateway and the packages they use render nothing'),
  })),
  patterns: [
    {
      group: ['react/*', 'react-dom/*', '@mui/*', '@emotion/*', '@reduxjs/*', '@testing-library/*'],
      message: rule('no React on the server side — services, the gateway and the packages they use render nothing'),
    },
  ],
};

// Workspace packages resolve to their folder whether or not they are built, so an import
// of `@xaalis/service-hr` or `@xaalis/service-kit` is checked like a relative path into it;
// a relative path that resolves to no file (`./x.js` for x.ts) is checked where it points.
const workspaces = new Map(
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces.map((dir) => [
    JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name,
    path.join(root, dir),
  ]),
);
const nodeResolver = importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.cjs', '.json', '.d.ts'] });
const workspaceResolver = {
  interfaceVersion: 3,
  name: 'xaalis-workspaces',
  resolve(modulePath, sourceFile) {
    const [scope, name] = modulePath.split('/');
    const dir = workspaces.get(`${scope}/${name}`);
    if (dir) return { found: true, path: path.join(dir, 'package.json') };
    const resolved = nodeResolver.resolve(modulePath, sourceFile);
    if (resolved.found || !modulePath.startsWith('.')) return resolved;
    return { found: true, path: path.resolve(path.dirname(sourceFile), modulePath) };
  },
};

// DESIGN §4: "the decision is taken on the canonical path (case-sensitive routing everywhere)".
// Express routers match case-insensitively unless told otherwise and do not inherit the app's
// setting, so a router made any other way would let `/VALIDATE` reach the route of `/validate`.
const routersCaseSensitive = [
  'CallExpression[callee.name="Router"]',
  'CallExpression[callee.property.name="Router"]',
  'NewExpression[callee.property.name="Router"]',
].map((selector) => ({
  selector,
  message: 'DESIGN §4: routers are case-sensitive — make them with caseSensitiveRouter() from @xaalis/service-kit, never express.Router()',
}));

// Issue 25, item 5: every money computation goes through @xaalis/domain's money module, the one
// place that imports decimal.js or counts in BigInt cents. Tests may check results against their
// own BigInt arithmetic; the paths below keep integer arithmetic on purpose.
const MONEY_MESSAGE =
  'money is computed with @xaalis/domain (money module: sum, add, sub, mul, compare, money, dec…) — never decimal.js, BigInt or bigint literals directly';
const moneyOnlyInDomain = [
  'ImportDeclaration[source.value="decimal.js"]',
  'CallExpression[callee.name="require"][arguments.0.value="decimal.js"]',
  'CallExpression[callee.name="BigInt"]',
  'Literal[bigint]',
  'TSBigIntKeyword',
].map((selector) => ({ selector, message: MONEY_MESSAGE }));
const MONEY_EXCEPTIONS = [
  // The bulk journal import and the reports add up to hundreds of thousands of lines in integer
  // cents (exact, several times faster than decimals), through the money module's toCents/fromCents.
  'packages/contracts/src/entry-imports.ts',
  'services/accounting/src/modules/entry-imports/{run,service,validate}.ts',
  'services/accounting/src/modules/reports/{statements,general-ledger,totals,service}.ts',
  'services/accounting/src/modules/reports/exports/xlsx.ts',
  // The automatic bank matching sums groups of 100 000 ledger lines.
  'services/accounting/src/modules/reconciliations/matching.ts',
  // Not money: stock quantities in thousandths, zip64 byte offsets, an integer spelled in French.
  'mfe-accounting/src/features/inventory/stock.ts',
  'packages/service-kit/src/uploads/zip-builder.ts',
  'packages/service-kit/src/pdf/french-words.ts',
];
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test-support/**', '**/test-utils.{ts,tsx}', '**/fixtures.ts'];
const ROUTER_FACTORY = ['packages/service-kit/src/routes.ts', 'packages/service-kit/src/routes.test.ts'];
const SERVER_APPS = ['gateway/**', 'packages/service-kit/**', ...SERVICES.map((dir) => `${dir}/**`)];

// Imports of a package's src/ that stay (each a module by path, on purpose).
const PACKAGE_SRC_ALLOWED = [
  // The shell's signed-out pages (/, /auth) take these web-kit modules by path: the package
  // index brings the store, RTK Query and notistack, over the 170 KiB budget of /auth
  // (packages/web-kit/README.md, e2e/src/auth-bundle-budget.e2e.test.ts).
  {
    files: ['shell/src/**'],
    imports: ['@xaalis/web-kit/src/{theme,http,fields,toast,toaster}'],
  },
  // Test helpers are not part of the package's runtime face (they bring Testing Library).
  {
    files: ['**/*.test.{ts,tsx}', '**/test-utils.{ts,tsx}', '**/testing.{ts,tsx}', '**/fixtures.ts'],
    imports: ['@xaalis/web-kit/src/testing/*'],
  },
];

/** The flat-config blocks that eslint.config.js includes (and the tests lint with). */
const dependencyRules = [
  {
    plugins: { 'import-x': importX, xaalis },
    settings: { 'import-x/resolver-next': [workspaceResolver] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // "shared code goes to packages/": a package is imported by its name, never its src/.
      'xaalis/package-entry': ['error', { allow: PACKAGE_SRC_ALLOWED }],
    },
  },
  // "No cross-feature imports except through a feature's public index.ts" (feature-rules.js).
  {
    files: FRONT_ENDS.map((app) => `${app}/src/features/**`),
    rules: { 'xaalis/no-feature-cycle': 'error' },
  },
  {
    // Not the shell: its features are imported by file on purpose, each file a chunk of the
    // signed-out pages' budget (an index would bring react-router or the store into /auth).
    files: REMOTES.map((app) => `${app}/src/features/**`),
    rules: { 'xaalis/feature-index': 'error' },
  },
  {
    files: SERVER_SIDE.map((dir) => `${dir}/**`),
    rules: { 'no-restricted-imports': ['error', noBrowserLibraries] },
  },
  {
    files: SERVER_APPS,
    // Where caseSensitiveRouter is made, and its test that proves a plain Router is caught.
    ignores: ROUTER_FACTORY,
    rules: { 'no-restricted-syntax': ['error', ...routersCaseSensitive] },
  },
  // Money through the domain (a rule's options are not merged across blocks: the server
  // files get both lists of no-restricted-syntax in one block).
  {
    files: SERVER_APPS,
    ignores: [...ROUTER_FACTORY, ...MONEY_EXCEPTIONS, ...TEST_FILES],
    rules: { 'no-restricted-syntax': ['error', ...routersCaseSensitive, ...moneyOnlyInDomain] },
  },
  {
    files: [...FRONT_ENDS.map((app) => `${app}/**`), 'packages/contracts/**', 'packages/web-kit/**', 'packages/domain/**', 'infra/src/**'],
    ignores: ['packages/domain/src/money.ts', ...MONEY_EXCEPTIONS, ...TEST_FILES],
    rules: { 'no-restricted-syntax': ['error', ...moneyOnlyInDomain] },
  },
];

module.exports = { dependencyRules };
