// A provider error arrives inside a charged 200. It is not data, so it is never cached as a result,
// but Sheets recalculates a formula whenever a cell it reads changes: a range formula over a
// column would buy every failing row again on each edit. So formulas keep such an error a short
// while and show it again without paying (test/reliability/faults.test.ts, hostile-answers.test.ts).
// They are kept in one document property beside the answers, so that a formula finds them in the
// read of the properties it makes anyway: no store of their own to read on every miss. Deliberate
// retries (a bulk run's "Retry the failed rows") do not look here.

import type { ApiError } from '../api/outcome';
import type { BatchStorePort } from '../platform/ports';
import { PROPERTY } from '../platform/stored-keys';
import { ANSWER_WORDS } from '../text/catalogue/api';
import { parseJsonObject } from '../text/json-text';

export const FAILURE_HOLD_MINUTES = 10;
const HOLD_MS = FAILURE_HOLD_MINUTES * 60_000;
const NAME = PROPERTY.heldFailures;
/** A property holds 9 KB: the newest holds that fit, the rest are let go (a retry may pay again). */
const MAX_BYTES = 8_000;

/** The holds of a read of the properties: result key → [message, until (ms)]. */
type Holds = Record<string, [string, number]>;

const holdsIn = (all: Record<string, string>) => (parseJsonObject(all[NAME]) ?? {}) as Holds;

/** The held errors among `keys` still held at `now`, in a read of the document properties. */
export function heldFailuresIn(
  all: Record<string, string>,
  keys: readonly string[],
  now: number,
): Map<string, ApiError> {
  const holds = new Map(Object.entries(holdsIn(all)));
  const held = new Map<string, ApiError>();
  for (const key of keys) {
    const hold = holds.get(key);
    if (!Array.isArray(hold) || typeof hold[0] !== 'string' || !(Number(hold[1]) > now)) continue;
    // Worded here, not as every execution loads: most find no hold.
    const message = hold[0] + ANSWER_WORDS.held(FAILURE_HOLD_MINUTES);
    held.set(key, { code: 'provider_error', message, fatal: false, retryable: true });
  }
  return held;
}

/**
 * Keeps paid errors in the store, by result cache key, beside the live holds of `all` (a read made
 * moments ago: a hold another formula wrote meanwhile may be lost, which only costs a retry); losing
 * them (a storage failure) only costs a retry too.
 */
export function holdFailures(
  store: BatchStorePort,
  all: Record<string, string>,
  failures: ReadonlyMap<string, ApiError>,
  now: number,
): void {
  if (failures.size === 0) return;
  const live = Object.entries(holdsIn(all)).filter(
    ([, hold]) => Array.isArray(hold) && Number(hold[1]) > now,
  );
  const added = [...failures].map(([key, error]): [string, [string, number]] => [
    key,
    [error.message, now + HOLD_MS],
  ]);
  const entries = [...live.filter(([key]) => !failures.has(key)), ...added];
  let text = JSON.stringify(Object.fromEntries(entries));
  while (text.length > MAX_BYTES && entries.length > 1) {
    entries.shift();
    text = JSON.stringify(Object.fromEntries(entries));
  }
  try {
    store.setMany({ [NAME]: text });
  } catch {
    // Not kept: the next recalculation asks the API again and may pay for the error once more.
  }
}
