// Keeping POSTs within the API's rate limit, at the pace learned for the account (api/pace-log.ts).
// The limit is per account, so every execution that sends with the key shares it: a filled-down column starts dozens of formula executions at once,
// and if each paced only itself they would together send dozens of requests in the same second
// and collect 429s. The shared pacer keeps one send log in the document's properties, changed only
// under the document lock: an execution reserves a send time there, then sleeps until it comes.
// The log sits beside the lookup's claims and budget, so a lookup's booking section reserves its
// first batch's turn in the same read and write (lookup/booking.ts), and a long send books the
// turns of several batches at once: each turn of its own is a locked section of round trips.

import type { PaceSummary } from '../../shared/rpc';
import { sectionStore } from '../platform/locked-section';
import type { BatchStorePort, ClockPort, LockPort } from '../platform/ports';
import { PROPERTY_PREFIX } from '../platform/stored-keys';
import { DAY_MS } from '../platform/time';
import {
  DOCUMENTED_PACE,
  freshLog,
  learn,
  type PaceLog,
  readLog,
  reserveIn,
  reserveSeriesIn,
  type SendSlot,
  slowDownIn,
  writeLog,
} from './pace-log';

export { DOCUMENTED_PACE, RATE_WINDOW_MS, type SendSlot } from './pace-log';

/** What the API answered with 429: when the POSTs went and came back, how many, its Retry-After. */
export interface Refusal {
  sentAt: number;
  answeredAt: number;
  count: number;
  retryAfterMs?: number | undefined;
}

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
  /** POSTs came back 429: everyone waits out the Retry-After, and the pace drops for everyone. */
  slowDown(refusal: Refusal): void;
  /** The pace as this execution last saw it, or undefined before its first turn. */
  seen(): number | undefined;
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

/**
 * Paces one execution by itself, starting at `start` (the ceiling unless said): unit tests, and a
 * caller with no shared log.
 */
export function localPacer(ceiling: number, start = ceiling): Pacer {
  const log = freshLog(ceiling, start);
  return {
    reserve: (now, wanted, deadline, least) => {
      learn(log, ceiling, now);
      return reserveIn(log, ceiling, now, wanted, deadline, least);
    },
    slowDown: (refusal) => slowDownIn(log, refusal),
    seen: () => log.rate,
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
 * Paces every execution of the document that uses `key` (one key an account), at the pace learned
 * for it, never above `ceiling` (the user's plan figure); a new account starts at `start`. When the
 * lock or the store fails, this execution falls back to pacing itself at `start`, and 429s are
 * left to the client's back-off.
 */
export function sharedPacer(
  ports: SharedPacerPorts,
  key: string,
  ceiling: number,
  start = DOCUMENTED_PACE,
): SharedPacer {
  // Pacing alone when the shared log is out of reach.
  const own = freshLog(ceiling, start);
  const { clock } = ports;
  let sectionMs = FIRST_SECTION_MS;
  let seen: number | undefined;
  // `now` is null for a 429: it is about the pace the POSTs went at, which must not move first.
  const inSection = <T>(section: BatchStorePort, now: number | null, change: (log: PaceLog) => T): T => {
    const log = readLog(section.getAll()[key], ceiling, start);
    if (now !== null) learn(log, ceiling, clock?.now() ?? now);
    const answer = change(log);
    seen = log.rate;
    section.setMany({ [key]: writeLog(log) });
    return answer;
  };
  const update = <T>(
    now: number | null,
    change: (log: PaceLog, leaves: (now: number) => number) => T,
    otherwise: () => T,
  ): T => {
    let readAt: number | undefined;
    try {
      const answer = ports.lock.withLock(SHARED_LOCK_WAIT_MS, () => {
        const section = sectionStore(ports.store);
        const changed = inSection(section, now, (log) => {
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
      if (now !== null) learn(own, ceiling, clock?.now() ?? now);
      return otherwise();
    }
  };
  return {
    reserve: (now, wanted, deadline, least) =>
      update(
        now,
        (log, leaves) => reserveIn(log, ceiling, leaves(now), wanted, deadline, least),
        () => reserveIn(own, ceiling, now, wanted, deadline, least),
      ),
    reserveSeries: (now, series, deadline) =>
      update(
        now,
        (log, leaves) => reserveSeriesIn(log, ceiling, leaves(now), series, deadline),
        () => reserveSeriesIn(own, ceiling, now, series, deadline),
      ),
    slowDown: (refusal) =>
      update(
        null,
        (log) => slowDownIn(log, refusal),
        () => slowDownIn(own, refusal),
      ),
    reserveInSection: (section, leaves, wanted, deadline, least) =>
      inSection(section, leaves, (log) => reserveIn(log, ceiling, leaves, wanted, deadline, least)),
    seen: () => seen ?? (own.sent.length > 0 ? own.rate : undefined),
  };
}

/** The document property the pace of the account `scope` is kept under. */
export const paceProperty = (scope: string) => `${PROPERTY_PREFIX.pace}${scope}`;

/** What the sidebar says of the pace: learned from the API, or the documented start. */
export interface PaceView {
  /** POSTs a second now. */
  rate: number;
  /** When the pace last changed, or null when nothing was sent yet. */
  learnedAt: number | null;
  /** 429s in the last day. */
  refusalsToday: number;
}

/** The pace kept in `all` (the document properties) under `key`, read without a lock. */
export function paceView(all: Record<string, string>, key: string, ceiling: number, now: number): PaceView {
  const log = readLog(all[key], ceiling, DOCUMENTED_PACE);
  // While a probe above the documented pace is under way, the pace proven so far.
  const probing = log.good > 0 && log.rate > log.good && log.rate > DOCUMENTED_PACE;
  const rate = probing ? log.good : log.rate;
  return {
    rate: Math.min(rate, ceiling),
    learnedAt: Number.isFinite(log.changedAt) ? log.changedAt : null,
    refusalsToday: log.refusals.filter((at) => at > now - DAY_MS).length,
  };
}

/** The pace as Credit settings and Spending show it (the sidebar words it); its ceiling is the setting beside it. */
export function paceSummary(view: PaceView, ceiling: number, now: number): PaceSummary {
  const minutesAgo =
    view.learnedAt === null ? null : Math.max(0, Math.round((now - view.learnedAt) / 60_000));
  return { rate: view.rate, minutesAgo, ceiling, refusalsToday: view.refusalsToday };
}
