// The import graph of the repository's TypeScript, file by file, and the cycles in it, for the
// architecture test. Type-only imports are edges like any other: a file that needs another's types
// cannot be read without it, which is what a cycle costs a reader.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** Every .ts file under `dir`, tests included (nothing imports a test, so none is in a cycle). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The relative modules a source text names: `import ... from`, `import type ... from`,
 * `export ... from`, a bare `import './x'` and `import('./x')`. Package imports are not edges.
 */
export function relativeImports(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.\.?\/[^']+)'/g);
  return [...found].map((match) => match[1]!);
}

/** The file a relative specifier names, from the file that imports it. */
export function resolveImport(from: string, specifier: string): string {
  const base = normalize(join(dirname(from), specifier));
  if (base.endsWith('.ts')) return base;
  const index = join(base, 'index.ts');
  return existsSync(`${base}.ts`) || !existsSync(index) ? `${base}.ts` : index;
}

export type Graph = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Files (relative to `root`) and the files they import, among the .ts files under `dirs`. An import
 * that leaves those folders (tools/ reading src/, say) is no edge: it cannot close a cycle here.
 */
export function fileGraph(root: string, dirs: readonly string[]): Graph {
  const files = dirs.flatMap((dir) => sourceFiles(join(root, dir)));
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = relativeImports(readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target) => known.has(target));
    graph.set(relative(root, file), new Set(targets.map((target) => relative(root, target))));
  }
  return graph;
}

/**
 * The cycles of a graph, each as the sorted list of the files in it: the strongly connected
 * components of more than one file, and a file that imports itself. Sorted, so that a report
 * compares as text.
 */
export function cyclesIn(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    lowest.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(next)!));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}
