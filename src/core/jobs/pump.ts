// The job pump: one function, three drivers (the sidebar's timer, a time-driven trigger, and the
// menu). A pass polls the due jobs in one batch, keeps every paid answer in the result cache, books
// its real charge, writes finished employee lists to their sheets and marks what expired or failed.
// A whole pass runs under the document lock, so two drivers never deliver one job twice; the lock
// is held for one status round and a bounded number of sheet writes, never while sleeping.

import { checkJobs } from '../api/job-polling';
import type { CallOutcome, ClientConfig, JobCheck } from '../api/outcome';
import { settleJob } from '../billing/budget';
import type { CachedAnswer, PaidEntry } from '../cache/entries';
import { isResultKey } from '../cache/keys';
import type { ResultCache } from '../cache/result-cache';
import { creditsFor } from '../lookup/credits';
import { FUNCTION_NAMES, type Operation, operationByType } from '../operations/table';
import { HELD_LOCK } from '../platform/locked-section';
import type { BatchStorePort, LockPort } from '../platform/ports';
import { CELL_TEXT } from '../render/cell-text';
import { resultItems } from '../render/results';
import { errorMessage } from '../text/error-message';
import {
  baseSheetName,
  buildEmployeeSheet,
  deliveryMessage,
  type EmployeeSheet,
  uniqueSheetName,
} from './employee-sheet';
import {
  describeJob,
  isPending,
  type JobRecord,
  jobScope,
  nextPollDelayMs,
  readJobs,
  removeJobs,
  saveJobs,
} from './registry';

const DAY_MS = 86_400_000;

export const PUMP_DEFAULTS = {
  lockWaitMs: 5_000,
  /** Formulas wait up to 10 s for the lock: stop starting sheet writes well before that. */
  maxHoldMs: 6_000,
  /** Status checks in one pass (one fetchAll). */
  maxPolls: 50,
  /** Collected, failed and expired records stay this long for the sidebar's "recent" list. */
  keepFinishedMs: 7 * DAY_MS,
  /**
   * Delivered lists and expired jobs stay as long as a paid answer is reused: without its record a
   * recalculated list formula would ask for a second sheet, and an expired one would be bought again.
   */
  keepPaidMs: 30 * DAY_MS,
  /** A sheet that could not be written is retried this often, then the job is failed. */
  maxDeliveryAttempts: 3,
  deliveryRetryMs: 60_000,
} as const;

/** Writes employee lists into sheets of a spreadsheet. Implemented over SpreadsheetApp. */
export interface ListSheetPort {
  /** The names of the spreadsheet's sheets now. */
  sheetNames(spreadsheetId: string): string[];
  /**
   * Writes the list into a new sheet named `sheet.name`, or rewrites the sheet of that name when
   * its note carries `sheet.marker` (a delivery resumed after an execution was killed). Answers
   * the name used: another one when a sheet of the user's has taken the name meanwhile.
   */
  write(spreadsheetId: string, sheet: EmployeeSheet): string;
  /** `ms` as the spreadsheet's users read time, for the sheet's note. */
  formatTime(spreadsheetId: string, ms: number): string;
}

export interface PumpDeps {
  client: ClientConfig;
  cache: ResultCache;
  /** Document properties: the job registry and the spend ledger. */
  store: BatchStorePort;
  lock: LockPort;
  sheets: ListSheetPort;
}

export interface PumpOptions {
  /** The account of the API key in use: another account's jobs answer 404, so they are left alone. */
  scope: string;
  /** Today in the spreadsheet's time zone (YYYY-MM-DD), for the ledger. */
  day: string;
  lockWaitMs?: number;
  maxHoldMs?: number;
  maxPolls?: number;
  keepFinishedMs?: number;
  keepPaidMs?: number;
}

export interface Delivered {
  key: string;
  spreadsheetId: string;
  sheetName: string;
  employees: number;
  message: string;
}

export interface PumpReport {
  /** Another driver held the lock: nothing was done. */
  busy: boolean;
  /** Status checks sent. */
  polled: number;
  delivered: Delivered[];
  /** Other results now in the cache (a full profile, a lookup answered 202 under load). */
  collected: JobRecord[];
  expired: JobRecord[];
  failed: JobRecord[];
  /** This account's jobs still running or waiting for their sheet. */
  pending: number;
  /** When a pending job is next due; null when none is pending. */
  nextDueAt: number | null;
  pruned: number;
}

