// Dependencies point one way: server -> core -> shared types. A test over the import graph of
// src/ keeps it so: core never reaches the server or the sidebar, and no new circle appears
// between the core's folders. KNOWN_CIRCLES is where a circle that cannot be undone at once would
// be listed, as a debt: the list may only shrink, and it is empty.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const SRC = join(__dirname, '../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** core/<folder>, server, client or shared. */
function unitOf(path: string): string {
  const [top, folder] = relative(SRC, path).split('/');
  return top === 'core' && folder && !folder.endsWith('.ts') ? `core/${folder}` : top!;
}

function graph(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of files(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const from = unitOf(file);
      const to = unitOf(normalize(join(dirname(file), `${match[1]}.ts`)));
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
