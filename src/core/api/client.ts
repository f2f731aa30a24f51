// Calls to the enrichment API through the ports. Apps Script is synchronous, so waiting means
// `clock.sleep`, and every wait is bounded by the caller's deadline: a formula has 30 s and an
// execution 6 minutes. Work that does not fit is handed back (a job id, a retryable error) and
// never silently dropped, because every answered call has already cost credits.

import type { HttpRequest, HttpResponse } from '../platform/ports';
import { OUT_OF_TIME_MESSAGE, PACE_FULL_MESSAGE, SLOWED_DOWN_MESSAGE } from '../text/catalogue/queue';
import { apiError, NO_ANSWER, readPostAnswer } from './answers';
import { batchLimit, EvenSchedule } from './batch-schedule';
import { firstPollAfter, pending, sleepUntil, waitForJobs } from './job-polling';
import type { ApiError, CallOptions, CallOutcome, ClientConfig } from './outcome';
import { DOCUMENTED_PACE, isShared, localPacer, type Pacer, type SendSlot, type SharedPacer } from './pacing';
import { keyRedactor, type Redact } from './redaction';
import { postRequest } from './requests';
import type { EnrichmentRequest } from './wire';

/**
 * Waits after a request's 1st, 2nd, 3rd… 429, when its Retry-After asks for less; the last goes on
 * while the deadline allows: a refusal never ends work the execution can still do in its time (a
 * storm of refusals passes, and the cells typed during it fill once the API answers again).
 */
const RATE_LIMIT_BACKOFF_MS = [1000, 2000, 4000, 8000, 15_000] as const;
const SERVER_ERROR_WAIT_MS = 30_000;
const SERVER_ERROR_RETRIES = 2;
/** The round trip assumed until one is measured. */
export const FIRST_ROUND_TRIP_MS = 300;
/**
 * How far ahead a long send books its turns at the pace, in one locked section: each turn is a
 * section of round trips (the lock, a read, a write), and a batch that waits for its own is late.
 * Short enough that other executions' lookups are not kept waiting behind it for long.
 */
const BOOK_AHEAD_MS = 4000;
/** A turn at the shared pace until one is timed: the lock, a read and a write of the properties. */
const FIRST_TURN_MS = 200;

/** One lookup. A 202 is polled until the deadline; see `enrichMany`. */
export function enrich(cfg: ClientConfig, request: EnrichmentRequest, opts: CallOptions): CallOutcome {
  return enrichMany(cfg, [request], opts)[0]!;
}

/**
 * Sends the requests with `fetchAll`, paced by `opts.pacer` (or alone at `maxRequestsPerSecond`),
 * retries only the calls that were rate limited (or hit a 5xx, when allowed), then polls the
 * accepted jobs together. Outcomes come back in input order. A call never sent before the
 * deadline fails as `not_sent`; after a 401 or 402 nothing more is sent and the unsent calls
 * carry that error.
 */
export function enrichMany(
  cfg: ClientConfig,
  requests: readonly EnrichmentRequest[],
  opts: CallOptions,
): CallOutcome[] {
  const run = new SendRun(cfg, requests, opts);
  run.sendAll();
  return run.finish();
}

interface QueuedCall {
  index: number;
  notBefore: number;
  rateLimited: number;
  serverErrors: number;
  lastError?: ApiError;
}

interface AcceptedJob {
  index: number;
  jobId: string;
  acceptedAt: number;
}

/** One `enrichMany`: the calls still to send, and what the sent ones came to. */
class SendRun {
  private readonly redact: Redact;
  private readonly notSent: ApiError;
  /** What a call the API kept refusing as too fast comes to: a wait for a later run. */
  private readonly slowedDown: ApiError;
  private readonly outcomes: CallOutcome[];
  private readonly jobs: AcceptedJob[] = [];
  private rate: number;
  private readonly pacer: Pacer;
  private schedule: EvenSchedule;
  private readonly resent = new Set<number>();
  /** Turns at the pace reserved ahead, in order. */
  private booked: SendSlot[];
  private queue: QueuedCall[];
  private pausedUntil: number;
  private fatal: ApiError | undefined;
  private paceFull = false;
  private roundTripMs = FIRST_ROUND_TRIP_MS;
  /** What a turn at the shared pace takes (the lock, a read, a write), once one was timed. */
  private turnMs = FIRST_TURN_MS;

