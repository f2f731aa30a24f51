// Reads the API's answers into outcomes. Error statuses are read from the status alone, so a
// proxy's HTML page still reads as what it is; every message is one short line without the key.
import type { HttpResponse } from '../platform/ports';
import type { ApiError, CallOutcome, ErrorCode, JobCheck } from './outcome';
import { detectProviderError } from './provider-error';
import { type Redact, redactData } from './redaction';

const MAX_MESSAGE_LENGTH = 160;
/**
 * Google refused to send (a scope, the URL allowlist, a lapsed grant): the menu item asks for
 * authorization again, in Google's "Authorization required" window (Continue, then Allow).
 */
const REAUTHORIZE =
  'Not sent, no credits spent: Google asks you to authorize the add-on again. Open Extensions > Enrich for Sheets > Open sidebar, then Continue and Allow.';
/** What a lost answer reads as. */
export const NO_ANSWER: HttpResponse = { status: 0, body: '' };

export type PostAnswer = { kind: 'outcome'; outcome: CallOutcome } | { kind: 'accepted'; jobId: string };

export function readPostAnswer(response: HttpResponse, redact: Redact): PostAnswer {
  const { status } = response;
  if (status !== 200 && status !== 202) return failedWith(errorForStatus(response, redact));
  const body = parseJson(response.body);
  if (status === 200 && isObject(body) && body.status === 'success') {
    // A `success` without `result` is read as nothing found: the call was charged either way.
    return { kind: 'outcome', outcome: resultOutcome(body.result, redact) };
  }
  if (status === 202 && isObject(body) && typeof body.job_id === 'string' && body.job_id.trim() !== '') {
    return { kind: 'accepted', jobId: body.job_id };
  }
  return failedWith(unreadableAnswer(status, body, redact));
}

export function readJobStatus(response: HttpResponse, redact: Redact): JobCheck {
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
    const said = serverMessage(body) ?? 'the job ended with an error';
    const reason = said.replace(/^lookup failed:\s*/i, '').replace(/[.\s]*$/, '.');
    const message = `Lookup failed: ${reason} ${CHARGED_NOTE}`;
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
    error: apiError('provider_error', `Provider error: ${providerError}`, redact, 200),
  };
}

/** Error statuses are read from the status alone; the body only lends its message, if it is JSON. */
function errorForStatus(response: HttpResponse, redact: Redact): ApiError {
  const { status } = response;
  const said = serverMessage(parseJson(response.body));
  if (status === 0 && response.fate === 'unauthorized')
    return apiError('not_authorized', REAUTHORIZE, redact);
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

/** Said of every charged failure: the user must know the credits went, and why it is not retried. */
const CHARGED_NOTE = 'The API charges every call, so this one is booked as spent.';

/**
 * A 200 or 202 that is not what the spec says (HTML, text, nothing, another shape, a 202 without
 * a usable job id): the API answered, so the call was charged, and it is booked so.
 */
function unreadableAnswer(status: number, body: unknown, redact: Redact): ApiError {
  let what = serverMessage(body) ?? 'not in the expected shape';
  if (body === undefined) what = 'not JSON';
  else if (status === 202 && isObject(body))
    what = 'job_id' in body ? 'a job id that is not usable' : 'no job id';
  const message = `Unexpected answer from the API (HTTP ${status}): ${what}. ${CHARGED_NOTE}`;
  return apiError('unreadable_answer', message, redact, status);
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
