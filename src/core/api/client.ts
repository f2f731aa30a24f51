// Calls to the enrichment API through the ports. Apps Script is synchronous, so waiting means
// `clock.sleep`, and every wait is bounded by the caller's deadline: a formula has 30 s and an
// execution 6 minutes. Work that does not fit is handed back (a job id, a retryable error) and
// never silently dropped, because every answered call has already cost credits.

import type { ClockPort, HttpPort, HttpRequest, HttpResponse } from '../platform/ports';
import { redactKey } from './api-key';
import { localPacer, type Pacer } from './pacing';
import { detectProviderError } from './provider-error';
import type { EnrichmentRequest } from './wire';

export interface ClientConfig {
  baseUrl: string;
  apiKey: string;
  http: HttpPort;
  clock: ClockPort;
}

export interface CallOptions {
  /** Absolute clock time in ms: nothing is sent, polled or slept past it. */
  deadline: number;
  /** False inside a formula (a 5xx fails fast); true in long work (wait ~30 s, then retry). */
  retryServerErrors: boolean;
  /** Most POSTs sent in any second of clock time; default 5. Halved after a 429. */
  maxRequestsPerSecond?: number;
  /**
   * Paces the POSTs together with other executions' (see api/pacing.ts). Without it this call paces
   * itself at `maxRequestsPerSecond`.
   */
  pacer?: Pacer;
  /**
   * Most POSTs in one `fetchAll`. One request's network failure loses the answers of its whole
   * batch, charged ones included, so batches are kept as small as the pace allows: by default
   * the POSTs one round trip lasts at the asked rate (see `batchLimit`).
   */
  maxBatch?: number;
  /**
   * Whether a POST whose answer a network failure lost is sent once more (default true). The
   * outcome then carries `resent`, to be booked as possibly charged twice.
   */
  resendLost?: boolean;
  /**
   * Whether to poll 202 jobs until the deadline (default true). A bulk run may pass false to
   * spend its budget on sending and leave the jobs, returned as `pending`, to the job pump.
   */
  pollJobs?: boolean;
}

export type ErrorCode =
  | 'unauthorized'
  | 'insufficient_credits'
  | 'invalid_input'
  | 'rate_limited'
  | 'server_error'
  | 'job_failed'
  | 'job_expired'
  | 'provider_error'
  | 'bad_response'
  | 'network'
  | 'not_sent';

export interface ApiError {
  code: ErrorCode;
  /** Short, for users, never holds the API key. */
  message: string;
  /** HTTP status when there was one. */
  status?: number;
  /** 401 and 402: stop everything, do not try other rows. */
  fatal: boolean;
  /** Worth trying again later without the user changing anything (429, 5xx, network, not sent). */
  retryable: boolean;
}

/**
 * - found: data to show and cache.
 * - miss: nothing found; charged and final, so it is cached too.
 * - pending: a job still running at the deadline; keep its id and collect it later, never re-post.
 * - failed: not a result; never cache it. `lastError` on pending says why a status check failed.
 */
export type CallOutcome = (
  | { kind: 'found'; result: unknown }
  | { kind: 'miss' }
  | { kind: 'pending'; jobId: string; lastError?: ApiError }
  | { kind: 'failed'; error: ApiError }
) & {
  /**
   * The POST was sent a second time after a network failure lost its first answer: the API may
   * have charged both. Whoever books the spend records it as "possibly charged twice".
   */
  resent?: true;
};

/** One status check of a job. `unavailable`: the status could not be read this time; keep the job. */
export type JobCheck =
  | { kind: 'processing' }
  | { kind: 'done'; outcome: CallOutcome }
  | { kind: 'expired'; error: ApiError }
  | { kind: 'failed'; error: ApiError }
  | { kind: 'unavailable'; error: ApiError };

