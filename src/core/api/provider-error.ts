// The API can answer HTTP 200 `status: success` while `result` is really the upstream provider's
// failure (docs/api-behaviour.md). Such a result must be shown as an error and never cached as data,
// so the client asks this module before it calls a result "found".
import { ANSWER_WORDS } from '../text/catalogue/api';
import { isJsonObject } from '../text/json-text';

const MAX_MESSAGE_LENGTH = 160;
const GENERIC_MESSAGE = ANSWER_WORDS.providerError;
const ERROR_STATUSES = new Set(['error', 'failed', 'failure']);

type JsonObject = Record<string, unknown>;

/**
 * A short message when `result` is a provider error object, e.g. `{ "error": "Provider timeout" }`,
 * `{ "error": { "code": "...", "message": "..." } }`, `{ "status": "error", "message": "..." }` or
 * `{ "success": false, "message": "..." }`; null for real data of any shape.
 */
export function detectProviderError(result: unknown): string | null {
  if (!isJsonObject(result)) return null;
  const fromErrorField = messageOfErrorField(result.error);
  if (fromErrorField !== null) return shorten(fromErrorField);
  const fromErrorList = messageOfErrorList(result.errors);
  if (fromErrorList !== null) return shorten(fromErrorList);
  if (hasErrorStatus(result) || result.success === false)
    return shorten(text(result.message) ?? text(result.error_message) ?? GENERIC_MESSAGE);
  return null;
}

/** `error` holds a message, a flag or an object; blank, false and empty values mean no error. */
function messageOfErrorField(error: unknown): string | null {
  if (typeof error === 'string') return text(error);
  if (error === true) return GENERIC_MESSAGE;
  if (!isJsonObject(error) || Object.keys(error).length === 0) return null;
  const message = text(error.message);
  if (message !== null) return message;
  // A bare code such as "provider_unavailable" is not a sentence: keep it only as a hint.
  const code = text(error.code);
  return code === null ? GENERIC_MESSAGE : `${GENERIC_MESSAGE.slice(0, -1)} (${code}).`;
}

/** `errors: ["..."]` or `errors: [{ message }]`: a non-empty list is a failure. */
function messageOfErrorList(errors: unknown): string | null {
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const first: unknown = errors[0];
  return (isJsonObject(first) ? text(first.message) : text(first)) ?? GENERIC_MESSAGE;
}

function hasErrorStatus(result: JsonObject): boolean {
  return typeof result.status === 'string' && ERROR_STATUSES.has(result.status.trim().toLowerCase());
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function shorten(message: string): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length <= MAX_MESSAGE_LENGTH ? oneLine : `${oneLine.slice(0, MAX_MESSAGE_LENGTH - 1)}…`;
}
