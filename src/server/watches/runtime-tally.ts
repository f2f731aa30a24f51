// The add-on's count of its own trigger run time today (core/watches/runtime.ts), in user
// properties: Google's quota is per user, across every document the user has the add-on in.
import { PROPERTY } from '../../core/platform/stored-keys';
import {
  addRun,
  learnStop,
  openRun,
  parseTally,
  type RuntimeTally,
  triggerTimeLeft,
} from '../../core/watches/runtime';
import { appsScriptClock } from '../adapters/apps-script';
import { userProperties } from '../platform/properties';
import { orWarn } from '../warn';

/** What writing the tally itself takes: a property read and write (SC1). */
const RECORDING_MS = 100;

/** The tally, with what a run Google stopped says (learnStop), as a trigger reads it or elsewhere. */
export function readTally(inTrigger = false): RuntimeTally | null {
  const tally = parseTally(userProperties().getProperty(PROPERTY.triggerRuntime));
  return learnStop(tally, appsScriptClock.now(), inTrigger);
}

/** Writes what `change` makes of the stored tally; a failed write is told as `what`, never thrown. */
function changeTally(what: string, change: (tally: RuntimeTally | null) => RuntimeTally | null): void {
  orWarn(`Trigger run ${what}`, undefined, () => {
    const properties = userProperties();
    const next = change(parseTally(properties.getProperty(PROPERTY.triggerRuntime)));
    if (next) properties.setProperty(PROPERTY.triggerRuntime, JSON.stringify(next));
  });
}

/**
 * Opens the tally for a run about to do paid work, which its count closes (recordTriggerRuntime):
 * if Google stops the run first, the next one learns it (core/watches/runtime.ts). Answers the
 * tally; on a failed write the run goes on, unguarded as before.
 */
export function openTriggerRun(): RuntimeTally | null {
  let opened: RuntimeTally | null = null;
  changeTally('not opened', (tally) => (opened = openRun(tally, appsScriptClock.now())));
  return opened;
}

/** Closes the tally this run opened at `openedAt` without counting it: the run failed, it was not stopped. */
export function closeFailedRun(openedAt: number): void {
  changeTally('not closed', (tally) => {
    if (tally?.open !== openedAt) return null;
    const { open: _open, ...closed } = tally;
    return closed;
  });
}

/**
 * Adds the run time of this trigger execution, which started at `startedAt`, to the tally. Never
 * throws: a trigger that did its work must not fail on its bookkeeping.
 */
export function recordTriggerRuntime(startedAt: number): void {
  changeTally('time not counted', (tally) =>
    addRun(tally, startedAt, appsScriptClock.now() - startedAt + RECORDING_MS),
  );
}

/**
 * `until`, or earlier: when the day's trigger time the add-on counted runs out for a trigger that
 * started at `started`, less the margin its writes after buying need (re-entering formulas).
 */
export function withinTriggerTime(until: number, started: number): number {
  try {
    return Math.min(until, started + triggerTimeLeft(readTally(true), started) - AFTER_BUYING_MS);
  } catch {
    return until;
  }
}

/** What a trigger does after its buying: the formulas entered again, its run time counted. */
const AFTER_BUYING_MS = 45_000;
