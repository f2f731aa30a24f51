// Two triggers never run the same watch at once: a run takes the watch's lease (saved in its
// property, under the document lock) and keeps it while it works. A trigger that finds the lease
// held says it wanted a run and returns at once, so a paste, a form flood or an edit and its Change
// event start one run, not many; the run at work looks at the sheet again before it lets go. A
// lease outlives its run's budget by a margin, so a run killed mid-way frees the watch later. The
// rules of the lease are core/platform/lease.ts's; what is a watch's own is when it runs at all.

import { endWanted, takeWanted } from '../platform/lease';
import { onDay, runsNow } from './caps';
import { withSpent } from './refresh';
import type { Watch } from './watch';

/** A lease outlives the time its run may take by this much. */
export const LEASE_MARGIN_MS = 60_000;

export type Taken =
  /** This run holds the lease: `watch` is to be saved. */
  | { kind: 'mine'; watch: Watch }
  /** Another run holds it: `watch` (marked wanted) is to be saved, and this trigger returns. */
  | { kind: 'busy'; watch: Watch }
  /**
   * Nothing to do now (off, paused but by its cap, waiting out a failure, or gone). A watch paused
   * because its columns changed is run all the same: its run looks whether they are back.
   */
  | { kind: 'idle' };

export function takeLease(
  current: Watch | null,
  now: number,
  token: string,
  holdMs: number,
  day: string,
): Taken {
  if (!current) return { kind: 'idle' };
  const watch = onDay(current, day);
  if (!runsNow(watch, now)) return { kind: 'idle' };
  const taken = takeWanted({ ...watch, updatedAt: now }, now, token, holdMs, LEASE_MARGIN_MS);
  return { kind: taken.kind, watch: taken.record };
}

/** What a run did, to be folded into the watch as it is stored when the run ends or pauses. */
export interface RunResult {
  spent: number;
  rowsDone: number;
  lastRunAt: number;
  /** A new last problem; undefined leaves the stored one, null clears it. */
  problem?: string | null;
  pause?: Watch['pause'];
  waitUntil?: number;
  /** What an hourly check found incomplete (incomplete.ts); undefined leaves the stored rows. */
  incompleteRows?: string;
  /** Of `spent`, what its scheduled refresh spent (refresh.ts). */
  refreshSpent?: number;
}

/**
 * The stored watch after a run, given what the store holds now: the user may have switched it
 * off, changed its cap or deleted it meanwhile (then nothing is saved: null). Keeps the lease when
 * `keep` (the run goes on).
 */
export function afterRun(
  current: Watch | null,
  token: string,
  result: RunResult,
  keep: boolean,
): Watch | null {
  if (!current) return null;
  const folded: Watch = {
    ...current,
    spentToday: current.spentToday + result.spent,
    rowsDone: current.rowsDone + result.rowsDone,
    lastRunAt: result.lastRunAt,
    lastProblem: result.problem === undefined ? current.lastProblem : result.problem,
    pause: result.pause === undefined ? current.pause : result.pause,
    waitUntil: result.waitUntil ?? current.waitUntil,
    incompleteRows: result.incompleteRows ?? current.incompleteRows,
    updatedAt: result.lastRunAt,
  };
  if (result.refreshSpent && folded.refresh)
    folded.refresh = withSpent(folded.refresh, folded.day, result.refreshSpent);
  return endWanted(folded, token, keep).record;
}
