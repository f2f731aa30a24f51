// The shared pace's log: the pace the add-on learned for the account, what it learned it from, and
// the send times that still matter. It lives in one user property, shared by the user's
// spreadsheets (api/pacing.ts: turns under the user's lock, a formula's first turn in its
// document's locked section). A property holds 9 KB, so the times are written as base-36 steps
// from one to the next, equal times once with their count.
//
// Reservations may lie in the future, and a fit counts them as well as past sends, so no window of
// one second ever holds more than the rate allows, whatever the order executions reserve in.
//
// The pace is learned (docs/api-behaviour.md, "The pace"): the vendor documents about one single
// lookup a second per key whatever the plan says, so a new account starts there. Only answers are
// evidence: a pace is clean once POSTs sent at it came back, none refused, never when they are only
// booked. A sender with a long backlog climbs: the pace doubles as soon as a window's worth at it
// was answered clean, booking one window ahead meanwhile, until refused; then it settles at what
// the API admitted in the refused POSTs' window, its limit. Otherwise, after enough clean answers,
// the pace probes upwards (half as fast again, or halfway to the slowest pace that was refused, in
// whole requests a second). A 429 drops it at once, and nothing is sent before its Retry-After. A
// refused probe doubles the clean answers wanted before the next one, so refusals stay a few.

import { DAY_MS } from '../platform/time';
import { parseJsonObject } from '../text/json-text';

export interface SendSlot {
  /** When the batch may go out: now, or later. */
  readonly at: number;
  /** How many POSTs it may hold: at least one. */
  readonly granted: number;
  /** The pace it was booked at: batches are sized from it. */
  readonly rate: number;
  /** Booked while the pace climbs: the next turn waits for its answers, which may climb it. */
  readonly climbing?: boolean;
}

/** What the API answered with 429: when the POSTs went and came back, how many, its Retry-After. */
export interface Refusal {
  sentAt: number;
  answeredAt: number;
  count: number;
  retryAfterMs?: number | undefined;
}

/** POSTs booked at the pace `rate` and sent at `sentAt`, answered with none refused. */
export interface Answered {
  sentAt: number;
  rate: number;
  count: number;
}

/** What pacing remembers of one account. */
export interface PaceLog {
  /** The pace now, in POSTs a second. */
  rate: number;
  /** The fastest pace that ran clean (0: none yet). */
  good: number;
  /** The slowest pace the API refused lately (Infinity: none), and when. */
  bad: number;
  badAt: number;
  /** When the pace last changed, either way. */
  changedAt: number;
  /** When the last 429 that lowered the pace was answered. */
  slowedAt: number;
  /** Nothing is sent before this: the last 429's Retry-After. */
  until: number;
  /** POSTs sent at this pace since it last changed and answered, none refused. */
  clean: number;
  /** Clean answers wanted before the pace probes upwards; doubled by each refused probe. */
  patience: number;
  /** When the API refused a POST (429) in the last day, ascending. */
  refusals: number[];
  /** Times of POSTs sent or reserved, ascending; future reservations included. */
  sent: number[];
}

/**
 * The pace a new account starts at: the vendor's documentation asks for single lookups "roughly
 * one per second per API key", the ceiling it enforces whatever the plan table says.
 */
export const DOCUMENTED_PACE = 1;
/** Clean answers before the first probe: a 20-row range at the documented pace is never refused. */
const FIRST_PATIENCE = 20;
/**
 * POSTs a sender must still have to send for the pace to climb: a minute at the documented pace,
 * worth one refusal on a key that allows no more, and far more on one that allows ten times more.
 */
const CLIMB_BACKLOG = 60;
const MOST_PATIENCE = 1280;
/** Clean POSTs below the documented pace before it climbs back towards it. */
const BELOW_DOCUMENTED_PATIENCE = 3;
/** Clean POSTs wanted before a probe once a probe ran clean: the time each step is held decides. */
const LEAST_PATIENCE = 10;
/** A refused pace is tried again after this long: a plan can change. */
const BAD_MEMORY_MS = 3_600_000;
/**
 * A pace is held at least this long before the next probe, but while it climbs: turns are booked
 * up to 4 s ahead (api/client.ts), and a refusal of the first of them must have come back.
 */
