// The bulk scenario: a 10,000-row column with 30 % repeated inputs and 10 % rows already filled,
// run, run again, then run once more after the outputs were cleared and the fast cache expired.
// Ours is driven the way the sidebar drives it (a loop of short server calls); the naive baseline
// runs one sequential execution per 800 rows, which is what fits its 6 minutes.
import type { BulkPreview, BulkProgress, BulkRunConfig } from '../src/shared/bulk-rpc';
import { spent, typeValues, type World } from '../test/bundle/harness';
import { type SliceFigures, sliceFigures } from './bulk-slices';
import { sized } from './mode';
import { LATENCY_MS, type PaceFigures, refused } from './pace-ways';

const ROWS = sized(10_000, 2_000);
const DUPLICATE_SHARE = 0.3;
const FILLED_EVERY = 10;
const NAIVE_ROWS_PER_EXECUTION = 800;
const PRICE = 1; // company_name_to_website

export interface RunFigures {
  credits: number;
  simulatedSeconds: number;
  fetchesPerRow: number;
  executionsPer1000Rows: number;
  /** Ours: where the first run's time went, slice by slice. */
  slices?: SliceFigures;
}

export interface BulkFigures {
  rows: number;
  duplicateShare: number;
  filledShare: number;
  /** Distinct inputs among the rows that need a value, times the price. */
  minimumCredits: number;
  /** The time the API's rate limit alone imposes on the minimum number of requests. */
  rateBoundSeconds: number;
  ours: RunFigures;
  naive: RunFigures;
  /** The vendor's rewrite: the naive loop, skipping rows whose output is filled. */
  naiveSkippingFilled: RunFigures;
}

/** Row i's input: the first 70 % distinct, the rest repeating earlier rows. */
function inputs(): string[] {
  const distinct = Math.round(ROWS * (1 - DUPLICATE_SHARE));
  return Array.from({ length: ROWS }, (_, i) => `Bench Company ${i < distinct ? i : (i * 7) % distinct}`);
}

const isFilled = (i: number) => i % FILLED_EVERY === 0;

function minimumLookups(values: readonly string[]): number {
  return new Set(values.filter((_, i) => !isFilled(i))).size;
}

function runOurs(
  w: World,
  config: BulkRunConfig,
): { executions: number; seconds: number; progress: BulkProgress } {
  const call = <T>(name: string, ...args: unknown[]) =>
    w.emu.runExecution(w.bundle, name, args, { context: 'sidebar' }) as T;
  const preview = call<BulkPreview>('previewBulkRun', config);
  const start = w.clock.now();
  let progress = call<BulkProgress>('startBulkRun', config, preview.estimatedCredits);
  let executions = 2;
  while (progress.state === 'running') {
    // The sidebar waits as the server asks (a busy lease, a 5xx pause) before calling again.
    if (progress.nextCallInMs) w.clock.advance(progress.nextCallInMs);
    progress = call<BulkProgress>('continueBulkRun', progress.runId);
    executions += 1;
  }
  return { executions, seconds: (w.clock.now() - start) / 1000, progress };
}

/** The scenario's sheet: the header, the rows, and 10 % of the outputs filled before. */
function fillSheet(w: World, values: readonly string[]): { config: BulkRunConfig; column: number } {
  typeValues(w, 'A1', [['Company']]);
  typeValues(
    w,
    `A2:A${ROWS + 1}`,
    values.map((v) => [v]),
  );
  const config: BulkRunConfig = {
    sheetName: 'Sheet1',
    headerRow: 1,
    type: 'company_name_to_website',
    columns: { input: 1 },
    output: { mode: 'primary' },
  };
  const plan = w.emu.runExecution(w.bundle, 'previewBulkRun', [config], {
    context: 'sidebar',
  }) as BulkPreview;
  const out = plan.outputColumns[0]!;
  const sheet = w.emu.spreadsheet.getSheetByName('Sheet1')!;
  sheet.getRange(1, out.column).setValue(out.header);
  values.forEach((_, i) => {
    if (isFilled(i)) sheet.getRange(i + 2, out.column).setValue('filled-before.example');
  });
  return { config, column: out.column };
}

/**
 * Ours, the first run only, with the key at `keyRate` a second: its simulated seconds against the
 * bound that pace sets, the POSTs the API refused with 429, its credits, and the rows it left blank.
 */
