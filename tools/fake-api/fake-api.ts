// A faithful fake of the enrichment API (docs/api-spec.md) as a pure request
// handler: no real time (an injected clock), no network, no randomness. Accounts, jobs and a ledger
// of every call and charge live in memory so tests can assert exact spend. README.md in this folder
// lists the choices made where the spec is silent.
import { creditsFor, type FakeOperation, type OperationType, type OptionName, operationOf } from './catalog';
import { lookup } from './data';
import { HOSTILE_JOB_ERROR, type HostileKind, type HostileOptions, Hostility, hostilePost } from './hostile';
import { echoedProviderError, echoMessage, type KeyEcho, withEchoedKey } from './key-echo';
import type { EmployeeFilters } from './profiles';
import { hashFraction, Random } from './random';
import type { AsyncAcceptedResponse, ErrorResponse, JobStatusResponse, SuccessResponse } from './wire-types';

export interface FakeClock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface FakeRequest {
  method: string;
  /** A full URL or a path; only the path matters. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FakeResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Which delay a job gets: the async full profile, employee lists, or a sync lookup under load. */
export type JobDelayKind = 'profile' | 'employees' | 'underLoad';

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
  rateLimiter?: 'sliding-window' | 'token-bucket';
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

export type FailureScope = 'any' | 'enrich' | 'status';

export interface CallRecord {
  readonly at: number;
  readonly method: string;
  readonly path: string;
  /** Account id (never the key), or null when the request carried no valid key. */
  readonly account: string | null;
  readonly type: string | null;
  readonly input: string | null;
  readonly status: number;
  /** What this call cost: for an async call 0 until its job completes, then the charge. */
  readonly credits: number;
  readonly jobId: string | null;
}

export interface ChargeRecord {
  readonly at: number;
  readonly account: string;
  readonly type: OperationType;
  readonly input: string;
  readonly credits: number;
  readonly jobId: string | null;
  /** Employees returned, for the per-employee operations. */
  readonly employees: number | null;
}

export const STARTING_CREDITS = 25;
export const DEFAULT_RATE_LIMIT_PER_SECOND = 10;
export const RATE_WINDOW_MS = 1000;
export const JOB_LIFETIME_MS = 10 * 60 * 1000;
export const DEFAULT_JOB_DELAY_MS: Readonly<Record<JobDelayKind, number>> = {
  profile: 60_000,
  employees: 20_000,
  underLoad: 5_000,
};

/** Inputs with these words never match anything (charged like any miss). */
const MISS_MARKER = /nobody|notfound/i;
/** Inputs with this word get a provider failure inside a 200 success (docs/api-behaviour.md). */
const PROVIDER_ERROR_MARKER = /provider-error/i;
/** Inputs with this word make their job end in `error` (only jobs: a sync 200 cannot fail). */
const JOB_FAILS_MARKER = /job-fails/i;
const JOB_FAILED_MESSAGE = 'Lookup failed: the data provider could not complete the request';
const INSUFFICIENT_AT_COMPLETION = 'Insufficient credits to complete the lookup';

/** A plain HTML error page, as a gateway in front of the real API would send. */
export const HTML_ERROR_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const OPTION_NAMES: readonly OptionName[] = ['department', 'seniority', 'employee_count'];

interface Account {
  readonly id: string;
  credits: number;
  /** Times of the POSTs admitted lately, ascending. */
  recent: number[];
  /** The token bucket's tokens (may go below 0: refused calls count) and when it was refilled. */
  bucket: { tokens: number; at: number };
}

interface ParsedRequest {
  readonly op: FakeOperation;
  readonly input: string;
  readonly filters: EmployeeFilters;
}

interface Job {
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

interface Failure {
  readonly status: number;
  readonly body: string | undefined;
  readonly scope: FailureScope;
}

type Route = { kind: 'enrich' } | { kind: 'status'; jobId: string };

/** A mutable call record while the request is handled; exposed read-only. */
type DraftCall = { -readonly [K in keyof CallRecord]: CallRecord[K] };

export class FakeApi {
  private readonly clock: FakeClock;
  private readonly rateLimit: number;
  private readonly rateLimiter: 'sliding-window' | 'token-bucket';
  private readonly jobDelay: Readonly<Record<JobDelayKind, number>>;
  private readonly missRate: number;
  private readonly baseUrl: string | undefined;
  private readonly seed: number;
  /** The only place keys are kept. */
  private readonly accounts = new Map<string, Account>();
  private readonly jobs = new Map<string, Job>();
  private readonly failures: Failure[] = [];
  /** Operations whose sync answers echo the caller's key (key-echo.ts). */
  private readonly keyEchoes = new Map<string, KeyEcho>();
  private readonly callLog: DraftCall[] = [];
  private readonly chargeLog: ChargeRecord[] = [];
  private load = 0;
  /** Accumulates `load` per sync call; each whole unit defers one call, so the spread is even. */
  private loadCredit = 0;
  private jobCounter = 0;
  private readonly hostility = new Hostility();

