// The sidebar's calls about async jobs (employee lists, full profiles, lookups answered 202), with
// their answers. src/shared/rpc.ts's ServerApi should extend JobsServerApi; src/server/index.ts
// exports each function.

/**
 * A job's state in the registry, one list for both sides. `expired`: done, then not collected
 * within the API's 10 minutes; `lost`: the API could not find it although it cannot have expired
 * (a 404 at its first poll); `stalled`: still running at the API past the add-on's limit
 * (jobs/registry.ts `STALL_AFTER_MS`), no longer checked.
 */
export type JobState = 'processing' | 'done' | 'collected' | 'failed' | 'expired' | 'lost' | 'stalled';

/** How background collection runs: a time-driven trigger every minute, every hour, or none. */
export type BackgroundCollection = 'minute' | 'hour' | 'off';

export interface JobView {
  /** Identifies the job in `retryExpiredJob`. Holds no input: it is a hash. */
  key: string;
  /** "Employees from company name". */
  label: string;
  /** The query as a formula would write it: `COMPANY_EMPLOYEES("Acme", department "Sales")`. */
  query: string;
  state: JobState;
  /** "running", "writing its sheet", "delivered", "failed", "expired", "lost", "taking unusually long". */
  stateText: string;
  startedAt: number;
  /** "3 min ago". */
  ageText: string;
  /** Credits charged, or while unknown the estimate. */
  credits: number;
  creditsAreEstimate: boolean;
  /** "10 credits", "about 12.5 credits". */
  costText: string;
  /** The delivery summary, the error, or why it expired or was lost; "" when there is nothing to say. */
  message: string;
  sheetName: string | null;
  /** Expired, lost or stalled (or a paid list whose sheet could not be written): the user may run it again. */
  canRetry: boolean;
}

/** A formula whose lookups wait for the add-on's own executions (its 30 s were not enough). */
export interface QueuedFormulaView {
  /** Identifies it in `cancelQueuedFormula`: its sheet and cell. */
  id: string;
  /** "Sheet1!B2". */
  where: string;
  formula: string;
  /** "271 lookups". */
  lookupsText: string;
  /** "queued 3 min ago". */
  sinceText: string;
  /** "by the formula", "by your last edit", "by the sidebar", "by the hourly trigger", "from the menu". */
  byText: string;
}

export interface JobsList {
  keyConfigured: boolean;
  /** Formulas whose queued lookups are still to be bought, oldest first. */
  queued: QueuedFormulaView[];
  /** Pending first (oldest first), then the finished ones (newest first). */
  jobs: JobView[];
  /** Jobs still running or waiting for their sheet. */
  pending: number;
  background: BackgroundCollection;
  /** The drivers that collect without the sidebar: this user's Edit and Open triggers here. */
  drivers: { edit: boolean; open: boolean };
  /**
   * A trigger found the user's authorization lapsed and did nothing. Opening the sidebar took the
   * user through authorization again, so collection runs again: said once.
   */
  reauthorized: boolean;
}

/** What one call of the sidebar's timer did, and when to call again. */
export interface CollectorProgress {
  /** Another driver (the trigger, another sidebar) was collecting: nothing was done this time. */
  busy: boolean;
  pending: number;
  /** "42 employees -> sheet 'Employees - Acme (Sales)'", one per list written this time. */
  delivered: string[];
  /** Other results collected this time (their formulas now show them). */
  collected: number;
  /** One line each, with the credits it cost. */
  expired: string[];
  failed: string[];
  /** When to call again; null when nothing is pending. */
  nextCheckInMs: number | null;
  background: BackgroundCollection;
  /** One line for the sidebar's status area. */
  summary: string;
}

export interface RetryResult {
  ok: boolean;
  message: string;
  job: JobView | null;
}

export interface JobsServerApi {
  listJobs(): JobsList;
  /** Stops buying a formula's queued lookups; answers the list after. */
  cancelQueuedFormula(id: string): JobsList;
  retryExpiredJob(key: string): RetryResult;
  collectJobsFromSidebar(): CollectorProgress;
}