  constructor(
    private readonly cfg: ClientConfig,
    private readonly requests: readonly EnrichmentRequest[],
    private readonly opts: CallOptions,
  ) {
    const now = cfg.clock.now();
    // Servers echo what they were sent, sometimes the key itself.
    this.redact = keyRedactor(cfg.apiKey);
    this.notSent = apiError('not_sent', OUT_OF_TIME_MESSAGE, this.redact);
    this.slowedDown = apiError('not_sent', SLOWED_DOWN_MESSAGE, this.redact);
    const notSent: CallOutcome = { kind: 'failed', error: this.notSent };
    this.outcomes = requests.map(() => notSent);
    this.rate = startRate(opts.maxRequestsPerSecond);
    this.pacer = opts.pacer ?? localPacer(this.rate);
    // Batches are sized from the pace; a shared pacer says the pace it books at (slot.rate).
    this.schedule = new EvenSchedule(this.rate, now);
    this.booked = [...(opts.booked ?? [])];
    this.queue = requests.map((_, index) => ({ index, notBefore: now, rateLimited: 0, serverErrors: 0 }));
    this.pausedUntil = now;
  }

  /** Sends until every call is answered, a 401 or 402 stops everything, or time or pace runs out. */
  sendAll(): void {
    this.sendWhileAble();
    // Turns booked ahead and not used would hold the next execution back for nothing.
    if (this.booked.length > 0) this.pacer.release(this.booked.splice(0));
  }

  private sendWhileAble(): void {
    while (this.queue.length > 0 && this.fatal === undefined) {
      const now = this.cfg.clock.now();
      const ready = this.queue.filter((call) => call.notBefore <= now);
      if (ready.length === 0 || now < this.pausedUntil) {
        const earliest = Math.min(...this.queue.map((call) => call.notBefore));
        if (!this.waitUntil(Math.max(this.pausedUntil, earliest))) return;
        continue;
      }
      if (now > this.opts.deadline || this.opts.stopAsked?.() || !this.sendNext(now, ready)) return;
    }
  }

  /** Sends the next batch of ready calls when the pace has room; false when nothing more can go. */
  private sendNext(now: number, ready: readonly QueuedCall[]): boolean {
    const { clock } = this.cfg;
    const slot = this.nextSlot(now, ready.length);
    if (slot === null) {
      this.paceFull = true;
      return false;
    }
    // Booking a slot in the shared log is work too: a batch must last the whole cycle.
    const bookingMs = clock.now() - now;
    const batch = ready.slice(0, slot.granted);
    const indices = batch.map((call) => call.index);
    // What the turns booked so far will send, this batch first.
    const stretch = this.booked.reduce((sum, turn) => sum + turn.granted, slot.granted);
    const ahead = ready.slice(0, stretch).map((call) => call.index);
    if (!this.waitUntil(slot.at, indices, ahead)) return false;

    this.followPace(slot.rate, now);
    const sentAt = clock.now();
    this.schedule.sent(batch.length);
    const sent = sendBatch(
      this.cfg,
      batch.map((call) => postRequest(this.cfg, this.requests[call.index]!)),
      this.opts.resendLost === false ? null : this.pacer,
      this.opts.deadline,
    );
    const answeredAt = clock.now();
    // A batch with resends lasted longer than one round trip: it says nothing of the next one.
    if (!sent.resent.includes(true))
      this.roundTripMs = (this.roundTripMs + bookingMs + answeredAt - sentAt) / 2;
    const refusedCount = sent.responses.filter((response) => response.status === 429).length;
    const retries = this.absorb(batch, sent, answeredAt);
    // What the pace learns from: answers (a lost one says nothing), not bookings.
    const answers = sent.responses.filter((response) => response.status !== 0).length;
    if (refusedCount === 0) this.pacer.answered({ sentAt, rate: slot.rate, count: answers });
    else {
      // The limit is per account, so everyone waits and the whole run slows down, not just these.
      const retryAfterMs = Math.max(0, ...sent.responses.map((response) => response.retryAfterMs ?? 0));
      this.pacer.slowDown({
        sentAt,
        answeredAt,
        count: refusedCount,
        retryAfterMs: retryAfterMs > 0 ? retryAfterMs : undefined,
      });
      // Turns booked at the old pace would overrun the new one: others may have them.
      if (this.booked.length > 0) this.pacer.release(this.booked.splice(0));
      // Everyone waits out the Retry-After (a second without one); a call refused again and again
      // waits longer by itself, and the others go on meanwhile.
      const wait = retryAfterMs > 0 ? retryAfterMs : RATE_LIMIT_BACKOFF_MS[0];
      this.pausedUntil = Math.max(this.pausedUntil, answeredAt + wait);
    }
    this.queue = [...this.queue.filter((call) => !batch.includes(call)), ...retries].sort(
      (a, b) => a.index - b.index,
    );
    return true;
  }