  constructor(options: FakeApiOptions) {
    this.clock = options.clock;
    this.rateLimit = options.rateLimitPerSecond ?? DEFAULT_RATE_LIMIT_PER_SECOND;
    this.rateLimiter = options.rateLimiter ?? 'sliding-window';
    this.jobDelay = { ...DEFAULT_JOB_DELAY_MS, ...options.jobDelayMs };
    this.missRate = fraction('missRate', options.missRate ?? 0);
    this.baseUrl = options.baseUrl?.replace(/\/+$/, '');
    this.seed = options.seed ?? 1;
    this.setLoad(options.load ?? 0);
  }

  // -------------------------------------------------------------------------------------------
  // Test and demo controls.

  /** Opens an account and returns its API key (generated unless given). */
  createAccount(options: { credits?: number; key?: string } = {}): string {
    const key = options.key ?? `fk_test_${new Random(`key:${this.seed}:${this.accounts.size}`).hex(32)}`;
    if (!/^\S+$/.test(key)) throw new Error('An API key must be non-empty and without spaces');
    if (this.accounts.has(key)) throw new Error('An account with this key already exists');
    this.accounts.set(key, {
      id: `acct_${this.accounts.size + 1}`,
      credits: options.credits ?? STARTING_CREDITS,
      recent: [],
      bucket: { tokens: this.rateLimit, at: this.clock.now() },
    });
    return key;
  }

  addCredits(key: string, credits: number): void {
    this.account(key).credits += credits;
  }

  /** The next `count` requests (of `scope`) answer `status` with `body` (default a JSON error). */
  failNext(count: number, status = 503, body?: string, scope: FailureScope = 'any'): void {
    if (!Number.isInteger(status) || status < 500 || status > 599) {
      throw new RangeError('failNext takes a 5xx status');
    }
    for (let i = 0; i < count; i++) this.failures.push({ status, body, scope });
  }

  /**
   * From now on the operation's sync answers echo the caller's key in `echo.form`, at
   * `echo.place` (key-echo.ts); null stops it. Jobs are left alone.
   */
  echoKey(type: OperationType, echo: KeyEcho | null): void {
    if (echo === null) this.keyEchoes.delete(type);
    else this.keyEchoes.set(type, echo);
  }

  /** From now on `type` (or every operation) answers with a hostile `kind`; null turns it off. */
  setHostile(type: OperationType | 'any', kind: HostileKind | null, options: HostileOptions = {}): void {
    this.hostility.set(type, kind, options);
  }

  /** From now on this fraction of sync calls answers 202 and finishes as a job. */
  setLoad(load: number): void {
    this.load = fraction('load', load);
    this.loadCredit = 0;
  }

  // -------------------------------------------------------------------------------------------
  // Ledger.

  get calls(): readonly CallRecord[] {
    this.settle();
    return this.callLog;
  }

  get charges(): readonly ChargeRecord[] {
    this.settle();
    return this.chargeLog;
  }

  balance(key: string): number {
    this.settle();
    return this.account(key).credits;
  }

  spent(key: string): number {
    return this.chargesFor(key).reduce((sum, charge) => sum + charge.credits, 0);
  }

