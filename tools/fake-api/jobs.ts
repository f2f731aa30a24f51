// The fake API's jobs: an async lookup, or a sync one deferred under load (Load), answers 202 and
// finishes after a delay; it is charged when it completes and forgotten 10 minutes later
// (docs/api-spec.md).

import type { Account } from './accounts';
import { answer, type Revisions } from './answers';
import { creditsFor } from './catalog';
import { HOSTILE_JOB_ERROR, type HostileKind } from './hostile';
import type { DraftCall, Ledger } from './ledger';
import { Random } from './random';
import type { ParsedRequest } from './requests';

/** Which delay a job gets: the async full profile, employee lists, or a sync lookup under load. */
export type JobDelayKind = 'profile' | 'employees' | 'underLoad';

export const JOB_LIFETIME_MS = 10 * 60 * 1000;
export const DEFAULT_JOB_DELAY_MS: Readonly<Record<JobDelayKind, number>> = {
  profile: 60_000,
  employees: 20_000,
  underLoad: 5_000,
};

/** Inputs with this word make their job end in `error` (only jobs: a sync 200 cannot fail). */
const JOB_FAILS_MARKER = /job-fails/i;
export const JOB_FAILED_MESSAGE = 'Lookup failed: the data provider could not complete the request';
const INSUFFICIENT_AT_COMPLETION = 'Insufficient credits to complete the lookup';

export interface Job {
  readonly id: string;
  readonly account: Account;
  readonly request: ParsedRequest;
  readonly call: { credits: number };
  readonly readyAt: number;
  state: 'processing' | 'done' | 'error';
  /** A hostile job (hostile.ts): ends in this error, charged like any answered call. */
  readonly hostileError?: string;
  result?: unknown;
  message?: string;
  completedAt?: number;
}

interface JobSetup {
  readonly delays: Readonly<Record<JobDelayKind, number>>;
  readonly missRate: number;
  /** The data's revisions (answers.ts); none: revision 0. */
  readonly revisions?: Revisions;
  /** Seeds job ids. */
  readonly seed: number;
  readonly ledger: Ledger;
}

export class Jobs {
  readonly #setup: JobSetup;
  readonly #jobs = new Map<string, Job>();
  #counter = 0;

  constructor(setup: JobSetup) {
    this.#setup = setup;
  }

  get(id: string): Job | undefined {
    return this.#jobs.get(id);
  }

  start(
    now: number,
    account: Account,
    request: ParsedRequest,
    call: DraftCall,
    underLoad: boolean,
    hostile?: HostileKind,
  ): Job {
    this.#counter += 1;
    const id = `job_${new Random(`job:${this.#setup.seed}:${this.#counter}`).hex(12)}${this.#counter}`;
    const kind: JobDelayKind = underLoad
      ? 'underLoad'
      : request.op.answers === 'employees'
        ? 'employees'
        : 'profile';
    const job: Job = {
      id,
      account,
      request,
      call,
      // A stuck job (hostile.ts) never comes due: it stays `processing` and is never charged.
      readyAt: hostile === 'job-stuck' ? Number.POSITIVE_INFINITY : now + this.#setup.delays[kind],
      state: 'processing',
      ...(hostile === 'job-error' ? { hostileError: HOSTILE_JOB_ERROR } : {}),
    };
    this.#jobs.set(id, job);
    return job;
  }

  /**
   * Completes every job whose time has come, in completion order, charging each at its completion
   * time; forgets jobs 10 minutes after completion. Runs before anything reads state, so balances
   * are right even when nobody polls.
   */
  settle(now: number): void {
    const due = [...this.#jobs.values()]
      .filter((job) => job.state === 'processing' && job.readyAt <= now)
      .sort((a, b) => a.readyAt - b.readyAt);
    for (const job of due) this.#complete(job);
    for (const job of this.#jobs.values()) {
      if (job.completedAt !== undefined && now >= job.completedAt + JOB_LIFETIME_MS)
        this.#jobs.delete(job.id);
    }
  }

  #complete(job: Job): void {
    job.completedAt = job.readyAt;
    const { request, account } = job;
    if (job.hostileError !== undefined) {
      job.call.credits = this.#charge(job, null);
      fail(job, job.hostileError);
      return;
    }
    if (JOB_FAILS_MARKER.test(request.input)) {
      fail(job, JOB_FAILED_MESSAGE);
      return;
    }
    let result = answer(request, this.#setup.missRate, this.#setup.revisions?.of(request.op.type) ?? 0);
    if (request.op.price.per === 'employee' && Array.isArray(result)) {
      const affordable = Math.floor(account.credits / request.op.price.credits);
      if (result.length > 0 && affordable === 0) {
        fail(job, INSUFFICIENT_AT_COMPLETION);
        return;
      }
      result = result.slice(0, affordable);
    }
    if (creditsFor(request.op, result) > account.credits) {
      fail(job, INSUFFICIENT_AT_COMPLETION);
      return;
    }
    job.call.credits = this.#charge(job, result);
    job.state = 'done';
    job.result = result;
  }

  #charge(job: Job, result: unknown): number {
    return this.#setup.ledger.charge(job.account, job.request, result, job.readyAt, job.id);
  }
}

/** Which sync calls answer 202 under load: a fraction of them, spread evenly. */
export class Load {
  #fraction = 0;
  /** Accumulates the fraction per sync call; each whole unit defers one call, so the spread is even. */
  #credit = 0;

  set(fraction: number): void {
    this.#fraction = fraction;
    this.#credit = 0;
  }

  /** Whether this sync call is deferred to a job. */
  defers(): boolean {
    this.#credit += this.#fraction;
    if (this.#credit < 1 - 1e-9) return false;
    this.#credit -= 1;
    return true;
  }
}

function fail(job: Job, message: string): void {
  job.state = 'error';
  job.message = message;
}
