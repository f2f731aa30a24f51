// The fake API's rate limit: POSTs per key per second, by default the one a second the vendor
// documents as enforced for single lookups whatever the plan. The spec gives no limit, nor how it is
// kept, so both common ways are offered (FakeApiOptions.rateLimiter says which is the default).
export const DEFAULT_RATE_LIMIT_PER_SECOND = 1;
export const RATE_WINDOW_MS = 1000;

export type RateLimiterKind = 'sliding-window' | 'token-bucket';

/** What the limit remembers of one account. */
export interface RateState {
  /** Times of the POSTs admitted lately, ascending. */
  recent: number[];
  /** The token bucket's tokens (may go below 0: refused calls count) and when it was refilled. */
  bucket: { tokens: number; at: number };
}

export class RateLimiter {
  /** POSTs per second. */
  readonly limit: number;
  readonly #kind: RateLimiterKind;

  constructor(limit: number, kind: RateLimiterKind) {
    this.limit = limit;
    this.#kind = kind;
  }

  /** A new account's state: nothing sent, a full bucket. */
  fresh(now: number): RateState {
    return { recent: [], bucket: { tokens: this.limit, at: now } };
  }

  /**
   * Whether a POST arriving `now` is admitted. The sliding window remembers only admitted POSTs;
   * the bucket charges every POST a token.
   */
  admit(state: RateState, now: number): boolean {
    return this.#kind === 'token-bucket' ? this.#takeToken(state, now) : this.#slide(state, now);
  }

  /**
   * Sliding window: a POST is admitted when no one-second window that holds it would then hold
   * more than the limit. Looking both ways in time, not only back, keeps the check exact when the
   * emulator replays executions that ran at the same time one after another (tools/emulator/race.ts),
   * so their POSTs arrive out of time order.
   */
  #slide(state: RateState, now: number): boolean {
    const sent = state.recent;
    const countUpTo = (time: number) => sortedCountAtOrBefore(sent, time);
    const windowEnds = [now, ...sent.filter((at) => at >= now && at < now + RATE_WINDOW_MS)];
    for (const end of windowEnds) {
      if (countUpTo(end) - countUpTo(end - RATE_WINDOW_MS) >= this.limit) return false;
    }
    sent.splice(countUpTo(now), 0, now);
    // Out-of-order arrivals stay within a formula's 30 s; a minute back is plenty to remember.
    const forgetBefore = sent[sent.length - 1]! - 60_000;
    if (sent[0]! < forgetBefore) state.recent = sent.filter((at) => at >= forgetBefore);
    return true;
  }

  #takeToken(state: RateState, now: number): boolean {
    const { bucket } = state;
    if (now > bucket.at) {
      bucket.tokens = Math.min(this.limit, bucket.tokens + ((now - bucket.at) / RATE_WINDOW_MS) * this.limit);
      bucket.at = now;
    }
    const admitted = bucket.tokens >= 1;
    // A refused call costs a token too, down to one second of debt.
    bucket.tokens = Math.max(-this.limit, bucket.tokens - 1);
    return admitted;
  }
}

/** How many of the ascending `times` are at or before `time`. */
function sortedCountAtOrBefore(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `--rate=N` on the command line (or ENRICH_FAKE_RATE): the POSTs a second the fake allows a key,
 * for `npm start` and `npm run fake-api`; undefined keeps the default. A bad value throws.
 */
export function rateFromCommandLine(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): number | undefined {
  const text = argv.find((arg) => arg.startsWith('--rate='))?.slice('--rate='.length) ?? env.ENRICH_FAKE_RATE;
  if (text === undefined || text === '') return undefined;
  const rate = Number(text);
  if (!Number.isFinite(rate) || rate <= 0)
    throw new Error(`--rate must be a number of requests a second above 0, not "${text}"`);
  return rate;
}
