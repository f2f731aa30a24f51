// Keeping POSTs within the API's rate limit. The limit is per account, so every execution that
// sends with the key shares it: a filled-down column starts dozens of formula executions at once,
// and if each paced only itself they would together send dozens of requests in the same second
// and collect 429s. The shared pacer keeps one send log in the document's cache, changed only under
// the document lock: an execution reserves a send time there, then sleeps until it comes.

import type { ClockPort, LockPort, TtlCachePort } from '../platform/ports';
import { freshLog, type PaceLog, parseLog, reserveIn, type SendSlot, slowDownIn } from './pace-log';

export { RATE_WINDOW_MS, type SendSlot } from './pace-log';

/**
 * The pace of a caller that names no rate. Every path of the add-on passes the plan's rate from
 * the settings (billing/settings.ts, 10 by default); this fallback is lower on purpose, so that a
 * caller that forgot it goes slowly rather than into 429s.
 */
export const DEFAULT_REQUESTS_PER_SECOND = 5;

export interface Pacer {
  /**
   * Reserves the earliest slot at or after `now` for up to `wanted` POSTs, and at least `least`
   * of them when such a slot comes before `deadline` (else the earliest for fewer), or answers
   * null when no slot comes before `deadline` (nothing is reserved then).
   */
  reserve(now: number, wanted: number, deadline: number, least?: number): SendSlot | null;
  /** POSTs sent at `sentAt` came back 429 at `answeredAt`: the pace halves for everyone. */
  slowDown(sentAt: number, answeredAt: number): void;
}

/** Outlives the furthest reservation a formula (30 s) or a bulk slice can wait for. */
const SHARED_LOG_TTL_SECONDS = 10 * 60;
/** Other executions hold the document lock for a few storage calls at a time. */
const SHARED_LOCK_WAIT_MS = 5000;

/** Paces one execution by itself: unit tests, and the fallback when the shared log is out of reach. */
export function localPacer(ceiling: number): Pacer {
  const log = freshLog(ceiling);
  return {
    reserve: (now, wanted, deadline, least) => reserveIn(log, ceiling, now, wanted, deadline, least),
    slowDown: (sentAt, answeredAt) => slowDownIn(log, sentAt, answeredAt),
  };
}

export interface SharedPacerPorts {
  /** The document's cache: every execution in the document reads the same log. */
  cache: TtlCachePort;
  /** The document lock: two executions never change the log at once. */
  lock: LockPort;
  /**
   * The execution's clock. Taking the lock, reading and writing the log are round trips: the
   * batch leaves when the section ends, not when it was asked for, so that is the time booked.
   */
  clock?: ClockPort;
}

/** What a section is assumed to take before one has been timed. */
const FIRST_SECTION_MS = 100;

/**
 * Paces every execution of the document that uses `key` (one key an account). When the lock or
 * the cache fails, this execution falls back to pacing itself, and 429s are left to the client's
 * back-off.
 */
export function sharedPacer(ports: SharedPacerPorts, key: string, ceiling: number): Pacer {
  const fallback = localPacer(ceiling);
  const { clock } = ports;
  let sectionMs = FIRST_SECTION_MS;
  const update = <T>(change: (log: PaceLog, readAt: number) => T, otherwise: () => T): T => {
    try {
      return ports.lock.withLock(SHARED_LOCK_WAIT_MS, () => {
        const log = parseLog(ports.cache.getMany([key])[key], ceiling);
        const readAt = clock?.now() ?? 0;
        const answer = change(log, readAt);
        ports.cache.putMany({ [key]: JSON.stringify(log) }, SHARED_LOG_TTL_SECONDS);
        if (clock) sectionMs = clock.now() - readAt;
        return answer;
      });
    } catch {
      return otherwise();
    }
  };
  return {
    reserve: (now, wanted, deadline, least) =>
      update(
        (log, readAt) => {
          // The rest of this section (the write, the release) passes before the batch can leave.
          const leaves = clock ? Math.max(now, readAt + sectionMs) : now;
          return reserveIn(log, ceiling, leaves, wanted, deadline, least);
        },
        () => fallback.reserve(now, wanted, deadline, least),
      ),
    slowDown: (sentAt, answeredAt) =>
      update(
        (log) => slowDownIn(log, sentAt, answeredAt),
        () => fallback.slowDown(sentAt, answeredAt),
      ),
  };
}
