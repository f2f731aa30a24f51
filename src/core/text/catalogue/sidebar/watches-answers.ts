// What the server says for the Watches panel (server/watches/api.ts, server/presenters/watches.ts)
// and the watches' notes (core/watches/: the day's trigger quota, the caps, a pause). The panel's
// own words are in watches.ts.
import type { BackgroundCollection } from '../../../../shared/jobs-rpc';
import { creditsText } from '../../credits';
import { said, saidBy } from './said';

/** The triggers that start watches here: this user's, and how often the clock check runs. */
export interface WatchTriggers {
  edit: boolean;
  change: boolean;
  form: boolean;
  formLinked: boolean;
  clock: BackgroundCollection;
}

const NO_ROOM =
  "Google allows each user 20 of the add-on's triggers, all spreadsheets together: to make room, delete those you no longer need (script.google.com/home/triggers lists them) or remove the API key in spreadsheets you no longer use, then open the sidebar again.";

/** "a", "a, and b", "a, b, and c". */
const listed = (parts: readonly string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')}, and ${parts[parts.length - 1]}`;

/**
 * What starts the watches here, given which triggers this user has; with a watch on (`anyOn`),
 * every trigger was wanted, so one missing could not be made, and what waits for it is said.
 */
function driversText(triggers: WatchTriggers, anyOn = false): string {
  const { edit, change, form, formLinked, clock } = triggers;
  const on = runsOn(triggers);
  if (on.length === 0) return `Watches cannot run here: none of their triggers could be made. ${NO_ROOM}`;
  const wait = waitFor(triggers);
  const lines = [`Watches run on ${listed(on)}.`];
  if (clock === 'off') {
    const rows = `rows other tools write ${wait}.`;
    lines.push(anyOn ? `The hourly check could not be made: ${rows}` : capitalized(rows));
  }
  if (!change) lines.push(`Inserted rows ${wait}.`);
  if (formLinked && !form) lines.push(`Form responses ${wait}.`);
  if (anyOn && (clock === 'off' || !edit)) lines.push(NO_ROOM);
  return lines.join(' ');
}

/** What starts the watches, each trigger that exists. */
function runsOn({ edit, change, form, clock }: WatchTriggers): string[] {
  const parts = [
    edit ? 'your edits and pastes' : '',
    change ? 'rows inserted' : '',
    form ? 'form responses' : '',
  ];
  if (clock !== 'off') parts.push(`every ${clock} for rows other tools write`);
  return parts.filter((part) => part !== '');
}

/** What rows no trigger of their own starts wait for. */
function waitFor({ edit, clock }: WatchTriggers): string {
  if (clock !== 'off') return 'wait for the hourly check';
  return edit ? 'wait until you next edit a watched column' : 'are not watched';
}

/**
 * When rows other tools write are looked at: the clock check's schedule, in the one wording the
 * offer, the Watches panel's pause and its triggers' line share.
 */
export function clockCheck(clock: BackgroundCollection): string {
  return clock === 'off' ? 'checked when you next edit a watched column' : `checked every ${clock}`;
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export const WATCHES_ANSWERS = {
  refreshDays: saidBy(
    'message',
    (most: number) => `Refresh answers older than a whole number of days, from 1 to ${most}.`,
  ),
  refreshCredits: saidBy(
    'message',
    (most: number) =>
      `A scheduled refresh needs the credits it may spend a month: more than 0, at most ${most}.`,
  ),
  /** What starts the watches here, and what waits (`anyOn`: a watch is on). */
  drivers: saidBy('hint', driversText),
  triggerTime: saidBy(
    'hint',
    (used: number, quota: number, percent: number) =>
      `Trigger time today: ${used} of ${quota} minutes (${percent} %), Google's daily quota for the add-on's triggers.`,
  ),
  atMost: saidBy('message', (most: number) => `A spreadsheet has at most ${most} watches: delete one first.`),
  watchedAlready: said('message', 'This is watched already: see Watches below.'),
  gone: said('message', 'This watch is gone: another editor may have deleted it.'),
  // The notes of the day's trigger quota (watches/runtime.ts), the caps (watches/caps.ts) and a pause (watches/pause.ts).
  quotaUsedUp: said(
    'hint',
    "Watches wait: today's trigger time, Google's daily quota shared with your other scripts' triggers, is used up. They go on when the quota's day ends.",
  ),
  quotaNearlyUsed: saidBy(
    'hint',
    (percent: number) =>
      `Watches wait: the add-on's triggers used ${percent} % of today's trigger time (Google's daily quota). They go on when the quota's day ends.`,
  ),
  slowedToHourly: saidBy(
    'hint',
    (percent: number) =>
      `Watches slowed down to the hourly check: ${percent} % of today's trigger time used.`,
  ),
  slowedToTenMinutes: saidBy(
    'hint',
    (percent: number) =>
      `Watches slowed down to a run every 10 minutes at most: ${percent} % of today's trigger time used.`,
  ),
  capBelowPrice: saidBy(
    'hint',
    (cap: number, price: string, least: number) =>
      `Daily cap of ${creditsText(cap)} is below one lookup's price (${price}): nothing can be bought until you raise the cap to at least ${least}.`,
  ),
  capReached: saidBy(
    'hint',
    (cap: number) =>
      `Daily cap of ${creditsText(cap)} reached: the rows not done say so, and go on tomorrow (or raise the cap).`,
  ),
  runCapReached: saidBy(
    'hint',
    (cap: number) =>
      `A run reached the per-run cap of ${creditsText(cap)} (Credit settings); the rest waits for the next run.`,
  ),
  /** Every watch paused by the API's `message`; `credits`: for want of credits, else the key; `clock`: the clock check's schedule. */
  allPaused: saidBy('hint', (message: string, credits: boolean, clock: BackgroundCollection) => {
    const then = credits
      ? `They go on by themselves once the account has credits again (${clockCheck(clock)}), or after a successful key test.`
      : 'They go on after a successful key test (API key, Test) or once a key that works is saved.';
    return `Every watch is paused: ${message} ${then}`;
  }),
  // Why a watch no longer fits its sheet (watches/fit.ts).
  sheetGone: saidBy(
    'message',
    (sheet: string) => `The sheet "${sheet}" is gone or was renamed. Delete this watch and set it up again.`,
  ),
  headerWas: saidBy('message', (header: string | null) =>
    header === null ? 'had no header' : `was "${header}"`,
  ),
  headerIs: saidBy('message', (header: string | null) =>
    header === null ? 'it is empty now' : `it is "${header}" now`,
  ),
  columnMoved: saidBy(
    'message',
    (letters: string, was: string, is: string) =>
      `Column ${letters} ${was} when this watch was made; ${is}. A column was deleted, inserted, moved or renamed: delete this watch and set it up again, or put the column back.`,
  ),
  // A watch's setup and record (watches/watch.ts).
  capNeeded: said(
    'message',
    'A watch needs a daily credit cap: how many credits it may spend a day (more than 0).',
  ),
  capAtMost: saidBy('message', (most: number) => `A watch's daily cap is at most ${most} credits.`),
  tooLarge: said('message', 'This watch is too large to save: use fewer steps or fields.'),
  // What a watch's run left (runs/watch-run.ts).
  rowsFailed: saidBy(
    'message',
    (rows: string) => `${rows} failed: the status column says why; clear a row's status to try it again.`,
  ),
  rowsChanged: saidBy(
    'message',
    (rows: string, one: boolean) =>
      `${rows} changed while being looked up and ${one ? 'was left as you made it' : 'were left as you made them'}.`,
  ),
  /** A column without a header, by its letters. */
  column: saidBy('label', (letters: string) => `column ${letters}`),
} as const;
