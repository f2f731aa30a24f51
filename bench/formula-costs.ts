// Formulas, the job collector and the sidebar at Google's real cost: the emulator charges every
// Apps Script call its published round trip (test/emulator/service-costs.ts) and kills at 30 s
// and 6 min, so these figures are what a user of Sheets would meet, on the virtual clock.
import { join } from 'node:path';
import {
  createWorld,
  enterFormula,
  saveSettings,
  spent,
  typeValues,
  type World,
} from '../test/bundle/harness';

const LATENCY_MS = 300;
const RATE_PER_SECOND = 10;
const MINUTE = 60_000;
/** `npm run bench` runs from the repository's root. */
const DIST = join(process.cwd(), 'dist');

function world(): World {
  const w = createWorld({
    distDir: DIST,
    credits: 1_000_000,
    api: { rateLimitPerSecond: RATE_PER_SECOND },
    emulator: { latencyMs: LATENCY_MS },
  });
  saveSettings(w, { formulaDailyCap: 1_000_000 });
  return w;
}

type Calls = Record<string, number>;
const PROPERTY_READS = ['Properties.getProperty', 'Properties.getProperties', 'Properties.getKeys'];
const PROPERTY_WRITES = [
  'Properties.setProperty',
  'Properties.setProperties',
  'Properties.deleteProperty',
  'Properties.deleteAllProperties',
];

function between(before: Calls, after: Calls, names?: readonly string[]): number {
  return (names ?? Object.keys(after)).reduce(
    (sum, name) => sum + (after[name] ?? 0) - (before[name] ?? 0),
    0,
  );
}

/** Runs `work`; answers the virtual time it took, its service time, and its calls by name. */
function measure(w: World, work: () => void) {
  const calls = w.emu.runtime.serviceCalls();
  const serviceMs = w.emu.runtime.serviceMs();
  const at = w.clock.now();
  work();
  const after = w.emu.runtime.serviceCalls();
  return {
    ms: w.clock.now() - at,
    serviceMs: w.emu.runtime.serviceMs() - serviceMs,
    calls: between(calls, after),
    propertyReads: between(calls, after, PROPERTY_READS),
    propertyWrites: between(calls, after, PROPERTY_WRITES),
  };
}

export interface SingleCellFigures {
  missServiceMs: number;
  missCalls: number;
  hitServiceMs: number;
  hitCalls: number;
}

/** One cell, a new input, then the same input in another cell: the cache's answer. */
function singleCell(): SingleCellFigures {
  const w = world();
  typeValues(w, 'A1', [['Single Cell Company']]);
  const miss = measure(w, () => enterFormula(w, 'B1', '=COMPANY_WEBSITE(A1)'));
  const hit = measure(w, () => enterFormula(w, 'C1', '=COMPANY_WEBSITE(A1)'));
  return {
    missServiceMs: miss.serviceMs,
    missCalls: miss.calls,
    hitServiceMs: hit.serviceMs,
    hitCalls: hit.calls,
  };
}

export interface RangeFigures {
  rows: number;
  /** Evaluations, a minute apart, until every row shows its answer. */
  evaluations: number;
  /** Evaluations that failed as a whole (#ERROR!, e.g. past 30 s). */
  wholeRangeErrors: number;
  credits: number;
  slowestEvaluationMs: number;
  cachedEvaluationMs: number;
  propertyCallsPer1000Lookups: number;
}

/** `=COMPANY_WEBSITE(A1:A500)` over 500 new names, recalculated a minute apart until answered. */
function rangeFormula(rows = 500): RangeFigures {
  const w = world();
  typeValues(
    w,
    `A1:A${rows}`,
    Array.from({ length: rows }, (_, i) => [`Range Company ${i + 1}`]),
  );
  const formula = `=COMPANY_WEBSITE(A1:A${rows})`;
  let evaluations = 0;
  let wholeRangeErrors = 0;
  let slowest = 0;
  let property = 0;
  for (; evaluations < 10; ) {
    evaluations++;
    let shown: ReturnType<typeof enterFormula> | undefined;
    const run = measure(w, () => {
      shown = enterFormula(w, 'B1', formula);
    });
    slowest = Math.max(slowest, run.ms);
    property += run.propertyReads + run.propertyWrites;
    if (shown?.error) wholeRangeErrors++;
    else if (shown?.values.every((row) => /\.com$/.test(String(row[0])))) break;
    w.clock.advance(MINUTE);
  }
  const cached = measure(w, () => enterFormula(w, 'C1', formula));
  return {
    rows,
    evaluations,
    wholeRangeErrors,
    credits: spent(w),
    slowestEvaluationMs: slowest,
    cachedEvaluationMs: cached.ms,
    propertyCallsPer1000Lookups: Math.round((property / rows) * 1000),
  };
}

