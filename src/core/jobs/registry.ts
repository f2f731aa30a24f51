// The job registry: every async job the add-on starts, recorded durably so a result that was paid
// for reaches the user even though a formula has 30 s and the API forgets a result 10 minutes
// after it is ready. Records are keyed by the result's cache key: one live job per query, so
// re-evaluating a formula can never start (and pay for) the same job twice.

import type { JobState, JobView } from '../../shared/jobs-rpc';
import type { OperationType } from '../../shared/operation-type';
import type { EnrichmentRequest } from '../api/wire';
import { operationByType } from '../operations/table';
import { BUSY, tryWithLock } from '../platform/locked-section';
import type { BatchStorePort, LockPort } from '../platform/ports';
import { PROPERTY_PREFIX } from '../platform/stored-keys';
import { STALLED_MESSAGE } from '../text/catalogue/jobs';
import { JOBS_ANSWERS } from '../text/catalogue/sidebar/jobs-answers';
import { creditsText } from '../text/credits';
import { parseJsonObject } from '../text/json-text';
import { queryText } from './employee-sheet';

export interface JobRecord {
  /** The API's job_id. */
  id: string;
  /** The cache key its result is stored under (see cache/result-cache.ts). */
  key: string;
  type: OperationType;
  request: EnrichmentRequest;
  /** The spreadsheet the job belongs to: the only one its collector may write (currentonly). */
  spreadsheetId: string;
  state: JobState;
  startedAt: number;
  updatedAt: number;
  /** When the collector should next ask the API about it. */
  nextPollAt: number;
  polls: number;
  /** Credits it is expected to cost (a bound for employee lists). */
  estimate: number;
  /** Credits it cost, once known. */
  charged?: number;
  /**
   * A record the add-on made without a job id of the API's: a list answered inline, delivered like
   * a job (`inline`), or a job the API lost before it could be polled (`lost`). Absent: the API's.
   */
  origin?: 'inline' | 'lost';
  /**
   * When the API last said the job was running: a 404 less than 10 minutes later cannot be an
   * expiry (jobs/lost.ts). Absent: not since it was started.
   */
  aliveAt?: number;
  /** Error, expiry or loss text, or the delivery summary ("42 employees -> sheet 'Employees - Acme'"). */
  message?: string;
  /** Where an employee list was written (or, while `done`, the name planned for it). */
  sheetName?: string;
  /** Failed attempts to write an employee list's sheet. */
  deliveryAttempts?: number;
  /**
   * A list bought again: the marker (a line of its note) of the earlier list's sheet, which its delivery
   * rewrites (`sheetName` is that sheet's) instead of adding a second sheet (jobs/relist.ts).
   */
  replaces?: string;
}

const PREFIX = PROPERTY_PREFIX.job;

export const jobStoreKey = (resultKey: string) => `${PREFIX}${resultKey}`;

export function readJobs(store: BatchStorePort, all: Record<string, string> = store.getAll()): JobRecord[] {
  const jobs: JobRecord[] = [];
  for (const [name, value] of Object.entries(all)) {
    if (!name.startsWith(PREFIX)) continue;
    const job = parseJob(value);
    if (job) jobs.push(job);
  }
  return jobs.sort((a, b) => a.startedAt - b.startedAt);
}

export function parseJob(value: string): JobRecord | null {
  const job = parseJsonObject(value) as JobRecord | null;
  if (!(typeof job?.id === 'string' && typeof job.key === 'string')) return null;
  // Saved before records said their origin: their id said it.
  const older = /^(inline|lost):/.exec(job.id)?.[1] as JobRecord['origin'];
  return job.origin === undefined && older ? { ...job, origin: older } : job;
}

/** The id of a record the add-on makes for `key` (see `origin`). */
export const madeHereJobId = (origin: NonNullable<JobRecord['origin']>, key: string) => `${origin}:${key}`;

export function saveJobs(store: BatchStorePort, jobs: readonly JobRecord[]): void {
  const entries: Record<string, string> = {};
  for (const job of jobs) entries[jobStoreKey(job.key)] = JSON.stringify(job);
  store.setMany(entries);
}

export function removeJobs(store: BatchStorePort, keys: readonly string[]): void {
  store.removeMany(keys.map(jobStoreKey));
}

/**
 * When to poll next. About every 2 s while young, as the spec asks, then backing off: a full
 * profile takes about a minute, and polling it every 2 s from an hourly trigger is pointless.
 */
export function nextPollDelayMs(ageMs: number): number {
  if (ageMs < 30_000) return 2_000;
  if (ageMs < 120_000) return 5_000;
  return 15_000;
}

/**
 * How long a job may run at the API before the add-on stops checking it. The API's jobs take about
 * a minute (a full profile) or less; one still running after 30 minutes is stuck, and polling it for
 * hours (an hourly trigger kept alive for it, a cell promising "a minute or two") helps nobody.
 * It is marked `stalled` and never polled again: the cell and the Jobs panel say so, and Retry in
 * the Jobs panel asks the API once more, for free, before buying it again at the price it shows.
 */
