// What a formula's rows say while their lookups wait for the add-on's own executions. Never
// "recalculate": Sheets runs a custom function again only when its formula or an argument changes,
// which the user cannot do without retyping. A time is promised only when an execution Google will
// run keeps it: the Edit trigger of the edit that typed the formula, with its 6 minutes. Past that,
// each later edit or opening of the file goes on for 6 minutes more, and nothing sooner is promised.

import { plural } from '../plural';
import { sendingAtPace, sendingTime } from './duration';
import { holds, opening, whole } from './family';

export const QUEUED = opening('wait', 'Queued: ');
/** A lookup not sent, and why; some will be sent later, some only if the formula is typed again. */
export const NOT_SENT = opening('wait', 'Not sent: ');
export const NOT_SENT_YET = opening('wait', 'Not sent yet: ');
/** The lock was busy: the lookup waits its turn. */
export const LOCK_BUSY = opening('wait', 'Too many lookups at once: ');
export const NOT_FILLED_IN = opening('error', 'Not filled in: ');
/** A lookup refused with no reason given. */
export const NOT_SENT_BARE = whole('error', 'Not sent.');

const SIDEBAR = 'Extensions > Enrich for Sheets';
/**
 * Sending time the typing edit's trigger can give the queue: 6 minutes less its reads, the slices'
 * margins and the formulas' re-entry.
 */
const TYPING_EDIT_SENDING_S = 270;

export interface QueueOutlook {
  /** Distinct lookups left unsent. */
  left: number;
  /** The pace learned for the account, in lookups a second. */
  pace: number;
  /** An Edit trigger of this account runs on the user's edits. */
  editFollows: boolean;
  /** An Edit or Open trigger of this account follows the user. */
  followsUser: boolean;
  /**
   * The user's own edit just ran this formula (it had not queued before): that edit's trigger is
   * due now. False when an execution of the add-on entered it again, which fires no trigger.
   */
  typedNow: boolean;
}

export function queuedText(outlook: QueueOutlook): string {
  const { left, pace } = outlook;
  const lookups = plural(left, 'lookup', 'lookups');
  if (!outlook.followsUser)
    return QUEUED.say(
      `${lookups}, not sent yet. Open the sidebar (${SIDEBAR} > Open sidebar) or choose ${SIDEBAR} > Finish pending lookups to fill them in; no credits were spent on them yet.`,
    );
  if (outlook.typedNow && outlook.editFollows && left <= pace * TYPING_EDIT_SENDING_S)
    return QUEUED.say(`${lookups} will fill in within ${sendingTime(left, pace)}.`);
  return QUEUED.say(
    `${lookups}, not sent yet (${sendingAtPace(left, pace)}). Each edit or opening of this file sends more, 6 minutes at a time, and so does the open sidebar; for a column this size, a bulk run from the sidebar (${SIDEBAR} > Open sidebar) is quicker. No credits were spent on them yet.`,
  );
}

/** What a queued formula's rows say once its key was replaced: the new key buys only when typed. */
export const KEY_REPLACED_TEXT = NOT_SENT.say(
  'the API key was replaced before these lookups were sent. Type the formula again to look them up with the new key; no credits were spent on them.',
);

/** A row whose lookup was still queued when it was frozen as a value: nothing will send it any more. */
export const FROZEN_UNSENT = NOT_SENT.say(
  'frozen as a value before this lookup was sent. Type the formula again to look it up; no credits were spent on it.',
);
/** A row whose answer was still on its way (a job) when it was frozen: it arrives in the saved answers, not the cell. */
export const FROZEN_UNFILLED = NOT_FILLED_IN.say(
  'frozen as a value before its answer arrived. Type the formula again to show it; an answer already paid costs nothing again.',
);

/** Not an error: nothing was spent; a formula queues it, a bulk run sends it on its next slice. */
export const LOCK_BUSY_MESSAGE = LOCK_BUSY.say('not sent yet; no credits were spent.');

/** A lookup the deadline left no room for; the formula queues it, a bulk slice defers it. */
export const OUT_OF_TIME_MESSAGE = NOT_SENT.say('this run ran out of time. No credits were spent.');
/** The pace, not the deadline, held these back. */
export const PACE_FULL_MESSAGE = NOT_SENT.say(
  'the rate limit left no room before time ran out (other lookups may be running). No credits were spent.',
);
export const SLOWED_DOWN_MESSAGE = NOT_SENT_YET.say(
  'the API asked for a slower pace (HTTP 429). It goes out later, at the pace the add-on learned.',
);

/** A formula row's text of a lookup still to send (frozen, it says it never will be). */
export const isStillToSend = (text: string) =>
  holds(QUEUED, text) || holds(NOT_SENT_YET, text) || holds(LOCK_BUSY, text);
