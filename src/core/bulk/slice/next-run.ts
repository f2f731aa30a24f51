// The run's next state after a slice: the cursor, the counts, the rows still waiting on a job or
// to retry, and whether the run is done, waiting out a failing service, or stopped.

import { BULK_ANSWERS } from '../../text/catalogue/sidebar/bulk-answers';
import { addRows, removeRows } from '../row-ranges';
import { type BulkRun, isComplete, type RunCounts } from '../run';
import type { SliceLimits } from './ports';
import type { Outcome, Work } from './work';

/** What a slice did, as the next state needs it. */
export interface SliceEnd {
  work: readonly Work[];
  outcomes: readonly Outcome[];
  /** Rows of the pending or retry sets answered or edited meanwhile. */
  stale: readonly number[];
  /** The rows the caps could not pay for (`capped`, by index; `index` the first of them, or the end). */
  cut: { index: number; reason: 'cap' | null; capped: ReadonlySet<number> };
  /** Credits this slice spent. */
  credits: number;
  started: number;
  now: number;
  limits: SliceLimits;
  runHardCap: number;
}

interface Tally {
  counts: RunCounts;
  cursor: number;
  resolved: number[];
  nowPending: number[];
  failed: number[];
  fatal: string | null;
  finished: number;
}

export function nextRun(run: BulkRun, end: SliceEnd): BulkRun {
  const tally = tallyRows(run, end);
  const { now, limits } = end;
  const pending = addRows(removeRows(run.pending, tally.resolved), tally.nowPending);
  const retry = removeRows(run.retry, tally.resolved);
  const revisited = end.work.some((w) => w.source === 'pending');
  const startedWaiting = run.pending.length === 0 && pending.length > 0;
  const failing = end.outcomes.find((o) => o.kind === 'defer' && o.transient !== undefined);
  const failure = failing?.kind === 'defer' ? failing.transient : undefined;
  const waitMs = limits.failureWaitMs;
  const next: BulkRun = {
    ...run,
    waitUntil: failure ? now + waitMs : run.waitUntil,
    failingSlices: failure ? run.failingSlices + 1 : 0,
    notice: failure ? BULK_ANSWERS.waitsThenAsks.say(failure, Math.round(waitMs / 1000)) : null,
    cursor: tally.cursor,
    counts: tally.counts,
    pending,
    retry,
    failed: addRows(run.failed, tally.failed),
    credits: run.credits + end.credits,
    activeMs: run.activeMs + (now - end.started),
    timedRows: run.timedRows + tally.finished,
    pendingCheckAt: revisited || startedWaiting ? now + limits.pendingCheckMs : run.pendingCheckAt,
    updatedAt: now,
  };
  return settle(next, tally, end);
}

/** Where each row went: counted, waiting, to retry, or left to a later slice. */
function tallyRows(run: BulkRun, end: SliceEnd): Tally {
  const tally: Tally = {
    counts: { ...run.counts },
    cursor: run.cursor,
    resolved: [...end.stale],
    nowPending: [],
    failed: [],
    fatal: null,
    finished: 0,
  };
  let firstDeferredNew: number | null = null;
  end.work.forEach((w, i) => {
    const outcome = end.outcomes[i]!;
    if (outcome.kind === 'defer' || outcome.kind === 'fatal') {
      if (w.source === 'new') firstDeferredNew ??= w.row;
      if (outcome.kind === 'fatal') tally.fatal ??= outcome.message;
    } else if (firstDeferredNew === null || w.source !== 'new') placeRow(tally, w, outcome);
    // Else a free row past one the cap left: written now, counted when the cursor comes back to it.
  });
  if (firstDeferredNew !== null) tally.cursor = firstDeferredNew;
  return tally;
}

/** A row the slice did: the cursor passes it, or its set lets it go; then it is counted or waits. */
function placeRow(tally: Tally, w: Work, outcome: Outcome): void {
  if (w.source === 'new') tally.cursor = w.row + 1;
  else tally.resolved.push(w.row);
  if (outcome.kind === 'pending') tally.nowPending.push(w.row);
  else countRow(tally, w.row, outcome);
}

function countRow(tally: Tally, row: number, outcome: Outcome): void {
  const { counts } = tally;
  tally.finished++;
  if (outcome.kind === 'skipped' || outcome.kind === 'held' || outcome.kind === 'capped') counts.skipped++;
  else if (outcome.kind === 'invalid') counts.invalid++;
  else if (outcome.kind === 'found') counts.found++;
  else if (outcome.kind === 'notFound') counts.notFound++;
  else {
    counts.errors++;
    if (outcome.kind === 'error' && outcome.retryable) tally.failed.push(row);
  }
}

/** Stopped by a 401 or 402 or the run's cap, done, or still going. */
function settle(next: BulkRun, tally: Tally, end: SliceEnd): BulkRun {
  if (tally.fatal !== null) {
    const message = stopMessage(tally.fatal, tally.cursor, next);
    return { ...next, state: 'stopped', stoppedBy: 'refused', message };
  }
  // Stopped by the cap only once the rows before the cut are done: a slice the pace or its time
  // cut short goes on in the next one, which weighs the cap again.
  const cutRow = end.work[end.cut.index]?.row ?? Number.POSITIVE_INFINITY;
  if (end.cut.reason === 'cap' && tally.cursor >= cutRow) {
    const message = BULK_ANSWERS.capReached.say(end.runHardCap, next.credits);
    return { ...next, state: 'stopped', stoppedBy: 'cap', message };
  }
  return isComplete(next) ? { ...next, state: 'done' } : next;
}

function stopMessage(reason: string, cursor: number, run: BulkRun): string {
  const where = cursor <= run.lastRow ? BULK_ANSWERS.stoppedAtRow.say(cursor) : '';
  // A reason that names its own next step ("Top up the account, then run again.") says it once,
  // as the run's: "…, then Resume."; any other reason gets the run's own.
  const own = /^(.*\.) ([^.]*), then run again\.$/.exec(reason);
  return own
    ? BULK_ANSWERS.thenResume.say(own[1]!, where, own[2]!)
    : BULK_ANSWERS.resumeOnceFixed.say(reason, where);
}
