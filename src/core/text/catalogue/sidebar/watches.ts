// The Watches panel's words and the offer to watch a run's setup (client/panels/watches/); the
// server's answers and lines for them are in watches-answers.ts.

import type { BackgroundCollection } from '../../../../shared/jobs-rpc';
import type { Slowed, WatchList, WatchTriggers } from '../../../../shared/watch-rpc';
import { creditsText } from '../../credits';
import { counted, said, saidBy } from './said';
import { clockCheck } from './watches-answers';

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
    lines.push(anyOn ? `The timed check could not be made: ${rows}` : capitalized(rows));
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
  if (clock !== 'off') return `are ${clockCheck(clock)}`;
  return edit ? 'wait until you next edit a watched column' : 'are not watched';
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export const WATCHES_TEXTS = {
  refreshDaysLabel: said('label', 'Refresh answers older than (days)'),
  refreshCreditsLabel: said('label', 'At most (credits a month; blank: no refresh)'),
  saveRefresh: said('label', 'Save refresh'),
  refreshOnly: said('hint', 'Refresh only: it fills no new row.'),
  refreshSet: saidBy(
    'message',
    (label: string, days: number, credits: number, clock: BackgroundCollection) =>
      `${label} refreshes answers older than ${days} days (${clockCheck(clock)}), at most ${creditsText(credits)} a month.`,
  ),
  refreshOff: saidBy(
    'message',
    (label: string) => `${label} refreshes nothing: its answers are kept as they are.`,
  ),
  refreshSpent: saidBy(
    'hint',
    (spent: number, most: number) => `Refreshes this month: ${creditsText(spent)} of ${creditsText(most)}`,
  ),
  /** The panel's note: how many watches are on, paused and off ("1 on, 2 paused"). */
  note: saidBy('label', (on: number, paused: number, off: number) =>
    [on > 0 ? `${on} on` : '', paused > 0 ? `${paused} paused` : '', off > 0 ? `${off} off` : '']
      .filter((part) => part !== '')
      .join(', '),
  ),
  rowDone: counted('hint', 'row done', 'rows done'),
  onAgain: saidBy('message', (label: string) => `"${label}" is on again.`),
  off: saidBy('message', (label: string) => `"${label}" is off: new rows wait until you switch it on.`),
  capSet: saidBy(
    'message',
    (label: string, cap: number) => `"${label}" may spend ${creditsText(cap)} a day.`,
  ),
  deleted: saidBy(
    'message',
    (label: string) => `"${label}" is deleted. Its columns and what it wrote stay in the sheet.`,
  ),
  offer: said('label', 'Enrich new rows automatically'),
  /**
   * `clock`: the clock check's schedule here once one runs; null while none does (no watch yet),
   * when how often it may run is not known: every hour for an add-on, every minute for a script
   * bound to its spreadsheet.
   */
  offerHint: saidBy(
    'hint',
    (clock: BackgroundCollection | null) =>
      `Keeps this running on rows as they arrive: typed, pasted, inserted, sent by a Google Form, or written by other tools (${clockCheck(clock)}). Empty rows already there are included. It never spends more than its daily cap.`,
  ),
  /** Above a watch's preview (the bulk run's or the recipe's), before it is on. */
  previewed: said(
    'hint',
    'Before it is on: where it writes, the rows it skips, and what the rows already here cost, since it takes them too.',
  ),
  turnOn: said('label', 'Turn it on'),
  capRequired: said('label', 'Daily credit cap (required)'),
  capFirst: said('message', 'Set a daily credit cap first: how many credits it may spend a day.'),
  /** `columns`: what it reads and where it writes, as the Watches list says it ("Company (C) -> Website (D), …"). */
  watching: saidBy(
    'message',
    (sheet: string, cap: number, columns: string) =>
      `Watching: new rows of "${sheet}" are enriched as they arrive, up to ${creditsText(cap)} a day: ${columns}. Rows whose result is already filled are skipped. See Watches below.`,
  ),
  today: saidBy('hint', (spent: number, cap: number) => `Today ${creditsText(spent)} of ${creditsText(cap)}`),
  dailyCap: said('label', 'Daily credit cap'),
  none: said(
    'hint',
    'No watch yet: set up a lookup or a recipe in Bulk run, then "Enrich new rows automatically".',
  ),
  noKey: said('hint', 'Set your API key first: watches need it to run.'),
  switchOff: said('label', 'Switch off'),
  switchOn: said('label', 'Switch on'),
  saveCap: said('label', 'Save cap'),
  /** A watch's state in a few words, by `WatchView['state']`. */
  states: {
    on: said('label', 'On'),
    off: said('label', 'Off'),
    misfit: said('label', 'Paused: its columns changed'),
    account: said('label', 'Paused: see the notice above'),
    below: said('label', "Paused: daily cap below one lookup's price"),
    capped: said('label', 'Paused: daily cap reached'),
  },
  lastRun: saidBy('hint', (when: string | null) => (when === null ? 'Not run yet' : `Last run ${when}`)),
  /** What starts the watches here, given which triggers this user has (`anyOn`: a watch is on). */
  drivers: saidBy('hint', driversText),
  // Today's trigger time (Google's daily quota), and why watches slowed down or wait, by `Slowed`.
  triggerTime: saidBy(
    'hint',
    (used: number, quota: number, percent: number) =>
      `Trigger time today: ${used} of ${quota} minutes (${percent} %), Google's daily quota for the add-on's triggers.`,
  ),
  slowedUsedUp: said(
    'hint',
    "Watches wait: today's trigger time, Google's daily quota shared with your other scripts' triggers, is used up. They go on when the quota's day ends.",
  ),
  slowedNearly: saidBy(
    'hint',
    (percent: number) =>
      `Watches wait: the add-on's triggers used ${percent} % of today's trigger time (Google's daily quota). They go on when the quota's day ends.`,
  ),
  slowedToCheck: saidBy(
    'hint',
    (percent: number, clock: BackgroundCollection) =>
      `Watches now wait for the timed check (${clockCheck(clock)}): ${percent} % of today's trigger time used.`,
  ),
  slowedTenMinutes: saidBy(
    'hint',
    (percent: number) =>
      `Watches slowed down to a run every 10 minutes at most: ${percent} % of today's trigger time used.`,
  ),
} as const;

/**
 * Today's trigger time and, when watches are slowed down or wait for it, why (the Watches panel),
 * with the clock check's schedule here.
 */
export function runtimeWords({ runtime, clock }: Pick<WatchList, 'runtime' | 'clock'>): string {
  const { usedMinutes, quotaMinutes, percent, slowed } = runtime;
  const base = WATCHES_TEXTS.triggerTime.say(usedMinutes, quotaMinutes, percent);
  return slowed === null ? base : `${base} ${slowedWords(slowed, clock)}`;
}

/** Why watches run less today; `clock`: the clock check's schedule here. */
export function slowedWords({ kind, percent }: Slowed, clock: BackgroundCollection): string {
  if (kind === 'usedUp') return WATCHES_TEXTS.slowedUsedUp.text;
  if (kind === 'nearly') return WATCHES_TEXTS.slowedNearly.say(percent);
  if (kind === 'hourly') return WATCHES_TEXTS.slowedToCheck.say(percent, clock);
  return WATCHES_TEXTS.slowedTenMinutes.say(percent);
}
