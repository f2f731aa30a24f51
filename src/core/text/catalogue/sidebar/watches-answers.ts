// What the server says for the Watches panel (server/watches/api.ts, server/presenters/watches.ts)
// and the watches' notes (core/watches/: the day's trigger quota, the caps, a pause). The panel's
// own words are in watches.ts.
import type { BackgroundCollection } from '../../../../shared/jobs-rpc';
import { creditsText } from '../../credits';
import { saidBy } from './said';

/**
 * When rows other tools write are looked at: the clock check's schedule, in the one wording every
 * text that names it shares (panels, rows' statuses). null: not known yet (no check runs), when how
 * often it may run is not known: every hour for an add-on, every minute for a script bound to its
 * spreadsheet.
 */
export function clockCheck(clock: BackgroundCollection | null): string {
  if (clock === null) return 'checked at least once an hour';
  return clock === 'off' ? 'checked when you next edit a watched column' : `checked every ${clock}`;
}

export const WATCHES_ANSWERS = {
  // The notes of the day's trigger quota (watches/runtime.ts), the caps (watches/caps.ts) and a pause (watches/pause.ts).
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
