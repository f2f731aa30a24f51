// A 429's Retry-After header. The vendor answers 429 when single lookups come faster than about one
// a second; how long to wait is the header's to say. RFC 9110 allows delay-seconds or an HTTP date;
// only seconds are read (a date would need the wall clock here): a date falls back to the default.

/** Longer asks are read as this: one bad header must not stall every lookup of the account. */
const LONGEST_WAIT_MS = 120_000;

/** The wait a response's headers ask for, in milliseconds, or undefined without a usable one. */
export function retryAfterOf(headers: Record<string, unknown>): number | undefined {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after');
  const value = typeof entry?.[1] === 'string' ? entry[1].trim() : '';
  if (!/^\d+$/.test(value)) return undefined;
  return Math.min(LONGEST_WAIT_MS, Number(value) * 1000);
}
