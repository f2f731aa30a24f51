/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/tools'],
  testMatch: ['**/*.test.ts'],
  transform: { '\\.ts$': '<rootDir>/test/esbuild-transform.cjs' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  // One worker per core, not jest's default of one fewer: the browser suites mostly wait on
  // Chromium and the playground, so on 2 cores the default ran every suite one after another.
  maxWorkers: '100%',
  collectCoverageFrom: ['src/core/**/*.ts', 'tools/fake-api/**/*.ts'],
};
