// The watches a trigger concerns, run as core/runs/watches.ts decides, over this execution: the
// store of watches (store.ts), their sheets guarded (sheet-port.ts), the runtime tally in user
// properties (runtime-tally.ts), the account's pause and the Edit trigger's note.
import { creditsRanOut } from '../../core/jobs/short-list';
import { type RunRequest, runWatches as runTheWatches, type WatchesPorts } from '../../core/runs/watches';
import { currentBackground, keepCollecting } from '../collector/clock-trigger';
import { type ExecutionContext, executionContext } from '../context';
import { activeSpreadsheet } from '../platform/spreadsheet';
import { runPorts } from '../run-ports';
import { closeFailedRun, openTriggerRun } from './runtime-tally';
import { GuardedSheet } from './sheet-port';
import { readWatch, readWatches, saveAccountPause, saveWatch, writeWatchNote } from './store';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/**
 * Runs the watches `request` concerns. Answers whether it had any to look at: then its trigger did
 * work worth counting against the day's runtime quota, whether or not the pace let a watch run.
 */
export function runWatches(request: RunRequest): boolean {
  const ctx = executionContext({ canWriteSheets: true, turnsUnderUserLock: true });
  const spreadsheet = activeSpreadsheet();
  if (!ctx || !spreadsheet) return false;
  return runTheWatches(watchesPorts(ctx, spreadsheet), request);
}

function watchesPorts(ctx: ExecutionContext, spreadsheet: Spreadsheet): WatchesPorts {
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
    properties: () => ctx.deps.store.getAll(),
    saveAccountPause,
    creditsRanOut: () => creditsRanOut(ctx.deps.client),
    openTriggerRun,
    closeFailedRun,
    keepCollecting,
    clockSchedule: currentBackground,
    writeWatchNote: () => writeWatchNote(readWatches()),
  };
}
