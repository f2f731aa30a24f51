const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
  // Node's environment over an ordinary global (test/environment.cjs says why).
  testEnvironment: '<rootDir>/test/environment.cjs',
  roots: ['<rootDir>/test', '<rootDir>/tools'],
  testMatch: ['**/*.test.ts'],
  transform: { '\\.ts$': '<rootDir>/test/esbuild-transform.cjs' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  // More workers than cores: the browser suites mostly wait (on Chromium, the page's polling, the
  // sidebar's timers), so with one worker a core a core sat idle for about a third of the run.
  // Jest takes no percentage over 100 %, hence the count: 3 on 2 cores.
  maxWorkers: Math.ceil(availableParallelism() * 1.5),
  // The longest files first, from test/durations.json when jest has no times of its own (a clean
  // clone), so that no long file starts last.
  testSequencer: '<rootDir>/test/sequencer.cjs',
  collectCoverageFrom: ['src/core/**/*.ts', 'tools/fake-api/**/*.ts'],
};
