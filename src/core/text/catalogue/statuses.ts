// What a bulk run's or a watch's status column says, and how a later slice reads it back. Plan and
// run both read it: it lives apart so that neither imports the other.
import type { BackgroundCollection } from '../../../shared/jobs-rpc';
import { creditsText } from '../credits';
import { INVALID_INPUT } from './api';
import { ERROR, NOT_FOUND } from './cells';
import { holds, opening, whole } from './family';
import { clockCheck } from './sidebar/watches-answers';

export const FOUND = whole('placeholder', 'Found');
/** A row whose lookup is on its way. */
export const PROCESSING_STATUS = opening('wait', 'Processing: ');
export const EXPIRED_STATUS = opening('error', 'Expired: ');
/** A recipe step's row that the step it follows gave nothing to look up from. */
export const SKIPPED = opening('placeholder', 'Skipped: ');
/** A watch's row its cap leaves for later. */
export const WAITING = opening('wait', 'Waiting: ');

/** What the status column says. Row-level texts begin with a fixed word so a later slice can read them back. */
export const BULK_STATUS = {
  found: FOUND.text,
  notFound: NOT_FOUND.text,
  processing: PROCESSING_STATUS.say('the API is still working on it'),
  writingList: PROCESSING_STATUS.say('writing the employee sheet'),
  waiting: PROCESSING_STATUS.say('the same input is being looked up elsewhere'),
  error: (message: string) => ERROR.say(message),
  invalid: (message: string) => INVALID_INPUT.say(message),
  expired: EXPIRED_STATUS.say(
    'the result expired before it was collected; its credits were spent. Re-run it from the Jobs panel.',
  ),
} as const;

/** A recipe step's row held by its gate: the step `label` found nothing to look up from. */
export const skippedStatus = (label: string) => SKIPPED.say(`"${label}" found nothing to look up from.`);

const isText = (value: unknown): value is string => typeof value === 'string';

export const isFinalStatus = (value: unknown) =>
  value === BULK_STATUS.found || value === BULK_STATUS.notFound;
export const isPendingStatus = (value: unknown) => isText(value) && holds(PROCESSING_STATUS, value);
export const isErrorStatus = (value: unknown) => isText(value) && holds(ERROR, value);
export const isExpiredStatus = (value: unknown) => isText(value) && holds(EXPIRED_STATUS, value);

/** A watch's price of one lookup: "up to 12.5 credits" (an employee list's bound), "3 credits". */
export type LookupPrice = { price: number; bound: boolean };

export const priceText = (below: LookupPrice) => `${below.bound ? 'up to ' : ''}${creditsText(below.price)}`;

/** The status column of a row the daily cap left undone: it is looked up when the cap allows. */
export const capStatus = (cap: number) =>
  WAITING.say(
    `this watch spent its daily cap of ${creditsText(cap)}; it goes on tomorrow, or when you raise the cap.`,
  );

/**
 * The status column of a row a watch's run ended before (its time, or a pace with no turn left):
 * the row stays due, and the next run takes it; `clock`: the clock check's schedule here.
 */
export const runEndedStatus = (clock: BackgroundCollection) =>
  WAITING.say(
    `this watch's run ended before this row; it goes on at the next edit of this sheet${clock === 'off' ? '' : `, or by itself (${clockCheck(clock)})`}.`,
  );

/**
 * The status column of a row a paid lookup would answer while every watch is paused (402: `credits`,
 * else 401); `clock`: the clock check's schedule here, in the Watches panel's words.
 */
export const accountPausedStatus = (credits: boolean, clock: BackgroundCollection) =>
  WAITING.say(
    credits
      ? `every watch is paused: the account is out of credits. It goes on once the account has credits again (${clockCheck(clock)}), or after a successful key test.`
      : 'every watch is paused: the API refused the key. It goes on after a successful key test, or once a key that works is saved.',
  );

/** The status column of a row no day's cap can buy: the cap must be raised, to at least the price. */
export const belowPriceStatus = (cap: number, below: LookupPrice) =>
  WAITING.say(
    `this watch's daily cap of ${creditsText(cap)} is below one lookup's price (${priceText(below)}): raise the cap to at least ${below.price}.`,
  );
