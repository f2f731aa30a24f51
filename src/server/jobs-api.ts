// Server side of the sidebar's Jobs panel (src/shared/jobs-rpc.ts): the jobs this account started
// in this document, and re-running an expired, lost or stalled one, which happens only here, when
// the user asks.

import { checkJobs } from '../core/api/job-polling';
import { queueKey, readQueue, removeQueued } from '../core/formula-queue/records';
import {
  canRunAgain,
  commitJobChanges,
  describeJob,
  isPending,
  isUndeliveredList,
  type JobRecord,
  jobScope,
  readJobs,
} from '../core/jobs/registry';
import type { Deferral } from '../core/lookup/items';
import { lookupMany } from '../core/lookup/pass';
import { operationByType } from '../core/operations/table';
import type { Operation } from '../core/operations/types';
import { NOT_SENT_BARE } from '../core/text/catalogue/queue';
import { JOBS_ANSWERS } from '../core/text/catalogue/sidebar/jobs-answers';
import type { JobsList, JobView, RetryResult } from '../shared/jobs-rpc';
import { takeReauthorizeFlag } from './collector/authorization';
import { currentBackground, keepCollecting } from './collector/clock-trigger';
import { type CollectorContext, collectorContext } from './collector/context';
import { collectJobsFromSidebar } from './collector/drivers';
import { currentDrivers } from './collector/installed-drivers';
import { refreshWaitingFormulas } from './collector/refresh';
import { queuedFormulaView } from './presenters/jobs';

/** Finished jobs listed besides the pending ones. */
const MAX_RECENT = 30;
const RETRY_LOCK_WAIT_MS = 5_000;
/** A re-run only sends the request: the collector collects the job, as for any other. */
const RETRY_BUDGET_MS = 20_000;

function myJobs(context: CollectorContext): JobRecord[] {
  return readJobs(context.deps.store).filter((job) => jobScope(job) === context.scope);
}

/** The job's record as it is now, and as the Jobs panel shows it. */
function jobNow(context: CollectorContext, key: string): { after?: JobRecord; view: JobView | null } {
  const after = myJobs(context).find((candidate) => candidate.key === key);
  return { after, view: after ? describeJob(after, context.deps.client.clock.now()) : null };
}

export function listJobs(): JobsList {
  const context = collectorContext();
  const reauthorized = takeReauthorizeFlag();
  if (!context)
    return {
      keyConfigured: false,
      queued: [],
      jobs: [],
      pending: 0,
      background: 'off',
      drivers: { edit: false, open: false },
      reauthorized,
    };
  const now = context.deps.client.clock.now();
  const jobs = myJobs(context);
  const pending = jobs.filter(isPending).sort((a, b) => a.startedAt - b.startedAt);
  const finished = jobs.filter((job) => !isPending(job));
  const recent = finished.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_RECENT);
  // Those waiting for the next day's budget are not in a queue: their rows say the budget is reached.
  const today = context.day();
  const queued = readQueue(context.deps.store.getAll(), context.scope, now).filter(
    (record) => record.budgetDay !== today,
  );
  return {
    keyConfigured: true,
    queued: queued.map((record) => queuedFormulaView(record, now, context.pace.rate)),
    jobs: [...pending, ...recent].map((job) => describeJob(job, now)),
    pending: pending.length,
    background: currentBackground(),
    drivers: currentDrivers(context.scope),
    reauthorized,
  };
}

/**
 * Stops buying a formula's queued lookups: its record goes, so no driver works on it or enters it
 * again. Its cells keep their text until the formula is typed again, which queues what is left.
 */
export function cancelQueuedFormula(id: string): JobsList {
  const context = collectorContext();
  if (context) {
    const now = context.deps.client.clock.now();
    const record = readQueue(context.deps.store.getAll(), context.scope, now).find(
      (candidate) => queueKey(candidate.sheet, candidate.a1) === String(id),
    );
    if (record) removeQueued(context.deps.store, [record]);
  }
  return listJobs();
}

const refused = (message: string): RetryResult => ({ ok: false, message, job: null });

/**
 * Runs an expired, lost or stalled job again: a new paid request, so only on the user's word (here);
 * a stalled one that has finished meanwhile is collected instead. A paid list whose sheet could not
 * be written is written again instead, at no cost.
 */
