// The sidebar drives a bulk run (or a recipe's step) as a loop of calls; each call does one bounded
// slice here and saves the run before it returns, so a closed sidebar or a killed execution loses
// nothing. The run's lease (bulk/lease.ts), taken under the document lock, keeps two sidebars off
// the same rows; a slice that throws gives its rows back; a pause or cancel asked for meanwhile
// wins (bulk/run.ts mergeAfterSlice); a recipe's step that is done starts the next (recipe-steps.ts).
import type { BulkProgress } from '../../shared/bulk-rpc';
import { checkConfig } from '../bulk/config';
import { releaseLease, takeSlice } from '../bulk/lease';
import { NO_ROWS } from '../bulk/row-ranges';
import { type BulkRun, cancelRun, leaseHeld, mergeAfterSlice, progressOf, retryRun } from '../bulk/run';
import { type BulkSheetPort, bulkSliceLimits, type CombinedSheetPort } from '../bulk/slice/ports';
import type { LiveWork } from '../lookup/items';
import type { Operation } from '../operations/types';
import { BUSY, tryWithLock } from '../platform/locked-section';

import { BULK_ANSWERS } from '../text/catalogue/sidebar/bulk-answers';
import { refuse } from '../text/catalogue/sidebar/refuse';
import type { RunPorts } from './ports';
import { advanceRecipe, currentRun, type RecipeRunPorts } from './recipe-steps';
import { type NextColumnPorts, nextColumn } from './sheet-refresh';
import { sliceOf } from './slice';

/** Where the spreadsheet's one bulk run is kept, its sheets, and what follows a slice. */
export interface BulkRunPorts extends RunPorts, RecipeRunPorts, NextColumnPorts {
  /** The run's sheet by name; null when it is gone. */
  sheet(name: string): BulkSheetPort | null;
  /** The one sheet a run writes every company's employees to. */
  combined(name: string, op: Operation): CombinedSheetPort;
  /** Moves the purchases waiting in document properties to the ledger's sheet. */
  movePurchases(): void;
  /** Keeps the clock trigger that collects jobs: the run waits for some. */
  keepCollecting(): void;
}

/** One call of the sidebar's loop: the next slice of run `runId`, if it is this caller's to run. */
export function continueRun(ports: BulkRunPorts, runId: string): BulkProgress {
  const { clock } = ports;
  const token = ports.token();
  const taken = ports.locked(() => {
    const taken = takeSlice(currentRun(ports, runId), clock.now(), token);
    if (taken.save) ports.saveRun(taken.save);
    return taken;
  });
  if (!taken.mine) return progressOf(taken.run, clock.now(), taken.busy);

  // Purchases still waiting make room for the slice's, which the ledger's sheet takes after it.
  ports.movePurchases();
  let sliced: BulkRun;
  try {
    sliced = sliceRun(ports, taken.run);
  } catch (error) {
    // The rows are free for the next call; what was bought is in the cache.
    ports.locked(() => {
      const released = releaseLease(ports.readRun(), taken.run.id, token);
      if (released) ports.saveRun(released);
    });
    throw error;
  }
  const merged = ports.locked(() => {
    const after = mergeAfterSlice(ports.readRun(), sliced);
    if (after) ports.saveRun(after);
    return after ?? sliced;
  });
  // The slice's purchases wait in document properties: the ledger sheet takes them while this
  // call may write it.
  ports.movePurchases();
  // A recipe's step that is done hands its rows to the next step; a sheet's refresh, its next column.
  const saved = nextColumn(ports, advanceRecipe(ports, merged));
  // Jobs this run waits for are collected even if the sidebar closes.
  if (saved.pending.length > 0) ports.keepCollecting();
  return progressOf(saved, clock.now());
}

