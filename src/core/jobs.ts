// The job registry: every async job the add-on starts, recorded durably so a result that was paid
// for reaches the user even though a formula has 30 s and the API forgets a result 10 minutes
// after it is ready. Records are keyed by the result's cache key: one live job per query, so
// re-evaluating a formula can never start (and pay for) the same job twice.
import type { EnrichmentRequest } from './api-types';
import type { OperationType } from './operations';
import type { BatchStorePort } from './ports';

export type JobState = 'processing' | 'done' | 'collected' | 'failed' | 'expired';
export type JobSource = 'formula' | 'bulk' | 'sidebar';

export interface JobRecord {
  /** The API's job_id. */
  id: string;
  /** The cache key its result is stored under (see cache.ts). */
  key: string;
  type: OperationType;
  request: EnrichmentRequest;
  source: JobSource;
  /** The spreadsheet the job belongs to: a clock trigger has no active spreadsheet. */
  spreadsheetId: string;
  state: JobState;
  startedAt: number;
  updatedAt: number;
  /** When the pump should next ask the API about it. */
  nextPollAt: number;
  polls: number;
  /** Credits it is expected to cost (a bound for employee lists). */
  estimate: number;
  /** Credits it cost, once known. */
  charged?: number;
  /** Error or expiry text, or the delivery summary ("42 employees -> sheet 'Employees - Acme'"). */
  message?: string;
  /** Where an employee list was written. */
  sheetName?: string;
}

const PREFIX = 'job:';

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
  try {
    const job = JSON.parse(value) as JobRecord;
    return typeof job?.id === 'string' && typeof job.key === 'string' ? job : null;
  } catch {
    return null;
  }
}

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

/** Jobs still worth asking about: processing and due. */
export function dueJobs(jobs: readonly JobRecord[], now: number): JobRecord[] {
  return jobs.filter((job) => job.state === 'processing' && job.nextPollAt <= now);
}
