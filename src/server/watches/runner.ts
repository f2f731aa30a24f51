// Runs the watches a trigger concerns: an edit or a form response the watches of its sheet, a
// Change event or the hourly check all of them. Each watch runs under its lease (watch-run.ts), at
// the pace today's trigger runtime allows (core/watches/runtime.ts). A 401 or 402 pauses every
// watch at once, with one notice; the pause ends with a working key or credits back (pause.ts).
import { creditsRanOut } from '../../core/jobs/short-list';
import { OUT_OF_CREDITS_PROPERTY } from '../../core/lookup/send';
import { type RunEnd, WatchRun, type WatchRunPorts } from '../../core/runs/watch-run';
import { creditsBack } from '../../core/watches/pause';
import { paceAt, type RunCause, shareOf } from '../../core/watches/runtime';
import type { Watch } from '../../core/watches/watch';
import { keepCollecting } from '../collector/clock-trigger';
import { type ExecutionContext, executionContext } from '../context';
import { activeSpreadsheet } from '../platform/spreadsheet';
import { runPorts } from '../run-ports';
import { closeFailedRun, openTriggerRun } from './runtime-tally';
import { GuardedSheet } from './sheet-port';
import {
  readAccountPause,
  readWatch,
  readWatches,
  saveAccountPause,
  saveWatch,
  writeWatchNote,
} from './store';

export interface RunRequest {
  cause: RunCause;
  /** Only the watches of this sheet (an edit, a form response); null: every watch. */
  sheetName: string | null;
  /** When this execution must be done with watches. */
  until: number;
}

/**
 * Runs the watches `request` concerns. Answers whether it had any to look at: then its trigger did
 * work worth counting against the day's runtime quota, whether or not the pace let a watch run.
 */
export function runWatches(request: RunRequest): boolean {
  const ctx = executionContext({ canWriteSheets: true });
  const spreadsheet = activeSpreadsheet();
  if (!ctx || !spreadsheet) return false;
  const all = ctx.deps.store.getAll();
  const watches = readWatches(all).filter(
    (watch) => watch.on && (request.sheetName === null || watch.sheetName === request.sheetName),
  );
  if (watches.length === 0) return false;
  if (!accountReady(ctx, all, request.cause)) return true;
  const opened = openTriggerRun();
  const share = shareOf(opened, ctx.deps.client.clock.now());
  let tally: { pending: number; changed: boolean };
  try {
    tally = runAll(ctx, spreadsheet, watches, request, share);
  } catch (error) {
    // A failure, not Google's stop (which leaves no time to get here): the next run must not
    // read the open tally as a stop.
    if (opened?.open !== undefined) closeFailedRun(opened.open);
    throw error;
  }
  // Rows waiting on an API job: the clock trigger collects it even if nothing else happens.
  if (tally.pending > 0) keepCollecting();
  if (tally.changed) writeWatchNote(readWatches());
  return true;
}

/** The watches' runs, until one is refused a 401 or 402, which pauses them all. */
function runAll(
  ctx: ExecutionContext,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  watches: readonly Watch[],
  request: RunRequest,
  share: number,
): { pending: number; changed: boolean } {
  const tally = { pending: 0, changed: false };
  for (const watch of watches) {
    const end = runOne(ctx, spreadsheet, watch, request, share);
    if (end.kind === 'ran') {
      tally.pending += end.pending;
      tally.changed ||= end.pauseChanged;
    }
    if (end.kind !== 'refused') continue;
    pauseEveryWatch(ctx, end);
    tally.changed = true;
    break;
  }
  return tally;
}

/** One watch's run, at the pace today's share of the trigger quota allows. */
function runOne(
  ctx: ExecutionContext,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  watch: Watch,
  request: RunRequest,
  share: number,
): RunEnd {
  const now = ctx.deps.client.clock.now();
  const pace = paceAt(share, request.cause, now - (watch.lastRunAt ?? 0));
  if (!pace.runs) return { kind: 'idle' };
  const until = Math.min(request.until, now + pace.budgetMs);
  return new WatchRun(watchRunPorts(ctx, spreadsheet), watch.id, until, request.cause).run();
}

/** Where watches are kept (store.ts) and their sheets, guarded (sheet-port.ts). */
function watchRunPorts(
  ctx: ExecutionContext,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): WatchRunPorts {
  return {
    ...runPorts(ctx),
    readWatch,
    saveWatch,
    openSheet: (name, inputColumns) => {
      const sheet = spreadsheet.getSheetByName(name);
      if (!sheet) return null;
      return {
        sheet: new GuardedSheet(sheet, inputColumns, ctx.deps.client.clock),
        lastRow: sheet.getLastRow(),
      };
    },
  };
}

/**
 * Whether watches may run, given the account's pause: a credits pause ends once a paid answer has
 * cleared the API's out-of-credits flag, or, at the hourly check, once the API says for free that
 * the balance can pay again. A key pause ends only with a key that works (sidebar-api.ts).
 */
function accountReady(
  ctx: ExecutionContext,
  all: Readonly<Record<string, string>>,
  cause: RunCause,
): boolean {
  const pause = readAccountPause(all);
  if (!pause) return true;
  const flagged = OUT_OF_CREDITS_PROPERTY in all ? pause.at : null;
  const back =
    creditsBack(pause, flagged) || (pause.credits && cause === 'clock' && !creditsRanOut(ctx.deps.client));
  if (back) saveAccountPause(null);
  return back;
}

function pauseEveryWatch(ctx: ExecutionContext, end: Extract<RunEnd, { kind: 'refused' }>): void {
  const credits = OUT_OF_CREDITS_PROPERTY in ctx.deps.store.getAll();
  saveAccountPause({ credits, message: end.message, at: ctx.deps.client.clock.now() });
}
