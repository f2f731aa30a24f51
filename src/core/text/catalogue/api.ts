// What the API's answers read as (api/answers.ts, api/client.ts). A failed lookup shows its message
// in a formula's cell (a range's row says `Error: …`, a lookup not sent says so whole) and in a bulk
// run's status column.
import { opening, whole } from './family';

/** Google refused to send (a scope, the URL allowlist, a lapsed grant). */
export const NOT_AUTHORIZED = opening('error', 'Not sent, no credits spent: ');
/** The request never left: UrlFetchApp threw before sending it. */
export const NOT_SENT_NETWORK = opening('error', 'Not sent (');
export const NO_ANSWER = opening('error', 'No answer from the enrichment API');
export const KEY_REFUSED = opening('error', 'The API key was refused (HTTP 401)');
export const NO_CREDITS = opening('error', 'Not enough credits (HTTP 402)');
export const INVALID_INPUT = opening('error', 'Invalid input: ');
export const INVALID_INPUT_422 = whole('error', 'Invalid input (HTTP 422).');
/** A formula's row whose input was refused, with no reason given. */
export const INVALID_INPUT_BARE = whole('error', 'Invalid input.');
export const RATE_LIMITED = opening('error', 'Too many requests (HTTP 429)');
export const SERVICE_FAILED = opening('error', 'The enrichment service failed (HTTP ');
export const UNEXPECTED_ANSWER = opening('error', 'Unexpected answer from the API (HTTP ');
export const LOOKUP_FAILED = opening('error', 'Lookup failed: ');
export const PROVIDER_ERROR = opening('error', 'Provider error: ');

/** Said of every charged failure: the user must know the credits went, and why it is not retried. */
const CHARGED_NOTE = 'The API charges every call, so this one is booked as spent.';

/** The menu item asks for authorization again, in Google's "Authorization required" window. */
export const REAUTHORIZE_MESSAGE = NOT_AUTHORIZED.say(
  'Google asks you to authorize the add-on again. Open Extensions > Enrich for Sheets > Open sidebar, then Continue and Allow.',
);

export const notSentMessage = (why: string) => NOT_SENT_NETWORK.say(`${why}). No credits were spent.`);

export const NO_ANSWER_MESSAGE = NO_ANSWER.say(
  ' (network error); it may still have charged the lookup. Try again.',
);
export const KEY_REFUSED_MESSAGE = KEY_REFUSED.say('. Set a valid key in the add-on settings.');
export const NO_CREDITS_MESSAGE = NO_CREDITS.say('. Top up the account, then run again.');
export const RATE_LIMITED_MESSAGE = RATE_LIMITED.say('. Try again in a minute.');

/** A 422: the API's own words when it gave them. */
export const invalidInputMessage = (said: string | null) =>
  said ? INVALID_INPUT.say(said) : INVALID_INPUT_422.text;

export const serviceFailedMessage = (status: number) =>
  SERVICE_FAILED.say(`${status}). Try again in a minute.`);

/** Another status than the spec's: the API's own words when it gave them. */
export const unexpectedStatusMessage = (status: number, said: string | null) =>
  UNEXPECTED_ANSWER.say(said ? `${status}): ${said}` : `${status}).`);

/** An answer not in the spec's shape (`what` it was), charged (`charged`) or not. */
export const unexpectedAnswerMessage = (status: number, what: string, charged = false) =>
  UNEXPECTED_ANSWER.say(`${status}): ${what}.${charged ? ` ${CHARGED_NOTE}` : ''}`);

/** A job the API ended with an error: `reason` is one sentence. */
export const lookupFailedMessage = (reason: string) => LOOKUP_FAILED.say(`${reason} ${CHARGED_NOTE}`);

/** What an answer was, inside the texts above: why it could not be read, what a failed job said. */
export const ANSWER_WORDS = {
  jobEnded: 'the job ended with an error',
  networkError: 'network error',
  notJson: 'not JSON',
  wrongShape: 'not in the expected shape',
  noJobId: 'no job id',
  unusableJobId: 'a job id that is not usable',
  longJobId: (length: string) => `a job id of ${length} characters, too long to use`,
  /** A provider's error with no words of its own. */
  providerError: 'The data provider reported an error.',
  /** A job the API said failed, without saying why. */
  lookupFailed: 'The lookup failed.',
  /** After a charged error held in the fast cache for `minutes`. */
  held: (minutes: number) => ` Kept ${minutes} minutes, so that recalculating does not pay for it again.`,
  /** A field ENRICH or a function's `field` names that the answer does not have. */
  unknownField: (field: string, listed: string) => `Unknown field "${field}". Available: ${listed}`,
} as const;
