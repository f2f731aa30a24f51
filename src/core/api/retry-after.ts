// A 429's Retry-After header. The vendor answers 429 when single lookups come faster than about one
// a second; how long to wait is the header's to say. RFC 9110 allows delay-seconds or an HTTP date;
// only seconds are read (a date would need the wall clock here): a date falls back to the default.

/**
 * Longer asks are read as this: one bad header must not stall every lookup of the key, and an
 * execution waits it out within its own time rather than leave its work for the hourly check.
 */
const LONGEST_WAIT_MS = 60_000;
/** Past an hour a value is garbage (`Retry-After: 99999`): the documented pace goes on. */
const GARBAGE_SECONDS = 3600;

/** The wait a response's headers ask for, in milliseconds, or undefined without a usable one. */
export function retryAfterOf(headers: Record<string, unknown>): number | undefined {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after');
  const value = typeof entry?.[1] === 'string' ? entry[1].trim() : '';
  if (!/^\d+$/.test(value) || Number(value) > GARBAGE_SECONDS) return undefined;
  return Math.min(LONGEST_WAIT_MS, Number(value) * 1000);
}