const isInline = (job: JobRecord) => job.id.startsWith('inline:');

function ownedBy(job: JobRecord, scope: string): boolean {
  return isResultKey(job.key) && jobScope(job) === scope;
}

function emptyReport(busy: boolean): PumpReport {
  return {
    busy,
    polled: 0,
    delivered: [],
    collected: [],
    expired: [],
    failed: [],
    pending: 0,
    nextDueAt: null,
    pruned: 0,
  };
}

/** One pass, under the document lock; a busy lock answers `busy` at once and changes nothing. */
export function pumpOnce(deps: PumpDeps, options: PumpOptions): PumpReport {
  let entered = false;
  try {
    return deps.lock.withLock(options.lockWaitMs ?? PUMP_DEFAULTS.lockWaitMs, () => {
      entered = true;
      return new Pass(deps, options).run();
    });
  } catch (error) {
    if (entered) throw error;
    const mine = readJobs(deps.store).filter((job) => ownedBy(job, options.scope));
    return { ...emptyReport(true), ...pendingOf(mine) };
  }
}

/**
 * Passes until nothing this account started is pending, another driver is at work, or the next
 * due job falls after `waitUntil`; sleeps between passes (without the lock). Answers all passes.
 */
export function drivePump(deps: PumpDeps, options: PumpOptions, waitUntil: number): PumpReport {
  const { clock } = deps.client;
  let total = pumpOnce(deps, options);
  while (!total.busy && total.nextDueAt !== null) {
    // At least a second apart: a pass that could not make progress must not spin.
    const at = Math.max(total.nextDueAt, clock.now() + 1_000);
    if (at > waitUntil) break;
    clock.sleep(at - clock.now());
    total = mergeReports(total, pumpOnce(deps, options));
  }
  return total;
}

function mergeReports(before: PumpReport, after: PumpReport): PumpReport {
  return {
    ...after,
    polled: before.polled + after.polled,
    delivered: [...before.delivered, ...after.delivered],
    collected: [...before.collected, ...after.collected],
    expired: [...before.expired, ...after.expired],
    failed: [...before.failed, ...after.failed],
    pruned: before.pruned + after.pruned,
  };
}

function pendingOf(jobs: readonly JobRecord[]): Pick<PumpReport, 'pending' | 'nextDueAt'> {
  const pending = jobs.filter(isPending);
  const due = pending.map((job) => job.nextPollAt);
  return { pending: pending.length, nextDueAt: due.length > 0 ? Math.min(...due) : null };
}

/** What a paid answer kept in the cache says, as the outcome of its job. */
function outcomeOf(answer: CachedAnswer): CallOutcome {
  return answer.kind === 'found' ? { kind: 'found', result: answer.result } : { kind: 'miss' };
}

class Pass {
  private readonly now: number;
  private readonly report = emptyReport(false);
  /** This account's records, as this pass leaves them. */
  private readonly jobs = new Map<string, JobRecord>();
  private readonly sheetNames = new Map<string, string[]>();

  constructor(
    private readonly deps: PumpDeps,
    private readonly options: PumpOptions,
  ) {
    this.now = deps.client.clock.now();
  }

  run(): PumpReport {
    const all = readJobs(this.deps.store);
    for (const job of all) if (ownedBy(job, this.options.scope)) this.jobs.set(job.key, job);
    this.pollDue();
    this.deliverLists();
    this.prune(all);
    return { ...this.report, ...pendingOf([...this.jobs.values()]) };
  }

  private get budget() {
    return { store: this.deps.store, lock: HELD_LOCK, clock: this.deps.client.clock };
  }

  private time(): number {
    return this.deps.client.clock.now();
  }

  private update(job: JobRecord): JobRecord {
    this.jobs.set(job.key, job);
    return job;
  }

