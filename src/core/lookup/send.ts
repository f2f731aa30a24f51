// Sending what the budget granted, then keeping every paid answer before anything else can fail.

import { enrichMany } from '../api/client';
import type { ApiError, CallOptions, CallOutcome, SendListener } from '../api/outcome';
import { creditsFor, purchaseOutcome } from '../billing/charges';
import { type Charge, type PendingJob, type PurchaseDetail, settledInPlace } from '../billing/settlement';
import type { PaidEntry } from '../cache/entries';
import { holdFailures } from '../cache/held-failures';
import { sentInput } from '../formulas/sent-input';
import { lostRecord } from '../jobs/lost';
import { type JobRecord, madeHereJobId, nextPollDelayMs, saveJobs } from '../jobs/registry';
import { PROPERTY } from '../platform/stored-keys';
import { NOT_SENT_BARE } from '../text/catalogue/queue';
import { announceJobs } from './announce';
import type { Booking, Settlement } from './booking';
import {
  fresh,
  type LiveWork,
  type LookupContext,
  type LookupDeps,
  type LookupItem,
  type LookupResult,
  paceNow,
  sendingDeadline,
} from './items';
import { keepEachBatch } from './keep-batches';
import { lostResult } from './known-jobs';

/** Set when the API answers 402, cleared by the next paid answer: the sidebar says it once. */
export const OUT_OF_CREDITS_PROPERTY = PROPERTY.outOfCredits;

function rememberCreditState(
  deps: LookupDeps,
  outcomes: readonly CallOutcome[],
  flagged: boolean,
  at: number,
): void {
  if (outcomes.some((o) => o.kind === 'failed' && o.error.code === 'insufficient_credits')) {
    deps.store.setMany({ [OUT_OF_CREDITS_PROPERTY]: String(at) });
  } else if (flagged && outcomes.some((o) => o.kind !== 'failed')) {
    deps.store.removeMany([OUT_OF_CREDITS_PROPERTY]);
  }
}
/** Errors the API charged for (a provider error inside a 200), by key. */
function paidFailures(items: readonly LookupItem[], outcomes: readonly CallOutcome[]): Map<string, ApiError> {
  const failures = new Map<string, ApiError>();
  items.forEach((item, i) => {
    const outcome = outcomes[i]!;
    if (outcome.kind === 'failed' && creditsFor(item.op, outcome) > 0) failures.set(item.key, outcome.error);
  });
  return failures;
}

export function sendNew(
  deps: LookupDeps,
  booking: Booking,
  ctx: LookupContext,
  results: Map<string, LookupResult>,
  flaggedOutOfCredits: boolean,
): Settlement | null {
  const { items, planned, reservation } = booking;
  const granted = items.slice(0, reservation.granted);
  refuseUngranted(booking, results);
  if (granted.length === 0) return null;

  // A trigger's answers (a watch's, queued formulas' bought by the Edit, Open or clock trigger) are
  // kept batch by batch as they come back: it may be stopped at any instant by the day's
  // trigger-time quota, which the add-on cannot see coming. Kept so, they fill the properties
  // formulas read first; a formula then buys only what its properties can keep (pass.ts), or its
  // own purchases would wait in the fast cache, which forgets (the 10,000-name range of
  // recalculation.test.ts bought 597 names twice so). Everything else saves once, below, before
  // anything else: a bulk slice ends well inside its 6 minutes, a formula within its 30 s.
  const keeper = keepEachBatch(deps, ctx.stoppable ? granted : [], booking.progress);
  const outcomes = enrichMany(
    deps.client,
    granted.map((item) => item.request),
    {
      deadline: sendingDeadline(ctx),
      retryServerErrors: ctx.retryServerErrors,
      pollJobs: ctx.pollJobs,
      maxRequestsPerSecond: paceNow(deps, ctx),
      ...(deps.pacer ? { pacer: deps.pacer } : {}),
      booked: booking.turns,
      ...liveOptions(keeper, granted, ctx.live),
    },
  );
  const now = deps.client.clock.now();
  const paid: PaidEntry[] = [];
  const charges: Charge[] = [];
  const pending: PendingJob[] = [];
  const jobs: JobRecord[] = [];
  const lost: JobRecord[] = [];
  const resent: Charge[] = [];
  granted.forEach((item, i) => {
    const outcome = outcomes[i]!;
    // The lost first send cost at most the estimate (a list's bound from its max).
    if (outcome.resent) resent.push({ type: item.op.type, credits: planned[i]!.estimate, ...detailOf(item) });
    if (outcome.kind === 'pending') {
      const estimate = planned[i]!.estimate;
      const job = startedJob(item, outcome.jobId, estimate, ctx, now);
      jobs.push(job);
      pending.push({ jobId: job.id, type: item.op.type, estimate, ...detailOf(item) });
      results.set(item.key, { kind: 'pending', job });
      return;
    }
    if (outcome.kind === 'failed' && outcome.error.code === 'job_expired') {
      // A job this pass started, not found within its minutes: lost, never expired (jobs/lost.ts).
      const jobId = outcome.jobId ?? madeHereJobId('lost', item.key);
      const started = startedJob(item, jobId, planned[i]!.estimate, ctx, now);
      const job = lostRecord(outcome.jobId ? started : { ...started, origin: 'lost' }, item.op, now);
      lost.push(job);
      charges.push({ type: item.op.type, credits: job.charged!, outcome: 'error', ...detailOf(item) });
      results.set(item.key, lostResult(job));
      return;
    }
    const credits = creditsFor(item.op, outcome);
    charges.push({ type: item.op.type, credits, outcome: purchaseOutcome(outcome), ...detailOf(item) });
    if (outcome.kind === 'found' || outcome.kind === 'miss') paid.push({ key: item.key, outcome, credits });
    results.set(item.key, fresh(outcome, credits)!);
  });
  const exact = settlesInPlace(deps, booking, ctx, charges, pending.length + resent.length === 0, now);
  // Paid answers first: if anything below throws, what was bought is already kept.
  // Every one again: where the sheet may be written, the answers kept batch by batch go there too
  // (kept, they may wait in the fast layer for want of room in the properties).
  if (paid.length > 0) deps.cache.putMany(paid, ctx.stoppable);
  if (ctx.buyer === 'formula') holdFailures(deps.store, booking.view, paidFailures(granted, outcomes), now);
  rememberCreditState(deps, outcomes, flaggedOutOfCredits, now);
  if (jobs.length + lost.length > 0) saveJobs(deps.store, [...jobs, ...lost]);
  if (jobs.length > 0) announceJobs(deps, jobs);
  return { reservationId: reservation.id, charges, pending, resent, exact };
}