const DEFAULT_MAX_REQUESTS_PER_SECOND = 5;
/** Waits after a request's 1st, 2nd and 3rd 429; a 4th 429 is reported as rate limited. */
const RATE_LIMIT_BACKOFF_MS = [1000, 2000, 4000] as const;
const SERVER_ERROR_WAIT_MS = 30_000;
const SERVER_ERROR_RETRIES = 2;
const POLL_INTERVAL_MS = 2000;
const MAX_MESSAGE_LENGTH = 160;
const NO_ANSWER: HttpResponse = { status: 0, body: '' };
/** The round trip assumed until one is measured. */
const FIRST_ROUND_TRIP_MS = 300;

/** One lookup. A 202 is polled until the deadline; see `enrichMany`. */
export function enrich(cfg: ClientConfig, request: EnrichmentRequest, opts: CallOptions): CallOutcome {
  return enrichMany(cfg, [request], opts)[0]!;
}

interface QueuedCall {
  index: number;
  notBefore: number;
  rateLimited: number;
  serverErrors: number;
  lastError?: ApiError;
}

/**
 * Sends the requests with `fetchAll`, paced by `opts.pacer` (or alone at `maxRequestsPerSecond`),
 * retries only the calls that were rate limited (or hit a 5xx, when allowed), then polls the
 * accepted jobs together. Outcomes come back in input order. A call never sent before the
 * deadline fails as `not_sent`; after a 401 or 402 nothing more is sent and the unsent calls
 * carry that error.
 */
export function enrichMany(
  cfg: ClientConfig,
  requests: readonly EnrichmentRequest[],
  opts: CallOptions,
): CallOutcome[] {
  const { clock } = cfg;
  const redact = redactorFor(cfg.apiKey);
  const notSent: CallOutcome = {
    kind: 'failed',
    error: apiError('not_sent', 'Not sent: this run ran out of time. No credits were spent.', redact),
  };
  const outcomes: CallOutcome[] = requests.map(() => notSent);
  const jobs: { index: number; jobId: string; acceptedAt: number }[] = [];
  const pacer = opts.pacer ?? localPacer(startRate(opts.maxRequestsPerSecond));
  let queue: QueuedCall[] = requests.map((_, index) => ({
    index,
    notBefore: clock.now(),
    rateLimited: 0,
    serverErrors: 0,
  }));
  let pausedUntil = clock.now();
  let fatal: ApiError | undefined;
  let paceFull = false;
  let roundTripMs = FIRST_ROUND_TRIP_MS;
  const rate = startRate(opts.maxRequestsPerSecond);
  const schedule = new EvenSchedule(rate, clock.now());
  const resent = new Set<number>();

  while (queue.length > 0 && fatal === undefined) {
    const now = clock.now();
    const ready = queue.filter((call) => call.notBefore <= now);
    if (ready.length === 0 || now < pausedUntil) {
      const earliest = Math.min(...queue.map((call) => call.notBefore));
      if (!sleepUntil(clock, Math.max(pausedUntil, earliest), opts.deadline)) break;
      continue;
    }
    if (now > opts.deadline) break;
    const wanted = Math.min(ready.length, opts.maxBatch ?? schedule.due(now, batchLimit(rate, roundTripMs)));
    // A sliver of a batch sent at once keeps the next ones in step with a nearly full window;
    // waiting for half of what is due puts them back where older sends leave it.
    const slot = pacer.reserve(now, wanted, opts.deadline, Math.ceil(wanted / 2));
    if (slot === null) {
      paceFull = true;
      break;
    }
    // Booking a slot in the shared log is work too: a batch must last the whole cycle.
    const bookingMs = clock.now() - now;
    if (!sleepUntil(clock, slot.at, opts.deadline)) break;

    const batch = ready.slice(0, slot.granted);
    const sentAt = clock.now();
    schedule.sent(batch.length);
    const sent = sendBatch(
      cfg,
      batch.map((call) => postRequest(cfg, requests[call.index]!)),
      opts.resendLost === false ? null : pacer,
      opts.deadline,
    );
    const answeredAt = clock.now();
    // A batch with resends lasted longer than one round trip: it says nothing of the next one.
    if (!sent.resent.includes(true)) roundTripMs = (roundTripMs + bookingMs + answeredAt - sentAt) / 2;
    const retries: QueuedCall[] = [];
    batch.forEach((call, k) => {
      if (sent.resent[k]) resent.add(call.index);
      const answer = readPostAnswer(sent.responses[k] ?? NO_ANSWER, redact);
      if (answer.kind === 'accepted') {
        jobs.push({ index: call.index, jobId: answer.jobId, acceptedAt: answeredAt });
        return;
      }
      const error = answer.outcome.kind === 'failed' ? answer.outcome.error : undefined;
      const retry = error && retryPlan(call, error, opts.retryServerErrors, answeredAt);
      if (retry) retries.push(retry);
      else outcomes[call.index] = answer.outcome;
      if (error?.fatal) fatal ??= error;
    });

    const rateLimited = retries.filter((call) => call.lastError?.code === 'rate_limited');
    if (rateLimited.length > 0) {
      // The limit is per account, so everyone waits and the whole run slows down, not just these.
      pacer.slowDown(sentAt, answeredAt);
      pausedUntil = Math.max(pausedUntil, Math.min(...rateLimited.map((call) => call.notBefore)));
    }
    queue = [...queue.filter((call) => !batch.includes(call)), ...retries].sort((a, b) => a.index - b.index);
  }

  // Said apart from running out of time: recalculating at once would meet the same queue.
  const unsent = paceFull
    ? apiError(
        'not_sent',
        'Not sent: the rate limit left no room before time ran out (other lookups may be running). Recalculate in a minute. No credits were spent.',
        redact,
      )
    : notSent.error;
  for (const call of queue) {
    outcomes[call.index] = { kind: 'failed', error: fatal ?? call.lastError ?? unsent };
  }
  if (jobs.length > 0) {
    const jobIds = jobs.map((job) => job.jobId);
    const poll = fatal === undefined && opts.pollJobs !== false;
    const firstPollAt = Math.min(...jobs.map((job) => job.acceptedAt)) + POLL_INTERVAL_MS;
    const settled = poll
      ? pollUntilSettled(cfg, jobIds, opts.deadline, firstPollAt)
      : jobIds.map((jobId) => pending(jobId));
    jobs.forEach((job, k) => {
      outcomes[job.index] = settled[k]!;
    });
  }
  for (const index of resent) outcomes[index] = { ...outcomes[index]!, resent: true };
  return outcomes;
}