const SETTLE_MS = 5000;
/** How much faster a probe goes while nothing was refused lately. */
const PROBE_STEP = 1.5;
/** A probe closer than this share of the pace to a refused pace is not worth its refusal. */
const LEAST_STEP = 0.1;
/** What a 429 without a usable Retry-After makes everyone wait. */
const DEFAULT_RETRY_AFTER_MS = 1000;
/** The refusals the sidebar counts: the last day's. */
const REFUSALS_KEPT_MS = DAY_MS;
const MOST_REFUSALS_KEPT = 500;

export const RATE_WINDOW_MS = 1000;
/** Lowering the pace after 429s stops here, unless the ceiling is slower. */
const SLOWEST_RATE = 0.25;
/**
 * Sends are remembered this long past their window, because executions need not reserve in time
 * order: each reads its own server's clock, and the emulator models executions started together by
 * running each from the same instant, so their reservations arrive up to a formula's 30 s apart.
 */
const OUT_OF_ORDER_MARGIN_MS = 30_000;
/** Under a property's 9 KB: past it the oldest times go first (the margin, never the window). */
const MOST_LOG_CHARS = 8000;

/** A log of nothing sent yet, at the pace `start` (the ceiling when it is lower). */
export function freshLog(ceiling: number, start = ceiling): PaceLog {
  return {
    rate: Math.min(ceiling, start),
    good: 0,
    bad: Number.POSITIVE_INFINITY,
    badAt: Number.NEGATIVE_INFINITY,
    changedAt: Number.NEGATIVE_INFINITY,
    slowedAt: Number.NEGATIVE_INFINITY,
    until: Number.NEGATIVE_INFINITY,
    clean: 0,
    patience: FIRST_PATIENCE,
    refusals: [],
    sent: [],
  };
}

/** The log's numbers other than its rate and patience, kept as the fresh log's when not written. */
const NUMBER_FIELDS = ['good', 'bad', 'badAt', 'changedAt', 'slowedAt', 'until', 'clean'] as const;

/**
 * The log as `writeLog` wrote it; a fresh one (at `start`) for anything else: absent, damaged, or
 * written before the pace was learned (its rate was a setting, not something the API showed).
 */
export function readLog(text: string | undefined, ceiling: number, start = ceiling): PaceLog {
  const fresh = freshLog(ceiling, start);
  const value = parseJsonObject(text) as Partial<Record<keyof PaceLog, unknown>> | null;
  if (value === null) return fresh;
  const sent = typeof value.sent === 'string' ? decodeTimes(value.sent) : null;
  const refusals = typeof value.refusals === 'string' ? decodeTimes(value.refusals) : null;
  const { rate, patience } = value;
  if (typeof rate !== 'number' || !(rate > 0) || typeof patience !== 'number') return fresh;
  if (sent === null || refusals === null) return fresh;
  // JSON writes the infinities as null: they read back as the fresh log's.
  const log = { ...fresh, rate, patience, refusals, sent };
  for (const name of NUMBER_FIELDS) {
    const field = value[name];
    if (typeof field === 'number') log[name] = field;
  }
  return log;
}

/** The log as one property value, the oldest times dropped first if it would not fit. */
export function writeLog(log: PaceLog): string {
  for (;;) {
    const text = JSON.stringify({ ...log, sent: encodeTimes(log.sent), refusals: encodeTimes(log.refusals) });
    if (text.length <= MOST_LOG_CHARS || log.sent.length === 0) return text;
    const oldest = log.sent[0]!;
    log.sent = log.sent.filter((at) => at !== oldest);
  }
}

