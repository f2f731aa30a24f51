// The memory scenario (issue 33): three spreadsheets of one user, 1,000 company names each, 40 % of
// them in all three, each enriched by a bulk run with the same key. What the three cost in credits
// against the least possible (each distinct name bought once across the three), and what a formula
// in the third spreadsheet costs when its answer comes from the memory across spreadsheets (bought
// by the first) rather than from its own document.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../src/shared/bulk-rpc';
import {
  callFunction,
  drive,
  openAnotherSpreadsheet,
  sidebar,
  spent,
  typeValues,
  type World,
} from '../test/bundle/harness';
import { onPlan, PLAN_PER_SECOND } from './pace-ways';

const ROWS = 1_000;
const SHARED = 400;
const SPREADSHEETS = ['Leads Q2', 'Leads Q3', 'Leads Q4'] as const;

export interface MemoryFigures {
  spreadsheets: number;
  rowsEach: number;
  overlapShare: number;
  credits: number;
  /** Each distinct name bought once across the three. */
  minimumCredits: number;
  /** What the third spreadsheet's preview counted as saved before its run. */
  savedInThirdPreview: number;
  /** A formula in the third spreadsheet answered by the memory (bought in the first). */
  memoryHitServiceMs: number;
  memoryHitCalls: number;
  /** The same formula answered by its own document's properties, for comparison. */
  ownHitServiceMs: number;
  ownHitCalls: number;
}

const config: BulkRunConfig = {
  sheetName: 'Sheet1',
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input: 1 },
  output: { mode: 'primary' },
};

/** Spreadsheet n's names: the 400 every spreadsheet has, then 600 of its own. */
function names(n: number): string[] {
  const shared = Array.from({ length: SHARED }, (_, i) => `Company ${i}`);
  const own = Array.from({ length: ROWS - SHARED }, (_, i) => `Company ${SHARED + n * 1_000 + i}`);
  return [...shared, ...own];
}

function runBulk(world: World, n: number): BulkPreview {
  typeValues(world, `A1:A${ROWS + 1}`, [['Company'], ...names(n).map((name) => [name])]);
  const preview = sidebar<BulkPreview>(world, 'previewBulkRun', config);
  const started = sidebar<BulkProgress>(world, 'startBulkRun', config, preview.estimatedCredits);
  const done = drive(world, started.runId, 500);
  if (done.state !== 'done') throw new Error(`${SPREADSHEETS[n]}: the run ended ${done.state}`);
  return preview;
}

/** The service time and calls of one formula typed in its own cell. */
function formulaCost(world: World, input: string): { ms: number; calls: number } {
  callFunction(world, 'COMPANY_WEBSITE', input);
  const run = world.emu.runtime.finished.at(-1)!;
  return { ms: run.serviceMs, calls: run.calls.length };
}

export function measureMemory(distDir: string, latencyMs: number): MemoryFigures {
  const first = onPlan({
    distDir,
    credits: 1_000_000,
    emulator: { latencyMs, spreadsheetName: SPREADSHEETS[0] },
  });
  const worlds = [
    first,
    ...SPREADSHEETS.slice(1).map((name) =>
      openAnotherSpreadsheet(first, { name, plan: PLAN_PER_SECOND, emulator: { latencyMs } }),
    ),
  ];
  const previews = worlds.map((world, n) => runBulk(world, n));
  const third = worlds[2]!;
  // Bought by the first spreadsheet's run, never by the third: the memory answers it.
  const fromMemory = formulaCost(third, `Company ${SHARED}`);
  const own = formulaCost(third, `Company ${SHARED + 2 * 1_000}`);
  return {
    spreadsheets: SPREADSHEETS.length,
    rowsEach: ROWS,
    overlapShare: SHARED / ROWS,
    credits: spent(first),
    minimumCredits: SHARED + SPREADSHEETS.length * (ROWS - SHARED),
    savedInThirdPreview: previews[2]!.cached,
    memoryHitServiceMs: fromMemory.ms,
    memoryHitCalls: fromMemory.calls,
    ownHitServiceMs: own.ms,
    ownHitCalls: own.calls,
  };
}
