// Reads the API's answers into outcomes. Error statuses are read from the status alone, so a
// proxy's HTML page still reads as what it is; every message is one short line without the key.
import type { HttpResponse } from '../platform/ports';
// The words of every answer are in the catalogue of texts a cell or a status column can show.
import {
  ANSWER_WORDS,
  invalidInputMessage,
  KEY_REFUSED_MESSAGE,
  lookupFailedMessage,
  NO_ANSWER_MESSAGE,
  NO_CREDITS_MESSAGE,
  notSentMessage,
  PROVIDER_ERROR,
  RATE_LIMITED_MESSAGE,
  REAUTHORIZE_MESSAGE,
  serviceFailedMessage,
  unexpectedAnswerMessage,
  unexpectedStatusMessage,
} from '../text/catalogue/api';
import { JOB_EXPIRED_MESSAGE } from '../text/catalogue/jobs';
import { isJsonObject, parseJson } from '../text/json-text';
import type { ApiError, CallOutcome, ErrorCode, JobCheck } from './outcome';
import { detectProviderError } from './provider-error';
import { type Redact, redactData } from './redaction';

const MAX_MESSAGE_LENGTH = 160;
/**
 * The longest job id kept (its URL-escaped length): it is stored in a job's property (9 KB a
 * value) and polled in a URL (UrlFetch takes 2 KB). The API's ids are short (`job_` and 12 hex
 * digits); one past this can be neither kept nor asked about, so its lookup is booked as charged
 * and said so at once, never bought again.
 */
const MAX_JOB_ID_LENGTH = 256;

const usableJobId = (id: unknown): id is string =>
  typeof id === 'string' && id.trim() !== '' && encodeURIComponent(id).length <= MAX_JOB_ID_LENGTH;
/** What a lost answer reads as. */
export const NO_ANSWER: HttpResponse = { status: 0, body: '' };

export type PostAnswer = { kind: 'outcome'; outcome: CallOutcome } | { kind: 'accepted'; jobId: string };

export function readPostAnswer(response: HttpResponse, redact: Redact): PostAnswer {
  const { status } = response;
  if (status !== 200 && status !== 202) return failedWith(errorForStatus(response, redact));
  const body = parseJson(response.body);
  if (status === 200 && isJsonObject(body) && body.status === 'success') {
    // A `success` without `result` is read as nothing found: the call was charged either way.
    return { kind: 'outcome', outcome: resultOutcome(body.result, redact) };
  }
  if (status === 202 && isJsonObject(body) && usableJobId(body.job_id))
    return { kind: 'accepted', jobId: body.job_id };
  return failedWith(unreadableAnswer(status, body, redact));
}

export function readJobStatus(response: HttpResponse, redact: Redact): JobCheck {
  const { status } = response;
  if (status === 404)
    return { kind: 'expired', error: apiError('job_expired', JOB_EXPIRED_MESSAGE, redact, status) };
  if (status !== 200 && status !== 202)
    return { kind: 'unavailable', error: errorForStatus(response, redact) };
  const body = parseJson(response.body);
  if (!isJsonObject(body)) return { kind: 'unavailable', error: badResponse(status, body, redact) };
  if (body.status === 'processing') return { kind: 'processing' };
  if (body.status === 'done') return { kind: 'done', outcome: resultOutcome(body.result, redact) };
  if (body.status === 'error') {
    const said = serverMessage(body) ?? ANSWER_WORDS.jobEnded;
    const reason = said.replace(/^lookup failed:\s*/i, '').replace(/[.\s]*$/, '.');
    const message = lookupFailedMessage(reason);
    return { kind: 'failed', error: apiError('job_failed', message, redact, status) };
  }
  return { kind: 'unavailable', error: badResponse(status, body, redact) };
}

