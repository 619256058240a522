// ESLint for the whole repository (`npm run lint`). Rules that are wrong for this code are
// turned off here with a one-line reason, never with inline disables in the files.
const { defineConfig, globalIgnores } = require('eslint/config');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const prettier = require('eslint-config-prettier/flat');
const globals = require('globals');
const { dependencyRules } = require('./infra/lint/dependency-rules');
// The two type-checked programs (read from source) and their files: the server side and the front ends.
const { SERVER_TS, WEB_TS } = require('./infra/lint/programs');

const TESTS = ['**/*.test.{ts,tsx}', '**/test-support/**', '**/test-utils*', '**/testing/**', '**/fixtures.ts'];

module.exports = defineConfig([
  globalIgnores(['**/dist/', '**/node_modules/', 'coverage/', '.data/', '.e2e-artifacts/', 'infra/bench/results/']),

  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    rules: {
      // A leading underscore marks a parameter kept for its position (Express's (err, req, res, _next)).
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },

  // Plain JavaScript: build configs, the local orchestrator's bootstrap, benchmarks (CommonJS on Node).
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  { files: ['**/*.test.js'], languageOptions: { globals: globals.jest } },
  // The one ES module among them: webpack bundles it in place of react-router-dom.
  { files: ['packages/web-kit/build/*.facade.js'], languageOptions: { sourceType: 'module' } },

  // TypeScript, with type information.
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: { parserOptions: { tsconfigRootDir: __dirname } },
    rules: {
      // Exhaustive switches over the contracts' unions (statuses, methods, sectors…).
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // Ports, counts and line numbers in messages are fine; `any`, objects and undefined are not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(true)}` and returns inside void functions are idioms, not confusing voids.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
      // RTK Query's documented argument type for an endpoint that takes none is `void`.
      '@typescript-eslint/no-invalid-void-type': 'off',
      // As for JavaScript: a leading underscore marks what is kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // pdfmake's runtime export is a class instance whose methods `import * as` would drop.
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
      // Our guards sit where server JSON and form state cross into typed code: their static
      // types are narrower than what can arrive at run time, and the rule would delete the guards.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    files: TESTS,
    rules: {
      // Tests read `any` JSON bodies (supertest, fetch) and assert on them: the expectations are the check.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // A wrong assumption in a test fails the test, which is what a test is for.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Stubs implement async interfaces (fetch's json(), job handlers) with immediate values.
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: SERVER_TS, languageOptions: { parserOptions: { project: './tsconfig.lint.json' } } },
  { files: WEB_TS, languageOptions: { parserOptions: { project: './tsconfig.web.json' } } },

  // Front ends: hooks rules and accessibility.
  {
    files: WEB_TS,
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // Our dialogs put focus on their first field (the WAI-ARIA dialog pattern); the rule's
      // concern, a page that steals focus, is about DOM elements, which we never autofocus.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },

  {
    files: ['shell/src/features/remotes/RemotePage.tsx'],
    // The shell picks each page at run time (Module Federation); lazyPage() keeps one per page and attempt, stable across renders.
    rules: { 'react-hooks/static-components': 'off' },
  },

  {
    files: ['packages/service-kit/src/db.ts', 'packages/web-kit/src/testing/remoteExposes.tsx'],
    // Modules found at run time (migrations, each remote's exposed pages): in CommonJS only require() loads a computed path synchronously.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // The dependency rules of DESIGN.md §1 (infra/lint/dependency-rules.js).
  ...dependencyRules,

  // Formatting is Prettier's: no stylistic rule may disagree with it.
  prettier,
]);