/**
 * The fewest POSTs a batch may hold and still keep the asked pace: the rate shared among the
 * round trips that fit in the rate's one-second window. Larger batches go no faster under the
 * rate limit, and a network failure loses every answer of its batch. (Just what one round trip
 * lasts would leave the window's last round trip with the remainder: 3 + 3 + 3 + 1 a 1.2 s.)
 */
export function batchLimit(rate: number, roundTripMs: number): number {
  const tripsPerWindow = Math.max(1, Math.floor(1000 / Math.max(1, roundTripMs)));
  return Math.max(1, Math.ceil(rate / tripsPerWindow));
}

/**
 * POSTs fall due evenly at the asked rate, plus one batch's head start. A batch sends what is due,
 * so a slow round trip (a resend, a wait for the lock) is made up by the next batches; sending a
 * fixed size instead can lock into a rhythm the one-second window keeps below the rate (4, 4, 1, 1
 * every 1.2 s). Falling further behind than two batches (another execution's burst, a 429 pause)
 * starts the schedule afresh rather than bursting.
 */
class EvenSchedule {
  private startedAt: number;
  private count = 0;

  constructor(
    private readonly rate: number,
    now: number,
  ) {
    this.startedAt = now;
  }

  due(now: number, batch: number): number {
    const owed = Math.floor((this.rate * (now - this.startedAt)) / 1000) + batch - this.count;
    if (owed <= 2 * batch) return Math.max(1, owed);
    this.startedAt = now;
    this.count = 0;
    return batch;
  }

