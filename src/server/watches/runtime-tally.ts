// The add-on's count of its own trigger run time today (core/watches/runtime.ts), in user
// properties: Google's quota is per user, across every document the user has the add-on in.
import { PROPERTY } from '../../core/platform/stored-keys';
import { addRun, parseTally, type RuntimeTally } from '../../core/watches/runtime';
import { appsScriptClock } from '../adapters/apps-script';
import { userProperties } from '../platform/properties';

const TALLY_PROPERTY = PROPERTY.triggerRuntime;
/** What writing the tally itself takes: a property read and write (SC1). */
const RECORDING_MS = 100;

export function readTally(): RuntimeTally | null {
  return parseTally(userProperties().getProperty(TALLY_PROPERTY));
}

/**
 * Adds the run time of this trigger execution, which started at `startedAt`, to the tally. Never
 * throws: a trigger that did its work must not fail on its bookkeeping.
 */
export function recordTriggerRuntime(startedAt: number): void {
  try {
    const properties = userProperties();
    const tally = parseTally(properties.getProperty(TALLY_PROPERTY));
    const ms = appsScriptClock.now() - startedAt + RECORDING_MS;
    properties.setProperty(TALLY_PROPERTY, JSON.stringify(addRun(tally, startedAt, ms)));
  } catch (error) {
    console.warn(`Trigger run time not counted: ${String(error)}`);
  }
}