  /**
   * The next batch's turn at the pace: one booked ahead that has not passed (a late batch would
   * break the window it was booked in), else a new one. At the shared pace each turn is a locked
   * section of round trips, so a long queue books BOOK_AHEAD_MS of sending at once, and books the
   * next stretch while a batch waits for its slot, where the section costs no sending time.
   */
  private nextSlot(now: number, ready: number): SendSlot | null {
    const { clock } = this.cfg;
    for (let slot = this.booked.shift(); slot !== undefined; slot = this.booked.shift()) {
      if (slot.at < clock.now()) continue;
      this.topUp(slot);
      // A turn that took longer than the wait it was booked in leaves this slot behind.
      if (slot.at >= clock.now()) return slot;
    }
    const pacer = this.pacer;
    // A turn at the shared pace is a locked read and write of the user's properties: one that
    // would end past the deadline could grant nothing.
    if (isShared(pacer) && clock.now() + this.turnMs > this.opts.deadline) return null;
    if (isShared(pacer) && this.queue.length > (this.seriesSizes(this.rate)[0] ?? 1)) {
      const booked = this.bookSeries(pacer, now, this.queue.length);
      const bookedAt = clock.now();
      this.booked = booked.filter((slot) => slot.at >= bookedAt);
      return this.booked.shift() ?? null;
    }
    const due = this.opts.maxBatch ?? this.schedule.due(now, batchLimit(this.rate, this.roundTripMs));
    const wanted = Math.min(ready, due);
    // A sliver of a batch sent at once keeps the next ones in step with a nearly full window;
    // waiting for half of what is due puts them back where older sends leave it.
    return pacer.reserve(now, wanted, this.opts.deadline, Math.ceil(wanted / 2));
  }

  /**
   * The batches of a booked stretch: one window of the rate shared out among the round trips it
   * holds once a turn at the pace is set aside, so that each window ends with a wait long enough
   * to book the next stretch in (and a batch carries no more than the pace needs: a network failure
   * loses every answer of its batch).
   */
  private seriesSizes(rate: number): number[] {
    const perWindow = Math.max(1, Math.floor(rate));
    if (this.opts.maxBatch !== undefined) return [Math.max(1, Math.min(this.opts.maxBatch, perWindow))];
    const trips = Math.max(1, Math.floor((1000 - this.turnMs) / Math.max(1, this.roundTripMs)));
    const count = Math.min(trips, perWindow);
    return Array.from(
      { length: count },
      (_, i) => Math.floor(perWindow / count) + (i < perWindow % count ? 1 : 0),
    );
  }

  private bookSeries(pacer: SharedPacer, from: number, unbooked: number): SendSlot[] {
    const started = this.cfg.clock.now();
    const series = {
      backlog: unbooked,
      aheadMs: BOOK_AHEAD_MS,
      sizes: (rate: number) => this.seriesSizes(rate),
      spacingMs: this.roundTripMs,
    };
    const slots = pacer.reserveSeries(from, series, this.opts.deadline);
    this.turnMs = this.cfg.clock.now() - started;
    return slots;
  }

  /** While `slot` is a turn's length away and less than a window is booked, books the next stretch. */
  private topUp(slot: SendSlot): void {
    const pacer = this.pacer;
    const wait = slot.at - this.cfg.clock.now();
    const booked = this.booked.reduce((sum, next) => sum + next.granted, slot.granted);
    const unbooked = this.queue.length - booked;
    if (!isShared(pacer) || slot.climbing || wait < this.turnMs || booked >= this.rate || unbooked <= 0)
      return;
    const last = this.booked[this.booked.length - 1] ?? slot;
    this.booked.push(...this.bookSeries(pacer, last.at + this.roundTripMs, unbooked));
  }

  /** Waits for a turn, the listener told first; false when it would pass the deadline. */
  private waitUntil(at: number, next?: readonly number[], stretch?: readonly number[]): boolean {
    if (at > this.cfg.clock.now() && at <= this.opts.deadline) this.opts.listener?.waiting(at, next, stretch);
    return sleepUntil(this.cfg.clock, at, this.opts.deadline);
  }

  /** Batches follow the pace the shared pacer booked at: it is learned as the run goes. */
  private followPace(rate: number, now: number): void {
    if (rate === this.rate) return;
    this.rate = rate;
    this.schedule = new EvenSchedule(rate, now);
  }