  sent(count: number): void {
    this.count += count;
  }
}

interface SentBatch {
  responses: HttpResponse[];
  /** Which POSTs went out twice: the API may have charged both. */
  resent: boolean[];
}

/**
 * Sends one batch of POSTs. When a network failure loses answers, each POST whose fate is unknown
 * is sent once more, alone (a second failure then loses no other answer), within the pace, and
 * flagged; with no `resendPacer`, none is. A failed resend means the network is down: the rest
 * are not sent again.
 */
function sendBatch(
  cfg: ClientConfig,
  posts: HttpRequest[],
  resendPacer: Pacer | null,
  deadline: number,
): SentBatch {
  const responses = cfg.http.fetchAll(posts);
  const resent = posts.map(() => false);
  if (resendPacer === null) return { responses, resent };
  for (const [k, post] of posts.entries()) {
    if (!fateUnknown(responses[k] ?? NO_ANSWER)) continue;
    const slot = resendPacer.reserve(cfg.clock.now(), 1, deadline);
    if (slot === null || !sleepUntil(cfg.clock, slot.at, deadline)) break;
    const answer = cfg.http.fetchAll([post])[0] ?? NO_ANSWER;
    responses[k] = answer;
    resent[k] = true;
    if (answer.status === 0) break;
  }
  return { responses, resent };
}

const fateUnknown = (response: HttpResponse) => response.status === 0 && response.fate !== 'unsent';

/** One status round for all the jobs (one `fetchAll`), without sleeping. Answers in input order. */
export function checkJobs(cfg: ClientConfig, jobIds: readonly string[]): JobCheck[] {
  if (jobIds.length === 0) return [];
  const redact = redactorFor(cfg.apiKey);
  const responses = cfg.http.fetchAll(jobIds.map((jobId) => statusRequest(cfg, jobId)));
  return jobIds.map((_, k) => readJobStatus(responses[k] ?? NO_ANSWER, redact));
}

/**
 * Polls the jobs every ~2 s, all in one `fetchAll` a round, until each is done or failed or the
 * deadline comes; a job still running then (or whose status could not be read) is `pending`.
 * The first round goes out at once: these jobs were usually accepted a while ago.
 */
export function waitForJobs(
  cfg: ClientConfig,
  jobIds: readonly string[],
  opts: Pick<CallOptions, 'deadline'>,
): CallOutcome[] {
  return pollUntilSettled(cfg, jobIds, opts.deadline, cfg.clock.now());
}

function pollUntilSettled(
  cfg: ClientConfig,
  jobIds: readonly string[],
  deadline: number,
  firstPollAt: number,
): CallOutcome[] {
  const settled: (CallOutcome | undefined)[] = jobIds.map(() => undefined);
  const lastErrors = new Map<number, ApiError>();
  let pollAt = firstPollAt;
  for (;;) {
    const open = jobIds.map((_, index) => index).filter((index) => settled[index] === undefined);
    if (open.length === 0 || !sleepUntil(cfg.clock, pollAt, deadline)) break;
    const roundStartedAt = cfg.clock.now();
    const checks = checkJobs(
      cfg,
      open.map((index) => jobIds[index]!),
    );
    let fatal = false;
    open.forEach((index, k) => {
      const check = checks[k]!;
      if (check.kind === 'processing') lastErrors.delete(index);
      else if (check.kind === 'done') settled[index] = check.outcome;
      else if (check.kind === 'unavailable') {
        lastErrors.set(index, check.error);
        fatal ||= check.error.fatal;
      } else settled[index] = { kind: 'failed', error: check.error };
    });
    // A refused key will not be accepted on the next round either; the jobs stay pending.
    if (fatal) break;
    pollAt = roundStartedAt + POLL_INTERVAL_MS;
  }
  return jobIds.map((jobId, index) => settled[index] ?? pending(jobId, lastErrors.get(index)));
}