export function retryExpiredJob(key: string): RetryResult {
  const context = collectorContext();
  if (!context) return refused(JOBS_ANSWERS.keyFirst.text);
  const job = myJobs(context).find((candidate) => candidate.key === String(key));
  if (!job) return refused(JOBS_ANSWERS.notListed.text);
  if (isUndeliveredList(job)) return rewriteList(context, job);
  if (!canRunAgain(job)) return refused(JOBS_ANSWERS.cannotRunAgain.say(job.state));
  const op = operationByType(job.type);
  if (!op) return refused(JOBS_ANSWERS.unknownOperation.say(job.type));
  const finished = job.state === 'stalled' ? collectIfFinished(context, job) : null;
  if (finished) return finished;
  // Its record goes first, or the lookup would answer "expired" (or "lost") again without asking.
  return replaceJob(context, job, null) ?? runAgain(context, job, op);
}

/**
 * Replaces the record `job` by `next` (null: removes it) under the lock. Answers the refusal when
 * another collection holds the lock or the job changed meanwhile, else null.
 */
function replaceJob(context: CollectorContext, job: JobRecord, next: JobRecord | null): RetryResult | null {
  const { store, lock } = context.deps;
  const saved = commitJobChanges(store, lock, [{ expected: job, next }], RETRY_LOCK_WAIT_MS);
  if (saved === null) return refused(JOBS_ANSWERS.collectionBusy.text);
  if (saved.length === 0) return refused(JOBS_ANSWERS.jobChanged.text);
  return null;
}

/** Sends the job's request again, as a sidebar-started lookup, and says what came of it. */
function runAgain(context: CollectorContext, job: JobRecord, op: Operation): RetryResult {
  const now = context.deps.client.clock.now();
  const result = lookupMany(context.deps, [{ key: job.key, op, request: job.request }], {
    buyer: 'retry',
    spreadsheetId: job.spreadsheetId,
    day: context.day(),
    deadline: now + RETRY_BUDGET_MS,
    formulaDailyCap: context.settings.formulaDailyCap,
    retryServerErrors: true,
    pollJobs: false,
  }).get(job.key);
  const { after, view } = jobNow(context, job.key);
  if (!result || result.kind === 'refused') return refused(result?.message ?? NOT_SENT_BARE.text);
  if (result.kind === 'deferred') return notNow(result, view);
  if (result.kind === 'failed') return { ok: false, message: result.error.message, job: view };
  // The re-run job must not depend on the sidebar staying open.
  if (after && isPending(after)) keepCollecting();
  // The formula that showed the expiry or the loss picks up the new job (or its answer) at once.
  refreshWaitingFormulas(job.spreadsheetId, true);
  const message =
    result.kind === 'pending' ? JOBS_ANSWERS.startedAgain.say(view?.costText) : JOBS_ANSWERS.doneAgain.text;
  return { ok: true, message, job: view };
}

/** A re-run that only waits its turn: the lock busy, another execution buying it, or not sent in time. */
function notNow(deferral: Deferral, view: JobView | null): RetryResult {
  if (deferral.reason === 'buying-elsewhere') return refused(JOBS_ANSWERS.formulaBusy.text);
  if (deferral.reason === 'lock-busy') return refused(deferral.message);
  return { ok: false, message: deferral.message, job: view };
}

/**
 * A stalled job may have finished since the add-on stopped checking it: the API is asked once, for
 * free, before anything is bought again. Finished (or gone), the job goes back to the collector,
 * which collects it or reports it expired or lost, as any job. Still running: null, buy it again.
 */
function collectIfFinished(context: CollectorContext, job: JobRecord): RetryResult | null {
  const [check] = checkJobs(context.deps.client, [job.id]);
  if (check === undefined || check.kind === 'processing' || check.kind === 'unavailable') return null;
  const now = context.deps.client.clock.now();
  const { message: _stalled, ...rest } = job;
  const refusal = replaceJob(context, job, { ...rest, state: 'processing', updatedAt: now, nextPollAt: now });
  if (refusal) return refusal;
  const progress = collectJobsFromSidebar();
  refreshWaitingFormulas(job.spreadsheetId, true);
  const { after, view } = jobNow(context, job.key);
  const collected = after === undefined || after.state === 'collected';
  return {
    ok: collected,
    message: collected ? JOBS_ANSWERS.finishedAfterAll.text : progress.summary,
    job: view,
  };
}

function rewriteList(context: CollectorContext, job: JobRecord): RetryResult {
  const { deliveryAttempts: _attempts, message: _message, ...rest } = job;
  const now = context.deps.client.clock.now();
  const next: JobRecord = { ...rest, state: 'done', updatedAt: now, nextPollAt: now };
  const refusal = replaceJob(context, job, next);
  if (refusal) return refusal;
  const progress = collectJobsFromSidebar();
  const { after, view } = jobNow(context, job.key);
  return { ok: after?.state === 'collected', message: after?.message ?? progress.summary, job: view };
}