  /** Polls the due jobs in one round; a job whose answer a formula already cached is not polled. */
  private pollDue(): void {
    const due = [...this.jobs.values()]
      .filter((job) => job.state === 'processing' && job.nextPollAt <= this.now && !isInline(job))
      .slice(0, this.options.maxPolls ?? PUMP_DEFAULTS.maxPolls);
    if (due.length === 0) return;
    const cached = this.deps.cache.getMany(due.map((job) => job.key));
    const toPoll = due.filter((job) => !cached.has(job.key));
    const checks = checkJobs(
      this.deps.client,
      toPoll.map((job) => job.id),
    );
    this.report.polled += toPoll.length;

    const paid: PaidEntry[] = [];
    const changed: JobRecord[] = [];
    for (const job of due) {
      const answer = cached.get(job.key);
      if (answer) {
        changed.push(this.finish(job, outcomeOf(answer), answer.credits).job);
        continue;
      }
      const check = checks[toPoll.indexOf(job)]!;
      const next = this.afterCheck(job, check, paid);
      changed.push(next);
    }
    // What was bought is kept before anything else is written: if a later write fails, it is safe.
    if (paid.length > 0) this.deps.cache.putMany(paid);
    saveJobs(this.deps.store, changed);
  }

  private afterCheck(job: JobRecord, check: JobCheck, paid: PaidEntry[]): JobRecord {
    const now = this.time();
    if (check.kind === 'processing' || check.kind === 'unavailable') {
      const message =
        check.kind === 'unavailable' ? `Could not check the job: ${check.error.message}` : undefined;
      const { message: _old, ...rest } = job;
      return this.update({
        ...rest,
        ...(message ? { message } : {}),
        updatedAt: now,
        polls: job.polls + 1,
        nextPollAt: now + nextPollDelayMs(now - job.startedAt),
      });
    }
    if (check.kind === 'expired') {
      // The API charged it when it finished; its exact cost is unknown, so the estimate is booked.
      settleJob(this.budget, this.options.day, job.id, { type: job.type, credits: job.estimate });
      const expired = this.update({ ...job, state: 'expired', updatedAt: now, message: check.error.message });
      this.report.expired.push(expired);
      return expired;
    }
    const outcome: CallOutcome =
      check.kind === 'done' ? check.outcome : { kind: 'failed', error: check.error };
    const { job: next, entry } = this.finish(job, outcome);
    if (entry) paid.push(entry);
    return next;
  }

  /** A job with its answer: booked at its real charge; a list waits for its sheet, the rest is done. */
  private finish(
    job: JobRecord,
    outcome: CallOutcome,
    knownCredits?: number,
  ): { job: JobRecord; entry?: PaidEntry } {
    const now = this.time();
    const op = operationByType(job.type);
    if (!op) return { job: this.fail(job, `Unknown operation ${job.type}.`) };
    const credits = knownCredits ?? creditsFor(op, outcome);
    settleJob(this.budget, this.options.day, job.id, { type: job.type, credits });
    const { message: _stale, ...rest } = job;
    const base = { ...rest, updatedAt: now, charged: credits, nextPollAt: now };
    if (outcome.kind === 'failed') return { job: this.fail(base, outcome.error.message) };
    if (outcome.kind === 'pending') return { job };
    const entry: PaidEntry = { key: job.key, outcome, credits };
    const listed = outcome.kind === 'found' ? resultItems(outcome.result).length : 0;
    if (op.shape === 'employees' && listed > 0)
      return { job: this.update({ ...base, state: 'done' }), entry };
    const message = op.shape === 'employees' ? 'No employees found for this query.' : undefined;
    const collected = this.update({ ...base, state: 'collected', ...(message ? { message } : {}) });
    this.report.collected.push(collected);
    return { job: collected, entry };
  }

  private fail(job: JobRecord, message: string): JobRecord {
    const failed = this.update({ ...job, state: 'failed', updatedAt: this.time(), message });
    this.report.failed.push(failed);
    return failed;
  }

  /** Writes the finished lists to their sheets, stopping early when the lock has been held long enough. */
  private deliverLists(): void {
    const now = this.time();
    const waiting = [...this.jobs.values()].filter((job) => job.state === 'done' && job.nextPollAt <= now);
    if (waiting.length === 0) return;
    const answers = this.deps.cache.getMany(waiting.map((job) => job.key));
    const maxHold = this.options.maxHoldMs ?? PUMP_DEFAULTS.maxHoldMs;
    let written = 0;
    for (const job of waiting) {
      const op = operationByType(job.type);
      if (op?.shape !== 'employees') {
        // A non-list answer needs no delivery: the formula reads it from the cache.
        saveJobs(this.deps.store, [this.update({ ...job, state: 'collected', updatedAt: now })]);
        continue;
      }
      if (written > 0 && this.time() - this.now >= maxHold) break;
      const answer = answers.get(job.key);
      if (answer?.kind !== 'found' || resultItems(answer.result).length === 0) {
        saveJobs(this.deps.store, [this.lost(job, answer)]);
        continue;
      }
      this.deliver(job, op, answer);
      written += 1;
    }
  }

