// How many of the add-on's functions an execution enters, with the add-on built with a source map
// (`node build.mjs --map`): V8's precise coverage counts every function the bundle ran between two
// readings, and the source map names the src/ file each function's code came from. Those its
// top level runs as every execution loads the bundle count (Apps Script loads the whole script in
// every execution); code esbuild adds, and the wrappers build.mjs appends, belong to no file of
// src/ and are not counted. bench/footprint.ts reads it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/** Builds the add-on with its source map into `outDir` (never dist/, which is pushed). */
export function buildMapped(root: string, outDir: string): void {
  execFileSync(process.execPath, [join(root, 'build.mjs'), '--out', outDir, '--map'], { stdio: 'ignore' });
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's mappings: for each generated line, its segments' [column, source index]. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = decodeVlq(segment);
      column += fields[0] ?? 0;
      if (fields.length < 4) continue;
      source += fields[1] ?? 0;
      segments.push([column, source]);
    }
    lines.push(segments);
  }
  return lines;
}

/** One segment's fields (the line and column in the source are decoded but unused). */
function decodeVlq(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** Finds the src/ file of an offset in Code.js. */
function sourceFinder(distDir: string): (offset: number) => string | null {
  const code = readFileSync(join(distDir, 'Code.js'), 'utf8');
  const map = JSON.parse(readFileSync(join(distDir, 'Code.js.map'), 'utf8')) as {
    sources: string[];
    mappings: string;
  };
  const lines = decodeMappings(map.mappings);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  return (offset) => {
    let line = lineStarts.length - 1;
    while (line > 0 && lineStarts[line]! > offset) line--;
    const column = offset - lineStarts[line]!;
    const before = (lines[line] ?? []).filter(([start]) => start <= column);
    const found = before[before.length - 1];
    const path = found ? map.sources[found[1]] : undefined;
    const at = path?.lastIndexOf('src/') ?? -1;
    return path && at >= 0 ? path.slice(at) : null;
  };
}

/**
 * Counts the add-on's functions Code.js runs between two readings (V8 resets its counts on each):
 * start it before the bundle is compiled, so that every function's count is exact.
 */
export async function functionCounter(distDir: string) {
  const sourceOf = sourceFinder(distDir);
  const file = join(distDir, 'Code.js');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  return {
    /** The functions of src/ run since the last reading. */
    async take(): Promise<number> {
      const { result } = await session.post('Profiler.takePreciseCoverage');
      let functions = 0;
      for (const script of result.filter((s) => s.url === file || s.url.endsWith(file))) {
        for (const fn of script.functions) {
          const range = fn.ranges[0];
          if (!range || range.count === 0 || range.startOffset === 0) continue;
          if (sourceOf(range.startOffset)) functions++;
        }
      }
      return functions;
    },
    async stop(): Promise<void> {
      await session.post('Profiler.stopPreciseCoverage');
      session.disconnect();
    },
  };
}
