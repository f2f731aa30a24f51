// A bulk run over a column, as plain data: which columns it reads and writes, what each row asks
// for (plan.ts), what the preview counts, and the run's state as it is saved between the short server calls
// that do the work (slice.ts). Pure: the server reads the sheet and hands the values in.

import type {
  BulkProgress,
  BulkRunConfig,
  BulkState,
  OutputColumn,
  RefreshCounts,
} from '../../shared/bulk-rpc';
import type { Recipe } from '../../shared/recipe-rpc';
import { operationByType } from '../operations/table';
import { heldByOther, type Lease } from '../platform/lease';
import { BULK_ANSWERS } from '../text/catalogue/sidebar/bulk-answers';
import { refuse } from '../text/catalogue/sidebar/refuse';
import { roundCredits } from '../text/credits';
import { parseJsonObject } from '../text/json-text';
import type { ColumnLayout } from './layout';
import {
  addRows,
  capRanges,
  countRows,
  decodeRanges,
  encodeRanges,
  NO_ROWS,
  type RowRanges,
  rowsOf,
} from './row-ranges';

/** A property value holds 9 KB; the run keeps well inside it. */
const MAX_RUN_BYTES = 8_000;

// --- The run's saved state ----------------------------------------------------------------------

/** Errors count expired jobs; skipped, filled and blank rows. */
export type RunCounts = Pick<BulkProgress, 'found' | 'notFound' | 'errors' | 'skipped' | 'invalid'>;

export interface BulkRun {
  id: string;
  config: BulkRunConfig;
  spreadsheetId: string;
  state: BulkState;
  firstRow: number;
  lastRow: number;
  /** The next row never looked at. */
  cursor: number;
  outputs: OutputColumn[];
  status: OutputColumn;
  /** Employee lists written to one sheet: its name. */
  combinedSheet: string | null;
  counts: RunCounts;
  /** Rows waiting on a job: later slices ask again (which polls the job, never re-posts). */
  pending: RowRanges;
  /** Rows with a retryable row-level error. */
  failed: RowRanges;
  /** Failed rows the user asked to retry, not yet done again. */
  retry: RowRanges;
  /** Credits this run spent (answers it bought; cached answers are free). */
  credits: number;
  /** Why the run stopped (401, 402, its cap), said once for the whole run. */
  message: string | null;
  /**
   * What stopped it, for code to read (never the words of `message`): its cap, the API's refusal
   * (401, 402), or its sheet gone. Absent while it is not stopped, and in runs saved before it.
   */
  stoppedBy?: StopReason;
  /** Clock time slices worked, and the rows they finished: the pace for "time left". */
  activeMs: number;
  timedRows: number;
  /** Pending rows are asked again from then on. */
  pendingCheckAt: number;
  /** After a server error, rate limit or network failure: no slice starts before then. */
  waitUntil: number;
  /** Slices in a row that met such a failure; past a few, the rows get the error instead. */
  failingSlices: number;
  /** While running: why the run is waiting (a failing service). */
  notice: string | null;
  /** The slice at work, so that two sidebars never work on the same rows. */
  lease: Lease | null;
  /**
   * What the slice at work (its lease's token) answered and spent so far, saved every few seconds
   * while it sends (runs/bulk-run.ts), so that the sidebar's progress moves during a long slice.
   */
  live?: { token: string; done: number; credits: number };
  startedAt: number;
  updatedAt: number;
  /** When the run is a step of a recipe (recipes/): the recipe's state, carried to its next step. */
  recipe: RunChain | null;
  /** A refresh's answers bought again, counted against what they were (bulk/refresh-notes.ts). */
  refreshed?: RefreshCounts;
}

/** Where a finished step of a chain of runs wrote: what later steps read and gate on. */
export interface ChainStep {
  id: string;
  statusColumn: number;
  outputColumn: number;
  credits: number;
}

/** A chain of runs over the same rows (a recipe, recipes/), kept with the run of its current step. */
export interface RunChain {
  /** The recipe itself: a user's may be deleted or changed while it runs. */
  recipe: Recipe;
  /** The step the current run does, from 0. */
  step: number;
  /** The sheet columns the chain reads, by name. */
  slots: Partial<Record<string, number>>;
  done: ChainStep[];
}

type NewRun = Pick<BulkRun, 'id' | 'config' | 'spreadsheetId' | 'firstRow' | 'lastRow' | 'combinedSheet'> & {
  layout: ColumnLayout;
  now: number;
  recipe?: RunChain;
};

