// The fake API is the tests' independent oracle: it prices and shapes answers from the spec alone.
// If it imported the add-on's code (src/), a wrong price or shape there would be repeated by the
// fake, charged, budgeted and asserted consistently, and no test would notice.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const FAKE_API = join(ROOT, 'tools', 'fake-api');
const SRC = join(ROOT, 'src');
const SOURCE_FILE = /\.(?:[cm]?ts|[cm]?js)$/;

/** Every module a source text names: imports and re-exports (type-only too), import() and require(). */
function importSpecifiers(source: string): string[] {
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Its tests may import anything; the fake's own modules may not.
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

/** Whether a specifier written in `file` designates something inside src/. */
function reachesSrc(file: string, specifier: string): boolean {
  if (!specifier.startsWith('.') && !isAbsolute(specifier)) return false; // a package or node: module
  const target = relative(SRC, resolve(dirname(file), specifier));
  return target === '' || (!target.startsWith('..') && !isAbsolute(target));
}

describe('the fake API', () => {
  it('finds every way a file can name a module', () => {
    const sample = [
      "import type { Operation } from '../src/core/operations';",
      'import {\n  lookup,\n  Random,\n} from "./data";',
      "export { CELL_TEXT } from '../src/core/cell-text';",
      "import '../src/polyfill';",
      "const later = await import('../src/core/results');",
      "const old = require('node:fs');",
    ].join('\n');
    expect(importSpecifiers(sample)).toEqual([
      '../src/core/operations',
      './data',
      '../src/core/cell-text',
      '../src/polyfill',
      '../src/core/results',
      'node:fs',
    ]);
    const file = join(FAKE_API, 'fake-api.ts');
    expect(reachesSrc(file, '../../src/core/operations')).toBe(true);
    expect(reachesSrc(file, '../../src')).toBe(true);
    expect(reachesSrc(file, './catalog')).toBe(false);
    expect(reachesSrc(file, '../../srcs/other')).toBe(false);
    expect(reachesSrc(file, 'node:http')).toBe(false);
  });

  it('imports nothing from src/', () => {
    const files = sourceFiles(FAKE_API);
    const named = files.flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8')).map((specifier) => ({
        file: relative(ROOT, file),
        specifier,
      })),
    );
    // The scan saw the fake's own modules, so an empty list of offenders means something.
    expect(named).toContainEqual({ file: 'tools/fake-api/fake-api.ts', specifier: './catalog' });
    expect(named.filter(({ file, specifier }) => reachesSrc(join(ROOT, file), specifier))).toEqual([]);
  });
});