function pending(jobId: string, lastError?: ApiError): CallOutcome {
  return lastError ? { kind: 'pending', jobId, lastError } : { kind: 'pending', jobId };
}

/** Sleeps until `at` unless that is past the deadline; false means stop. */
function sleepUntil(clock: ClockPort, at: number, deadline: number): boolean {
  const now = clock.now();
  if (Math.max(at, now) > deadline) return false;
  if (at > now) clock.sleep(at - now);
  return true;
}

function retryPlan(
  call: QueuedCall,
  error: ApiError,
  retryServerErrors: boolean,
  answeredAt: number,
): QueuedCall | undefined {
  const backoff = RATE_LIMIT_BACKOFF_MS[call.rateLimited];
  if (error.code === 'rate_limited' && backoff !== undefined) {
    return { ...call, rateLimited: call.rateLimited + 1, notBefore: answeredAt + backoff, lastError: error };
  }
  if (error.code === 'server_error' && retryServerErrors && call.serverErrors < SERVER_ERROR_RETRIES) {
    return {
      ...call,
      serverErrors: call.serverErrors + 1,
      notBefore: answeredAt + SERVER_ERROR_WAIT_MS,
      lastError: error,
    };
  }
  return undefined;
}

function startRate(maxRequestsPerSecond: number | undefined): number {
  const asked = maxRequestsPerSecond;
  return asked !== undefined && Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_MAX_REQUESTS_PER_SECOND;
}

// --- Requests -------------------------------------------------------------------------------