/** Ascending times as steps: `first,step,step*count`, in base 36. */
function encodeTimes(sent: readonly number[]): string {
  const parts: string[] = [];
  let previous = 0;
  for (let i = 0; i < sent.length; ) {
    const at = sent[i]!;
    let count = 1;
    while (sent[i + count] === at) count++;
    parts.push(`${Math.round(at - previous).toString(36)}${count > 1 ? `*${count}` : ''}`);
    previous = Math.round(at);
    i += count;
  }
  return parts.join(',');
}

function decodeTimes(text: string): number[] | null {
  const times: number[] = [];
  let at = 0;
  for (const part of text === '' ? [] : text.split(',')) {
    const [step, count = '1'] = part.split('*');
    const delta = Number.parseInt(step ?? '', 36);
    const repeat = Number(count);
    if (!Number.isFinite(delta) || delta < 0 || !Number.isInteger(repeat) || repeat < 1) return null;
    at += delta;
    for (let k = 0; k < repeat; k++) times.push(at);
  }
  return times;
}

/** Finds, records and answers the earliest slot (the pacers call it inside their turns). */
export function reserveIn(
  log: PaceLog,
  ceiling: number,
  now: number,
  wanted: number,
  deadline: number,
  least = 1,
): SendSlot | null {
  if (log.rate > ceiling) log.rate = ceiling;
  const from = Math.max(now, log.until);
  const limit = Math.max(1, Math.floor(log.rate));
  // Below one request a second the window stretches so that it still holds one request.
  const span = log.rate >= 1 ? RATE_WINDOW_MS : RATE_WINDOW_MS / log.rate;
  log.sent = log.sent.filter((at) => at > now - span - OUT_OF_ORDER_MARGIN_MS);
  const enough = Math.min(Math.max(1, least), wanted, limit);
  let first: { at: number; room: number } | null = null;
  // A send at `at` fits as soon as an older one leaves the window, so these are the only candidates;
  // the last always fits, because nothing is logged within a window after it.
  for (const at of candidateTimes(log.sent, from, span)) {
    if (at > deadline) break;
    const room = limit - busiestWindowAround(log.sent, at, span);
    if (room <= 0) continue;
    first ??= { at, room };
    if (room >= enough) return book(log, at, Math.min(wanted, room));
  }
  // No slot with enough room before the deadline: the earliest with any room will do.
  return first === null ? null : book(log, first.at, Math.min(wanted, first.room));
}

/** A stretch of turns booked at once, of a sender that still has `backlog` POSTs to send. */
export interface Series {
  backlog: number;
  /** How far ahead to book: while the pace climbs, one window only, so that the next turn climbs. */
  aheadMs: number;
  /** The batches' sizes at a pace, in turn. */
  sizes: (rate: number) => readonly number[];
  /** The least time between two batches: a round trip, one fetchAll at a time. */
  spacingMs: number;
}

/**
 * Slots for the series' POSTs in batches of its sizes at the pace, in turn (the last may be
 * smaller), each batch `spacingMs` at least after the one before, at the first time the window has
 * room for the whole batch: the sizes share out one window's rate, so the waits fall together at
 * its end, long enough to book the next stretch in. Fewer when the deadline comes first.
 */
export function reserveSeriesIn(
  log: PaceLog,
  ceiling: number,
  now: number,
  series: Series,
  deadline: number,
): SendSlot[] {
  const slots: SendSlot[] = [];
  const climb = climbing(log, series.backlog);
  const aheadMs = climb ? RATE_WINDOW_MS : series.aheadMs;
  const posts = Math.min(series.backlog, Math.ceil((Math.min(log.rate, ceiling) * aheadMs) / RATE_WINDOW_MS));
  const sizes = series.sizes(Math.min(log.rate, ceiling));
  let booked = 0;
  let from = now;
  while (booked < posts) {
    const size = Math.min(sizes[slots.length % sizes.length] ?? 1, posts - booked);
    const slot = reserveIn(log, ceiling, from, size, deadline, size);
    if (slot === null) break;
    slots.push(climb ? { ...slot, climbing: true } : slot);
    booked += slot.granted;
    from = slot.at + series.spacingMs;
  }
  return slots;
}

