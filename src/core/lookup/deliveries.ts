// An employee list is written to its sheet by the job collector: a list a pass found gets a record for it.
import { commitJobChanges, type JobRecord, madeHereJobId, readJobs, saveJobs } from '../jobs/registry';
import { announceJobs } from './announce';
import type { LookupContext, LookupDeps, LookupItem, LookupResult } from './items';
import { JOB_SAVE_LOCK_WAIT_MS } from './known-jobs';
import { startedJob } from './send';

/**
 * An employee list is delivered to a new sheet by the job collector, which a formula cannot do. A list
 * that arrived here gets a `done` record for the collector; a delivered one carries where it went.
 */
export function attachDeliveries(
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
  // delivered, and replacing it would have the collector write the list a second time.
  const changes = created.map((job) => ({ expected: null, next: job }));
  if (commitJobChanges(deps.store, deps.lock, changes, JOB_SAVE_LOCK_WAIT_MS) === null) {
    // Lock busy: a paid list without a record would never reach a sheet, so save what is still absent.
    const present = new Set(readJobs(deps.store).map((job) => job.key));
    const absent = created.filter((job) => !present.has(job.key));
    if (absent.length > 0) saveJobs(deps.store, absent);
  }
  announceJobs(deps, created);
}

function deliveryRecord(deps: LookupDeps, item: LookupItem, credits: number, ctx: LookupContext): JobRecord {
  const now = deps.client.clock.now();
  const id = madeHereJobId('inline', item.key);
  return {
    ...startedJob(item, id, credits, ctx, now),
    origin: 'inline',
    state: 'done',
    nextPollAt: now,
    charged: credits,
  };
}