  /** A `done` list whose answer the cache no longer holds (evicted, or never stored). */
  private lost(job: JobRecord, answer: CachedAnswer | undefined): JobRecord {
    if (answer) {
      const collected = this.update({
        ...job,
        state: 'collected',
        updatedAt: this.time(),
        message: 'No employees found for this query.',
      });
      this.report.collected.push(collected);
      return collected;
    }
    const message =
      'The list was paid for but its result is no longer stored (storage full). Re-run it from the Jobs panel.';
    const expired = this.update({ ...job, state: 'expired', updatedAt: this.time(), message });
    this.report.expired.push(expired);
    return expired;
  }

  private deliver(job: JobRecord, op: Operation, answer: Extract<CachedAnswer, { kind: 'found' }>): void {
    const { sheets, store } = this.deps;
    let current = job;
    try {
      const names = this.namesIn(job.spreadsheetId);
      if (current.sheetName === undefined) {
        // The name is saved before the sheet is written: a pass killed in between resumes into
        // that same sheet instead of adding a second one.
        const planned = uniqueSheetName(baseSheetName(op, job.request), names);
        current = this.update({ ...current, sheetName: planned, updatedAt: this.time() });
        saveJobs(store, [current]);
      }
      const credits = current.charged ?? answer.credits ?? creditsFor(op, outcomeOf(answer));
      const sheet = buildEmployeeSheet({
        op,
        request: job.request,
        jobId: job.id,
        result: answer.result,
        name: current.sheetName!,
        credits,
        collectedAt: sheets.formatTime(job.spreadsheetId, this.time()),
      });
      if (!sheet) {
        // Items without a single short value to put in a column: nothing a sheet could show.
        saveJobs(store, [this.lost(current, answer)]);
        return;
      }
      const used = sheets.write(job.spreadsheetId, sheet);
      names.push(used);
      const message = deliveryMessage(sheet.employees, used);
      const { deliveryAttempts: _attempts, ...rest } = current;
      saveJobs(store, [
        this.update({ ...rest, state: 'collected', sheetName: used, message, updatedAt: this.time() }),
      ]);
      this.report.delivered.push({
        key: job.key,
        spreadsheetId: job.spreadsheetId,
        sheetName: used,
        employees: sheet.employees,
        message,
      });
    } catch (error) {
      saveJobs(store, [this.deliveryFailed(current, error)]);
    }
  }

  private deliveryFailed(job: JobRecord, error: unknown): JobRecord {
    const reason = errorMessage(error);
    const attempts = (job.deliveryAttempts ?? 0) + 1;
    if (attempts >= PUMP_DEFAULTS.maxDeliveryAttempts) {
      return this.fail(
        { ...job, deliveryAttempts: attempts },
        `Could not write the employee sheet: ${reason}. The list is paid for and kept: Retry in the Jobs panel writes it again at no cost.`,
      );
    }
    return this.update({
      ...job,
      deliveryAttempts: attempts,
      updatedAt: this.time(),
      nextPollAt: this.time() + PUMP_DEFAULTS.deliveryRetryMs,
      message: `Could not write the employee sheet yet (${reason}); trying again.`,
    });
  }

  private namesIn(spreadsheetId: string): string[] {
    let names = this.sheetNames.get(spreadsheetId);
    if (!names) {
      names = this.deps.sheets.sheetNames(spreadsheetId);
      this.sheetNames.set(spreadsheetId, names);
    }
    return names;
  }

  /** Forgets finished records once the sidebar no longer needs them and no formula depends on them. */
  private prune(all: readonly JobRecord[]): void {
    const keepFinished = this.options.keepFinishedMs ?? PUMP_DEFAULTS.keepFinishedMs;
    const keepPaid = Math.max(keepFinished, this.options.keepPaidMs ?? PUMP_DEFAULTS.keepPaidMs);
    const old = all
      .map((job) => this.jobs.get(job.key) ?? job)
      .filter((job) => {
        const age = this.now - job.updatedAt;
        if (isPending(job)) return age > keepPaid;
        const list = operationByType(job.type)?.shape === 'employees';
        const guardsPayment = job.state === 'expired' || (job.state === 'collected' && list);
        return age > (guardsPayment ? keepPaid : keepFinished);
      });
    if (old.length === 0) return;
    removeJobs(
      this.deps.store,
      old.map((job) => job.key),
    );
    for (const job of old) this.jobs.delete(job.key);
    this.report.pruned = old.length;
  }
}