/**
 * The most POSTs the pace may send in `ms` from now: twice the pace now (a probe may double it),
 * and the ceiling while no limit is known (it climbs, doubling each window until refused).
 */
export function reachIn(log: PaceLog, ceiling: number, now: number, ms: number): number {
  const known = Number.isFinite(log.bad) && now - log.badAt <= BAD_MEMORY_MS;
  const rate = Math.max(2 * Math.min(log.rate, ceiling), known ? 0 : ceiling);
  return Math.max(1, Math.floor((rate * ms) / RATE_WINDOW_MS));
}

/** Whether the pace climbs: a long backlog, nothing refused lately, and its level not proven yet. */
function climbing(log: PaceLog, backlog: number): boolean {
  return (
    backlog >= CLIMB_BACKLOG &&
    !Number.isFinite(log.bad) &&
    log.rate >= DOCUMENTED_PACE &&
    log.rate > log.good
  );
}

/**
 * `count` POSTs booked at the pace `rate` and sent at `sentAt` came back, none refused: evidence
 * for the pace now, when they went at it or faster since it last changed.
 */
export function answeredIn(log: PaceLog, answered: Answered): void {
  if (answered.sentAt >= log.changedAt && answered.rate >= log.rate) log.clean += answered.count;
}

/**
 * Gives back turns booked ahead that will not be sent (the execution stopped sending first): left
 * in the log they would hold the next execution back for nothing.
 */
export function releaseIn(log: PaceLog, slots: readonly SendSlot[]): void {
  for (const slot of slots) {
    for (let left = slot.granted; left > 0; left--) {
      const index = log.sent.indexOf(slot.at);
      if (index < 0) break;
      log.sent.splice(index, 1);
    }
  }
}

function book(log: PaceLog, at: number, count: number): SendSlot {
  const granted = Math.max(1, count);
  const index = countAtOrBefore(log.sent, at);
  log.sent.splice(index, 0, ...Array<number>(granted).fill(at));
  return { at, granted, rate: log.rate };
}

/**
 * `count` POSTs sent at `sentAt` came back 429 at `answeredAt`. Everyone waits out the Retry-After;
 * the pace drops once a burst: after a refused probe, to what the API admitted in the window
 * before the refused POSTs, its limit, when that lies above the last clean pace (else to that
 * pace), and the next probe waits twice as long; by half when a pace that ran clean is refused
 * (the limit fell, or another program spends the same key). Answers to POSTs sent before the last
 * drop are old news.
 */
export function slowDownIn(log: PaceLog, refused: Refusal): void {
  const { sentAt, answeredAt, count, retryAfterMs } = refused;
  log.until = Math.max(log.until, answeredAt + (retryAfterMs ?? DEFAULT_RETRY_AFTER_MS));
  const kept = log.refusals.filter((at) => at > answeredAt - REFUSALS_KEPT_MS);
  log.refusals = [...kept, ...Array<number>(count).fill(answeredAt)]
    .sort((a, b) => a - b)
    .slice(-MOST_REFUSALS_KEPT);
  if (sentAt < log.slowedAt) return;
  const refusedRate = log.rate;
  if (log.good > 0 && log.good < refusedRate) {
    // A probe: this pace is too fast for a while; what the window admitted ran clean.
    const admitted = admittedBefore(log.sent, sentAt, count);
    const limit = admitted > log.good && admitted < refusedRate ? admitted : null;
    log.bad = limit === null ? refusedRate : limit + 1;
    log.badAt = answeredAt;
    log.good = limit ?? log.good;
    log.rate = log.good;
    log.patience = Math.min(MOST_PATIENCE, log.patience * 2);
  } else {
    // Once is no proof the pace is too fast (a burst at a window's edge): probing finds out. Below
    // the documented pace only a refusal at it or under it leads: a storm ends, the vendor's pace stays.
    const floor = refusedRate > DOCUMENTED_PACE ? DOCUMENTED_PACE : SLOWEST_RATE;
    log.rate = Math.max(Math.min(refusedRate, floor), refusedRate / 2);
    log.good = 0;
  }
  log.slowedAt = Math.max(log.slowedAt, answeredAt);
  log.changedAt = Math.max(log.changedAt, answeredAt);
  log.clean = 0;
}

