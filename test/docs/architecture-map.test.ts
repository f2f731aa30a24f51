// docs/architecture.md is the map a new engineer reads first: every file or folder it names must
// exist where it says. In a row of the folder table a name is looked for under that row's folder
// (or from the root, src/, src/core/, src/server/ or docs/); elsewhere, a name that no file of the repository ends with is
// stale. A renamed or removed module fails here until the map follows it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const FILES = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const FOLDERS = new Set(
  FILES.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`),
  ),
);
const PATHS = [...FILES, ...FOLDERS];

/** A code span that names a file or a folder of ours. */
const isPathName = (text: string) =>
  /^[\w./-]+$/.test(text) && /(\.(ts|mjs|cjs|json|md|html)|\/)$/.test(text);

/** Where a name in a row may also start: another capability (`text/catalogue/`), a doc. */
const BASES = ['', 'src/', 'src/core/', 'src/server/', 'docs/'];

function exists(name: string, underFolder: string | null): boolean {
  if (BASES.some((base) => PATHS.includes(base + name))) return true;
  if (underFolder) return PATHS.some((path) => path.startsWith(underFolder) && path.endsWith(`/${name}`));
  return PATHS.some((path) => path.endsWith(`/${name}`));
}

function staleNames(markdown: string): string[] {
  const stale: string[] = [];
  for (const line of markdown.split('\n')) {
    const folder = /^\| `([^`]+\/)`/.exec(line)?.[1] ?? null;
    for (const [, name] of line.matchAll(/`([^`\s]+)`/g)) {
      if (name && isPathName(name) && !exists(name, folder))
        stale.push(folder ? `${name} (in ${folder})` : name);
    }
  }
  return stale;
}

describe('docs/architecture.md', () => {
  it('names only files and folders that exist where it says', () => {
    expect(staleNames(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'))).toEqual([]);
  });

  it('would catch a renamed module', () => {
    expect(staleNames('| `src/core/lookup/` | the pass (`passes.ts`) |')).toEqual([
      'passes.ts (in src/core/lookup/)',
    ]);
    expect(staleNames('see `core/lookup/pass.ts` and `nowhere/gone.ts`')).toEqual(['nowhere/gone.ts']);
  });
});