export const STALL_AFTER_MS = 30 * 60_000;

/**
 * The record of a job the API says is still running, polled at `now`: due again later, or past
 * `STALL_AFTER_MS`, stalled and checked no more.
 */
export function stillRunning(job: JobRecord, now: number): JobRecord {
  const polled = { ...job, updatedAt: now, polls: job.polls + 1 };
  if (now - job.startedAt >= STALL_AFTER_MS)
    return { ...polled, state: 'stalled', nextPollAt: now, message: STALLED_MESSAGE };
  return { ...polled, nextPollAt: now + nextPollDelayMs(now - job.startedAt) };
}

/**
 * A change to one record, made from a copy read earlier: `expected` is that copy (null for a
 * record that did not exist), `next` the new record (null removes it).
 */
export interface JobChange {
  expected: JobRecord | null;
  next: JobRecord | null;
}

/** What tells a record's versions apart: equal, nobody has moved the job on since it was read. */
const versionOf = (job: JobRecord | null) =>
  job && JSON.stringify([job.id, job.state, job.updatedAt, job.polls, job.sheetName]);

/**
 * Applies changes under the lock, skipping each record another execution has changed since it
 * was read: a formula that polled a job for 25 s must not turn a list the job collector has just
 * delivered back into one waiting for delivery (the collector would write a second sheet). Answers
 * the records written or removed, or null when the lock was busy and nothing was written.
 */
export function commitJobChanges(
  store: BatchStorePort,
  lock: LockPort,
  changes: readonly JobChange[],
  lockWaitMs: number,
): JobChange[] | null {
  if (changes.length === 0) return [];
  const applied = tryWithLock(lock, lockWaitMs, () => {
    const all = store.getAll();
    const applied = changes.filter((change) => {
      const key = change.next?.key ?? change.expected?.key;
      if (key === undefined) return false;
      const text = all[jobStoreKey(key)];
      return versionOf(text === undefined ? null : parseJob(text)) === versionOf(change.expected);
    });
    const saved = applied.flatMap((change) => (change.next ? [change.next] : []));
    const removed = applied.flatMap((change) => (change.next ? [] : [change.expected!.key]));
    if (saved.length > 0) saveJobs(store, saved);
    if (removed.length > 0) removeJobs(store, removed);
    return applied;
  });
  return applied === BUSY ? null : applied;
}

/** The account a job was started with: the scope inside its result key (`r1:<scope>:<hash>`). */
export function jobScope(job: JobRecord): string {
  return job.key.split(':')[1] ?? '';
}

/** Jobs still owed to the user: running, or finished and waiting for their sheet. */
export function isPending(job: JobRecord): boolean {
  return job.state === 'processing' || job.state === 'done';
}

const STATE_TEXT: Readonly<Record<JobState, string>> = Object.fromEntries(
  Object.entries(JOBS_ANSWERS.states).map(([state, text]) => [state, text.text]),
) as Record<JobState, string>;

/** "just now", "3 min ago", "5 h ago", "2 days ago". */
export function ageText(ageMs: number): string {
  return JOBS_ANSWERS.age.say(Math.floor(Math.max(0, ageMs) / 60_000));
}

/** A paid list whose sheet could not be written: it can be written again at no cost. */
export const isUndeliveredList = (job: JobRecord) =>
  job.state === 'failed' && (job.deliveryAttempts ?? 0) > 0;

/**
 * A job that cost credits and left no result, or one stuck at the API: run again (a new purchase)
 * only when the user asks.
 */
export const canRunAgain = (job: JobRecord) =>
  job.state === 'expired' || job.state === 'lost' || job.state === 'stalled';

/** The API's id for the job; null for a record the add-on made without one (`origin`). */
export function apiJobId(job: JobRecord): string | null {
  return job.origin === undefined ? job.id : null;
}

/** A job as the sidebar's Jobs panel shows it. */
export function describeJob(job: JobRecord, now: number): JobView {
  const op = operationByType(job.type);
  const estimate = job.charged === undefined;
  const credits = job.charged ?? job.estimate;
  const amount = creditsText(credits);
  return {
    key: job.key,
    label: op?.label ?? job.type,
    query: op ? queryText(op, job.request) : `${job.type}(${JSON.stringify(job.request.input_data)})`,
    state: job.state,
    stateText: STATE_TEXT[job.state],
    startedAt: job.startedAt,
    ageText: ageText(now - job.startedAt),
    credits,
    creditsAreEstimate: estimate,
    costText: estimate ? JOBS_ANSWERS.aboutCost.say(amount) : amount,
    message: job.message ?? '',
    sheetName: job.state === 'collected' ? (job.sheetName ?? null) : null,
    canRetry: canRunAgain(job) || isUndeliveredList(job),
  };
}