  /** Records the batch's answers; answers the calls to try again. */
  private absorb(batch: readonly QueuedCall[], sent: SentBatch, answeredAt: number): QueuedCall[] {
    const retries: QueuedCall[] = [];
    batch.forEach((call, k) => {
      if (sent.resent[k]) this.resent.add(call.index);
      const answer = readPostAnswer(sent.responses[k] ?? NO_ANSWER, this.redact);
      if (answer.kind === 'accepted') {
        this.jobs.push({ index: call.index, jobId: answer.jobId, acceptedAt: answeredAt });
        return;
      }
      const error = answer.outcome.kind === 'failed' ? answer.outcome.error : undefined;
      const response = sent.responses[k];
      const retry =
        error && retryPlan(call, error, this.opts.retryServerErrors, answeredAt, response?.retryAfterMs);
      if (retry) retries.push(retry);
      else
        this.settle(
          call.index,
          error?.code === 'rate_limited' ? { kind: 'failed', error: this.slowedDown } : answer.outcome,
        );
      if (error?.fatal) this.fatal ??= error;
    });
    return retries;
  }

  /** A call's final answer, told to the listener as it comes. */
  private settle(index: number, outcome: CallOutcome): void {
    this.outcomes[index] = outcome;
    this.opts.listener?.answered(index, outcome);
  }

  /** Fails what was never sent, polls the accepted jobs, and flags the resent calls. */
  finish(): CallOutcome[] {
    // Said apart from running out of time: the pace, not the deadline, held these back.
    const unsent = this.paceFull ? apiError('not_sent', PACE_FULL_MESSAGE, this.redact) : this.notSent;
    for (const call of this.queue) {
      const last = call.lastError?.code === 'rate_limited' ? this.slowedDown : call.lastError;
      this.outcomes[call.index] = { kind: 'failed', error: this.fatal ?? last ?? unsent };
    }
    if (this.jobs.length > 0) this.settleJobs();
    for (const index of this.resent) this.outcomes[index] = { ...this.outcomes[index]!, resent: true };
    return this.outcomes;
  }

  private settleJobs(): void {
    const jobIds = this.jobs.map((job) => job.jobId);
    const poll = this.fatal === undefined && this.opts.pollJobs !== false;
    const firstPollAt = firstPollAfter(Math.min(...this.jobs.map((job) => job.acceptedAt)));
    const settled = poll
      ? waitForJobs(this.cfg, jobIds, this.opts.deadline, firstPollAt)
      : jobIds.map((jobId) => pending(jobId));
    this.jobs.forEach((job, k) => {
      this.outcomes[job.index] = settled[k]!;
    });
  }
}

interface SentBatch {
  responses: HttpResponse[];
  /** Which POSTs went out twice: the API may have charged both. */
  resent: boolean[];
}

/**
 * Sends one batch of POSTs. When a network failure loses answers, each POST whose fate is unknown
 * is sent once more, alone (a second failure then loses no other answer), within the pace, and
 * flagged; with no `resendPacer`, none is. A failed resend means the network is down: the rest
 * are not sent again.
 */
function sendBatch(
  cfg: ClientConfig,
  posts: HttpRequest[],
  resendPacer: Pacer | null,
  deadline: number,
): SentBatch {
  const responses = cfg.http.fetchAll(posts);
  const resent = posts.map(() => false);
  if (resendPacer === null) return { responses, resent };
  for (const [k, post] of posts.entries()) {
    if (!fateUnknown(responses[k] ?? NO_ANSWER)) continue;
    const slot = resendPacer.reserve(cfg.clock.now(), 1, deadline);
    if (slot === null || !sleepUntil(cfg.clock, slot.at, deadline)) break;
    const answer = cfg.http.fetchAll([post])[0] ?? NO_ANSWER;
    responses[k] = answer;
    resent[k] = true;
    if (answer.status === 0) break;
  }
  return { responses, resent };
}

const fateUnknown = (response: HttpResponse) =>
  response.status === 0 && (response.fate ?? 'unknown') === 'unknown';

function retryPlan(
  call: QueuedCall,
  error: ApiError,
  retryServerErrors: boolean,
  answeredAt: number,
  retryAfterMs: number | undefined,
): QueuedCall | undefined {
  const backoff = RATE_LIMIT_BACKOFF_MS[Math.min(call.rateLimited, RATE_LIMIT_BACKOFF_MS.length - 1)]!;
  if (error.code === 'rate_limited') {
    const wait = Math.max(backoff, retryAfterMs ?? 0);
    return { ...call, rateLimited: call.rateLimited + 1, notBefore: answeredAt + wait, lastError: error };
  }
  if (error.code === 'server_error' && retryServerErrors && call.serverErrors < SERVER_ERROR_RETRIES) {
    return {
      ...call,
      serverErrors: call.serverErrors + 1,
      notBefore: answeredAt + SERVER_ERROR_WAIT_MS,
      lastError: error,
    };
  }
  return undefined;
}

function startRate(maxRequestsPerSecond: number | undefined): number {
  const asked = maxRequestsPerSecond;
  return asked !== undefined && Number.isFinite(asked) && asked > 0 ? asked : DOCUMENTED_PACE;
}