function apiRoot(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

function postRequest(cfg: ClientConfig, request: EnrichmentRequest): HttpRequest {
  return {
    method: 'post',
    url: `${apiRoot(cfg.baseUrl)}/`,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${cfg.apiKey}` },
    payload: JSON.stringify(request),
  };
}

// The status address is built from our own base URL, never taken from the 202's `poll_url`: that
// address could point at a host outside the manifest's URL allowlist (the fetch would fail), and
// following it would hand the API key to whatever host the answer named.
function statusRequest(cfg: ClientConfig, jobId: string): HttpRequest {
  return {
    method: 'get',
    url: `${apiRoot(cfg.baseUrl)}/status/${encodeURIComponent(jobId)}`,
    headers: { Authorization: `Bearer ${cfg.apiKey}` },
  };
}

// --- Answers --------------------------------------------------------------------------------

type Redact = (text: string) => string;

type PostAnswer = { kind: 'outcome'; outcome: CallOutcome } | { kind: 'accepted'; jobId: string };

function readPostAnswer(response: HttpResponse, redact: Redact): PostAnswer {
  const { status } = response;
  if (status !== 200 && status !== 202) return failedWith(errorForStatus(response, redact));
  const body = parseJson(response.body);
  if (status === 200 && isObject(body) && body.status === 'success') {
    // A `success` without `result` is read as nothing found: the call was charged either way.
    return { kind: 'outcome', outcome: resultOutcome(body.result, redact) };
  }
  if (status === 202 && isObject(body) && typeof body.job_id === 'string' && body.job_id !== '') {
    return { kind: 'accepted', jobId: body.job_id };
  }
  return failedWith(badResponse(status, body, redact));
}

function readJobStatus(response: HttpResponse, redact: Redact): JobCheck {
  const { status } = response;
  if (status === 404) {
    const message =
      'The result expired before it was collected (the server keeps it 10 minutes). Its credits were already spent.';
    return { kind: 'expired', error: apiError('job_expired', message, redact, status) };
  }
  if (status !== 200 && status !== 202)
    return { kind: 'unavailable', error: errorForStatus(response, redact) };
  const body = parseJson(response.body);
  if (!isObject(body)) return { kind: 'unavailable', error: badResponse(status, body, redact) };
  if (body.status === 'processing') return { kind: 'processing' };
  if (body.status === 'done') return { kind: 'done', outcome: resultOutcome(body.result, redact) };
  if (body.status === 'error') {
    const reason = serverMessage(body) ?? 'the job ended with an error.';
    return { kind: 'failed', error: apiError('job_failed', `Lookup failed: ${reason}`, redact, status) };
  }
  return { kind: 'unavailable', error: badResponse(status, body, redact) };
}

function resultOutcome(result: unknown, redact: Redact): CallOutcome {
  if (result === null || result === undefined) return { kind: 'miss' };
  const providerError = detectProviderError(result);
  if (providerError === null) return { kind: 'found', result };
  return {
    kind: 'failed',
    error: apiError('provider_error', `Provider error: ${providerError}`, redact, 200),
  };
}

/** Error statuses are read from the status alone; the body only lends its message, if it is JSON. */
function errorForStatus(response: HttpResponse, redact: Redact): ApiError {
  const { status } = response;
  const said = serverMessage(parseJson(response.body));
  if (status === 0 && response.fate === 'unsent') {
    return apiError(
      'network',
      `Not sent (${response.body || 'network error'}). No credits were spent.`,
      redact,
    );
  }
  if (status === 0) {
    return apiError(
      'network',
      'No answer from the enrichment API (network error); it may still have charged the lookup. Try again.',
      redact,
    );
  }
  if (status === 401) {
    const message = 'The API key was refused (HTTP 401). Set a valid key in the add-on settings.';
    return apiError('unauthorized', message, redact, status);
  }
  if (status === 402) {
    const message = 'Not enough credits (HTTP 402). Top up the account, then run again.';
    return apiError('insufficient_credits', message, redact, status);
  }
  if (status === 422) {
    return apiError(
      'invalid_input',
      said ? `Invalid input: ${said}` : 'Invalid input (HTTP 422).',
      redact,
      status,
    );
  }
  if (status === 429) {
    return apiError('rate_limited', 'Too many requests (HTTP 429). Try again in a minute.', redact, status);
  }
  if (status >= 500) {
    const message = `The enrichment service failed (HTTP ${status}). Try again in a minute.`;
    return apiError('server_error', message, redact, status);
  }
  const unexpected = `Unexpected answer from the API (HTTP ${status})`;
  return apiError('bad_response', said ? `${unexpected}: ${said}` : `${unexpected}.`, redact, status);
}

function badResponse(status: number, body: unknown, redact: Redact): ApiError {
  const said = serverMessage(body);
  const what = body === undefined ? 'not JSON' : (said ?? 'not in the expected shape');
  return apiError(
    'bad_response',
    `Unexpected answer from the API (HTTP ${status}): ${what}.`,
    redact,
    status,
  );
}

function failedWith(error: ApiError): PostAnswer {
  return { kind: 'outcome', outcome: { kind: 'failed', error } };
}

const FATAL_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['unauthorized', 'insufficient_credits']);
const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'rate_limited',
  'server_error',
  'network',
  'not_sent',
]);

function apiError(code: ErrorCode, message: string, redact: Redact, status?: number): ApiError {
  return {
    code,
    message: userMessage(message, redact),
    ...(status === undefined ? {} : { status }),
    fatal: FATAL_CODES.has(code),
    retryable: RETRYABLE_CODES.has(code),
  };
}

// --- Text -----------------------------------------------------------------------------------

/** Servers echo what they were sent, sometimes the key itself: hide it in every form it travels in. */
function redactorFor(apiKey: string): Redact {
  const forms = [apiKey.trim(), encodeURIComponent(apiKey.trim())];
  return (text) => forms.reduce((masked, form) => redactKey(masked, form), text);
}

function userMessage(message: string, redact: Redact): string {
  const oneLine = redact(message.replace(/bearer\s+\S+/gi, 'Bearer [API key]'))
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length <= MAX_MESSAGE_LENGTH ? oneLine : `${oneLine.slice(0, MAX_MESSAGE_LENGTH - 1)}…`;
}

/** The server's own words, when its body is JSON and carries them. */
function serverMessage(body: unknown): string | null {
  if (!isObject(body)) return null;
  for (const field of ['message', 'error', 'detail']) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
