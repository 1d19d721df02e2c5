/** Root jest config: unit + integration tests across the workspace; e2e tests live in test-e2e. */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const common = {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['meridian-src', 'node', 'require', 'default'] },
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/packages/test-utils/src/global-setup.ts',
  // Integration suites create a database per file; under a full parallel run set-up can take seconds.
  testTimeout: 30_000,
};

module.exports = {
  maxWorkers: 2,
  projects: [
    {
      ...common,
      displayName: 'unit+int',
      rootDir: __dirname,
      testMatch: [
        '<rootDir>/tools/**/*.test.ts',
        '<rootDir>/packages/*/src/**/*.test.ts',
        '<rootDir>/services/*/src/**/*.test.ts',
        '<rootDir>/deploy/**/*.test.ts',
      ],
    },
    {
      ...common,
      displayName: 'e2e',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test-e2e/**/*.test.ts'],
      testTimeout: 120000,
    },
  ],
};