export function newRun({ layout, now, recipe, ...run }: NewRun): BulkRun {
  return {
    ...run,
    state: 'running',
    cursor: run.firstRow,
    outputs: layout.outputs,
    status: layout.status,
    counts: { found: 0, notFound: 0, errors: 0, skipped: 0, invalid: 0 },
    pending: NO_ROWS,
    failed: NO_ROWS,
    retry: NO_ROWS,
    credits: 0,
    message: null,
    activeMs: 0,
    timedRows: 0,
    pendingCheckAt: now,
    waitUntil: now,
    failingSlices: 0,
    notice: null,
    lease: null,
    startedAt: now,
    updatedAt: now,
    recipe: recipe ?? null,
  };
}

type StoredRun = Omit<BulkRun, 'pending' | 'failed' | 'retry'> & {
  v: 1;
  pending: string;
  failed: string;
  retry: string;
};

/**
 * One JSON value under 8 KB. Row sets that would not fit are widened (the rows between their ranges
 * join them); every slice re-reads a row's status before acting on it, so that costs nothing.
 */
export function serializeRun(run: BulkRun): string {
  let maxRanges = 400;
  for (;;) {
    const encode = (ranges: RowRanges) => encodeRanges(capRanges(ranges, maxRanges));
    const stored: StoredRun = {
      ...run,
      v: 1,
      pending: encode(run.pending),
      failed: encode(run.failed),
      retry: encode(run.retry),
    };
    const text = JSON.stringify(stored);
    if (text.length <= MAX_RUN_BYTES || maxRanges <= 1) return text;
    maxRanges = Math.floor(maxRanges / 2);
  }
}

export function parseRun(text: string | null | undefined): BulkRun | null {
  const stored = parseJsonObject(text) as StoredRun | null;
  if (stored?.v !== 1 || typeof stored.id !== 'string' || !operationByType(stored.config?.type)) return null;
  const { v: _version, ...rest } = stored;
  return {
    ...rest,
    waitUntil: rest.waitUntil ?? 0,
    failingSlices: rest.failingSlices ?? 0,
    notice: rest.notice ?? null,
    recipe: rest.recipe ?? null,
    pending: decodeRanges(stored.pending),
    failed: decodeRanges(stored.failed),
    retry: decodeRanges(stored.retry),
  };
}

// --- Progress and control -----------------------------------------------------------------------

export const finishedRows = (counts: RunCounts) =>
  counts.found + counts.notFound + counts.errors + counts.skipped + counts.invalid;

/** Whether a slice of `run` is at work now. */
export const leaseHeld = (run: BulkRun, now: number) => heldByOther(run.lease, now);

const rowsLeft = (run: BulkRun) => run.cursor <= run.lastRow || run.retry.length > 0;

/** Nothing left to ask and nothing to wait for. */
export const isComplete = (run: BulkRun) => !rowsLeft(run) && run.pending.length === 0;

/** When a slice next has rows to work on (rather than only jobs, or a failing service, to wait for). */
function nextWorkAt(run: BulkRun): number {
  const rows = rowsLeft(run) ? 0 : run.pending.length > 0 ? run.pendingCheckAt : Number.POSITIVE_INFINITY;
  return Math.max(rows, run.waitUntil);
}

export function hasWorkNow(run: BulkRun, now: number): boolean {
  return now >= nextWorkAt(run);
}

/**
 * A running run with nothing left to ask and nothing to wait for is done. A slice says so itself;
 * this covers a run whose last rows were answered elsewhere (their status changed meanwhile).
 */
export function settleIfComplete(run: BulkRun, now: number): BulkRun {
  return run.state === 'running' && isComplete(run) ? { ...run, state: 'done', updatedAt: now } : run;
}

/** What the slice at work said it answered and spent so far; nothing once it is no longer at work. */
function liveCounts(run: BulkRun, now: number): { done: number; credits: number } {
  const { live, lease } = run;
  const atWork = live !== undefined && lease?.token === live.token && leaseHeld(run, now);
  return atWork ? live : { done: 0, credits: 0 };
}

