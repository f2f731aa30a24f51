// One paid lookup pass, shared by formulas and bulk runs. The order is what keeps credits safe:
//   1. answers already paid for (the result cache)        -> free
//      and, for formulas, provider errors paid lately     -> shown again, free (cache/held-failures.ts)
//   2. jobs already started for the same query (registry) -> collected, never re-posted
//   3. the spending guard grants what fits the budget     -> the rest is refused, not sent
//   4. the API, batched and paced with the document's     -> paid answers stored before returning
//      other executions (api/pacing.ts)

import { enrichMany } from '../api/client';
import { waitForJobs } from '../api/job-polling';
import type { ApiError, CallOutcome, ClientConfig } from '../api/outcome';
import type { Pacer } from '../api/pacing';
import type { EnrichmentRequest } from '../api/wire';
import {
  type Charge,
  type HoldSource,
  LOCK_BUSY_MESSAGE,
  LOCK_WAIT_MS,
  type PendingJob,
  type PlannedItem,
  type Reservation,
  reserve,
  settle,
  settleJob,
} from '../billing/budget';
import type { CachedAnswer, PaidEntry } from '../cache/entries';
import { heldFailures, holdFailures } from '../cache/held-failures';
import type { ResultCache } from '../cache/result-cache';
import {
  commitJobChanges,
  type JobRecord,
  type JobSource,
  nextPollDelayMs,
  readJobs,
  saveJobs,
} from '../jobs/registry';
import { chargedCredits, estimateCredits, type Operation } from '../operations/table';
import { HELD_LOCK, sectionStore } from '../platform/locked-section';
import type { BatchStorePort, LockPort, TtlCachePort } from '../platform/ports';
import { resultItems } from '../render/results';
import { CLAIM_GRACE_MS, type Claimed, claimUnderLock, releaseUnderLock } from './claims';

/** Set when the API answers 402, cleared by the next paid answer: the sidebar says it once. */
export const OUT_OF_CREDITS_PROPERTY = 'enrich.outOfCredits';

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
const OTHERS_POLL_MS = 1_000;
/**
 * Sending stops this long before the deadline: storing the answers, the closing section (the
 * lock, one read, one write) and the cells' rendering are round trips too, and a formula that
 * passes its 30 s loses every row it bought.
 */
export const AFTER_SENDING_MS = 2_000;
/** How long past its deadline a formula may wait for the closing section: Sheets kills at 30 s. */
const CLOSING_WAIT_MS = 2_500;

/** An employee list without `max` is bounded by the API's default list size; assumed, see README. */
export const ASSUMED_DEFAULT_EMPLOYEES = 25;

/**
 * How long a lookup waits for the lock to save what it learnt about known jobs. Short: a formula
 * may be near its 30 s, and a skipped save loses nothing (the job pump polls the job again and
 * finds the paid answer in the cache).
 */
const JOB_SAVE_LOCK_WAIT_MS = 2_000;

export interface LookupItem {
  key: string;
  op: Operation;
  request: EnrichmentRequest;
}

export type LookupResult =
  | { kind: 'found'; result: unknown; cached: boolean; credits: number; job?: JobRecord }
  | { kind: 'miss'; cached: boolean; credits: number }
  | { kind: 'pending'; job: JobRecord }
  | { kind: 'failed'; error: ApiError }
  | { kind: 'expired'; job: JobRecord }
  /** `later`: nothing is wrong, the lookup only has to wait its turn (a busy lock). */
  | { kind: 'refused'; message: string; later?: true }
  /** Another execution is buying this answer right now; it will be in the cache shortly. */
  | { kind: 'waiting' };

export interface LookupDeps {
  client: ClientConfig;
  cache: ResultCache;
  /** Document properties: the job registry and the spend ledger live here. */
  store: BatchStorePort;
  lock: LockPort;
  /** Shares the API's rate limit with the document's other executions; without it, paces alone. */
  pacer?: Pacer;
  /** The fast cache, where formulas keep paid provider errors a while (cache/held-failures.ts). */
  failureHold?: TtlCachePort;
}

export interface LookupContext {
  source: HoldSource;
  jobSource: JobSource;
  spreadsheetId: string;
  /** The spreadsheet's calendar day, for the ledger. */
  day: string;
  deadline: number;
  formulaDailyCap: number;
  retryServerErrors: boolean;
  maxRequestsPerSecond?: number;
  /** Poll 202s inline until the deadline (formulas), or hand them to the job pump at once. */
  pollJobs: boolean;
}

