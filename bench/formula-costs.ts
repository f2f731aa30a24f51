// Formulas, the job collector and the sidebar at Google's real cost: the emulator charges every
// Apps Script call its published round trip (tools/emulator/service-costs.ts) and kills at 30 s
// and 6 min, so these figures are what a user of Sheets would meet, on the virtual clock.
import { join } from 'node:path';
import {
  enterFormula,
  enterFormulaBeforeItsTrigger,
  saveSettings,
  spent,
  typeValues,
  type World,
} from '../test/bundle/harness';
import { sized } from './mode';
import { LATENCY_MS, onPlan, refused } from './pace-ways';

const MINUTE = 60_000;
/** The big range: 5,000 rows, or 1,000 in the quick mode. */
export const BIG_RANGE_ROWS = sized(5_000, 1_000);
/** `npm run bench` runs from the repository's root. */
const DIST = join(process.cwd(), 'dist');

/** On a plan of 10 a second, the pace learned: figures of Apps Script's cost, not of the pace. */
function world(): World {
  const w = onPlan({ distDir: DIST, credits: 1_000_000, emulator: { latencyMs: LATENCY_MS } });
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
  // The formula's own cost: its edit's Edit trigger is another execution, measured apart.
  const miss = measure(w, () => enterFormulaBeforeItsTrigger(w, 'B1', '=COMPANY_WEBSITE(A1)'));
  const hit = measure(w, () => enterFormulaBeforeItsTrigger(w, 'C1', '=COMPANY_WEBSITE(A1)'));
  return {
    missServiceMs: miss.serviceMs,
    missCalls: miss.calls,
    hitServiceMs: hit.serviceMs,
    hitCalls: hit.calls,
  };
}

export interface RangeFigures {
  rows: number;
  /**
   * Minutes of virtual time from typing the formula until its last row shows its answer, left
   * alone; null when rows were still unanswered when the scenario stopped looking.
   */
  minutesUntilAnswered: number | null;
  /** How long the scenario looked, in minutes, and the rows still without an answer then. */
  lookedMinutes: number;
  unanswered: number;
  /** Rows without an answer a day after typing (the trigger quota's day), or when all were sooner. */
  unansweredAfterADay: number;
  /** Custom function executions (the typed one, and those the add-on's drivers entered again). */
  evaluations: number;
  /** Evaluations that failed as a whole (#ERROR!, e.g. past 30 s). */
  wholeRangeErrors: number;
  /** Trigger executions (Edit, hourly clock) and their total runtime, against the daily quota. */
  triggerExecutions: number;
  /** Trigger executions that failed (the daily runtime quota's message among them). */
  triggerFailures: number;
  triggerRuntimeMinutes: number;
  /** The share of the consumer account's 90 minutes a day of trigger runtime (of one day's). */
  triggerQuotaShare: number;
  /** POSTs the API refused with 429. */
  refused: number;
  credits: number;
  minimumCredits: number;
  slowestEvaluationMs: number;
  cachedEvaluationMs: number;
  propertyCallsPer1000Lookups: number;
}

const TRIGGER_QUOTA_MINUTES = 90;
const DAY_MINUTES = 24 * 60;

/** A spreadsheet the add-on is installed in, the key saved (its Edit, Open and hourly triggers). */
export type RangeWorld = (options: Parameters<typeof onPlan>[0]) => World;

/**
 * `=COMPANY_WEBSITE(A1:A{rows})` over new names, typed once in an add-on's spreadsheet made by
 * `make`, then left alone: Sheets runs it once, the add-on's own executions finish it. Checked
 * every minute of virtual time, for up to `lookMinutes`.
 */