/**
 * Whether the reservation is settled in the write that keeps the answers (the store's `alongside`):
 * only a formula's, short of time, whose hold keeps its items, every call answered and charged what
 * was reserved; its claims end with it. Anything else (a failure, a job, a resend) books under the
 * lock: an execution with minutes books what each lookup found at once, and a hold too big to keep
 * its items must be settled there.
 */
function settlesInPlace(
  deps: LookupDeps,
  booking: Booking,
  ctx: LookupContext,
  charges: readonly Charge[],
  nothingElse: boolean,
  now: number,
): boolean {
  const { planned, reservation } = booking;
  const exact =
    ctx.buyer === 'formula' &&
    reservation.itemsKept === true &&
    nothingElse &&
    charges.length === reservation.granted &&
    charges.every((charge, i) => charge.credits === planned[i]!.estimate) &&
    charges.every((charge) => charge.outcome === 'found' || charge.outcome === 'notFound');
  const settled =
    exact && deps.store.alongside ? settledInPlace(booking.view, reservation.id, charges, now) : null;
  if (settled) deps.store.alongside!(settled);
  return settled !== null;
}

/** What the reservation did not grant waits its turn (a busy lock), or is refused with why. */
function refuseUngranted(booking: Booking, results: Map<string, LookupResult>): void {
  const { items, reservation } = booking;
  const message = reservation.refused?.message ?? NOT_SENT_BARE.text;
  const result: LookupResult =
    reservation.refused?.reason === 'busy'
      ? { kind: 'deferred', reason: 'lock-busy', message }
      : { kind: 'refused', message };
  for (const item of items.slice(reservation.granted)) results.set(item.key, result);
}

/**
 * The client's listener and stop question: with `live` (a bulk run the user watches), each answer
 * is told to it too, with what it cost, and it says whether to stop.
 */
function liveOptions(
  listener: SendListener,
  items: readonly LookupItem[],
  live: LiveWork | undefined,
): Pick<CallOptions, 'listener' | 'stopAsked'> {
  if (!live) return { listener };
  const answered = (index: number, outcome: CallOutcome) => {
    listener.answered(index, outcome);
    const item = items[index];
    const sent = outcome.kind !== 'failed' || outcome.error.code !== 'not_sent';
    if (item && sent) live.answered(creditsFor(item.op, outcome));
  };
  return {
    listener: { answered, waiting: (...args) => listener.waiting(...args) },
    stopAsked: () => live.stopAsked(),
  };
}

/** What the record of purchases keeps of a lookup: its answer's key, the input as sent, its cell. */
function detailOf(item: LookupItem): PurchaseDetail {
  return { key: item.key, input: sentInput(item.request), ...(item.served ? { served: item.served } : {}) };
}

/** The registry's record of a job this pass started: polled later, never posted again. */
export function startedJob(
  item: LookupItem,
  jobId: string,
  estimate: number,
  ctx: LookupContext,
  now: number,
): JobRecord {
  return {
    id: jobId,
    key: item.key,
    type: item.op.type,
    request: item.request,
    spreadsheetId: ctx.spreadsheetId,
    state: 'processing',
    startedAt: now,
    updatedAt: now,
    nextPollAt: now + nextPollDelayMs(0),
    polls: 0,
    estimate,
  };
}
