/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/tools'],
  testMatch: ['**/*.test.ts'],
  transform: { '\\.ts$': '<rootDir>/test/esbuild-transform.cjs' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  collectCoverageFrom: ['src/core/**/*.ts', 'tools/fake-api/**/*.ts'],
};
