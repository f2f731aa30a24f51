// Keeping POSTs within the API's rate limit, at the pace learned for the account (api/pace-log.ts).
// The limit is per account, so every execution that sends with the key shares it, in every
// spreadsheet of the user: a filled-down column starts dozens of formula executions at once, two
// spreadsheets may run bulk runs at once, and if each paced only itself they would together send
// dozens of requests in the same second and collect 429s. The shared pacer keeps one send log in the
// user's properties, changed under the user's lock, which spans the user's spreadsheets: an
// execution reserves a send time there, then sleeps until it comes; a long send books the turns of
// several batches at once. A formula's miss takes no turn of its own (each is a locked section of
// round trips): its booking section in the document reserves its first batch's turn from the log
// the formula read with its key, beside the document's other formulas' turns (lookup/booking.ts),
// and the turn reaches the user's log in the formula's write of its memory page.

import type { PaceSummary } from '../../shared/rpc';
import type { BatchStorePort, ClockPort, LockPort } from '../platform/ports';
import { PROPERTY_PREFIX } from '../platform/stored-keys';
import { DAY_MS } from '../platform/time';
import {
  type Answered,
  answeredIn,
  DOCUMENTED_PACE,
  freshLog,
  learn,
  type PaceLog,
  type Refusal,
  reachIn,
  readLog,
  releaseIn,
  reserveIn,
  reserveSeriesIn,
  type SendSlot,
  type Series,
  slowDownIn,
  writeLog,
} from './pace-log';

export { DOCUMENTED_PACE, RATE_WINDOW_MS, type SendSlot, type Series } from './pace-log';

export interface Pacer {
  /**
   * Reserves the earliest slot at or after `now` for up to `wanted` POSTs, and at least `least`
   * of them when such a slot comes before `deadline` (else the earliest for fewer), or answers
   * null when no slot comes before `deadline` (nothing is reserved then).
   */
  reserve(now: number, wanted: number, deadline: number, least?: number): SendSlot | null;
  /** POSTs came back 429: everyone waits out the Retry-After, and the pace drops for everyone. */
  slowDown(refusal: Refusal): void;
  /** POSTs came back, none refused: the evidence the pace learns from, told at the next turn. */
  answered(answered: Answered): void;
  /** The most POSTs the pace may send in `ms` from `now`, climbing as it learns. */
  reach(now: number, ms: number): number;
  /** The pace as this execution last saw it, or undefined before its first turn. */
  seen(): number | undefined;
  /** Turns booked ahead that will not be sent: others may have them. */
  release(slots: readonly SendSlot[]): void;
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
    answered: (answered) => answeredIn(log, answered),
    reach: (now, ms) => reachIn(log, ceiling, now, ms),
    seen: () => log.rate,
    release: (slots) => releaseIn(log, slots),
  };
}

/** One stored value: the key's log, in the user's properties. */
export interface ValuePort {
  get(): string | undefined;
  set(value: string): void;
}

export interface SharedPacerPorts {
  /** The key's log in the user's properties: every execution of every spreadsheet reads the same. */
  store: ValuePort;
  /** The user's lock, which spans the user's spreadsheets: two executions never change the log at once. */
  lock: LockPort;
  /**
   * The execution's clock. Taking the lock, reading and writing the log are round trips: the
   * batch leaves when the section ends, not when it was asked for, so that is the time booked.
   */
  clock?: ClockPort;
  /**
   * A whole read of the user's properties the execution made already (a formula's, for its key and
   * the memory), if any: the log in it is what a turn booked in the document's section starts from.
   * Without one, that turn is booked under the lock.
   */
  inHand?: () => Record<string, string> | undefined;
}

/** Other executions hold the user lock for a few storage calls at a time. */
const SHARED_LOCK_WAIT_MS = 5000;
/** What a section is assumed to take before one has been timed. */
const FIRST_SECTION_MS = 100;

/**
 * Paces every execution of every spreadsheet of the user that uses `key` (one key an account), at
 * the pace learned for it, never above `ceiling` (the user's plan figure); a new account starts at
 * `start`. An execution that sends many takes its turns under the user lock; a formula's first turn
 * is booked in its document's locked section from the log it read with the user's properties, and
 * rides to the user's properties in the write the formula makes there anyway (`riding`). When the
 * lock or the store fails, this execution falls back to pacing itself at `start`, and 429s are left
 * to the client's back-off.
 */
