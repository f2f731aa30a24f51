// The benchmark page's tables are the rendering of bench/results.json: a figure quoted by hand
// cannot drift from the run that produced it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchResults, END_MARKER, renderBenchTables, START_MARKER } from '../../bench/readme-table';

const ROOT = join(__dirname, '../..');

it('docs/benchmark.md shows exactly what bench/results.json holds', () => {
  const readme = readFileSync(join(ROOT, 'docs/benchmark.md'), 'utf8');
  const results = JSON.parse(readFileSync(join(ROOT, 'bench/results.json'), 'utf8')) as BenchResults;
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  expect(start).toBeGreaterThan(0);
  expect(readme.slice(start, end + END_MARKER.length)).toBe(renderBenchTables(results));
});
