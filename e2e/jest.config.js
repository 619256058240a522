// End-to-end tests: the real built app, started the way `npm start` starts it,
// driven in Debian's Chromium through playwright-core.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.e2e.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  moduleNameMapper: {
    '^@xaalis/contracts$': '<rootDir>/../packages/contracts/src/index.ts',
    '^@xaalis/domain$': '<rootDir>/../packages/domain/src/index.ts',
  },
  globalSetup: '<rootDir>/setup/start-app.js',
  globalTeardown: '<rootDir>/setup/stop-app.js',
  maxWorkers: 1,
  testTimeout: 60000,
};