function sliceRun(ports: BulkRunPorts, run: BulkRun): BulkRun {
  const sheet = ports.sheet(run.config.sheetName);
  if (!sheet) {
    const message = BULK_ANSWERS.sheetGone.say(run.config.sheetName);
    return { ...run, state: 'stopped', stoppedBy: 'sheetGone', message };
  }
  const op = checkConfig(run.config).op;
  const combined = run.combinedSheet ? ports.combined(run.combinedSheet, op) : null;
  return sliceOf(ports, run, sheet, combined, {
    limits: bulkSliceLimits(ports.requestsPerSecond(), run.activeMs === 0),
    // A run's first slice is short so that its rows show soon (bulk/slice/ports.ts): it ends
    // before a save of its progress could be read, and each save would delay its sending.
    live: liveSlice(ports, run, run.activeMs !== 0),
  });
}

/** How often a slice reads whether its run was paused or cancelled, and says how far it got. */
const CHECK_MS = 10_000;

/**
 * The slice as the user watches it, every CHECK_MS between batches. It reads whether the user
 * paused or cancelled the run (or another run replaced it): it then sends nothing more, and what it
 * bought is written. While it runs, it saves in the run what it answered and spent so far, for the
 * sidebar's progress, under the document lock so that a pause saved meanwhile is never overwritten;
 * with the lock busy it only reads, and says so at the next check.
 */
function liveSlice(ports: BulkRunPorts, run: BulkRun, saysProgress: boolean): LiveWork {
  const { clock } = ports;
  const token = run.lease?.token ?? '';
  const live = { token, done: 0, credits: 0 };
  let said = 0;
  let readAt = clock.now();
  let asked = false;
  const read = () => {
    const current = ports.readRun();
    asked = current?.id !== run.id || current.state !== 'running';
    return asked ? null : current;
  };
  const readAndSay = () => {
    const current = read();
    if (current?.lease?.token !== token || said === live.done) return;
    ports.saveRun({ ...current, live: { ...live } });
    said = live.done;
  };
  return {
    stopAsked() {
      if (asked || clock.now() < readAt + CHECK_MS) return asked;
      readAt = clock.now();
      if (!saysProgress || tryWithLock(ports.lock, 0, readAndSay) === BUSY) read();
      return asked;
    },
    answered(credits) {
      live.done += 1;
      live.credits += credits;
    },
  };
}

/** Changes run `runId` as the user asked (pause, resume, cancel, retry), under the lock. */
export function controlRun(
  ports: Pick<BulkRunPorts, 'clock' | 'locked' | 'readRun' | 'saveRun'>,
  runId: string,
  change: (run: BulkRun, now: number) => BulkRun,
): BulkProgress {
  const now = ports.clock.now();
  const run = ports.locked(() => {
    const next = change(currentRun(ports, runId), now);
    ports.saveRun(next);
    return next;
  });
  return progressOf(run, now, run.state === 'running' && leaseHeld(run, now));
}

/** The failed rows back in the queue; refused while a slice is at work on the run. */
export function retryFailed(run: BulkRun, now: number): BulkRun {
  if (leaseHeld(run, now)) throw refuse('bulk', 'sliceAtWork');
  return retryRun(run, now);
}

/** A cancel may take this long to give a refresh's cleared rows their answers back. */
const RESTORE_MS = 4 * 60_000;

/**
 * Cancels run `runId`. The rows a refresh cleared and never sent show their answer again: it is
 * still saved, so slices over a copy of the run serve it free (a cap that leaves nothing to spend
 * buys nothing and leaves every other row as it is), and the note's "was" line goes with it.
 */
export function cancelBulk(ports: BulkRunPorts, runId: string): BulkProgress {
  const progress = controlRun(ports, runId, cancelRun);
  const run = ports.readRun();
  const sheet = run?.config.refreshedOn ? ports.sheet(run.config.sheetName) : null;
  if (progress.state !== 'cancelled' || run?.id !== runId || !sheet) return progress;
  const { paidAfter: _, ...config } = run.config;
  let copy: BulkRun = { ...run, config, pending: NO_ROWS, retry: NO_ROWS };
  const until = ports.clock.now() + RESTORE_MS;
  while (copy.cursor <= copy.lastRow && ports.clock.now() < until) {
    const before = copy.cursor;
    copy = sliceOf(ports, copy, sheet, null, { watchCaps: { left: 0, status: null } });
    if (copy.cursor === before) break;
  }
  return progress;
}
