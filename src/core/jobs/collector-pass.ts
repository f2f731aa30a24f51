// One pass of the job collector, under the document lock: poll what is due, keep what was paid, deliver
// finished lists to their sheets, mark what expired or failed, prune old records.
import { checkJobs } from '../api/job-polling';
import type { CallOutcome, JobCheck } from '../api/outcome';
import { expireJob, settleJob } from '../billing/budget';
import { creditsFor, purchaseOutcome } from '../billing/charges';
import { cacheResolver } from '../billing/resolve';
import type { CachedAnswer, PaidEntry } from '../cache/entries';
import { isResultKey } from '../cache/keys';
import { operationByType } from '../operations/table';
import type { Operation } from '../operations/types';
import { BUSY, HELD_LOCK, tryWithLock } from '../platform/locked-section';
import { resultItems } from '../render/tables';
import { deliveryMessage, JOB_RECORD_TEXTS } from '../text/catalogue/jobs';
import { JOBS_ANSWERS } from '../text/catalogue/sidebar/jobs-answers';
import { errorMessage } from '../text/error-message';
import {
  COLLECTOR_DEFAULTS,
  type CollectorDeps,
  type CollectorOptions,
  type CollectorReport,
  emptyReport,
  pendingOf,
} from './collector-ports';
import { baseSheetName, buildEmployeeSheet, uniqueSheetName } from './employee-sheet';
import { afterNotFound } from './lost';
import {
  canRunAgain,
  isPending,
  type JobRecord,
  jobScope,
  nextPollDelayMs,
  readJobs,
  removeJobs,
  saveJobs,
  stillRunning,
} from './registry';
import { creditsRanOut, cutShortFrom } from './short-list';

const isInline = (job: JobRecord) => job.origin === 'inline';

const ownedBy = (job: JobRecord, scope: string) => isResultKey(job.key) && jobScope(job) === scope;

/** One pass, under the document lock; a busy lock answers `busy` at once and changes nothing. */
export function collectOnce(deps: CollectorDeps, options: CollectorOptions): CollectorReport {
  const report = tryWithLock(deps.lock, options.lockWaitMs, () => new Pass(deps, options).run());
  if (report !== BUSY) return report;
  const readAt = deps.client.clock.now();
  const mine = readJobs(deps.store).filter((job) => ownedBy(job, options.scope));
  return { ...emptyReport(true, readAt), ...pendingOf(mine) };
}

/** What a paid answer kept in the cache says, as the outcome of its job. */
function outcomeOf(answer: CachedAnswer): CallOutcome {
  return answer.kind === 'found' ? { kind: 'found', result: answer.result } : { kind: 'miss' };
}

class Pass {
  private readonly now: number;
  private readonly report: CollectorReport;
  /** This account's records, as this pass leaves them. */
  private readonly jobs = new Map<string, JobRecord>();
  private readonly sheetNames = new Map<string, string[]>();
  /** Whether the account's credits have run out, once asked in this pass. */
  private ranOut: boolean | undefined;

  constructor(
    private readonly deps: CollectorDeps,
    private readonly options: CollectorOptions,
  ) {
    this.now = deps.client.clock.now();
    this.report = emptyReport(false, this.now);
  }

  run(): CollectorReport {
    const all = readJobs(this.deps.store);
    for (const job of all) if (ownedBy(job, this.options.scope)) this.jobs.set(job.key, job);
    this.pollDue();
    this.deliverLists();
    this.prune(all);
    return { ...this.report, ...pendingOf([...this.jobs.values()]) };
  }

  private get budget() {
    const { store, cache } = this.deps;
    return { store, lock: HELD_LOCK, clock: this.deps.client.clock, resolve: cacheResolver(cache) };
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
      .slice(0, COLLECTOR_DEFAULTS.maxPolls);
    if (due.length === 0) return;
    // A job was paid when it started: a deleted hidden sheet (cache/lost.ts) never keeps it from
    // being collected. Only an answer saved since the job started is its own: an older one is what
    // the job was bought again to replace (Buy again, a bulk run's refresh).
    const keys = due.map((job) => job.key);
    const cached = this.deps.cache.getMany(keys, 'skip');
    for (const job of due)
      if ((cached.get(job.key)?.at ?? job.startedAt) < job.startedAt) cached.delete(job.key);
    const toPoll = due.filter((job) => !cached.has(job.key));
    const ids = toPoll.map((job) => job.id);
    const checks = checkJobs(this.deps.client, ids);
    this.report.polled += toPoll.length;

    const paid: PaidEntry[] = [];
    const changed = due.map((job) => {
      const answer = cached.get(job.key);
      if (answer) return this.finish(job, outcomeOf(answer), answer.credits).job;
      return this.afterCheck(job, checks[toPoll.indexOf(job)]!, paid);
    });
    // What was bought is kept before anything else is written: if a later write fails, it is safe.
    if (paid.length > 0) this.deps.cache.putMany(paid);
    saveJobs(this.deps.store, changed);
  }

