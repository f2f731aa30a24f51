// The Watches panel's words and the offer to watch a run's setup (client/panels/watches/); the
// server's answers and lines for them are in watches-answers.ts.

import type { BackgroundCollection } from '../../../../shared/jobs-rpc';
import { creditsText } from '../../credits';
import { counted, said, saidBy } from './said';
import { clockCheck } from './watches-answers';

export const WATCHES_TEXTS = {
  refreshDaysLabel: said('label', 'Refresh answers older than (days)'),
  refreshCreditsLabel: said('label', 'At most (credits a month; blank: no refresh)'),
  saveRefresh: said('label', 'Save refresh'),
  refreshOnly: said('hint', 'Refresh only: it fills no new row.'),
  refreshSet: saidBy(
    'message',
    (label: string, days: number, credits: number) =>
      `${label} refreshes answers older than ${days} days at its hourly check, at most ${creditsText(credits)} a month.`,
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
      `Keeps this running on rows as they arrive: typed, pasted, inserted, sent by a Google Form, or written by other tools (${clock === null ? 'checked at least once an hour' : clockCheck(clock)}). Empty rows already there are included. It never spends more than its daily cap.`,
  ),
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
} as const;
