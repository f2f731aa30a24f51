// How many of src/'s modules one formula miss runs through: `=COMPANY_WEBSITE(A2)` typed over a
// new name, in the emulator, with the add-on built with a source map (`node build.mjs --map`).
// V8's precise coverage counts every function the bundle ran between two readings; the source map
// names the src/ file each function's code came from. A module counts when one of its functions
// ran, those its top level runs as every execution loads the bundle included (Apps Script loads
// the whole script in every execution); code esbuild adds, and the wrappers build.mjs appends,
// belong to no module and are not counted.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import {
  enterFormula,
  enterFormulaBeforeItsTrigger,
  saveSettings,
  typeValues,
  type World,
} from '../test/bundle/harness';
import { onPlan } from './pace-ways';

export interface ModuleFigures {
  /** The formula's own execution: modules of src/ and functions it ran. */
  formulaModules: number;
  formulaFunctions: number;
  /** The whole typing edit: the formula's execution and the Edit trigger's beside it. */
  editModules: number;
  editFunctions: number;
  /** The modules of the formula's execution, by path under src/. */
  modules: string[];
}

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

interface Ran {
  modules: Set<string>;
  functions: number;
}

/** Reads the coverage since the last reading (V8 resets its counts on each): what Code.js ran. */
async function ran(
  session: Session,
  distDir: string,
  sourceOf: (offset: number) => string | null,
): Promise<Ran> {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const file = join(distDir, 'Code.js');
  const modules = new Set<string>();
  let functions = 0;
  for (const script of result.filter((s) => s.url === file || s.url.endsWith(file))) {
    for (const fn of script.functions) {
      const range = fn.ranges[0];
      if (!range || range.count === 0 || range.startOffset === 0) continue;
      const module = sourceOf(range.startOffset);
      if (!module) continue;
      modules.add(module);
      functions++;
    }
  }
  return { modules, functions };
}

/** A key on the benchmark's plan, its pace learned, caps that stop nothing. */
function world(distDir: string): World {
  const w = onPlan({ distDir, credits: 1_000_000 });
  saveSettings(w, { formulaDailyCap: 1_000_000 });
  return w;
}

export async function measureModules(distDir: string): Promise<ModuleFigures> {
  const sourceOf = sourceFinder(distDir);
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    // Before the bundle is compiled, so that every function's count is exact.
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    const w = world(distDir);
    typeValues(w, 'A2:A3', [['Module Count Company'], ['Module Count Company Two']]);
    await ran(session, distDir, sourceOf);
    enterFormulaBeforeItsTrigger(w, 'B2', '=COMPANY_WEBSITE(A2)');
    const formula = await ran(session, distDir, sourceOf);
    enterFormula(w, 'B3', '=COMPANY_WEBSITE(A3)');
    const edit = await ran(session, distDir, sourceOf);
    await session.post('Profiler.stopPreciseCoverage');
    return {
      formulaModules: formula.modules.size,
      formulaFunctions: formula.functions,
      editModules: edit.modules.size,
      editFunctions: edit.functions,
      modules: [...formula.modules].sort(),
    };
  } finally {
    session.disconnect();
  }
}
