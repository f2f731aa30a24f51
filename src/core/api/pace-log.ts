// The shared pace's log: the pace now, and the send times that still matter. It lives in one
// document property beside the claims and the budget, so that a lookup's locked booking reserves
// its first batch's turn in the same read and write (api/pacing.ts). A property holds 9 KB, so the
// times are written as base-36 steps from one to the next, equal times once with their count.
//
// Reservations may lie in the future, and a fit counts them as well as past sends, so no window of
// one second ever holds more than the rate allows, whatever the order executions reserve in.

export interface SendSlot {
  /** When the batch may go out: now, or later. */
  readonly at: number;
  /** How many POSTs it may hold: at least one. */
  readonly granted: number;
}

/** What pacing remembers: the pace now, when it last changed, and the send times that still matter. */
export interface PaceLog {
  rate: number;
  /** When the pace last changed, either way: recovery counts clean seconds from here. */
  changedAt: number;
  /** When the last 429 that halved the pace was answered. */
  slowedAt: number;
  /** Times of POSTs sent or reserved, ascending; future reservations included. */
  sent: number[];
}

export const RATE_WINDOW_MS = 1000;
/** Halving the pace after 429s stops here, unless the asked pace is slower. */
const SLOWEST_RATE = 1;
/**
 * Sends are remembered this long past their window, because executions need not reserve in time
 * order: each reads its own server's clock, and the emulator models executions started together by
 * running each from the same instant, so their reservations arrive up to a formula's 30 s apart.
 */
const OUT_OF_ORDER_MARGIN_MS = 30_000;
/** Under a property's 9 KB: past it the oldest times go first (the margin, never the window). */
const MOST_LOG_CHARS = 8000;

export function freshLog(ceiling: number): PaceLog {
  return { rate: ceiling, changedAt: Number.NEGATIVE_INFINITY, slowedAt: Number.NEGATIVE_INFINITY, sent: [] };
}

/** The log as `writeLog` wrote it; a fresh one for anything else (absent, damaged, old). */
export function readLog(text: string | undefined, ceiling: number): PaceLog {
  if (text === undefined) return freshLog(ceiling);
  try {
    const value = JSON.parse(text) as {
      rate?: unknown;
      changedAt?: unknown;
      slowedAt?: unknown;
      sent?: unknown;
    };
    const { rate, changedAt, slowedAt, sent } = value ?? {};
    const time = (at: unknown) => typeof at === 'number' || at === null;
    if (!(typeof rate === 'number' && rate > 0 && time(changedAt) && time(slowedAt)))
      return freshLog(ceiling);
    const times = typeof sent === 'string' ? decodeTimes(sent) : null;
    if (times === null) return freshLog(ceiling);
    // JSON writes -Infinity as null.
    return {
      rate,
      changedAt: (changedAt as number | null) ?? Number.NEGATIVE_INFINITY,
      slowedAt: (slowedAt as number | null) ?? Number.NEGATIVE_INFINITY,
      sent: times,
    };
  } catch {
    return freshLog(ceiling);
  }
}

/** The log as one property value, the oldest times dropped first if it would not fit. */
export function writeLog(log: PaceLog): string {
  for (;;) {
    const text = JSON.stringify({ ...log, sent: encodeTimes(log.sent) });
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

/** Finds, records and answers the earliest slot; exported for its unit tests. */
export function reserveIn(
  log: PaceLog,
  ceiling: number,
  now: number,
  wanted: number,
  deadline: number,
  least = 1,
): SendSlot | null {
  recoverPace(log, ceiling, now);
  const limit = Math.max(1, Math.floor(log.rate));
  // Below one request a second the window stretches so that it still holds one request.
  const span = log.rate >= 1 ? RATE_WINDOW_MS : RATE_WINDOW_MS / log.rate;
  log.sent = log.sent.filter((at) => at > now - span - OUT_OF_ORDER_MARGIN_MS);
  const enough = Math.min(Math.max(1, least), wanted, limit);
  let first: { at: number; room: number } | null = null;
  // A send at `at` fits as soon as an older one leaves the window, so these are the only candidates;
  // the last always fits, because nothing is logged within a window after it.
  for (const at of candidateTimes(log.sent, now, span)) {
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

function book(log: PaceLog, at: number, count: number): SendSlot {
  const granted = Math.max(1, count);
  const index = countAtOrBefore(log.sent, at);
  log.sent.splice(index, 0, ...Array<number>(granted).fill(at));
  return { at, granted };
}

/** Halves the pace once for a burst of 429s: answers to POSTs sent before the last change are old news. */
export function slowDownIn(log: PaceLog, sentAt: number, answeredAt: number): void {
  if (sentAt < log.slowedAt) return;
  log.rate = Math.max(log.rate / 2, Math.min(log.rate, SLOWEST_RATE));
  log.slowedAt = Math.max(log.slowedAt, answeredAt);
  log.changedAt = Math.max(log.changedAt, answeredAt);
}

/**
 * After each clean second since the last change the pace creeps back towards the asked one
 * (additive increase): a 429 is often a burst at a boundary, not a lower plan. A lowered setting
 * takes effect at once.
 */
function recoverPace(log: PaceLog, ceiling: number, now: number): void {
  if (log.rate > ceiling) log.rate = ceiling;
  const seconds = Math.floor((now - log.changedAt) / RATE_WINDOW_MS);
  if (log.rate >= ceiling || !Number.isFinite(seconds) || seconds < 1) return;
  log.rate = Math.min(ceiling, log.rate + seconds * Math.max(1, ceiling / 10));
  log.changedAt += seconds * RATE_WINDOW_MS;
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
