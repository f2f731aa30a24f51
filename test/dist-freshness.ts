// Bundle and browser tests run the BUILT add-on: one built before the last change to src/ would
// test old code and pass. They refuse such a dist/ instead.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
let checked = false;

function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Throws when dist/Code.js is older than any file of src/ or build.mjs; checked once a process. */
export function assertDistIsFresh(distDir = join(ROOT, 'dist')): void {
  if (checked) return;
  const built = statSync(join(distDir, 'Code.js')).mtimeMs;
  const source = Math.max(newestUnder(join(ROOT, 'src')), statSync(join(ROOT, 'build.mjs')).mtimeMs);
  if (built < source) {
    throw new Error(
      `${distDir} is older than src/: run \`npm run build\` (npm test does) before these tests.`,
    );
  }
  checked = true;
}
