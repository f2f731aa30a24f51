// What a call to the API comes to, as the rest of the add-on sees it: found, miss, pending or
// failed, with errors short enough for a cell and never holding the API key.
import type { ClockPort, HttpPort } from '../platform/ports';
import type { Pacer, SendSlot } from './pacing';

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
  /** The pace to start at, in POSTs a second (the one learned for the account); default DOCUMENTED_PACE. */
  maxRequestsPerSecond?: number;
  /**
   * Paces the POSTs together with other executions' (see api/pacing.ts). Without it this call paces
   * itself at `maxRequestsPerSecond`.
   */
  pacer?: Pacer;
  /**
   * Turns at the pace already reserved for this call (the lookup's booking reserves the first
   * batch's in its locked section): used in order while they have not passed.
   */
  booked?: readonly SendSlot[];
  /**
   * Told of each final answer as it comes back (by its request's index), and of each wait for a
   * turn before it starts (until when): paid answers can be kept while nothing is being sent.
   */
  listener?: SendListener;
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
   * spend its budget on sending and leave the jobs, returned as `pending`, to the job collector.
   */
  pollJobs?: boolean;
  /** Asked before each batch: true when the user stopped the work (a bulk run paused or cancelled). */
  stopAsked?: () => boolean;
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
  /** A 200 or 202 the add-on cannot read: the API answered, so it charged the call. */
  | 'unreadable_answer'
  | 'network'
  | 'not_sent'
  /** The platform refused to send for want of the user's authorization: nothing left. */
  | 'not_authorized';

/**
 * Failures the API charged for: every answered call consumes credits (spec, "What the service
 * does", 3), whether it answered a provider error, something unreadable, or a job that failed.
 */
export const CHARGED_FAILURES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'provider_error',
  'unreadable_answer',
  'job_failed',
]);

export interface ApiError {
  code: ErrorCode;
  /** Short, for users, never holds the API key. */
  message: string;
  /** HTTP status when there was one. */
  status?: number;
  /** 401, 402 and a refused authorization: stop everything, do not try other rows. */
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
export interface SendListener {
  answered(index: number, outcome: CallOutcome): void;
  /**
   * A wait for a turn; `next`: the requests (by index) the turn will send, and `stretch` those the
   * turns booked so far will send, these first, when known.
   */
  waiting(until: number, next?: readonly number[], stretch?: readonly number[]): void;
}

export type CallOutcome = (
  | { kind: 'found'; result: unknown }
  | { kind: 'miss' }
  | { kind: 'pending'; jobId: string; lastError?: ApiError }
  /** `jobId`: the job's, when the failure came from polling it (it ended in error, or was not found). */
  | { kind: 'failed'; error: ApiError; jobId?: string }
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