export function estimateFor(op: Operation, request: EnrichmentRequest): number {
  const estimate = estimateCredits(op, request.employee_count ?? ASSUMED_DEFAULT_EMPLOYEES);
  return estimate === 'unknown' ? 0 : estimate;
}

/** What a paid answer cost: flat, or per employee returned. */
export function creditsFor(op: Operation, outcome: CallOutcome): number {
  if (outcome.kind === 'miss') return chargedCredits(op, 0);
  if (outcome.kind === 'found') return chargedCredits(op, resultItems(outcome.result).length);
  // A provider error arrives as a charged 200; other failures were not answered, so not charged.
  if (outcome.kind === 'failed' && outcome.error.code === 'provider_error') return chargedCredits(op, 0);
  return 0;
}

const budgetDeps = (deps: LookupDeps) => ({ store: deps.store, lock: deps.lock, clock: deps.client.clock });

function fromCache(answer: CachedAnswer): LookupResult {
  const credits = answer.credits ?? 0;
  return answer.kind === 'found'
    ? { kind: 'found', result: answer.result, cached: true, credits }
    : { kind: 'miss', cached: true, credits };
}

function fresh(outcome: CallOutcome, credits: number): LookupResult | null {
  if (outcome.kind === 'found') return { kind: 'found', result: outcome.result, cached: false, credits };
  if (outcome.kind === 'miss') return { kind: 'miss', cached: false, credits };
  if (outcome.kind === 'failed') return { kind: 'failed', error: outcome.error };
  return null;
}

/**
 * Looks up every item, each distinct key at most once, and answers by key. Paid answers are in
 * the cache and the spend in the ledger before this returns; a job still running is registered.
 */
export function lookupMany(
  deps: LookupDeps,
  items: readonly LookupItem[],
  ctx: LookupContext,
): Map<string, LookupResult> {
  const results = new Map<string, LookupResult>();
  const unique = [...new Map(items.map((item) => [item.key, item])).values()];
  if (unique.length === 0) return results;

  // Read document properties at most once before the locked steps: the cache's durable layer
  // and the job registry live in the same store, and every read counts against a daily quota.
  let snapshot: Record<string, string> | undefined;
  const readStore = () => {
    snapshot ??= deps.store.getAll();
    return snapshot;
  };
  for (const [key, answer] of deps.cache.getMany(
    unique.map((item) => item.key),
    readStore,
  )) {
    results.set(key, fromCache(answer));
  }
  if (ctx.source === 'formula' && deps.failureHold) {
    const missing = unique.filter((item) => !results.has(item.key)).map((item) => item.key);
    for (const [key, error] of heldFailures(deps.failureHold, missing))
      results.set(key, { kind: 'failed', error });
  }
  const uncached = unique.filter((item) => !results.has(item.key));
  const lists = unique.filter((item) => item.op.shape === 'employees');
  if (uncached.length === 0 && lists.length === 0) return results;

  const stored = readStore();
  const known = new Map(readJobs(deps.store, stored).map((job) => [job.key, job]));
  const withJob = uncached.filter((item) => known.has(item.key));
  collectKnownJobs(deps, withJob, known, ctx, results);

  const unsent = uncached.filter((item) => !known.has(item.key));
  const booked = unsent.length > 0 ? claimAndReserve(deps, unsent, ctx) : null;
  if (unsent.length > 0 && booked === null) {
    for (const item of unsent)
      results.set(item.key, { kind: 'refused', message: LOCK_BUSY_MESSAGE, later: true });
  }
  const claimed = booked?.claimed ?? null;
  if (claimed) takeAnsweredSince(deps, claimed.all, unsent, ctx, results);
  let settlement: Settlement | null = null;
  try {
    if (booked && booked.items.length > 0)
      settlement = sendNew(deps, booked, ctx, results, OUT_OF_CREDITS_PROPERTY in stored);
  } finally {
    if (claimed) closeSection(deps, ctx, settlement, claimed.mine);
  }
  if (claimed)
    awaitOthers(
      deps,
      unsent.filter((item) => claimed.taken.includes(item.key)),
      ctx,
      results,
    );
  attachDeliveries(deps, lists, known, results, ctx);
  return results;
}

const now = (deps: LookupDeps) => deps.client.clock.now();

/** What one locked section settled before sending: the keys claimed and the credits reserved. */
interface Booking {
  claimed: Claimed;
  /** The claimed items, to send in this order. */
  items: LookupItem[];
  planned: PlannedItem[];
  reservation: Reservation;
}

