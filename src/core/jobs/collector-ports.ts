// What the job collector needs (the store, the lock, the API, the sheets of lists) and what it reports.
import type { ClientConfig } from '../api/outcome';
import type { ResultCache } from '../cache/result-cache';
import type { BatchStorePort, LockPort } from '../platform/ports';
import { DAY_MS } from '../platform/time';
import type { EmployeeSheet } from './employee-sheet';
import { isPending, type JobRecord } from './registry';

export const COLLECTOR_DEFAULTS = {
  /** Formulas wait up to 10 s for the lock: stop starting sheet writes well before that. */
  maxHoldMs: 6_000,
  /** Status checks in one pass (one fetchAll). */
  maxPolls: 50,
  /** Collected, failed and expired records stay this long for the sidebar's "recent" list. */
  keepFinishedMs: 7 * DAY_MS,
  /** A sheet that could not be written is retried this often, then the job is failed. */
  maxDeliveryAttempts: 3,
  deliveryRetryMs: 60_000,
} as const;

/** Writes employee lists into sheets of a spreadsheet. Implemented over SpreadsheetApp. */
export interface ListSheetPort {
  /** The names of the spreadsheet's sheets now. */
  sheetNames(spreadsheetId: string): string[];
  /**
   * Writes the list into a new sheet named `sheet.name`, or rewrites the sheet whose note carries
   * `sheet.marker` (a delivery resumed after an execution was killed) or `sheet.replaces` (the
   * earlier list of a list bought again, even renamed). Answers the name used: another one when a
   * sheet of the user's has taken the name meanwhile.
   */
  write(spreadsheetId: string, sheet: EmployeeSheet): string;
  /** `ms` as the spreadsheet's users read time, for the sheet's note. */
  formatTime(spreadsheetId: string, ms: number): string;
}

export interface CollectorDeps {
  client: ClientConfig;
  cache: ResultCache;
  /** Document properties: the job registry and the spend ledger. */
  store: BatchStorePort;
  lock: LockPort;
  sheets: ListSheetPort;
}

export interface CollectorOptions {
  /** The account of the API key in use: another account's jobs answer 404, so they are left alone. */
  scope: string;
  /** Today in the spreadsheet's time zone (YYYY-MM-DD), for the ledger. */
  day: string;
  /** How long this driver may wait for another's pass. */
  lockWaitMs: number;
}

export interface CollectorReport {
  /** Another driver held the lock: nothing was done. */
  busy: boolean;
  /** Status checks sent. */
  polled: number;
  /** Lists written to their sheets: `sheetName` and `message` say where and how many. */
  delivered: (JobRecord & { message: string })[];
  /** Other results now in the cache (a full profile, a lookup answered 202 under load). */
  collected: JobRecord[];
  expired: JobRecord[];
  failed: JobRecord[];
  /** Jobs found still running past the limit (registry.ts `STALL_AFTER_MS`): no longer checked. */
  stalled: JobRecord[];
  /** This account's jobs still running or waiting for their sheet. */
  pending: number;
  /** When a pending job is next due; null when none is pending. */
  nextDueAt: number | null;
  pruned: number;
  /** When the (last) pass read the registry: a job registered later is not in `pending`. */
  readAt: number;
}

export function emptyReport(busy: boolean, readAt: number): CollectorReport {
  return {
    busy,
    readAt,
    polled: 0,
    delivered: [],
    collected: [],
    expired: [],
    failed: [],
    stalled: [],
    pending: 0,
    nextDueAt: null,
    pruned: 0,
  };
}

export function pendingOf(jobs: readonly JobRecord[]): Pick<CollectorReport, 'pending' | 'nextDueAt'> {
  const pending = jobs.filter(isPending);
  const due = pending.map((job) => job.nextPollAt);
  return { pending: pending.length, nextDueAt: due.length > 0 ? Math.min(...due) : null };
}
