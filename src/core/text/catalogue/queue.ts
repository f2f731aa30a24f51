// What a formula's rows say while their lookups wait for the add-on's own executions. Never
// "recalculate": Sheets runs a custom function again only when its formula or an argument changes,
// which the user cannot do without retyping. A time is promised only when an execution Google will
// run keeps it: the Edit trigger of the edit that typed the formula, with its 6 minutes. Past that,
// each later edit or opening of the file goes on for 6 minutes more, and nothing sooner is promised.
import { sendingAtPace, sendingTime } from '../duration';
import { plural } from '../plural';

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
    return `Queued: ${lookups}, not sent yet. Open the sidebar (${SIDEBAR} > Open sidebar) or choose ${SIDEBAR} > Finish pending lookups to fill them in; no credits were spent on them yet.`;
  if (outlook.typedNow && outlook.editFollows && left <= pace * TYPING_EDIT_SENDING_S)
    return `Queued: ${lookups} will fill in within ${sendingTime(left, pace)}.`;
  return `Queued: ${lookups}, not sent yet (${sendingAtPace(left, pace)}). Each edit or opening of this file sends more, 6 minutes at a time, and so does the open sidebar; for a column this size, a bulk run from the sidebar (${SIDEBAR} > Open sidebar) is quicker. No credits were spent on them yet.`;
}

/** What a queued formula's rows say once its key was replaced: the new key buys only when typed. */
export const KEY_REPLACED_TEXT =
  'Not sent: the API key was replaced before these lookups were sent. Type the formula again to look them up with the new key; no credits were spent on them.';
