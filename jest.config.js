// One Jest run for unit, integration and component tests (end-to-end tests have e2e/jest.config.js).
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: tsx ? { react: { runtime: 'automatic' } } : undefined,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const internalPackages = {
  '^@xaalis/contracts$': '<rootDir>/packages/contracts/src/index.ts',
  // Narrow entries (package.json exports): `@xaalis/contracts/sign-in`, `@xaalis/contracts/auth`.
  '^@xaalis/contracts/(sign-in|auth)$': '<rootDir>/packages/contracts/src/$1.ts',
  '^@xaalis/domain$': '<rootDir>/packages/domain/src/index.ts',
  '^@xaalis/service-kit$': '<rootDir>/packages/service-kit/src/index.ts',
  // Narrow entries (package.json exports), light enough for a worker-pool thread: `@xaalis/service-kit/pdf`, `/workers`, `/spreadsheet`.
  '^@xaalis/service-kit/(pdf|workers|spreadsheet)$': '<rootDir>/packages/service-kit/src/$1/index.ts',
  '^@xaalis/web-kit$': '<rootDir>/packages/web-kit/src/index.ts',
};

module.exports = {
  globalSetup: '<rootDir>/infra/test/global-setup.js',
  globalTeardown: '<rootDir>/infra/test/global-teardown.js',
  maxWorkers: 2,
  // Integration tests start real services and hash passwords: allow for a busy 2-core machine.
  testTimeout: 30000,
  projects: [
    {
      displayName: 'server',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/{packages/domain,packages/contracts,packages/service-kit,services/*,gateway,infra}/src/**/*.test.ts',
        '<rootDir>/infra/lint/*.test.js',
      ],
      transform: { '^.+\\.ts$': swc(false) },
      moduleNameMapper: internalPackages,
    },
    {
      displayName: 'web',
      rootDir: __dirname,
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{packages/web-kit,shell,mfe-accounting,mfe-hr,mfe-sector}/src/**/*.test.{ts,tsx}'],
      transform: { '^.+\\.tsx?$': swc(true), '^.+\\.m?js$': swc(false) },
      transformIgnorePatterns: ['/node_modules/(?!(@mui|@babel/runtime)/)'],
      moduleNameMapper: internalPackages,
      setupFilesAfterEnv: ['<rootDir>/packages/web-kit/jest.setup.ts'],
    },
  ],
};