  callsFor(key: string): CallRecord[] {
    const id = this.account(key).id;
    return this.calls.filter((call) => call.account === id);
  }

  chargesFor(key: string): ChargeRecord[] {
    const id = this.account(key).id;
    return this.charges.filter((charge) => charge.account === id);
  }

  // -------------------------------------------------------------------------------------------
  // The handler.

  handle(request: FakeRequest): FakeResponse {
    this.settle();
    const headers = lowerCaseKeys(request.headers);
    const path = pathOf(request.url);
    const auth = this.authenticate(headers.authorization);
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
    this.callLog.push(call);
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
    if (!this.admit(account)) {
      return {
        ...errorResponse(429, `Rate limit exceeded: at most ${this.rateLimit} requests per second`),
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
    if (hostile !== undefined && hostile.kind !== 'job-error') {
      const post = hostilePost(op, parsed.request.input, hostile);
      call.credits = this.charge(account, parsed.request, post.result ?? null, null);
      return { status: post.status, headers: { 'content-type': post.contentType }, body: post.body };
    }
    if (op.mode === 'async' || hostile !== undefined || this.deferUnderLoad()) {
      const job = this.startJob(account, parsed.request, call, op.mode === 'sync', hostile !== undefined);
      call.jobId = job.id;
      const accepted: AsyncAcceptedResponse = {
        status: 'processing',
        job_id: job.id,
        poll_url: `${this.originOf(request.url, headers.host)}/status/${job.id}`,
      };
      return jsonResponse(202, accepted);
    }
    const echo = this.keyEchoes.get(op.type);
    const key = /^Bearer\s+(\S+)/i.exec(headers.authorization?.trim() ?? '')?.[1] ?? '';
    if (echo?.place === 'invalid-input') return errorResponse(422, echoMessage(key, echo.form));
    const found = answer(parsed.request, this.missRate);
    const result =
      echo === undefined
        ? found
        : echo.place === 'provider-error'
          ? echoedProviderError(key, echo.form)
          : withEchoedKey(found, key, echo.form);
    call.credits = this.charge(account, parsed.request, result, null);
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
  // Accounts, rate limit, load.

  private account(key: string): Account {
    const account = this.accounts.get(key);
    if (account === undefined) throw new Error('Unknown account');
    return account;
  }

  private authenticate(header: string | undefined): { account?: Account; error?: string } {
    if (header === undefined || header.trim() === '') return { error: 'Missing API key' };
    const key = /^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1];
    const account = key === undefined ? undefined : this.accounts.get(key);
    return account === undefined ? { error: 'Invalid API key' } : { account };
  }

  /**
   * Sliding window: a POST is admitted when no one-second window that holds it would then hold
   * more than the limit. Looking both ways in time, not only back, keeps the check exact when the
   * emulator replays executions that ran at the same time one after another (test/emulator/race.ts),
   * so their POSTs arrive out of time order.
   */
  private admit(account: Account): boolean {
    if (this.rateLimiter === 'token-bucket') return this.takeToken(account);
    const now = this.clock.now();
    const sent = account.recent;
    const countUpTo = (time: number) => sortedCountAtOrBefore(sent, time);
    const windowEnds = [now, ...sent.filter((at) => at >= now && at < now + RATE_WINDOW_MS)];
    for (const end of windowEnds) {
      if (countUpTo(end) - countUpTo(end - RATE_WINDOW_MS) >= this.rateLimit) return false;
    }
    sent.splice(countUpTo(now), 0, now);
    // Out-of-order arrivals stay within a formula's 30 s; a minute back is plenty to remember.
    const forgetBefore = sent[sent.length - 1]! - 60_000;
    if (sent[0]! < forgetBefore) account.recent = sent.filter((at) => at >= forgetBefore);
    return true;
  }

  private takeToken(account: Account): boolean {
    const now = this.clock.now();
    const { bucket } = account;
    if (now > bucket.at) {
      bucket.tokens = Math.min(
        this.rateLimit,
        bucket.tokens + ((now - bucket.at) / RATE_WINDOW_MS) * this.rateLimit,
      );
      bucket.at = now;
    }
    const admitted = bucket.tokens >= 1;
    // A refused call costs a token too, down to one second of debt.
    bucket.tokens = Math.max(-this.rateLimit, bucket.tokens - 1);
    return admitted;
  }

  private deferUnderLoad(): boolean {
    this.loadCredit += this.load;
    if (this.loadCredit < 1 - 1e-9) return false;
    this.loadCredit -= 1;
    return true;
  }

  private takeFailure(scope: 'enrich' | 'status'): Failure | undefined {
    const index = this.failures.findIndex((failure) => failure.scope === 'any' || failure.scope === scope);
    return index === -1 ? undefined : this.failures.splice(index, 1)[0];
  }

  private originOf(url: string, host: string | undefined): string {
    if (this.baseUrl !== undefined) return this.baseUrl;
    if (/^https?:\/\//i.test(url)) return new URL(url).origin;
    return host ? `http://${host}` : 'http://127.0.0.1';
  }

  // -------------------------------------------------------------------------------------------
  // Jobs and charging.

  private startJob(
    account: Account,
    request: ParsedRequest,
    call: DraftCall,
    underLoad: boolean,
    hostile = false,
  ): Job {
    this.jobCounter += 1;
    const id = `job_${new Random(`job:${this.seed}:${this.jobCounter}`).hex(12)}${this.jobCounter}`;
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
      readyAt: this.clock.now() + this.jobDelay[kind],
      state: 'processing',
      ...(hostile ? { hostileError: HOSTILE_JOB_ERROR } : {}),
    };
    this.jobs.set(id, job);
    return job;
  }

  /**
   * Completes every job whose time has come, in completion order, charging each at its completion
   * time; forgets jobs 10 minutes after completion. Runs before anything reads state, so balances
   * are right even when nobody polls.
   */
  private settle(): void {
    const now = this.clock.now();
    const due = [...this.jobs.values()]
      .filter((job) => job.state === 'processing' && job.readyAt <= now)
      .sort((a, b) => a.readyAt - b.readyAt);
    for (const job of due) this.complete(job);
    for (const job of this.jobs.values()) {
      if (job.completedAt !== undefined && now >= job.completedAt + JOB_LIFETIME_MS) this.jobs.delete(job.id);
    }
  }

  private complete(job: Job): void {
    job.completedAt = job.readyAt;
    const { request, account } = job;
    if (job.hostileError !== undefined) {
      job.call.credits = this.charge(account, request, null, job);
      this.fail(job, job.hostileError);
      return;
    }
    if (JOB_FAILS_MARKER.test(request.input)) {
      this.fail(job, JOB_FAILED_MESSAGE);
      return;
    }
    let result = answer(request, this.missRate);
    if (request.op.price.per === 'employee' && Array.isArray(result)) {
      const affordable = Math.floor(account.credits / request.op.price.credits);
      if (result.length > 0 && affordable === 0) {
        this.fail(job, INSUFFICIENT_AT_COMPLETION);
        return;
      }
      result = result.slice(0, affordable);
    }
    if (creditsFor(request.op, result) > account.credits) {
      this.fail(job, INSUFFICIENT_AT_COMPLETION);
      return;
    }
    job.call.credits = this.charge(account, request, result, job);
    job.state = 'done';
    job.result = result;
  }

  private fail(job: Job, message: string): void {
    job.state = 'error';
    job.message = message;
  }

  private charge(account: Account, request: ParsedRequest, result: unknown, job: Job | null): number {
    const credits = creditsFor(request.op, result);
    if (credits === 0) return 0;
    account.credits -= credits;
    this.chargeLog.push({
      at: job?.readyAt ?? this.clock.now(),
      account: account.id,
      type: request.op.type,
      input: request.input,
      credits,
      jobId: job?.id ?? null,
      employees: request.op.price.per === 'employee' && Array.isArray(result) ? result.length : null,
    });
    return credits;
  }
}

// ---------------------------------------------------------------------------------------------
// Pure helpers.

const PROVIDER_ERROR_RESULT = {
  error: { code: 'provider_unavailable', message: 'Upstream provider timed out' },
} as const;

/** What a lookup answers: a provider error, a miss (null) or the generated data. */
function answer(request: ParsedRequest, missRate: number): unknown {
  if (PROVIDER_ERROR_MARKER.test(request.input)) return structuredClone(PROVIDER_ERROR_RESULT);
  if (MISS_MARKER.test(request.input)) return null;
  if (hashFraction(`miss:${request.op.type}:${request.input}`) < missRate) return null;
  return lookup(request.op.type, request.input, request.filters);
}

type Parsed =
  | { request: ParsedRequest; type: string; input: string }
  | { error: string; type: string | null; input: string | null };

function parseEnrichment(body: string | undefined, contentType: string | undefined): Parsed {
  const invalid = (error: string, type: string | null = null, input: string | null = null): Parsed => ({
    error,
    type,
    input,
  });
  if (contentType !== undefined && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim())) {
    return invalid('Content-Type must be application/json');
  }
  let json: unknown;
  try {
    json = JSON.parse(body ?? '');
  } catch {
    return invalid('Request body must be a JSON object');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return invalid('Request body must be a JSON object');
  }
  const fields = json as Record<string, unknown>;
  const type = typeof fields.type === 'string' ? fields.type : null;
  const input = typeof fields.input_data === 'string' ? fields.input_data : null;
  if (type === null) return invalid('type is required');
  const op = operationOf(type);
  if (op === undefined) return invalid(`Unknown type "${type.slice(0, 80)}"`, type, input);
  if (input === null || input.length === 0)
    return invalid('input_data must be a non-empty string', type, input);
  const filters = parseFilters(fields, op);
  if (typeof filters === 'string') return invalid(filters, type, input);
  return { request: { op, input, filters }, type, input };
}

/** The employee-list options of a request, or why they are refused. */
function parseFilters(
  fields: Record<string, unknown>,
  op: { options: readonly string[] },
): EmployeeFilters | string {
  const filters: { -readonly [K in keyof EmployeeFilters]: EmployeeFilters[K] } = {};
  for (const name of OPTION_NAMES) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    if (!op.options.includes(name)) return `${name} is only accepted by employee-list operations`;
    if (name === 'employee_count') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
        return 'employee_count must be an integer of at least 1';
      filters.limit = value;
    } else {
      if (typeof value !== 'string' || value.trim() === '') return `${name} must be a non-empty string`;
      filters[name] = value;
    }
  }
  return filters;
}

function routeOf(path: string): Route | null {
  if (path === '/') return { kind: 'enrich' };
  const jobId = /^\/status\/([^/]+)$/.exec(path)?.[1];
  return jobId === undefined ? null : { kind: 'status', jobId: safeDecode(jobId) };
}

function pathOf(url: string): string {
  if (url.startsWith('/')) return url.replace(/[?#].*$/, '');
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function fraction(name: string, value: number): number {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be between 0 and 1`);
  return value;
}

function jsonResponse(status: number, body: unknown): FakeResponse {
  return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

function errorResponse(status: number, message: string): FakeResponse {
  const body: ErrorResponse = { status: 'error', message };
  return jsonResponse(status, body);
}

function failureResponse(failure: Failure): FakeResponse {
  const headers: Record<string, string> = failure.status === 503 ? { 'retry-after': '30' } : {};
  if (failure.body === undefined) {
    const message = failure.status === 503 ? 'Service temporarily unavailable' : 'Internal server error';
    const response = errorResponse(failure.status, message);
    return { ...response, headers: { ...response.headers, ...headers } };
  }
  return {
    status: failure.status,
    headers: { 'content-type': sniffContentType(failure.body), ...headers },
    body: failure.body,
  };
}

function sniffContentType(body: string): string {
  if (body.trimStart().startsWith('<')) return 'text/html; charset=utf-8';
  try {
    JSON.parse(body);
    return JSON_HEADERS['content-type'];
  } catch {
    return 'text/plain; charset=utf-8';
  }
}

/** How many of the ascending `times` are at or before `time`. */
function sortedCountAtOrBefore(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}