export function firstRunOnly(w: World, keyRate: number): PaceFigures {
  const values = inputs();
  const { config, column } = fillSheet(w, values);
  const run = runOurs(w, config);
  const written = w.emu.spreadsheet
    .getSheetByName('Sheet1')!
    .getRange(2, column, ROWS, 1)
    .getValues()
    .map(([value]) => String(value));
  const minimum = minimumLookups(values);
  return {
    seconds: Math.round(run.seconds),
    boundSeconds: minimum / keyRate,
    refused: refused(w),
    credits: spent(w),
    minimumCredits: minimum * PRICE,
    unanswered: written.filter((text, i) => !isFilled(i) && text === '').length,
  };
}

function measureOurs(w: World, values: readonly string[]): RunFigures {
  const { config, column } = fillSheet(w, values);
  const sheet = w.emu.spreadsheet.getSheetByName('Sheet1')!;
  const out = { column };
  const fetchesBefore = w.emu.fetchLog.length;
  const executionsBefore = w.emu.runtime.finished.length;
  const first = runOurs(w, config);
  const fetches = w.emu.fetchLog.length - fetchesBefore;
  const slices = sliceFigures(w, { executions: executionsBefore, fetches: fetchesBefore }, LATENCY_MS);
  runOurs(w, config); // everything filled: nothing to buy
  // The user clears the outputs, the fast cache expires, and the column is run again.
  values.forEach((_, i) => {
    if (!isFilled(i)) sheet.getRange(i + 2, out.column).setValue('');
  });
  w.clock.advance(7 * 3600_000);
  runOurs(w, config);
  return {
    credits: spent(w),
    simulatedSeconds: Math.round(first.seconds),
    fetchesPerRow: round(fetches / ROWS),
    executionsPer1000Rows: round((first.executions / ROWS) * 1000),
    slices,
  };
}

/**
 * The naive add-on in the same scenario as ours: the same rows, the same 10 % filled before, run,
 * run again, then run after the outputs were cleared. `entry` is the naive bulk function, or its
 * rewrite that skips filled rows.
 */
function measureNaive(w: World, values: readonly string[], entry: string): RunFigures {
  typeValues(
    w,
    `A1:A${ROWS}`,
    values.map((v) => [v]),
  );
  const sheet = w.emu.spreadsheet.getSheetByName('Sheet1')!;
  values.forEach((_, i) => {
    if (isFilled(i)) sheet.getRange(i + 1, 2).setValue('filled-before.example');
  });
  let executions = 0;
  let firstRunSeconds = 0;
  for (let pass = 0; pass < 3; pass++) {
    // 30,000 calls in one day would pass a consumer account's 20,000 UrlFetch quota: a day apart.
    if (pass > 0) w.clock.advance(24 * 3600_000);
    if (pass === 2) {
      values.forEach((_, i) => {
        if (!isFilled(i)) sheet.getRange(i + 1, 2).setValue('');
      });
    }
    const start = w.clock.now();
    for (let first = 1; first <= ROWS; first += NAIVE_ROWS_PER_EXECUTION) {
      const last = Math.min(ROWS, first + NAIVE_ROWS_PER_EXECUTION - 1);
      w.emu.runExecution(w.bundle, entry, [first, last], { context: 'menu' });
      if (pass === 0) executions += 1;
    }
    if (pass === 0) firstRunSeconds = (w.clock.now() - start) / 1000;
  }
  return {
    credits: spent(w),
    simulatedSeconds: Math.round(firstRunSeconds),
    fetchesPerRow: round(w.emu.fetchLog.filter((f) => f.method === 'POST').length / 3 / ROWS),
    executionsPer1000Rows: round((executions / ROWS) * 1000),
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export function measureBulk(worlds: {
  ours: () => World;
  naive: () => World;
  ratePerSecond: number;
}): BulkFigures {
  const values = inputs();
  const minimum = minimumLookups(values);
  return {
    rows: ROWS,
    duplicateShare: DUPLICATE_SHARE,
    filledShare: 1 / FILLED_EVERY,
    minimumCredits: minimum * PRICE,
    rateBoundSeconds: minimum / worlds.ratePerSecond,
    ours: measureOurs(worlds.ours(), values),
    naive: measureNaive(worlds.naive(), values, 'naiveBulk'),
    naiveSkippingFilled: measureNaive(worlds.naive(), values, 'naiveBulkSkippingFilled'),
  };
}
