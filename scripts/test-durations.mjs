// Writes test/durations.json, the seconds each test file took, from a jest run's `--json` output:
// `npx jest --json --outputFile=/tmp/jest.json && node scripts/test-durations.mjs /tmp/jest.json`.
// test/sequencer.cjs starts the longest first by it when jest has no times of its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const seconds = run.testResults
  // From the checkout's own folders on, so a run made in another clone serves as well.
  .map((file) => [
    /\/((?:test|tools)\/.*)$/.exec(file.name)[1],
    Math.round((file.endTime - file.startTime) / 100) / 10,
  ])
  .sort(([, a], [, b]) => b - a);
writeFileSync(join(root, 'test/durations.json'), `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