/** The run as the sidebar shows it; a recipe's step also says which step of which recipe it is. */
export function progressOf(run: BulkRun, now: number, busy = false): BulkProgress {
  const { recipe: chain, refreshed } = run;
  const rows = run.lastRow - run.firstRow + 1;
  const live = liveCounts(run, now);
  const done = Math.min(rows, finishedRows(run.counts) + live.done);
  const left = Math.max(0, rows - done);
  const creditsSpent = roundCredits(run.credits + live.credits);
  const etaSeconds =
    run.timedRows > 0 && (run.state === 'running' || run.state === 'paused')
      ? Math.round((left * run.activeMs) / run.timedRows / 1000)
      : null;
  const waitMs = hasWorkNow(run, now) ? 0 : Math.max(500, Math.min(nextWorkAt(run) - now, 60_000));
  const nextCallInMs = run.state !== 'running' ? null : busy ? 2_000 : waitMs;
  return {
    runId: run.id,
    state: run.state,
    sheetName: run.config.sheetName,
    type: run.config.type,
    label: operationByType(run.config.type)?.label ?? run.config.type,
    rows,
    done,
    ...run.counts,
    pending: countRows(run.pending),
    creditsSpent,
    etaSeconds,
    message: run.message,
    notice: run.state === 'running' ? run.notice : null,
    failedRows: countRows(run.failed),
    nextCallInMs,
    busy,
    outputColumns: run.outputs,
    statusColumn: run.status,
    // A refresh that is done says what it found of the answers it bought again.
    ...(run.state === 'done' && refreshed
      ? {
          refreshSummary: BULK_ANSWERS.refreshSummary.say(
            refreshed.changed,
            refreshed.same,
            refreshed.notFound,
          ),
        }
      : {}),
    recipe: chain && {
      name: chain.recipe.name,
      step: chain.step + 1,
      steps: chain.recipe.steps.length,
      creditsSpent: roundCredits(chain.done.reduce((sum, step) => sum + step.credits, 0) + creditsSpent),
      waitingFor: waitingFor(run),
    },
  };
}

/**
 * The next step's label when the recipe waits at a finished step whose rows failed (they may be
 * retried before going on); null when it goes on by itself or has no next step.
 */
export function waitingFor(run: BulkRun): string | null {
  if (!run.recipe || run.state !== 'done' || countRows(run.failed) === 0) return null;
  const next = run.recipe.recipe.steps[run.recipe.step + 1];
  return next ? (operationByType(next.type)?.label ?? next.id) : null;
}

/** Why a new run may not start while `current` is the spreadsheet's run; null when it may. */
export function startRefusal(current: BulkRun | null): string | null {
  if (current?.state !== 'running' && current?.state !== 'paused') return null;
  return BULK_ANSWERS.runInProgress.say(current.config.sheetName);
}

export function pauseRun(run: BulkRun, now: number): BulkRun {
  return run.state === 'running' ? { ...run, state: 'paused', updatedAt: now } : run;
}

export type StopReason = 'cap' | 'refused' | 'sheetGone';

export function resumeRun(run: BulkRun, now: number): BulkRun {
  if (run.state !== 'paused' && run.state !== 'stopped') return run;
  const { stoppedBy: _stopped, ...rest } = run;
  return {
    ...rest,
    state: 'running',
    message: null,
    notice: null,
    failingSlices: 0,
    pendingCheckAt: now,
    waitUntil: now,
    updatedAt: now,
  };
}

export function cancelRun(run: BulkRun, now: number): BulkRun {
  return run.state === 'done' || run.state === 'cancelled'
    ? run
    : // A stop's "Resume once this is fixed" no longer applies: a cancelled run has no Resume.
      { ...run, state: 'cancelled', message: null, lease: null, updatedAt: now };
}

/** Puts exactly the rows with a row-level error back in the queue; they count again once done. */
export function retryRun(run: BulkRun, now: number): BulkRun {
  const failed = countRows(run.failed);
  if (failed === 0) throw refuse('bulk', 'noFailedRows');
  return {
    ...run,
    state: 'running',
    message: null,
    counts: { ...run.counts, errors: Math.max(0, run.counts.errors - failed) },
    retry: addRows(run.retry, rowsOf(run.failed)),
    failed: NO_ROWS,
    updatedAt: now,
  };
}

/**
 * What a finished slice saves, given what the store holds now: a pause or cancel the user asked for
 * meanwhile wins over "running". Null when another run has replaced this one: nothing is saved.
 */
export function mergeAfterSlice(current: BulkRun | null, sliced: BulkRun): BulkRun | null {
  if (current === null || current.id !== sliced.id) return null;
  const userStopped = current.state === 'paused' || current.state === 'cancelled';
  const state = userStopped && sliced.state === 'running' ? current.state : sliced.state;
  const { live: _said, ...rest } = sliced;
  return { ...rest, state, lease: null };
}
