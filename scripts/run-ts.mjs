// Runs a TypeScript entry (the fake API, the playground) on Node: bundled by esbuild into
// .build/, then imported. Node 20 cannot run TypeScript itself, and we ship no second compiler.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function runTs(entry) {
  const outdir = join(root, '.build');
  mkdirSync(outdir, { recursive: true });
  // Named by path, so two entries called cli.ts (fake API, playground) never share an output.
  const outfile = join(outdir, `${entry.replace(/\.ts$/, '').replace(/[/]/g, '-')}.cjs`);
  await esbuild.build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    packages: 'external',
    logLevel: 'error',
  });
  await import(pathToFileURL(outfile).href);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runTs(process.argv[2]);
}
