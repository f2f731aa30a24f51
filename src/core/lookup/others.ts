// Answers another execution bought, or is buying, while this one looked: taken, or waited for,
// never bought twice.
import { durable } from '../cache/durable';
import type { CachedAnswer } from '../cache/entries';
import { type JobRecord, readJobs } from '../jobs/registry';
import {
  answersPass,
  fromCache,
  jobServesPass,
  type LookupContext,
  type LookupDeps,
  type LookupItem,
  type LookupResult,
  now,
} from './items';
import { collectKnownJobs } from './known-jobs';

const OTHERS_POLL_MS = 1_000;

/**
 * What the store read in `all` holds for `items` that serves this pass: answers, and jobs started
 * for the same queries, by key.
 */
export function answeredIn(
  deps: LookupDeps,
  all: Record<string, string>,
  items: readonly LookupItem[],
  ctx: LookupContext,
): { answers: Map<string, CachedAnswer>; jobs: Map<string, JobRecord> } {
  const keys = items.map((item) => item.key);
  const answers = deps.cache.answersIn(all, keys);
  for (const [key, answer] of answers) if (!answersPass(ctx, answer.at)) answers.delete(key);
  const current = readJobs(deps.store, all).filter(
    (job) => keys.includes(job.key) && jobServesPass(ctx, job),
  );
  return { answers, jobs: new Map(current.map((job) => [job.key, job])) };
}

/** Takes what another execution answered, or started a job for, since this one read its cache. */
export function takeAnsweredSince(
  deps: LookupDeps,
  all: Record<string, string>,
  items: readonly LookupItem[],
  ctx: LookupContext,
  results: Map<string, LookupResult>,
): void {
  const { answers, jobs } = answeredIn(deps, all, items, ctx);
  for (const [key, answer] of answers) results.set(key, fromCache(answer));
  const withJob = items.filter((item) => !answers.has(item.key) && jobs.has(item.key));
  collectKnownJobs(deps, withJob, jobs, ctx, results);
}

/** Waits, within the deadline, for answers another execution is buying; never buys them too. */
export function awaitOthers(
  deps: LookupDeps,
  items: readonly LookupItem[],
  ctx: LookupContext,
  results: Map<string, LookupResult>,
): void {
  let waiting = items.map((item) => item.key);
  while (waiting.length > 0 && now(deps) + OTHERS_POLL_MS < ctx.deadline) {
    deps.client.clock.sleep(OTHERS_POLL_MS);
    // A formula's answer lands in the properties: read them first, then the fast layer for the rest.
    const store = durable('read', () => deps.store.getAll());
    const answers = deps.cache.lookUp(waiting, { store }).answers;
    const arrived = [...answers].filter(([, answer]) => answersPass(ctx, answer.at));
    for (const [key, answer] of arrived) results.set(key, fromCache(answer));
    const taken = new Set(arrived.map(([key]) => key));
    waiting = waiting.filter((key) => !taken.has(key));
  }
  for (const key of waiting) results.set(key, { kind: 'deferred', reason: 'buying-elsewhere' });
}
