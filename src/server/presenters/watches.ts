// What the Watches list shows: each watch's state, cap, spend, rows and last run; one notice when
// the API paused them all; today's share of the trigger runtime quota; what starts them.

import { roundCredits } from '../../core/text/credits';
import { stateOf } from '../../core/watches/caps';
import { columnLetter } from '../../core/watches/fit';
import { type AccountPause, pauseNotice } from '../../core/watches/pause';
import {
  currentTally,
  paceAt,
  type RuntimeTally,
  shareOf,
  TRIGGER_QUOTA_MS,
} from '../../core/watches/runtime';
import type { Watch } from '../../core/watches/watch';
import type { BackgroundCollection } from '../../shared/jobs-rpc';
import type { WatchList, WatchView } from '../../shared/watch-rpc';

const MINUTE = 60_000;

/** "Company (A) -> Website (B), Status (Website from company name) (C)". */
function columnsText(watch: Watch): string {
  const headerOf = (column: number) => {
    const header = watch.headers.find((each) => each.column === column)?.header ?? '';
    return header === '' ? `column ${columnLetter(column)}` : `${header} (${columnLetter(column)})`;
  };
  const first = watch.steps[0]!;
  const written = watch.steps.flatMap((step) => [...step.layout.outputs, step.layout.status]);
  return `${headerOf(first.config.columns.input)} -> ${written.map((column) => headerOf(column.column)).join(', ')}`;
}

export function watchView(watch: Watch, accountPaused: boolean, when: (ms: number) => string): WatchView {
  const state = stateOf(watch, accountPaused);
  return {
    id: watch.id,
    label: watch.label,
    sheetName: watch.sheetName,
    columns: columnsText(watch),
    on: watch.on,
    state: state.state,
    stateText: state.text,
    dailyCap: watch.dailyCap,
    spentToday: roundCredits(watch.spentToday),
    rowsDone: watch.rowsDone,
    lastRun: watch.lastRunAt === null ? 'Not run yet' : `Last run ${when(watch.lastRunAt)}`,
    lastProblem: watch.pause?.kind === 'misfit' ? watch.pause.reason : watch.lastProblem,
  };
}

export function runtimeView(tally: RuntimeTally | null, now: number): WatchList['runtime'] {
  const used = currentTally(tally, now).usedMs;
  const share = used / TRIGGER_QUOTA_MS;
  const percent = Math.round(share * 100);
  const usedMinutes = Math.round((used / MINUTE) * 10) / 10;
  const quotaMinutes = TRIGGER_QUOTA_MS / MINUTE;
  const base = `Trigger time today: ${usedMinutes} of ${quotaMinutes} minutes (${percent} %), Google's daily quota for the add-on's triggers.`;
  // A stop by Google today spends the day's quota, whatever the count says.
  const note = paceAt(shareOf(tally, now), 'edit', Number.POSITIVE_INFINITY).note;
  return { usedMinutes, quotaMinutes, percent, text: note ? `${base} ${note}` : base };
}

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
export function driversText(triggers: WatchTriggers, anyOn = false): string {
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

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export function watchListView(input: {
  keyConfigured: boolean;
  watches: readonly Watch[];
  pause: AccountPause | null;
  tally: RuntimeTally | null;
  now: number;
  when: (ms: number) => string;
  timeZone: string;
  triggers: WatchTriggers;
}): WatchList {
  return {
    keyConfigured: input.keyConfigured,
    watches: input.watches.map((watch) => watchView(watch, input.pause !== null, input.when)),
    notice: input.pause ? pauseNotice(input.pause) : null,
    runtime: runtimeView(input.tally, input.now),
    drivers: driversText(
      input.triggers,
      input.watches.some((watch) => watch.on),
    ),
    timeZone: input.watches.some((watch) => watch.lastRunAt !== null) ? input.timeZone : '',
  };
}
