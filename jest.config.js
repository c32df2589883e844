/**
 * Jest runs our ESM TypeScript through SWC. Two projects: `unit` (`*.unit.test.ts`: pure code, no database, no
 * server; `npm run jest -- --selectProjects unit` runs them alone in seconds) and `integration` (everything
 * else: a real PostgreSQL started once in globalSetup, a database per file cloned from a migrated template).
 * The run ends with its slowest files (test/helpers/slowest-files-reporter.js).
 */
const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2023', keepClassNames: true },
        module: { type: 'es6' },
      },
    ],
  },
};

export default {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/**/*.unit.test.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.unit\\.test\\.ts$'],
      globalSetup: '<rootDir>/test/helpers/global-setup.ts',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
    },
  ],
  reporters: ['default', ['<rootDir>/test/helpers/slowest-files-reporter.js', { count: 10 }]],
  maxWorkers: 2,
  // A worker's heap grows with every file it runs (ESM modules are loaded anew per file): one that ended a file
  // above this is replaced before its next, so a long run cannot end in "Jest worker ran out of memory".
  workerIdleMemoryLimit: '1536MB',
  testTimeout: 30000,
};