function resultOutcome(result: unknown, redact: Redact): CallOutcome {
  if (result === null || result === undefined) return { kind: 'miss' };
  const providerError = detectProviderError(result);
  // A key echoed inside the data would reach cells and the bulk output with it.
  if (providerError === null) return { kind: 'found', result: redactData(result, redact) };
  return {
    kind: 'failed',
    error: apiError('provider_error', PROVIDER_ERROR.say(providerError), redact, 200),
  };
}

/** Error statuses are read from the status alone; the body only lends its message, if it is JSON. */
function errorForStatus(response: HttpResponse, redact: Redact): ApiError {
  const { status } = response;
  const said = serverMessage(parseJson(response.body));
  if (status === 0 && response.fate === 'unauthorized')
    return apiError('not_authorized', REAUTHORIZE_MESSAGE, redact);
  if (status === 0 && response.fate === 'unsent')
    return apiError('network', notSentMessage(response.body || ANSWER_WORDS.networkError), redact);
  if (status === 0) return apiError('network', NO_ANSWER_MESSAGE, redact);
  if (status === 401) return apiError('unauthorized', KEY_REFUSED_MESSAGE, redact, status);
  if (status === 402) return apiError('insufficient_credits', NO_CREDITS_MESSAGE, redact, status);
  if (status === 422) return apiError('invalid_input', invalidInputMessage(said), redact, status);
  if (status === 429) return apiError('rate_limited', RATE_LIMITED_MESSAGE, redact, status);
  if (status >= 500) return apiError('server_error', serviceFailedMessage(status), redact, status);
  return apiError('bad_response', unexpectedStatusMessage(status, said), redact, status);
}

function badResponse(status: number, body: unknown, redact: Redact): ApiError {
  const said = serverMessage(body);
  const what = body === undefined ? ANSWER_WORDS.notJson : (said ?? ANSWER_WORDS.wrongShape);
  return apiError('bad_response', unexpectedAnswerMessage(status, what), redact, status);
}

/**
 * A 200 or 202 that is not what the spec says (HTML, text, nothing, another shape, a 202 without
 * a usable job id): the API answered, so the call was charged, and it is booked so.
 */
function unreadableAnswer(status: number, body: unknown, redact: Redact): ApiError {
  let what = serverMessage(body) ?? ANSWER_WORDS.wrongShape;
  if (body === undefined) what = ANSWER_WORDS.notJson;
  else if (status === 202 && isJsonObject(body)) what = jobIdFault(body.job_id, 'job_id' in body);
  return apiError('unreadable_answer', unexpectedAnswerMessage(status, what, true), redact, status);
}

/** What is wrong with a 202's job id. */
function jobIdFault(id: unknown, given: boolean): string {
  if (!given) return ANSWER_WORDS.noJobId;
  if (typeof id !== 'string' || id.trim() === '') return ANSWER_WORDS.unusableJobId;
  return ANSWER_WORDS.longJobId(id.length.toLocaleString('en-US'));
}

function failedWith(error: ApiError): PostAnswer {
  return { kind: 'outcome', outcome: { kind: 'failed', error } };
}

const FATAL_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'unauthorized',
  'insufficient_credits',
  'not_authorized',
]);
const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'rate_limited',
  'server_error',
  'network',
  'not_sent',
]);

export function apiError(code: ErrorCode, message: string, redact: Redact, status?: number): ApiError {
  return {
    code,
    message: userMessage(message, redact),
    ...(status === undefined ? {} : { status }),
    fatal: FATAL_CODES.has(code),
    retryable: RETRYABLE_CODES.has(code),
  };
}

function userMessage(message: string, redact: Redact): string {
  const oneLine = redact(message.replace(/bearer\s+\S+/gi, 'Bearer [API key]'))
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length <= MAX_MESSAGE_LENGTH ? oneLine : `${oneLine.slice(0, MAX_MESSAGE_LENGTH - 1)}…`;
}

/** The server's own words, when its body is JSON and carries them. */
function serverMessage(body: unknown): string | null {
  if (!isJsonObject(body)) return null;
  for (const field of ['message', 'error', 'detail']) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}
