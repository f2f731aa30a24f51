// Runs the watches a trigger concerns: an edit or a form response the watches of its sheet, a
// Change event or the hourly check all of them. Each watch runs under its lease (watch-run.ts), at
// the pace today's trigger runtime allows (watches/runtime.ts). A 401 or 402 pauses every watch at
// once, with one notice; the pause ends with a working key or credits back (watches/pause.ts).

import { OUT_OF_CREDITS_PROPERTY } from '../lookup/send';
import { PROPERTY } from '../platform/stored-keys';
import { accountPausedStatus } from '../text/catalogue/statuses';
import { type AccountPause, parsePause } from '../watches/pause';
import { paceAt, type RunCause, type RuntimeTally, shareOf } from '../watches/runtime';
import { type Watch, watchesIn } from '../watches/watch';
import { type RunEnd, WatchRun, type WatchRunPorts } from './watch-run';

export interface RunRequest {
  cause: RunCause;
  /** While every watch is paused (401, 402): what a row that would cost credits says. */
  paused?: string | null;
  /** Only the watches of this sheet (an edit, a form response); null: every watch. */
  sheetName: string | null;
  /** When this execution must be done with watches. */
  until: number;
}

/** What the watches' runs need besides one watch's: the account's pause, the runtime tally, the note. */
export interface WatchesPorts extends WatchRunPorts {
  /** The document properties, read at once. */
  properties(): Readonly<Record<string, string>>;
  saveAccountPause(pause: AccountPause | null): void;
  /** Whether the API says, for free, that the balance cannot pay. */
  creditsRanOut(): boolean;
  /** Opens today's runtime tally for a run about to do paid work (its `open` says when). */
  openTriggerRun(): RuntimeTally | null;
  /** Closes the tally opened at `openedAt` without counting it: the run failed. */
  closeFailedRun(openedAt: number): void;
  /** Keeps the clock trigger that collects jobs: rows wait for some. */
  keepCollecting(): void;
  /** Writes the Edit trigger's note from the watches as they are stored now. */
  writeWatchNote(): void;
}

/**
 * Runs the watches `request` concerns. Answers whether it had any to look at: then its trigger did
 * work worth counting against the day's runtime quota, whether or not the pace let a watch run.
 */
export function runWatches(ports: WatchesPorts, request: RunRequest): boolean {
  const all = ports.properties();
  const watches = watchesIn(all).filter(
    (watch) =>
      watch.on &&
      (request.cause === 'clock' || !watch.refreshOnly) &&
      (request.sheetName === null || watch.sheetName === request.sheetName),
  );
  if (watches.length === 0) return false;
  // Paused by a 401 or 402, watches still fill the rows whose answers are saved (free), and the
  // others say why they wait.
  const paused = pausedStatus(ports, all, request.cause);
  const opened = ports.openTriggerRun();
  const share = shareOf(opened, ports.clock.now());
  let tally: { pending: number; changed: boolean };
  try {
    tally = runAll(ports, watches, { ...request, paused }, share);
  } catch (error) {
    // A failure, not Google's stop (which leaves no time to get here): the next run must not
    // read the open tally as a stop.
    if (opened?.open !== undefined) ports.closeFailedRun(opened.open);
    throw error;
  }
  // Rows waiting on an API job: the clock trigger collects it even if nothing else happens.
  if (tally.pending > 0) ports.keepCollecting();
  if (tally.changed) ports.writeWatchNote();
  return true;
}

/**
 * The watches' runs, until one is refused a 401 or 402, which pauses them all: then each runs
 * again paused, filling what is free and saying why the other rows wait.
 */
function runAll(ports: WatchesPorts, watches: readonly Watch[], request: RunRequest, share: number) {
  const tally = { pending: 0, changed: false };
  for (const watch of watches) {
    const end = runOne(ports, watch, request, share);
    if (end.kind === 'ran') {
      tally.pending += end.pending;
      tally.changed ||= end.pauseChanged;
    }
    if (end.kind !== 'refused') continue;
    // Every watch pauses for the API's refusal: for credits (402), or for the key (401).
    const credits = OUT_OF_CREDITS_PROPERTY in ports.properties();
    ports.saveAccountPause({ credits, message: end.message, at: ports.clock.now() });
    const paused = accountPausedStatus(credits, ports.clockSchedule());
    for (const each of watches) runOne(ports, each, { ...request, paused }, share);
    tally.changed = true;
    break;
  }
  return tally;
}

/** One watch's run, at the pace today's share of the trigger quota allows. */
function runOne(ports: WatchesPorts, watch: Watch, request: RunRequest, share: number): RunEnd {
  const now = ports.clock.now();
  const pace = paceAt(share, request.cause, now - (watch.lastRunAt ?? 0));
  if (!pace.runs) return { kind: 'idle' };
  const until = Math.min(request.until, now + pace.budgetMs);
  return new WatchRun(ports, watch.id, until, request.cause, request.paused ?? null).run();
}

/**
 * The status of a row a paid lookup would answer while every watch is paused, or null when they
 * are not: a credits pause ends once a paid answer has cleared the API's out-of-credits flag, or, at
 * the hourly check, once the API says for free that the balance can pay again. A key pause ends only
 * with a key that works (server/sidebar-api.ts).
 */
function pausedStatus(ports: WatchesPorts, all: Readonly<Record<string, string>>, cause: RunCause) {
  const pause = parsePause(all[PROPERTY.watchesPaused]);
  if (!pause) return null;
  const back =
    pause.credits && (!(OUT_OF_CREDITS_PROPERTY in all) || (cause === 'clock' && !ports.creditsRanOut()));
  if (!back) return accountPausedStatus(pause.credits, ports.clockSchedule());
  ports.saveAccountPause(null);
  return null;
}
