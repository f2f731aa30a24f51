// A faithful fake of the enrichment API (docs/api-spec.md) as a pure request handler: no real time
// (an injected clock), no network, no randomness. Accounts, jobs and a ledger of every call and
// charge live in memory so tests can assert exact spend. README.md here lists the spec's gaps filled.

import { type Account, Accounts } from './accounts';
import { answer, Revisions } from './answers';
import type { OperationType } from './catalog';
import { type HostileKind, type HostileOptions, Hostility, hostilePost, isJobKind } from './hostile';
import {
  errorResponse,
  type Failure,
  type FailureScope,
  type FakeRequest,
  type FakeResponse,
  failureResponse,
  JSON_HEADERS,
  jsonResponse,
} from './http';
import { DEFAULT_JOB_DELAY_MS, JOB_FAILED_MESSAGE, type JobDelayKind, Jobs, Load } from './jobs';
import { echoedProviderError, echoMessage, type KeyEcho, withEchoedKey } from './key-echo';
import { type CallRecord, type ChargeRecord, type DraftCall, Ledger } from './ledger';
import { DEFAULT_RATE_LIMIT_PER_SECOND, RateLimiter, type RateLimiterKind } from './rate-limit';
import { lowerCaseKeys, type ParsedRequest, parseEnrichment, pathOf, routeOf } from './requests';
import { Storm } from './storm';
import type { AsyncAcceptedResponse, JobStatusResponse, SuccessResponse } from './wire-types';

export interface FakeClock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface FakeApiOptions {
  clock: FakeClock;
  /** POSTs per key in any sliding 1 s window; `Infinity` disables the limit. Default 10. */
  rateLimitPerSecond?: number;
  /**
   * How the limit is kept (the spec does not say): 'sliding-window' (default) admits a POST when no
   * one-second window holding it would then hold more than the limit, and counts only admitted
   * POSTs; 'token-bucket' holds `rateLimitPerSecond` tokens, refilled at that rate, and every POST
   * takes one, a refused one too, so hammering a full bucket keeps it empty.
   */
  rateLimiter?: RateLimiterKind;
  jobDelayMs?: Partial<Record<JobDelayKind, number>>;
  /** Fraction of lookups that find nothing, chosen by a hash of type and input. Default 0. */
  missRate?: number;
  /** Fraction of sync calls answered with 202 instead of 200. Default 0. */
  load?: number;
  /** Origin used in `poll_url`; default: the request's origin or its Host header. */
  baseUrl?: string;
  /** Seeds generated API keys and job ids; data never depends on it. */
  seed?: number;
}

export class FakeApi {
  private readonly clock: FakeClock;
  private readonly limiter: RateLimiter;
  private readonly missRate: number;
  private readonly baseUrl: string | undefined;
  private readonly seed: number;
  private readonly accounts: Accounts;
  private readonly jobs: Jobs;
  private readonly failures: Failure[] = [];
  private readonly storm = new Storm();
  /** Operations whose sync answers echo the caller's key (key-echo.ts). */
  private readonly keyEchoes = new Map<string, KeyEcho>();
  private readonly ledger = new Ledger();
  private readonly load = new Load();
  private readonly hostility = new Hostility();
  private readonly revisions = new Revisions();

  constructor(options: FakeApiOptions) {
    this.clock = options.clock;
    this.limiter = new RateLimiter(
      options.rateLimitPerSecond ?? DEFAULT_RATE_LIMIT_PER_SECOND,
      options.rateLimiter ?? 'sliding-window',
    );
    this.missRate = fraction('missRate', options.missRate ?? 0);
    this.baseUrl = options.baseUrl?.replace(/\/+$/, '');
    this.seed = options.seed ?? 1;
    this.accounts = new Accounts(this.seed);
    this.jobs = new Jobs({
      delays: { ...DEFAULT_JOB_DELAY_MS, ...options.jobDelayMs },
      missRate: this.missRate,
      revisions: this.revisions,
      seed: this.seed,
      ledger: this.ledger,
    });
    this.setLoad(options.load ?? 0);
  }

  // --- Test and demo controls ------------------------------------------------------------------

  /** Opens an account and returns its API key (generated unless given). */
  createAccount(options: { credits?: number; key?: string } = {}): string {
    return this.accounts.open(options, this.limiter.fresh(this.clock.now()));
  }

  addCredits(key: string, credits: number): void {
    this.accounts.get(key).credits += credits;
  }