// --- Formulas waiting for a job -------------------------------------------------------------------

const WAITING_TEXTS: ReadonlySet<string> = new Set([CELL_TEXT.processing, CELL_TEXT.listRequested]);
/** `employeeListText` for a list that arrived and waits for its sheet. */
const LIST_ARRIVED = /^\d+ employees? found; writing them to a new sheet/;

/** Whether a cell shows one of the texts a formula shows while its job is not delivered yet. */
export function isWaitingText(value: unknown): boolean {
  return typeof value === 'string' && (WAITING_TEXTS.has(value) || LIST_ARRIVED.test(value));
}

/** What `getValues` answers for a cell whose formula threw. */
const FORMULA_ERROR = '#ERROR!';

const OUR_FUNCTION = new RegExp(`(^|[^A-Za-z0-9_.])(${FUNCTION_NAMES.join('|')})\\s*\\(`, 'i');

/** Whether a formula calls one of the add-on's custom functions. */
export function callsOurFunction(formula: string): boolean {
  return formula.startsWith('=') && OUR_FUNCTION.test(formula);
}

/**
 * The formula cells (1-based row and column within the grid given) to re-enter so they show what
 * their jobs delivered: a formula of ours that shows a waiting text, or whose spill area below it
 * does (a range formula answers one row per input row). Sheets re-runs a custom function only
 * when its arguments change, so without this the cell would say "Processing…" until the next edit.
 * `includeErrors` adds formulas showing an error: after the user re-runs an expired job, its
 * formula (which showed "expired") must pick up the new job.
 */
export function formulasToRefresh(
  values: readonly (readonly unknown[])[],
  formulas: readonly (readonly string[])[],
  options: { includeErrors?: boolean } = {},
): { row: number; column: number; formula: string }[] {
  const wanted = (value: unknown) =>
    isWaitingText(value) || (options.includeErrors === true && value === FORMULA_ERROR);
  const found = new Map<string, { row: number; column: number; formula: string }>();
  const width = Math.max(0, ...values.map((row) => row.length));
  for (let c = 0; c < width; c++) {
    let anchor: { row: number; formula: string } | null = null;
    for (let r = 0; r < values.length; r++) {
      const formula = formulas[r]?.[c] ?? '';
      if (formula !== '') anchor = callsOurFunction(formula) ? { row: r, formula } : null;
      if (anchor === null || !wanted(values[r]?.[c])) continue;
      found.set(`${anchor.row}:${c}`, { row: anchor.row + 1, column: c + 1, formula: anchor.formula });
    }
  }
  return [...found.values()];
}

// --- What the drivers tell the user ---------------------------------------------------------------

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One line per expired job: what it was and what it cost. */
export function expiredLine(job: JobRecord, now: number): string {
  const view = describeJob(job, now);
  return `${view.query}: the result expired before it was collected (it cost ${view.costText}).`;
}

export function failedLine(job: JobRecord, now: number): string {
  return `${describeJob(job, now).query}: ${job.message ?? 'the lookup failed.'}`;
}

/** One line for the sidebar or a menu alert. */
export function pumpSummary(report: PumpReport): string {
  if (report.busy) return 'Another collection is running; checking again shortly.';
  const parts: string[] = [];
  if (report.delivered.length > 0) parts.push(report.delivered.map((item) => item.message).join('; '));
  if (report.collected.length > 0)
    parts.push(`${plural(report.collected.length, 'result', 'results')} collected`);
  if (report.expired.length > 0) parts.push(`${plural(report.expired.length, 'job', 'jobs')} expired`);
  if (report.failed.length > 0) parts.push(`${plural(report.failed.length, 'job', 'jobs')} failed`);
  parts.push(
    report.pending > 0 ? `${plural(report.pending, 'job', 'jobs')} still pending` : 'nothing pending',
  );
  const text = parts.join('. ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