/** Our POSTs the API admitted in the window before `count` of them sent at `sentAt` were refused. */
function admittedBefore(sent: readonly number[], sentAt: number, count: number): number {
  return countAtOrBefore(sent, sentAt) - countAtOrBefore(sent, sentAt - RATE_WINDOW_MS) - count;
}

/**
 * After `patience` clean answers at this pace, it is known good, and the pace probes upwards: for
 * a sender with `backlog` POSTs still to send, twice as fast once a window's worth came back
 * clean (climbing); else half as fast again while nothing was refused lately, or halfway to the
 * slowest refused pace. Never past the ceiling (the user's plan figure). Called once a turn with
 * the clock's time.
 */
export function learn(log: PaceLog, ceiling: number, now: number, backlog = 0): void {
  if (log.rate > ceiling) log.rate = ceiling;
  if (now - log.badAt > BAD_MEMORY_MS) log.bad = Number.POSITIVE_INFINITY;
  const climb = climbing(log, backlog);
  // Below the documented pace a few clean sends climb back: the refusals that led there stopped.
  const patience =
    log.rate < DOCUMENTED_PACE ? BELOW_DOCUMENTED_PATIENCE : climb ? Math.ceil(log.rate) : log.patience;
  if (log.clean < patience || now < log.until || (!climb && now < log.changedAt + SETTLE_MS)) return;
  // This pace ran clean: proven, and the next step wants fewer clean answers than the first.
  if (log.rate > log.good && log.good > 0) log.patience = Math.max(LEAST_PATIENCE, log.patience / 2);
  log.good = Math.max(log.good, log.rate);
  const target = climb ? Math.min(ceiling, log.rate * 2) : probeTarget(log, ceiling);
  if (target - log.rate < log.rate * LEAST_STEP) return;
  log.rate = target;
  log.changedAt = now;
  log.clean = 0;
}

/**
 * The next pace to try: half as fast again while nothing was refused lately (a step the size of
 * the pace would refuse as many POSTs as the limit holds), else halfway to the slowest refused
 * pace. At a request a second or more a window holds whole requests, so the step is one at least.
 */
function probeTarget(log: PaceLog, ceiling: number): number {
  const refused = Number.isFinite(log.bad);
  const wanted = refused ? (log.rate + log.bad) / 2 : Math.max(log.rate * PROBE_STEP, log.rate + 1);
  // Below the documented pace, back to it: what was refused there was a storm that ended.
  if (log.rate < DOCUMENTED_PACE) return Math.min(ceiling, DOCUMENTED_PACE);
  return Math.max(log.rate, Math.min(ceiling, Math.floor(wanted)));
}

function candidateTimes(sent: readonly number[], now: number, span: number): number[] {
  const leaving = sent.map((at) => at + span).filter((at) => at > now);
  return [...new Set([now, ...leaving])].sort((a, b) => a - b);
}

/** The most POSTs logged in any one window (u - span, u] that a POST at `at` would also fall in. */
function busiestWindowAround(sent: readonly number[], at: number, span: number): number {
  // The count over windows ending in [at, at + span) only rises where a window's end meets a send.
  const ends = [at, ...sent.filter((time) => time >= at && time < at + span)];
  return Math.max(...ends.map((end) => countAtOrBefore(sent, end) - countAtOrBefore(sent, end - span)));
}

/** How many of the ascending `sent` are at or before `time` (binary search). */
function countAtOrBefore(sent: readonly number[], time: number): number {
  let low = 0;
  let high = sent.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sent[middle]! <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}