  /** The next `count` requests (of `scope`) answer `status` with `body` (default a JSON error). */
  failNext(count: number, status = 503, body?: string, scope: FailureScope = 'any'): void {
    if (!Number.isInteger(status) || status < 500 || status > 599) {
      throw new RangeError('failNext takes a 5xx status');
    }
    for (let i = 0; i < count; i++) this.failures.push({ status, body, scope });
  }

  /** Refuses POSTs with 429 and `retryAfter`, whatever the rate: for `forMs`, or the next `count`. */
  refuse(storm: { forMs?: number; count?: number; retryAfter: string }): void {
    this.storm.start(this.clock.now(), storm);
  }

  /** Sync answers of `type` echo the key in `echo.form` at `echo.place` (key-echo.ts); null stops. */
  echoKey(type: OperationType, echo: KeyEcho | null): void {
    if (echo === null) this.keyEchoes.delete(type);
    else this.keyEchoes.set(type, echo);
  }

  /** From now on `type` (or every operation) answers with a hostile `kind`; null turns it off. */
  setHostile(type: OperationType | 'any', kind: HostileKind | null, options: HostileOptions = {}): void {
    this.hostility.set(type, kind, options);
  }

  /** From now on this fraction of sync calls answers 202 and finishes as a job. */
  /** From now on, `type`'s answers (every operation's without one) come from the next revision of the data. */
  reviseData(type?: OperationType): void {
    this.revisions.bump(type);
  }

  setLoad(load: number): void {
    this.load.set(fraction('load', load));
  }

  // -------------------------------------------------------------------------------------------
  // Ledger.

  get calls(): readonly CallRecord[] {
    this.settle();
    return this.ledger.calls;
  }

  get charges(): readonly ChargeRecord[] {
    this.settle();
    return this.ledger.charges;
  }

  balance(key: string): number {
    this.settle();
    return this.accounts.get(key).credits;
  }

  spent(key: string): number {
    return this.chargesFor(key).reduce((sum, charge) => sum + charge.credits, 0);
  }

  callsFor(key: string): CallRecord[] {
    const id = this.accounts.get(key).id;
    return this.calls.filter((call) => call.account === id);
  }

  chargesFor(key: string): ChargeRecord[] {
    const id = this.accounts.get(key).id;
    return this.charges.filter((charge) => charge.account === id);
  }

  // -------------------------------------------------------------------------------------------
  // The handler.

  handle(request: FakeRequest): FakeResponse {
    this.settle();
    const headers = lowerCaseKeys(request.headers);
    const path = pathOf(request.url);
    const auth = this.accounts.authenticate(headers.authorization);
    const call: DraftCall = {
      at: this.clock.now(),
      method: request.method.toUpperCase(),
      path,
      account: auth.account?.id ?? null,
      type: null,
      input: null,
      status: 0,
      credits: 0,
      jobId: null,
    };
    this.ledger.calls.push(call);
    const response = this.respond(request, headers, path, auth, call);
    call.status = response.status;
    return response;
  }

  private respond(
    request: FakeRequest,
    headers: Record<string, string>,
    path: string,
    auth: { account?: Account; error?: string },
    call: DraftCall,
  ): FakeResponse {
    const route = routeOf(path);
    if (route === null) return errorResponse(404, 'Not found');
    const method = request.method.toUpperCase();
    const expected = route.kind === 'enrich' ? 'POST' : 'GET';
    if (method !== expected) {
      return { ...errorResponse(405, 'Method not allowed'), headers: { ...JSON_HEADERS, allow: expected } };
    }
    const failure = this.takeFailure(route.kind);
    if (failure) return failureResponse(failure);
    if (auth.account === undefined) return errorResponse(401, auth.error ?? 'Invalid API key');
    if (route.kind === 'status') return this.jobStatus(route.jobId, auth.account, call);
    return this.enrich(request, headers, auth.account, call);
  }

