/**
 * Jest runs our ESM TypeScript as Node 24 runs the server: natively, type stripping and all, through
 * `jest-light-runner` (worker threads, no vm sandbox). Jest's own runner links every module anew in a vm
 * registry for each file, which cost about 3 s of CPU per file that starts the app; here a worker imports the
 * app once and its later files reuse it, so files share modules (never state: every file starts its own app on
 * its own database). Only the global setup and teardown go through SWC.
 * Two projects: `unit` (`*.unit.test.ts`: pure code, no database, no server; `npm run jest -- --selectProjects
 * unit` runs them alone in seconds) and `integration` (everything else: a real PostgreSQL started once in
 * globalSetup, a database per file cloned from a migrated template).
 * The run starts with its slowest files (test/helpers/slowest-first-sequencer.js) and ends by naming them
 * (test/helpers/slowest-files-reporter.js).
 */
const shared = {
  // Jest's own cache (the file map, each file's last duration for slowest-first ordering) stays inside the
  // repository, as everything the tests read does.
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  runner: 'jest-light-runner',
  setupFilesAfterEnv: ['<rootDir>/test/helpers/test-timeouts.ts'],
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
  // The longest files first, from jest's own timings or, on a fresh clone, the recorded ones.
  testSequencer: '<rootDir>/test/helpers/slowest-first-sequencer.js',
  // Three files at once on the 2-core machine: a warm run took 326 s against 369 s with two (2026-11-29, both
  // cores 98% busy against 92%), and a fresh-clone `npm test` 394 s of jest against 406-455 s. An earlier try
  // (2026-11-28) had timing-bound tests fail at a load of 8; since then browser pages are reused, `npm test`
  // runs its static checks at a lower priority (`nice`) than jest, and those tests wait with wider margins.
  maxWorkers: 3,
};