  private afterCheck(job: JobRecord, check: JobCheck, paid: PaidEntry[]): JobRecord {
    const now = this.time();
    if (check.kind === 'processing') {
      // Running: said so now (jobs/lost.ts); past the limit, stalled and checked no more.
      const { message: _old, ...rest } = job;
      const next = this.update(stillRunning({ ...rest, aliveAt: now }, now));
      if (next.state === 'stalled') this.report.stalled.push(next);
      return next;
    }
    if (check.kind === 'unavailable') {
      return this.update({
        ...job,
        message: JOB_RECORD_TEXTS.unchecked(check.error.message),
        updatedAt: now,
        polls: job.polls + 1,
        nextPollAt: now + nextPollDelayMs(now - job.startedAt),
      });
    }
    if (check.kind === 'expired') {
      // A 404: lost when it cannot have expired yet (jobs/lost.ts), booked at its charge; or expired,
      // charged when it finished at a price known only when the same query is bought again: until
      // then it counts at its estimate (billing/budget.ts).
      const { next, charge } = afterNotFound(job, check.error.message, now);
      if (charge) settleJob(this.budget, this.options.day, job.id, charge);
      else expireJob(this.budget, this.options.day, job.id);
      (next.state === 'lost' ? this.report.failed : this.report.expired).push(this.update(next));
      return next;
    }
    const outcome: CallOutcome =
      check.kind === 'done' ? check.outcome : { kind: 'failed', error: check.error };
    const { job: next, entry } = this.finish(job, outcome);
    if (entry) paid.push(entry);
    return next;
  }

  /** A job with its answer: booked at its real charge; a list waits for its sheet, the rest is done. */
  private finish(job: JobRecord, outcome: CallOutcome, knownCredits?: number) {
    const now = this.time();
    const op = operationByType(job.type);
    if (!op) return { job: this.fail(job, JOBS_ANSWERS.unknownOperation.say(job.type)) };
    const credits = knownCredits ?? creditsFor(op, outcome);
    const charge = { type: job.type, credits, key: job.key, outcome: purchaseOutcome(outcome) };
    settleJob(this.budget, this.options.day, job.id, charge);
    const { message: _stale, ...rest } = job;
    const base = { ...rest, updatedAt: now, charged: credits, nextPollAt: now };
    if (outcome.kind === 'failed') return { job: this.fail(base, outcome.error.message) };
    if (outcome.kind === 'pending') return { job };
    const entry: PaidEntry = { key: job.key, outcome, credits };
    const listed = outcome.kind === 'found' ? resultItems(outcome.result).length : 0;
    if (op.shape === 'employees' && listed > 0)
      return { job: this.update({ ...base, state: 'done' }), entry };
    const message = op.shape === 'employees' ? JOB_RECORD_TEXTS.noEmployees : undefined;
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
    const keys = waiting.map((job) => job.key);
    const answers = this.deps.cache.getMany(keys, 'skip');
    let written = 0;
    for (const job of waiting) {
      const op = operationByType(job.type);
      if (op?.shape !== 'employees') {
        // A non-list answer needs no delivery: the formula reads it from the cache.
        saveJobs(this.deps.store, [this.update({ ...job, state: 'collected', updatedAt: now })]);
        continue;
      }
      if (written > 0 && this.time() - this.now >= COLLECTOR_DEFAULTS.maxHoldMs) break;
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
    const message = answer ? JOB_RECORD_TEXTS.noEmployees : JOB_RECORD_TEXTS.notStored;
    const state: JobRecord['state'] = answer ? 'collected' : 'expired';
    const next = this.update({ ...job, state, updatedAt: this.time(), message });
    (answer ? this.report.collected : this.report.expired).push(next);
    return next;
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
      // Asked of the API once a pass, for free, and only of a list shorter than asked.
      const ranOut = () => (this.ranOut ??= creditsRanOut(this.deps.client));
      const cutFrom = cutShortFrom(job.request, answer.result, ranOut);
      const sheet = buildEmployeeSheet({
        ...(cutFrom === undefined ? {} : { cutFrom }),
        op,
        request: job.request,
        result: answer.result,
        name: current.sheetName!,
        ...(current.replaces === undefined ? {} : { replaces: current.replaces }),
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
      const message = deliveryMessage(sheet.employees, used, cutFrom);
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
    if (attempts >= COLLECTOR_DEFAULTS.maxDeliveryAttempts)
      return this.fail({ ...job, deliveryAttempts: attempts }, JOB_RECORD_TEXTS.sheetNotWritten(reason));
    return this.update({
      ...job,
      deliveryAttempts: attempts,
      updatedAt: this.time(),
      nextPollAt: this.time() + COLLECTOR_DEFAULTS.deliveryRetryMs,
      message: JOB_RECORD_TEXTS.sheetNotYet(reason),
    });
  }

  /** The spreadsheet's sheet names, asked once a pass. */
  private namesIn(spreadsheetId: string): string[] {
    const names = this.sheetNames.get(spreadsheetId) ?? this.deps.sheets.sheetNames(spreadsheetId);
    this.sheetNames.set(spreadsheetId, names);
    return names;
  }

  /**
   * Forgets finished records once the sidebar no longer needs them and no formula depends on them.
   * Pending jobs, delivered lists and expired or lost jobs stay, as a paid answer does, whatever
   * their age: without its record a recalculated list formula would ask for a second sheet, and an
   * expired or lost one would be bought again.
   */
  private prune(all: readonly JobRecord[]): void {
    const old = all
      .map((job) => this.jobs.get(job.key) ?? job)
      .filter((job) => {
        const list = operationByType(job.type)?.shape === 'employees';
        const guardsPayment = isPending(job) || canRunAgain(job) || (job.state === 'collected' && list);
        return !guardsPayment && this.now - job.updatedAt > COLLECTOR_DEFAULTS.keepFinishedMs;
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
