// A provider error arrives inside a charged 200. It is not data, so it is never cached as a result,
// but Sheets recalculates a formula whenever a cell it reads changes: a range formula over a
// column would buy every failing row again on each edit. So formulas keep such an error a short
// while in the fast cache and show it again without paying. Deliberate retries (a bulk run's
// "Retry the failed rows") do not look here.

import type { ApiError } from '../api/outcome';
import type { TtlCachePort } from '../platform/ports';
import { CACHE_PREFIX } from '../platform/stored-keys';
import { ANSWER_WORDS } from '../text/catalogue/api';
import { ownValue } from './property-layout';

export const FAILURE_HOLD_MINUTES = 10;
const PREFIX = CACHE_PREFIX.heldFailure;

const HELD_NOTE = ANSWER_WORDS.held(FAILURE_HOLD_MINUTES);

/** Where the held errors of `keys` (result cache keys) lie in the fast cache. */
export function heldFailureKeys(keys: readonly string[]): string[] {
  return keys.map((key) => PREFIX + key);
}

/** The held errors among `keys`, in what a read of `heldFailureKeys(keys)` found. */
export function heldFailuresIn(
  found: Record<string, string>,
  keys: readonly string[],
): Map<string, ApiError> {
  const held = new Map<string, ApiError>();
  for (const key of keys) {
    const message = ownValue(found, PREFIX + key);
    if (message === undefined) continue;
    held.set(key, { code: 'provider_error', message: message + HELD_NOTE, fatal: false, retryable: true });
  }
  return held;
}

/** Keeps these paid errors, by result cache key; losing them (a cache failure) only costs a retry. */
export function holdFailures(cache: TtlCachePort, failures: ReadonlyMap<string, ApiError>): void {
  if (failures.size === 0) return;
  const entries: Record<string, string> = {};
  for (const [key, error] of failures) entries[PREFIX + key] = error.message;
  try {
    cache.putMany(entries, FAILURE_HOLD_MINUTES * 60);
  } catch {
    // Not kept: the next recalculation asks the API again and may pay for the error once more.
  }
}