/**
 * Claims the keys and reserves their credits in one section under the document lock, with one
 * read and one write of the store between the two steps; null when the lock stays busy (nothing
 * done).
 */
function claimAndReserve(
  deps: LookupDeps,
  unsent: readonly LookupItem[],
  ctx: LookupContext,
): Booking | null {
  let entered = false;
  try {
    return deps.lock.withLock(LOCK_WAIT_MS, () => {
      entered = true;
      const store = sectionStore(deps.store);
      const keys = unsent.map((item) => item.key);
      const until = ctx.deadline + CLAIM_GRACE_MS;
      const claimed = claimUnderLock(store, keys, now(deps), until, (all) =>
        answeredSince(deps, all, unsent),
      );
      const items = unsent.filter((item) => claimed.mine.includes(item.key));
      const planned = items.map((item) => ({
        type: item.op.type,
        estimate: estimateFor(item.op, item.request),
      }));
      const guard = { store, lock: HELD_LOCK, clock: deps.client.clock };
      const budget = { formulaDailyCap: ctx.formulaDailyCap };
      const reservation =
        items.length > 0
          ? reserve(guard, ctx.day, planned, budget, ctx.source)
          : { id: '', granted: 0, credits: 0, refused: null };
      // What the budget refused is not sent: others need not wait for it.
      const refused = items.slice(reservation.granted).map((item) => item.key);
      releaseUnderLock(store, refused, now(deps));
      claimed.mine = claimed.mine.filter((key) => !refused.includes(key));
      store.commit();
      return { claimed, items, planned, reservation };
    });
  } catch (error) {
    // Only a lock that stayed busy means "busy"; a storage error inside must surface.
    if (entered) throw error;
    return null;
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

/**
 * Keys another execution answered, or started a job for, after this one read its cache: the store
 * read under the claim lock holds them. Buying them now would buy them twice.
 */
function answeredSince(deps: LookupDeps, all: Record<string, string>, items: readonly LookupItem[]) {
  const keys = items.map((item) => item.key);
  const answered = new Set(deps.cache.answersIn(all, keys).keys());
  for (const job of readJobs(deps.store, all)) if (keys.includes(job.key)) answered.add(job.key);
  return answered;
}

function takeAnsweredSince(
  deps: LookupDeps,
  all: Record<string, string>,
  items: readonly LookupItem[],
  ctx: LookupContext,
  results: Map<string, LookupResult>,
): void {
  const answers = deps.cache.answersIn(
    all,
    items.map((item) => item.key),
  );
  for (const [key, answer] of answers) results.set(key, fromCache(answer));
  const jobs = new Map(readJobs(deps.store, all).map((job) => [job.key, job]));
  const withJob = items.filter((item) => !answers.has(item.key) && jobs.has(item.key));
  collectKnownJobs(deps, withJob, jobs, ctx, results);
}

/** Waits, within the deadline, for answers another execution is buying; never buys them too. */
function awaitOthers(
  deps: LookupDeps,
  items: readonly LookupItem[],
  ctx: LookupContext,
  results: Map<string, LookupResult>,
): void {
  let waiting = items.map((item) => item.key);
  while (waiting.length > 0 && now(deps) + OTHERS_POLL_MS < ctx.deadline) {
    deps.client.clock.sleep(OTHERS_POLL_MS);
    const arrived = deps.cache.getMany(waiting);
    for (const [key, answer] of arrived) results.set(key, fromCache(answer));
    waiting = waiting.filter((key) => !arrived.has(key));
  }
  for (const key of waiting) results.set(key, { kind: 'waiting' });
}

/**
 * An employee list is delivered to a new sheet by the job pump, which a formula cannot do. A list
 * that arrived here gets a `done` record for the pump; a delivered one carries where it went.
 */
function attachDeliveries(
  deps: LookupDeps,
  lists: readonly LookupItem[],
  known: Map<string, JobRecord>,
  results: Map<string, LookupResult>,
  ctx: LookupContext,
): void {
  const created: JobRecord[] = [];
  for (const item of lists) {
    const result = results.get(item.key);
    if (result?.kind !== 'found') continue;
    const job = known.get(item.key) ?? deliveryRecord(deps, item, result.credits, ctx);
    if (!known.has(item.key)) created.push(job);
    results.set(item.key, { ...result, job });
  }
  if (created.length === 0) return;
  // Created only where no record appeared meanwhile: another formula's record may already be
  // delivered, and replacing it would have the pump write the list a second time.
  const changes = created.map((job) => ({ expected: null, next: job }));
  if (commitJobChanges(deps.store, deps.lock, changes, JOB_SAVE_LOCK_WAIT_MS) !== null) return;
  // Lock busy: a paid list without a record would never reach a sheet, so save what is still absent.
  const present = new Set(readJobs(deps.store).map((job) => job.key));
  const absent = created.filter((job) => !present.has(job.key));
  if (absent.length > 0) saveJobs(deps.store, absent);
}

function deliveryRecord(deps: LookupDeps, item: LookupItem, credits: number, ctx: LookupContext): JobRecord {
  const now = deps.client.clock.now();
  return {
    id: `inline:${item.key}`,
    key: item.key,
    type: item.op.type,
    request: item.request,
    source: ctx.jobSource,
    spreadsheetId: ctx.spreadsheetId,
    state: 'done',
    startedAt: now,
    updatedAt: now,
    nextPollAt: now,
    polls: 0,
    estimate: credits,
    charged: credits,
  };
}

/** Jobs started earlier (by this formula, another, a bulk run): poll them, never post again. */
function collectKnownJobs(
  deps: LookupDeps,
  items: readonly LookupItem[],
  known: Map<string, JobRecord>,
  ctx: LookupContext,
  results: Map<string, LookupResult>,
): void {
  const now = deps.client.clock.now();
  const processing: { item: LookupItem; job: JobRecord }[] = [];
  for (const item of items) {
    const job = known.get(item.key)!;
    if (job.state === 'processing') processing.push({ item, job });
    else if (job.state === 'expired') results.set(item.key, { kind: 'expired', job });
    else if (job.state === 'failed') {
      results.set(item.key, {
        kind: 'failed',
        error: {
          code: 'job_failed',
          message: job.message ?? 'The lookup failed.',
          fatal: false,
          retryable: false,
        },
      });
    } else results.set(item.key, { kind: 'pending', job }); // done or collected: the pump delivers it
  }
  if (processing.length === 0) return;
  const outcomes = ctx.pollJobs
    ? waitForJobs(
        deps.client,
        processing.map((p) => p.job.id),
        { deadline: ctx.deadline },
      )
    : processing.map(({ job }): CallOutcome => ({ kind: 'pending', jobId: job.id }));
  const paid: PaidEntry[] = [];
  const changed: JobRecord[] = [];
  processing.forEach(({ item, job }, i) => {
    const outcome = outcomes[i]!;
    const credits = creditsFor(item.op, outcome);
    const result = fresh(outcome, credits);
    if (outcome.kind === 'found' || outcome.kind === 'miss') {
      paid.push({ key: item.key, outcome, credits });
      settleJob(budgetDeps(deps), ctx.day, job.id, { type: item.op.type, credits });
    }
    if (outcome.kind === 'failed' && outcome.error.code === 'job_expired') {
      const expired = { ...job, state: 'expired' as const, updatedAt: now, message: outcome.error.message };
      changed.push(expired);
      results.set(item.key, { kind: 'expired', job: expired });
      return;
    }
    if (result) {
      // A list waits for the pump to write its sheet; anything else is in the cache: done with.
      const state =
        outcome.kind === 'failed' ? 'failed' : item.op.shape === 'employees' ? 'done' : 'collected';
      const message = outcome.kind === 'failed' ? outcome.error.message : job.message;
      changed.push({ ...job, state, updatedAt: now, charged: credits, ...(message ? { message } : {}) });
      results.set(item.key, result);
      return;
    }
    const polled = {
      ...job,
      updatedAt: now,
      polls: job.polls + 1,
      nextPollAt: now + nextPollDelayMs(now - job.startedAt),
    };
    changed.push(polled);
    results.set(item.key, { kind: 'pending', job: polled });
  });
  if (paid.length > 0) deps.cache.putMany(paid);
  // The job pump may have moved these jobs on while this lookup polled them: only records still as
  // they were read are updated, and a busy lock skips the save (the pump will do the same work).
  const changes = changed.map((job) => ({ expected: known.get(job.key) ?? null, next: job }));
  commitJobChanges(deps.store, deps.lock, changes, JOB_SAVE_LOCK_WAIT_MS);
}

/** What the closing section books: the reservation's real charges, jobs still running, resends. */
interface Settlement {
  reservationId: string;
  charges: Charge[];
  pending: PendingJob[];
  resent: Charge[];
  /**
   * Every call was answered and charged just what was reserved. The section is then skipped: the
   * reservation is booked as it stands once it lapses (45 s), the claims lapse with the deadline,
   * and others find the answers in the cache before they look at claims. Most misses take the
   * lock once instead of twice.
   */
  exact: boolean;
}

/**
 * One section under the document lock after sending: the spend is booked and the claims are let
 * go, with one read and one write. A lock that stays busy skips it, losing nothing: the
 * reservation is booked at its estimate when it lapses, and the claims lapse a few seconds after
 * the deadline (the answers are already in the cache, where others look first).
 */
function closeSection(
  deps: LookupDeps,
  ctx: LookupContext,
  settlement: Settlement | null,
  claimed: readonly string[],
): void {
  if ((settlement === null && claimed.length === 0) || settlement?.exact) return;
  const wait = Math.min(LOCK_WAIT_MS, Math.max(0, ctx.deadline + CLOSING_WAIT_MS - now(deps)));
  try {
    deps.lock.withLock(wait, () => {
      const store = sectionStore(deps.store);
      if (settlement) {
        const { reservationId, charges, pending, resent } = settlement;
        const guard = { store, lock: HELD_LOCK, clock: deps.client.clock };
        settle(guard, ctx.day, reservationId, charges, pending, resent);
      }
      releaseUnderLock(store, claimed, now(deps));
      store.commit();
    });
  } catch {
    // Busy: see above. A storage error here loses nothing either; the answers are stored.
  }
}

function sendNew(
  deps: LookupDeps,
  booking: Booking,
  ctx: LookupContext,
  results: Map<string, LookupResult>,
  flaggedOutOfCredits: boolean,
): Settlement | null {
  const { items, planned, reservation } = booking;
  const granted = items.slice(0, reservation.granted);
  const later = reservation.refused?.reason === 'busy' ? { later: true as const } : {};
  for (const item of items.slice(reservation.granted)) {
    results.set(item.key, {
      kind: 'refused',
      message: reservation.refused?.message ?? 'Not sent.',
      ...later,
    });
  }
  if (granted.length === 0) return null;

  const outcomes = enrichMany(
    deps.client,
    granted.map((item) => item.request),
    {
      deadline: ctx.deadline - AFTER_SENDING_MS,
      retryServerErrors: ctx.retryServerErrors,
      pollJobs: ctx.pollJobs,
      ...(ctx.maxRequestsPerSecond ? { maxRequestsPerSecond: ctx.maxRequestsPerSecond } : {}),
      ...(deps.pacer ? { pacer: deps.pacer } : {}),
    },
  );
  const now = deps.client.clock.now();
  const paid: PaidEntry[] = [];
  const charges: Charge[] = [];
  const pending: PendingJob[] = [];
  const jobs: JobRecord[] = [];
  const resent: Charge[] = [];
  granted.forEach((item, i) => {
    const outcome = outcomes[i]!;
    // The lost first send cost at most the estimate (a list's bound from its max).
    if (outcome.resent) resent.push({ type: item.op.type, credits: planned[i]!.estimate });
    if (outcome.kind === 'pending') {
      const estimate = planned[i]!.estimate;
      const job: JobRecord = {
        id: outcome.jobId,
        key: item.key,
        type: item.op.type,
        request: item.request,
        source: ctx.jobSource,
        spreadsheetId: ctx.spreadsheetId,
        state: 'processing',
        startedAt: now,
        updatedAt: now,
        nextPollAt: now + nextPollDelayMs(0),
        polls: 0,
        estimate,
      };
      jobs.push(job);
      pending.push({ jobId: job.id, type: item.op.type, estimate });
      results.set(item.key, { kind: 'pending', job });
      return;
    }
    const credits = creditsFor(item.op, outcome);
    charges.push({ type: item.op.type, credits });
    if (outcome.kind === 'found' || outcome.kind === 'miss') paid.push({ key: item.key, outcome, credits });
    results.set(item.key, fresh(outcome, credits)!);
  });
  rememberCreditState(deps, outcomes, flaggedOutOfCredits, now);
  // Paid answers first: if anything below throws, what was bought is already kept.
  if (paid.length > 0) deps.cache.putMany(paid);
  if (ctx.source === 'formula' && deps.failureHold)
    holdFailures(deps.failureHold, paidFailures(granted, outcomes));
  if (jobs.length > 0) saveJobs(deps.store, jobs);
  // Only answers others can find in the cache may keep their claims until they lapse.
  const exact =
    outcomes.every((outcome) => outcome.kind === 'found' || outcome.kind === 'miss') &&
    pending.length === 0 &&
    resent.length === 0 &&
    charges.length === granted.length &&
    charges.every((charge, i) => charge.credits === planned[i]!.estimate);
  return { reservationId: reservation.id, charges, pending, resent, exact };
}
