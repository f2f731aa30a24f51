// How late a recurring time-driven trigger runs after its nominal times (T5 in
// docs/platform-assumptions.md). Installable triggers guide: "The time may be slightly randomized —
// for example, if you create a recurring 9 a.m. trigger, Apps Script chooses a time between 9 a.m.
// and 10 a.m.", and keeps it, so consecutive runs stay one interval apart.

const HOUR = 60 * 60_000;

/**
 * A delay of each trigger's own, seeded from its id (reproducible), or the latest the
 * documentation allows (the worst case for the add-on, for tests and figures that claim a bound).
 */
export type ClockTriggerDelay = 'seeded' | 'latest';

/** A number in [0, 1) that depends only on `id` (FNV-1a, then an avalanche). */
function fractionOf(id: string): number {
  let hash = 0x811c9dc5;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

/** The delay after each nominal time: within the hour after it, and never past the next one. */
export function clockTriggerDelayMs(delay: ClockTriggerDelay, id: string, everyMs: number): number {
  const window = Math.min(everyMs, HOUR);
  return delay === 'latest' ? window : Math.floor(fractionOf(id) * window);
}
