// The shared pace's log: the pace the add-on learned for the account, what it learned it from, and
// the send times that still matter. It lives in one document property beside the claims and the
// budget, so that a lookup's locked booking reserves its first batch's turn in the same read and
// write (api/pacing.ts). A property holds 9 KB, so the times are written as base-36 steps from one
// to the next, equal times once with their count.
//
// Reservations may lie in the future, and a fit counts them as well as past sends, so no window of
// one second ever holds more than the rate allows, whatever the order executions reserve in.
//
// The pace is learned (docs/api-behaviour.md, "The pace"): the vendor documents about one single
// lookup a second per key whatever the plan says, so a new account starts there. After enough clean
// sends the pace probes upwards (half as fast again, or halfway to the slowest pace that was
// refused, in whole requests a second); a 429
// drops it at once to the last clean pace, and nothing is sent before its Retry-After. A refused
// probe doubles the clean sends wanted before the next one, so refusals stay a few, never a storm.

import { DAY_MS } from '../platform/time';

export interface SendSlot {
  /** When the batch may go out: now, or later. */
  readonly at: number;
  /** How many POSTs it may hold: at least one. */
  readonly granted: number;
  /** The pace it was booked at: batches are sized from it. */
  readonly rate: number;
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
  /** POSTs booked at this pace since it last changed, none refused. */
  clean: number;
  /** Clean POSTs wanted before the pace probes upwards; doubled by each refused probe. */
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
/** Clean POSTs before the first probe: a 20-row range at the documented pace is never refused. */
const FIRST_PATIENCE = 20;
const MOST_PATIENCE = 1280;
/** Clean POSTs below the documented pace before it climbs back towards it. */
const BELOW_DOCUMENTED_PATIENCE = 3;
/** Clean POSTs wanted before a probe once a probe ran clean: the time each step is held decides. */
const LEAST_PATIENCE = 10;
/** A refused pace is tried again after this long: a plan can change. */
const BAD_MEMORY_MS = 3_600_000;
/**
 * A pace is held at least this long before the next probe: turns are booked up to 4 s ahead
 * (api/client.ts), and a refusal of the first of them must have come back.
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

/**
 * The log as `writeLog` wrote it; a fresh one (at `start`) for anything else: absent, damaged, or
 * written before the pace was learned (its rate was a setting, not something the API showed).
 */
export function readLog(text: string | undefined, ceiling: number, start = ceiling): PaceLog {
  const fresh = freshLog(ceiling, start);
  if (text === undefined) return fresh;
  try {
    const value = (JSON.parse(text) ?? {}) as Partial<Record<keyof PaceLog, unknown>>;
    const sent = typeof value.sent === 'string' ? decodeTimes(value.sent) : null;
    const refusals = typeof value.refusals === 'string' ? decodeTimes(value.refusals) : null;
    const { rate, patience } = value;
    if (typeof rate !== 'number' || !(rate > 0) || typeof patience !== 'number') return fresh;
    if (sent === null || refusals === null) return fresh;
    // JSON writes the infinities as null: they read back as the fresh log's.
    const number = (name: 'good' | 'bad' | 'badAt' | 'changedAt' | 'slowedAt' | 'until' | 'clean') => {
      const field = value[name];
      return typeof field === 'number' ? field : fresh[name];
    };
    return {
      rate,
      good: number('good'),
      bad: number('bad'),
      badAt: number('badAt'),
      changedAt: number('changedAt'),
      slowedAt: number('slowedAt'),
      until: number('until'),
      clean: number('clean'),
      patience,
      refusals,
      sent,
    };
  } catch {
    return fresh;
  }
}

/** The log as one property value, the oldest times dropped first if it would not fit. */
export function writeLog(log: PaceLog): string {
  for (;;) {
    const text = JSON.stringify({
      ...log,
      sent: encodeTimes(log.sent),
      refusals: encodeTimes(log.refusals),
    });
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

/**
 * Slots for `posts` POSTs in batches of the sizes of `sizes`, in turn (the last may be smaller),
 * each batch at least `spacingMs` (a round trip: one fetchAll at a time) after the one before, at
 * the first time the window has room for the whole batch: the sizes share out one window's rate,
 * so the waits fall together at its end, long enough to book the next stretch in. Fewer when the
 * deadline comes first.
 */
export function reserveSeriesIn(
  log: PaceLog,
  ceiling: number,
  now: number,
  series: { posts: number; sizes: readonly number[]; spacingMs: number },
  deadline: number,
): SendSlot[] {
  const slots: SendSlot[] = [];
  let booked = 0;
  let from = now;
  while (booked < series.posts) {
    const size = Math.min(series.sizes[slots.length % series.sizes.length] ?? 1, series.posts - booked);
    const slot = reserveIn(log, ceiling, from, size, deadline, size);
    if (slot === null) break;
    slots.push(slot);
    booked += slot.granted;
    from = slot.at + series.spacingMs;
  }
  return slots;
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
      log.clean = Math.max(0, log.clean - 1);
    }
  }
}

function book(log: PaceLog, at: number, count: number): SendSlot {
  const granted = Math.max(1, count);
  const index = countAtOrBefore(log.sent, at);
  log.sent.splice(index, 0, ...Array<number>(granted).fill(at));
  log.clean += granted;
  return { at, granted, rate: log.rate };
}

/**
 * `count` POSTs sent at `sentAt` came back 429 at `answeredAt`. Everyone waits out the Retry-After;
 * the pace drops once a burst: to the last clean pace after a refused probe (and the next probe
 * waits twice as long), or by half when a pace that ran clean is refused (the limit fell, or
 * another program spends the same key). Answers to POSTs sent before the last drop are old news.
 */
export function slowDownIn(
  log: PaceLog,
  refused: { sentAt: number; answeredAt: number; count: number; retryAfterMs?: number | undefined },
): void {
  const { sentAt, answeredAt, count, retryAfterMs } = refused;
  log.until = Math.max(log.until, answeredAt + (retryAfterMs ?? DEFAULT_RETRY_AFTER_MS));
  const kept = log.refusals.filter((at) => at > answeredAt - REFUSALS_KEPT_MS);
  log.refusals = [...kept, ...Array<number>(count).fill(answeredAt)]
    .sort((a, b) => a - b)
    .slice(-MOST_REFUSALS_KEPT);
  if (sentAt < log.slowedAt) return;
  const refusedRate = log.rate;
  if (log.good > 0 && log.good < refusedRate) {
    // A probe: this pace is too fast for a while.
    log.bad = refusedRate;
    log.badAt = answeredAt;
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

/**
 * After `patience` clean POSTs at this pace, the oldest of them answered, it is known good, and the
 * pace probes upwards: half as fast again while nothing was refused lately, else halfway to the
 * slowest refused pace, never past the ceiling (the user's plan figure). Called once a turn with
 * the clock's time, never for turns booked ahead: a 429 must be able to come back between probes.
 */
export function learn(log: PaceLog, ceiling: number, now: number): void {
  if (log.rate > ceiling) log.rate = ceiling;
  if (now - log.badAt > BAD_MEMORY_MS) log.bad = Number.POSITIVE_INFINITY;
  // Below the documented pace a few clean sends climb back: the refusals that led there stopped.
  const patience = log.rate < DOCUMENTED_PACE ? BELOW_DOCUMENTED_PATIENCE : log.patience;
  if (log.clean < patience || now < log.until || now < log.changedAt + SETTLE_MS) return;
  // This pace ran clean: proven, and the next step wants fewer clean sends than the first.
  if (log.rate > log.good && log.good > 0) log.patience = Math.max(LEAST_PATIENCE, log.patience / 2);
  log.good = Math.max(log.good, log.rate);
  const target = probeTarget(log, ceiling);
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
