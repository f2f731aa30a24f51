// The benchmark page's tables are the rendering of the bench's saved results, the full run's and
// the quick run's each in its own place: a figure quoted by hand cannot drift from the run that
// produced it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchResults, MARKERS, renderBenchTables } from '../../bench/readme-table';

const ROOT = join(__dirname, '../..');

it.each(['full', 'quick'] as const)('docs/benchmark.md shows exactly what the %s run saved', (mode) => {
  const page = readFileSync(join(ROOT, 'docs/benchmark.md'), 'utf8');
  const { start: startMarker, end: endMarker, results: file } = MARKERS[mode];
  const results = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as BenchResults;
  expect(results.mode).toBe(mode);
  const start = page.indexOf(startMarker);
  const end = page.indexOf(endMarker);
  expect(start).toBeGreaterThan(0);
  expect(page.slice(start, end + endMarker.length)).toBe(renderBenchTables(results));
});
