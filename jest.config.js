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
};

module.exports = {
  maxWorkers: 2,
  // A global option (ignored inside projects): integration suites create a database per file and talk to
  // the broker; under a full parallel run on two cores that can take seconds.
  testTimeout: 30_000,
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
    },
  ],
};