export interface FillDownFigures {
  atOnce: number;
  cells: number;
  distinctInputs: number;
  evaluations: number;
  errors: number;
  credits: number;
  lockWaitMedianMs: number;
  lockWaitWorstMs: number;
}

/** 200 single-cell formulas over 50 inputs, `atOnce` executions at a time, until all answered. */
function fillDown(atOnce: number): FillDownFigures {
  const w = world();
  const cells = 200;
  const distinct = 50;
  typeValues(
    w,
    `A1:A${cells}`,
    Array.from({ length: cells }, (_, i) => [`Fill Company ${(i % distinct) + 1}`]),
  );
  const firstExecution = w.emu.runtime.finished.length;
  let evaluations = 0;
  let errors = 0;
  for (; evaluations < 10; ) {
    evaluations++;
    const shown = w.emu.concurrently(
      () =>
        Array.from({ length: cells }, (_, i) => enterFormula(w, `B${i + 1}`, `=COMPANY_WEBSITE(A${i + 1})`)),
      { atOnce },
    );
    errors += shown.filter((cell) => cell.error !== null).length;
    if (shown.every((cell) => /\.com$/.test(String(cell.values[0]![0])))) break;
    w.clock.advance(MINUTE);
  }
  const waits = w.emu.runtime.finished
    .slice(firstExecution)
    .filter((execution) => execution.label.startsWith('='))
    .map((execution) => execution.lockWaitMs)
    .sort((a, b) => a - b);
  return {
    atOnce,
    cells,
    distinctInputs: distinct,
    evaluations,
    errors,
    credits: spent(w),
    lockWaitMedianMs: waits[Math.floor(waits.length / 2)] ?? 0,
    lockWaitWorstMs: waits[waits.length - 1] ?? 0,
  };
}

export interface CollectorFigures {
  /** The hourly trigger's pass that collects one finished employee list and writes its sheet. */
  triggerPassServiceMs: number;
  /** The sidebar's calls when it opens. */
  sidebarServiceMs: Record<string, number>;
  /** The Edit trigger every edit of the spreadsheet runs, when no job waits: one cache read. */
  editIdleServiceMs: number;
}

function collector(): CollectorFigures {
  const w = createWorld({ distDir: DIST, emulator: { addOn: true, latencyMs: LATENCY_MS } });
  typeValues(w, 'A2', [['Acme Corporation']]);
  enterFormula(w, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales", "", 5)');
  const sidebar = (name: string) => w.emu.runExecution(w.bundle, name, [], { context: 'sidebar' });
  const sidebarServiceMs: Record<string, number> = {};
  for (const name of ['getSidebarState', 'getSettings', 'getLedger', 'listJobs', 'getCacheStats']) {
    sidebarServiceMs[name] = measure(w, () => sidebar(name)).serviceMs;
  }
  w.clock.advance(2 * MINUTE);
  const pass = measure(w, () =>
    w.emu.runExecution(w.bundle, 'runJobPump', [{ triggerUid: 'bench' }], { context: 'time-trigger' }),
  );
  // Every later edit of the spreadsheet runs the Edit trigger: with nothing waiting it reads one note.
  const editIdle = measure(w, () => w.emu.fireEditTriggers(w.bundle, 'Sheet1', 'D5', { value: 'x' }));
  return { triggerPassServiceMs: pass.serviceMs, sidebarServiceMs, editIdleServiceMs: editIdle.serviceMs };
}

export interface FormulaCostFigures {
  single: SingleCellFigures;
  range: RangeFigures;
  fillDown: FillDownFigures[];
  collector: CollectorFigures;
}

export function measureFormulaCosts(): FormulaCostFigures {
  return {
    single: singleCell(),
    range: rangeFormula(),
    fillDown: [10, 30, 100].map(fillDown),
    collector: collector(),
  };
}