  private enrich(
    request: FakeRequest,
    headers: Record<string, string>,
    account: Account,
    call: DraftCall,
  ): FakeResponse {
    const stormed = this.storm.refusal(this.clock.now());
    if (stormed) return stormed;
    if (!this.limiter.admit(account, this.clock.now())) {
      return {
        ...errorResponse(429, `Rate limit exceeded: at most ${this.limiter.limit} requests per second`),
        headers: { ...JSON_HEADERS, 'retry-after': '1' },
      };
    }
    const parsed = parseEnrichment(request.body, headers['content-type']);
    call.type = parsed.type;
    call.input = parsed.input;
    if ('error' in parsed) return errorResponse(422, parsed.error);
    const { op } = parsed.request;
    // Employee lists cost per employee returned, so one employee's price is the least a call needs.
    const least = op.price.credits;
    if (account.credits < least) {
      const price = op.price.per === 'call' ? `${least}` : `at least ${least}`;
      return errorResponse(
        402,
        `Insufficient credits: ${op.type} costs ${price}, balance is ${account.credits}`,
      );
    }
    const hostile = this.hostility.of(op.type, parsed.request.input);
    if (hostile !== undefined && !isJobKind(hostile.kind)) {
      const post = hostilePost(op, parsed.request.input, hostile);
      call.credits = this.ledger.charge(account, parsed.request, post.result ?? null, this.clock.now(), null);
      return { status: post.status, headers: { 'content-type': post.contentType }, body: post.body };
    }
    if (op.mode === 'async' || hostile !== undefined || this.load.defers()) {
      return this.accept(request, headers, account, parsed.request, call, hostile?.kind);
    }
    return this.answerNow(headers, account, parsed.request, call);
  }

  /** 202: the lookup finishes as a job, polled at its status URL. */
  private accept(
    request: FakeRequest,
    headers: Record<string, string>,
    account: Account,
    parsed: ParsedRequest,
    call: DraftCall,
    hostile: HostileKind | undefined,
  ): FakeResponse {
    const underLoad = parsed.op.mode === 'sync';
    const job = this.jobs.start(this.clock.now(), account, parsed, call, underLoad, hostile);
    call.jobId = job.id;
    const accepted: AsyncAcceptedResponse = {
      status: 'processing',
      job_id: job.id,
      poll_url: `${this.originOf(request.url, headers.host)}/status/${job.id}`,
    };
    return jsonResponse(202, accepted);
  }

  /** 200 with the answer, the caller's key echoed in it where a test asked (key-echo.ts). */
  private answerNow(
    headers: Record<string, string>,
    account: Account,
    parsed: ParsedRequest,
    call: DraftCall,
  ): FakeResponse {
    const echo = this.keyEchoes.get(parsed.op.type);
    const key = /^Bearer\s+(\S+)/i.exec(headers.authorization?.trim() ?? '')?.[1] ?? '';
    if (echo?.place === 'invalid-input') return errorResponse(422, echoMessage(key, echo.form));
    const found = answer(parsed, this.missRate, this.revisions.of(parsed.op.type));
    const result =
      echo === undefined
        ? found
        : echo.place === 'provider-error'
          ? echoedProviderError(key, echo.form)
          : withEchoedKey(found, key, echo.form);
    call.credits = this.ledger.charge(account, parsed, result, this.clock.now(), null);
    const success: SuccessResponse = { status: 'success', result };
    return jsonResponse(200, success);
  }

  private jobStatus(jobId: string, account: Account, call: DraftCall): FakeResponse {
    const job = this.jobs.get(jobId);
    // Another account's job is as invisible as one that never existed.
    if (job === undefined || job.account !== account) return errorResponse(404, 'Job not found or expired');
    call.jobId = job.id;
    call.type = job.request.op.type;
    call.input = job.request.input;
    let body: JobStatusResponse;
    if (job.state === 'processing') body = { status: 'processing' };
    else if (job.state === 'done') body = { status: 'done', result: job.result };
    else body = { status: 'error', message: job.message ?? JOB_FAILED_MESSAGE };
    return jsonResponse(200, body);
  }

  // -------------------------------------------------------------------------------------------
  // Load, injected failures, poll URLs.

  private takeFailure(scope: 'enrich' | 'status'): Failure | undefined {
    const index = this.failures.findIndex((failure) => failure.scope === 'any' || failure.scope === scope);
    return index === -1 ? undefined : this.failures.splice(index, 1)[0];
  }

  private originOf(url: string, host: string | undefined): string {
    if (this.baseUrl !== undefined) return this.baseUrl;
    if (/^https?:\/\//i.test(url)) return new URL(url).origin;
    return host ? `http://${host}` : 'http://127.0.0.1';
  }

  /** Completes the jobs whose time has come: balances are right even when nobody polls. */
  private settle(): void {
    this.jobs.settle(this.clock.now());
  }
}

function fraction(name: string, value: number): number {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be between 0 and 1`);
  return value;
}