export function sharedPacer(
  ports: SharedPacerPorts,
  key: string,
  ceiling: number,
  start = DOCUMENTED_PACE,
): SharedPacer & { riding(): Record<string, string> } {
  // Pacing alone when the shared log is out of reach.
  const own = freshLog(ceiling, start);
  const { clock } = ports;
  let sectionMs = FIRST_SECTION_MS;
  // A turn booked in the document's section, not yet in the user's log.
  let pending: PaceLog | null = null;
  let pendingFrom: string | undefined;
  // The log as this execution last saw it, at its last turn.
  let last: PaceLog | null = null;
  // Answers heard since the last turn: the log learns from them at the next.
  const heard: Answered[] = [];
  const hear = (log: PaceLog) => hearIn(log, heard);
  const update = <T>(
    turn: { now: number; backlog: number } | null,
    change: (log: PaceLog, leaves: (now: number) => number) => T,
    otherwise: () => T,
  ): T => {
    let readAt: number | undefined;
    try {
      const answer = ports.lock.withLock(SHARED_LOCK_WAIT_MS, () => {
        const stored = ports.store.get();
        const log = withPending(readLog(stored, ceiling, start), pending, pendingFrom === stored);
        const at = clock?.now() ?? 0;
        readAt = at;
        hear(log);
        // `turn` is null for a 429: it is about the pace the POSTs went at, which must not move first.
        if (turn !== null) learn(log, ceiling, clock ? at : turn.now, turn.backlog);
        // The rest of this section (the write, the release) passes before the batch can leave.
        const answer = change(log, (now) => (clock ? Math.max(now, at + sectionMs) : now));
        last = log;
        ports.store.set(writeLog(log));
        pending = null;
        return answer;
      });
      // Timed to the release: a batch that left later than its slot could crowd the next window.
      if (clock && readAt !== undefined) sectionMs = clock.now() - readAt;
      return answer;
    } catch {
      hear(own);
      if (turn !== null) learn(own, ceiling, clock?.now() ?? turn.now, turn.backlog);
      return otherwise();
    }
  };
  // A change that moves no pace forward: a 429 is about the pace the POSTs went at.
  const unpaced = (change: (log: PaceLog) => void) => update(null, change, () => change(own));
  const reserve = (now: number, wanted: number, deadline: number, least?: number) =>
    update(
      { now, backlog: 0 },
      (log, leaves) => reserveIn(log, ceiling, leaves(now), wanted, deadline, least),
      () => reserveIn(own, ceiling, now, wanted, deadline, least),
    );
  return {
    reserve,
    reserveSeries: (now, series, deadline) =>
      update(
        { now, backlog: series.backlog },
        (log, leaves) => reserveSeriesIn(log, ceiling, leaves(now), series, deadline),
        () => reserveSeriesIn(own, ceiling, now, series, deadline),
      ),
    slowDown: (refusal) => unpaced((log) => slowDownIn(log, refusal)),
    answered: (answered) => void heard.push(answered),
    release: (slots) => unpaced((log) => releaseIn(log, slots)),
    reserveInSection: (section, leaves, wanted, deadline, least) => {
      const read = ports.inHand?.();
      // Without a read of the key's log in hand, the turn is booked under the user's lock.
      if (read === undefined) return reserve(leaves, wanted, deadline, least);
      const { log, slot } = documentTurn(section, key, read[key], { ceiling, start, leaves }, (log) =>
        reserveIn(log, ceiling, leaves, wanted, deadline, least),
      );
      last = log;
      [pending, pendingFrom] = [log, read[key]];
      return slot;
    },
    // Before this execution's first turn, the log as stored (or as read already).
    reach: (now, ms) => reachIn(last ?? storedLog(ports, key, ceiling, start), ceiling, now, ms),
    riding: () => ridden(key, pending && hearIn(pending, heard), () => (pending = null)),
    seen: () => last?.rate ?? (own.sent.length > 0 ? own.rate : undefined),
  };
}

/** `log`, having learned from the answers `heard` since its last turn. */
function hearIn(log: PaceLog, heard: Answered[]): PaceLog {
  for (const answered of heard.splice(0)) answeredIn(log, answered);
  return log;
}

/** The key's log as read already or stored; a fresh one when the store fails. */
function storedLog(ports: SharedPacerPorts, key: string, ceiling: number, start: number): PaceLog {
  try {
    return readLog(ports.inHand?.()?.[key] ?? ports.store.get(), ceiling, start);
  } catch {
    return freshLog(ceiling, start);
  }
}

/**
 * The stored `log` with a turn booked in the document (`pending`) folded in: booked on the log
 * still stored (`successor`), it is that log's successor, lessons and all; else its sends and
 * waits are added.
 */
function withPending(log: PaceLog, pending: PaceLog | null, successor: boolean): PaceLog {
  if (!pending) return log;
  if (successor) return pending;
  mergeInto(log, pending);
  return log;
}

/** The turn to ride, once: a later write of it could only undo what others booked since. */
function ridden(key: string, pending: PaceLog | null, done: () => void): Record<string, string> {
  done();
  return pending ? { [key]: writeLog(pending) } : {};
}

/**
 * A turn booked in the document's locked section: from the key's log `base` (as the execution read
 * it with the user's properties) with the turns the document's formulas booked since, which the
 * section's store keeps (only they read it there).
 */
function documentTurn(
  section: BatchStorePort,
  key: string,
  base: string | undefined,
  pace: { ceiling: number; start: number; leaves: number },
  book: (log: PaceLog) => SendSlot | null,
): { log: PaceLog; slot: SendSlot | null } {
  const log = readLog(base, pace.ceiling, pace.start);
  mergeInto(log, readLog(section.getAll()[key], pace.ceiling, pace.start));
  learn(log, pace.ceiling, pace.leaves);
  const slot = book(log);
  section.setMany({ [key]: writeLog(log) });
  return { log, slot };
}

/** Adds to `log` the sends and waits of `other`, a copy that shares some of them: each once. */
function mergeInto(log: PaceLog, other: PaceLog): void {
  const counts = (times: readonly number[]) => {
    const count = new Map<number, number>();
    for (const at of times) count.set(at, (count.get(at) ?? 0) + 1);
    return count;
  };
  const mine = counts(log.sent);
  for (const [at, many] of counts(other.sent)) mine.set(at, Math.max(many, mine.get(at) ?? 0));
  log.sent = [...mine].flatMap(([at, many]) => Array<number>(many).fill(at)).sort((a, b) => a - b);
  log.until = Math.max(log.until, other.until);
}

/** The user property the pace of the account `scope` is kept under. */
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

/** The pace kept in `all` (the user's properties) under `key`, read without a lock. */
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
