// Keeping POSTs within the API's rate limit. The limit is per account, so every execution that
// sends with the key shares it: a filled-down column starts dozens of formula executions at once,
// and if each paced only itself they would together send dozens of requests in the same second
// and collect 429s. The shared pacer keeps one send log in the document's properties, changed only
// under the document lock: an execution reserves a send time there, then sleeps until it comes.
// The log sits beside the lookup's claims and budget, so a lookup's booking section reserves its
// first batch's turn in the same read and write (lookup/booking.ts), and a long send books the
// turns of several batches at once: each turn of its own is a locked section of round trips.

import { sectionStore } from '../platform/locked-section';
import type { BatchStorePort, ClockPort, LockPort } from '../platform/ports';
import {
  freshLog,
  type PaceLog,
  readLog,
  reserveIn,
  reserveSeriesIn,
  type SendSlot,
  slowDownIn,
  writeLog,
} from './pace-log';

export { RATE_WINDOW_MS, type SendSlot } from './pace-log';

/**
 * The pace of a caller that names no rate. Every path of the add-on passes the plan's rate from
 * the settings (billing/settings.ts, 10 by default); this fallback is lower on purpose, so that a
 * caller that forgot it goes slowly rather than into 429s.
 */
export const DEFAULT_REQUESTS_PER_SECOND = 5;

/** Turns booked at once: `posts` POSTs in batches of `sizes` in turn, `spacingMs` apart at least. */
export interface Series {
  posts: number;
  sizes: readonly number[];
  spacingMs: number;
}

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

/**
 * The shared pace, where each turn is a section under the document lock: it books several batches'
 * turns at once, and a section the caller holds can book in it too (lookup/booking.ts).
 */
export interface SharedPacer extends Pacer {
  /** The slots of several batches in one turn; fewer (or none) when the deadline comes first. */
  reserveSeries(now: number, series: Series, deadline: number): SendSlot[];
  /**
   * Reserves a slot through `section`, a section store under the document lock the caller holds:
   * the log is read and written with the section's other steps. `leaves` is when the section will
   * have ended, the earliest the batch can go.
   */
  reserveInSection(
    section: BatchStorePort,
    leaves: number,
    wanted: number,
    deadline: number,
    least?: number,
  ): SendSlot | null;
}

/** Whether each turn at `pacer` is a locked section of round trips (the shared pace). */
export function isShared(pacer: Pacer): pacer is SharedPacer {
  return 'reserveInSection' in pacer;
}

/** Paces one execution by itself: unit tests, and the fallback when the shared log is out of reach. */
export function localPacer(ceiling: number): Pacer {
  const log = freshLog(ceiling);
  return {
    reserve: (now, wanted, deadline, least) => reserveIn(log, ceiling, now, wanted, deadline, least),
    slowDown: (sentAt, answeredAt) => slowDownIn(log, sentAt, answeredAt),
  };
}

export interface SharedPacerPorts {
  /** The document's properties: every execution in the document reads the same log. */
  store: BatchStorePort;
  /** The document lock: two executions never change the log at once. */
  lock: LockPort;
  /**
   * The execution's clock. Taking the lock, reading and writing the log are round trips: the
   * batch leaves when the section ends, not when it was asked for, so that is the time booked.
   */
  clock?: ClockPort;
}

/** Other executions hold the document lock for a few storage calls at a time. */
const SHARED_LOCK_WAIT_MS = 5000;
/** What a section is assumed to take before one has been timed. */
const FIRST_SECTION_MS = 100;

/**
 * Paces every execution of the document that uses `key` (one key an account). When the lock or
 * the store fails, this execution falls back to pacing itself, and 429s are left to the client's
 * back-off.
 */
export function sharedPacer(ports: SharedPacerPorts, key: string, ceiling: number): SharedPacer {
  // Pacing alone when the shared log is out of reach.
  const own = freshLog(ceiling);
  const { clock } = ports;
  let sectionMs = FIRST_SECTION_MS;
  const inSection = <T>(section: BatchStorePort, change: (log: PaceLog) => T): T => {
    const log = readLog(section.getAll()[key], ceiling);
    const answer = change(log);
    section.setMany({ [key]: writeLog(log) });
    return answer;
  };
  const update = <T>(change: (log: PaceLog, leaves: (now: number) => number) => T, otherwise: () => T): T => {
    let readAt: number | undefined;
    try {
      const answer = ports.lock.withLock(SHARED_LOCK_WAIT_MS, () => {
        const section = sectionStore(ports.store);
        const changed = inSection(section, (log) => {
          const at = clock?.now() ?? 0;
          readAt = at;
          // The rest of this section (the write, the release) passes before the batch can leave.
          return change(log, (now) => (clock ? Math.max(now, at + sectionMs) : now));
        });
        section.commit();
        return changed;
      });
      // Timed to the release: a batch that left later than its slot could crowd the next window.
      if (clock && readAt !== undefined) sectionMs = clock.now() - readAt;
      return answer;
    } catch {
      return otherwise();
    }
  };
  return {
    reserve: (now, wanted, deadline, least) =>
      update(
        (log, leaves) => reserveIn(log, ceiling, leaves(now), wanted, deadline, least),
        () => reserveIn(own, ceiling, now, wanted, deadline, least),
      ),
    reserveSeries: (now, series, deadline) =>
      update(
        (log, leaves) => reserveSeriesIn(log, ceiling, leaves(now), series, deadline),
        () => reserveSeriesIn(own, ceiling, now, series, deadline),
      ),
    slowDown: (sentAt, answeredAt) =>
      update(
        (log) => slowDownIn(log, sentAt, answeredAt),
        () => slowDownIn(own, sentAt, answeredAt),
      ),
    reserveInSection: (section, leaves, wanted, deadline, least) =>
      inSection(section, (log) => reserveIn(log, ceiling, leaves, wanted, deadline, least)),
  };
}