export function rangeFormula(rows: number, make: RangeWorld = onPlan, lookMinutes = 180): RangeFigures {
  const w = make({ distDir: DIST, credits: 1_000_000, emulator: { latencyMs: LATENCY_MS, addOn: true } });
  saveSettings(w, { formulaDailyCap: 1_000_000 });
  typeValues(
    w,
    `A1:A${rows}`,
    Array.from({ length: rows }, (_, i) => [`Range Company ${i + 1}`]),
  );
  const formula = `=COMPANY_WEBSITE(A1:A${rows})`;
  const firstRun = w.emu.runtime.finished.length;
  const firstTrigger = w.emu.triggerRuns.length;
  const startedAt = w.clock.now();
  enterFormula(w, 'B1', formula);
  // Only an execution writes the cells: they are read again once one more has finished.
  let read = { executions: -1, left: rows };
  const unanswered = () => {
    const executions = w.emu.runtime.finished.length;
    if (executions === read.executions) return read.left;
    const left = w.emu.values('Sheet1', `B1:B${rows}`).filter((row) => !/\.com$/.test(String(row[0]))).length;
    read = { executions, left };
    return left;
  };
  let minutes = 0;
  let afterADay: number | undefined;
  while (unanswered() > 0 && minutes < lookMinutes) {
    minutes++;
    w.emu.runTriggersUntil(w.bundle, Math.max(w.clock.now(), startedAt + minutes * MINUTE));
    if (minutes === DAY_MINUTES) afterADay = unanswered();
  }
  const left = unanswered();
  const runs = w.emu.runtime.finished.slice(firstRun);
  const evaluations = runs.filter((run) => run.label.startsWith('='));
  const triggers = runs.filter((run) => /trigger/.test(run.label));
  const triggerMs = triggers.reduce((sum, run) => sum + run.endedAt - run.startedAt, 0);
  const credits = spent(w);
  const cached = measure(w, () => enterFormulaBeforeItsTrigger(w, 'C1', formula));
  const property = evaluations.reduce(
    (sum, run) => sum + run.calls.filter((call) => call.startsWith('Properties.')).length,
    0,
  );
  return {
    rows,
    minutesUntilAnswered: left === 0 ? Math.max(1, minutes) : null,
    lookedMinutes: minutes,
    unanswered: left,
    unansweredAfterADay: afterADay ?? left,
    evaluations: evaluations.length,
    wholeRangeErrors: evaluations.filter((run) => run.timedOut).length,
    triggerExecutions: triggers.length,
    triggerFailures: w.emu.triggerRuns.slice(firstTrigger).filter((run) => run.error !== null).length,
    triggerRuntimeMinutes: Math.round((triggerMs / MINUTE) * 10) / 10,
    triggerQuotaShare: Math.round((triggerMs / MINUTE / TRIGGER_QUOTA_MINUTES) * 1000) / 1000,
    refused: refused(w),
    credits,
    minimumCredits: rows,
    slowestEvaluationMs: Math.max(...evaluations.map((run) => run.endedAt - run.startedAt)),
    cachedEvaluationMs: cached.ms,
    propertyCallsPer1000Lookups: Math.round((property / rows) * 1000),
  };
}

export interface FillDownFigures {
  atOnce: number;
  cells: number;
  distinctInputs: number;
  /** Times a cell ran until all were answered: the fill-down, then each round of re-entry. */
  evaluations: number;
  errors: number;
  credits: number;
  lockWaitMedianMs: number;
  lockWaitWorstMs: number;
}

/**
 * 200 single-cell formulas over 50 inputs filled down at once (one edit), `atOnce` executions at
 * a time; the fill-down's Edit trigger then finishes what they queued.
 */
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
  const shown = w.emu.concurrently(
    () =>
      Array.from({ length: cells }, (_, i) =>
        enterFormulaBeforeItsTrigger(w, `B${i + 1}`, `=COMPANY_WEBSITE(A${i + 1})`),
      ),
    { atOnce },
  );
  w.emu.fireEditTriggers(w.bundle, 'Sheet1', 'B1');
  const runs = w.emu.runtime.finished.slice(firstExecution);
  const reentries = runs
    .filter((run) => /trigger/.test(run.label))
    .reduce((sum, run) => sum + run.calls.filter((call) => call === 'Range.setFormulas').length, 0);
  const answered = w.emu.values('Sheet1', `B1:B${cells}`).every((row) => /\.com$/.test(String(row[0])));
  const waits = runs
    .filter((execution) => execution.label.startsWith('='))
    .map((execution) => execution.lockWaitMs)
    .sort((a, b) => a - b);
  return {
    atOnce,
    cells,
    distinctInputs: distinct,
    evaluations: answered ? 1 + reentries : Number.NaN,
    errors: shown.filter((cell) => cell.error !== null).length,
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
  const w = onPlan({ distDir: DIST, emulator: { addOn: true, latencyMs: LATENCY_MS } });
  typeValues(w, 'A2', [['Acme Corporation']]);
  // Its edit's trigger not run yet: the hourly pass below is what delivers it.
  enterFormulaBeforeItsTrigger(w, 'B2', '=COMPANY_EMPLOYEES(A2, "Sales", "", 5)');
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
  bigRange: RangeFigures;
  fillDown: FillDownFigures[];
  collector: CollectorFigures;
}

export function measureFormulaCosts(): FormulaCostFigures {
  return {
    single: singleCell(),
    range: rangeFormula(500),
    bigRange: rangeFormula(BIG_RANGE_ROWS),
    fillDown: [10, 30, 100].map(fillDown),
    collector: collector(),
  };
}
