// Answers another execution bought, or is buying, while this one looked: taken, or waited for,
// never bought twice.
import { durable, READ_FAILED } from '../cache/durable';
import { readJobs } from '../jobs/registry';
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

/** Takes what another execution answered, or started a job for, since this one read its cache. */
export function takeAnsweredSince(
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
  for (const [key, answer] of answers) {
    if (answersPass(ctx, answer.at)) results.set(key, fromCache(answer));
    else answers.delete(key);
  }
  const current = readJobs(deps.store, all).filter((job) => jobServesPass(ctx, job));
  const jobs = new Map(current.map((job) => [job.key, job]));
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
    const store = durable(READ_FAILED, () => deps.store.getAll());
    const answers = deps.cache.lookUp(waiting, { store }).answers;
    const arrived = [...answers].filter(([, answer]) => answersPass(ctx, answer.at));
    for (const [key, answer] of arrived) results.set(key, fromCache(answer));
    const taken = new Set(arrived.map(([key]) => key));
    waiting = waiting.filter((key) => !taken.has(key));
  }
  for (const key of waiting) results.set(key, { kind: 'deferred', reason: 'buying-elsewhere' });
}
