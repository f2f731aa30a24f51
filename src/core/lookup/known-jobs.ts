// Jobs started earlier for the same query (by this formula, another, a bulk run): polled or
// reported, never posted again.

import { waitForJobs } from '../api/job-polling';
import type { CallOutcome } from '../api/outcome';
import { settleJob } from '../billing/budget';
import { creditsFor, purchaseOutcome } from '../billing/charges';
import type { Charge } from '../billing/settlement';
import type { PaidEntry } from '../cache/entries';
import { afterNotFound } from '../jobs/lost';
import { commitJobChanges, type JobRecord, stillRunning } from '../jobs/registry';
import { ANSWER_WORDS } from '../text/catalogue/api';
import { lostJobText, stalledJobText } from './cell-texts';
import {
  budgetDeps,
  fresh,
  type LookupContext,
  type LookupDeps,
  type LookupItem,
  type LookupResult,
} from './items';

/**
 * How long a lookup waits for the lock to save what it learnt about known jobs. Short: a formula
 * may be near its 30 s, and a skipped save loses nothing (the job collector polls the job again and
 * finds the paid answer in the cache).
 */
export const JOB_SAVE_LOCK_WAIT_MS = 2_000;

/** Jobs started earlier (by this formula, another, a bulk run): poll them, never post again. */
export function collectKnownJobs(
  deps: LookupDeps,
  items: readonly LookupItem[],
  known: Map<string, JobRecord>,
  ctx: LookupContext,
  results: Map<string, LookupResult>,
): void {
  const processing: Polled[] = [];
  for (const item of items) {
    const job = known.get(item.key)!;
    if (job.state === 'processing') processing.push({ item, job });
    else results.set(item.key, settledJobResult(job));
  }
  if (processing.length === 0) return;
  const outcomes = ctx.pollJobs
    ? waitForJobs(
        deps.client,
        processing.map((p) => p.job.id),
        ctx.deadline,
      )
    : processing.map(({ job }): CallOutcome => ({ kind: 'pending', jobId: job.id }));
  const now = deps.client.clock.now();
  const paid: PaidEntry[] = [];
  const changed: JobRecord[] = [];
  processing.forEach(({ item, job }, i) => {
    const outcome = outcomes[i]!;
    const { next, result, charge } = afterPoll(item, job, outcome, now);
    if (outcome.kind === 'found' || outcome.kind === 'miss')
      paid.push({ key: item.key, outcome, credits: charge!.credits });
    if (charge) settleJob(budgetDeps(deps), ctx.day, job.id, charge);
    changed.push(next);
    results.set(item.key, result);
  });
  if (paid.length > 0) deps.cache.putMany(paid);
  // The job collector may have moved these jobs on while this lookup polled them: only records still as
  // they were read are updated, and a busy lock skips the save (the collector will do the same work).
  const changes = changed.map((job) => ({ expected: known.get(job.key) ?? null, next: job }));
  commitJobChanges(deps.store, deps.lock, changes, JOB_SAVE_LOCK_WAIT_MS);
}

interface Polled {
  item: LookupItem;
  job: JobRecord;
}

/**
 * A job that is not running any more: expired, failed, lost or stalled (never polled again), or
 * done and left to the collector to deliver.
 */
function settledJobResult(job: JobRecord): LookupResult {
  if (job.state === 'expired') return { kind: 'expired', job };
  if (job.state === 'lost') return lostResult(job);
  if (job.state === 'stalled') return failedResult(stalledJobText(job));
  if (job.state === 'failed') return failedResult(job.message ?? ANSWER_WORDS.lookupFailed);
  return { kind: 'pending', job }; // done or collected: the collector delivers it
}

const failedResult = (message: string): LookupResult => ({
  kind: 'failed',
  error: { code: 'job_failed', message, fatal: false, retryable: false },
});

/** What a lookup answers for a job the API lost (jobs/lost.ts): paid, held, run again on request. */
export const lostResult = (job: JobRecord): LookupResult => failedResult(lostJobText(job));

/** The job's record after one poll, what the lookup answers for it, and the charge to book. */
function afterPoll(
  item: LookupItem,
  job: JobRecord,
  outcome: CallOutcome,
  now: number,
): { next: JobRecord; result: LookupResult; charge?: Charge | null } {
  if (outcome.kind === 'failed' && outcome.error.code === 'job_expired') {
    const { next, charge } = afterNotFound(job, outcome.error.message, now);
    return { next, charge, result: settledJobResult(next) };
  }
  const credits = creditsFor(item.op, outcome);
  const result = fresh(outcome, credits);
  if (result) {
    // A list waits for the collector to write its sheet; anything else is in the cache: done with.
    const state: JobRecord['state'] =
      outcome.kind === 'failed' ? 'failed' : item.op.shape === 'employees' ? 'done' : 'collected';
    const message = outcome.kind === 'failed' ? outcome.error.message : job.message;
    const next: JobRecord = {
      ...job,
      state,
      updatedAt: now,
      charged: credits,
      ...(message ? { message } : {}),
    };
    // A job that failed was charged too (api/outcome.ts CHARGED_FAILURES): booked like an answer.
    if (outcome.kind === 'failed' && credits === 0) return { next, result };
    const charge = { type: item.op.type, credits, key: item.key, outcome: purchaseOutcome(outcome) };
    return { next, result, charge };
  }
  return stillPending(job, now);
}

/** A job the API says is still running: pending, or past the limit, stalled (jobs/registry.ts). */
function stillPending(job: JobRecord, now: number): { next: JobRecord; result: LookupResult } {
  const next = stillRunning(job, now);
  return { next, result: next.state === 'stalled' ? settledJobResult(next) : { kind: 'pending', job: next } };
}
