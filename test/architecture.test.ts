// Dependencies point one way: server -> core -> shared types. A test over the import graph of
// src/ keeps it so: core never reaches the server or the sidebar, and no new circle appears
// between the core's folders. KNOWN_CIRCLES is where a circle that cannot be undone at once would
// be listed, as a debt: the list may only shrink, and it is empty.
//
// Files are checked too, in src/ and in tools/: no file imports one that imports it back, directly
// or through others, type-only imports included (test/import-graph.ts says why). A cycle is
// reported as the list of the files in it. Neither src/ nor tools/ has any.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cyclesIn, fileGraph, type Graph, relativeImports, resolveImport, sourceFiles } from './import-graph';

const ROOT = join(__dirname, '..');
const SRC = join(__dirname, '../src');

/** core/<folder>, server, client or shared. */
function unitOf(path: string): string {
  const [top, folder] = relative(SRC, path).split('/');
  return top === 'core' && folder && !folder.endsWith('.ts') ? `core/${folder}` : top!;
}

function graph(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const from = unitOf(file);
      const to = unitOf(resolveImport(file, specifier));
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** Pairs of units that reach each other, as "a <-> b" with a < b. */
function circles(edges: Map<string, Set<string>>): string[] {
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (seen.has(from)) return false;
    seen.add(from);
    return [...(edges.get(from) ?? [])].some((next) => next === to || reaches(next, to, seen));
  };
  const units = [...edges.keys()].sort();
  return units.flatMap((a) =>
    units.filter((b) => a < b && reaches(a, b) && reaches(b, a)).map((b) => `${a} <-> ${b}`),
  );
}

const KNOWN_CIRCLES: string[] = [];

describe('the import graph of src/', () => {
  const edges = graph();

  it('core reaches neither the server nor the sidebar', () => {
    const outward = [...edges]
      .filter(([from]) => from.startsWith('core'))
      .flatMap(([from, to]) =>
        [...to].filter((unit) => unit === 'server' || unit === 'client').map((unit) => `${from} -> ${unit}`),
      );
    expect(outward).toEqual([]);
  });

  it('shared, the RPC contract, imports nothing from core or the server', () => {
    const reached = [...(edges.get('shared') ?? [])].filter((unit) => unit !== 'shared');
    expect(reached).toEqual([]);
  });

  it('the server reaches nothing of the sidebar, the sidebar nothing of the server', () => {
    expect(edges.get('server')?.has('client') ?? false).toBe(false);
    expect(edges.get('client')?.has('server') ?? false).toBe(false);
  });

  it('makes no circle between folders beyond the known ones, which only shrink', () => {
    const found = circles(edges);
    expect(found.filter((circle) => !KNOWN_CIRCLES.includes(circle))).toEqual([]);
    expect(KNOWN_CIRCLES.filter((circle) => !found.includes(circle))).toEqual([]);
  });
});

describe('the import graph, file by file', () => {
  it('has no file cycle in src/', () => {
    expect(cyclesIn(fileGraph(ROOT, ['src']))).toEqual([]);
  });

  it('has no file cycle in tools/', () => {
    expect(cyclesIn(fileGraph(ROOT, ['tools']))).toEqual([]);
  });
});

describe('the cycle finder', () => {
  const graphOf = (edges: Record<string, string[]>): Graph =>
    new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));

  it('reports each cycle once, as its files, and nothing that only fans out or joins', () => {
    const cycles = cyclesIn(
      graphOf({
        // a <-> b, directly.
        'a.ts': ['b.ts', 'shared.ts'],
        'b.ts': ['a.ts'],
        // c -> d -> e -> c, through others.
        'c.ts': ['d.ts'],
        'd.ts': ['e.ts', 'shared.ts'],
        'e.ts': ['c.ts'],
        // A file that imports itself.
        'self.ts': ['self.ts'],
        // A diamond: two ways to one file is no cycle.
        'top.ts': ['left.ts', 'right.ts'],
        'left.ts': ['shared.ts'],
        'right.ts': ['shared.ts'],
        'shared.ts': [],
      }),
    );
    expect(cycles).toEqual([['a.ts', 'b.ts'], ['c.ts', 'd.ts', 'e.ts'], ['self.ts']]);
  });

  it('finds none in a graph without one', () => {
    expect(cyclesIn(graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });

  it('reads type-only imports, re-exports and dynamic imports as edges, packages not', () => {
    const source = [
      "import type { A } from './a';",
      "import { b, type B } from '../b';",
      "export { c } from './c';",
      "import './d';",
      "const e = import('./e');",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(relativeImports(source)).toEqual(['./a', '../b', './c', './d', './e']);
  });
});

// Biome's line rule skips comment lines; for tools/ the rule counts them (issue 23), so a file is
// read here as a person reads it: every line that is not blank.
describe('the files of tools/', () => {
  const MAX_LINES = 300;
  const isRuled = (path: string) => !path.endsWith('.test.ts') && !path.includes('/fake-api/test/');

  it(`have at most ${MAX_LINES} lines that are not blank, comments included (tests apart)`, () => {
    const long = sourceFiles(join(ROOT, 'tools'))
      .filter(isRuled)
      .map((path) => ({
        file: relative(ROOT, path),
        lines: readFileSync(path, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '').length,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
