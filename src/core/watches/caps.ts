// What a watch may still spend, and why it stops buying: its daily cap (a day is the spreadsheet's
// calendar day, as for the formula budget), the per-run hard cap of the settings, its columns no
// longer fitting its sheet. The texts the sidebar and the status column show for each.

import type { WatchView } from '../../shared/watch-rpc';
import { WATCHES_ANSWERS } from '../text/catalogue/sidebar/watches-answers';
import { priceText } from '../text/catalogue/statuses';
import { roundCredits } from '../text/credits';
import type { CapBelowPrice, Watch } from './watch';

/** The watch as it stands on `day`: a new day spends from nothing again, and a cap pause ends. */
export function onDay(watch: Watch, day: string): Watch {
  if (watch.day === day) return watch;
  const pause = watch.pause?.kind === 'cap' ? null : watch.pause;
  return { ...watch, day, spentToday: 0, pause };
}

/**
 * What the next slice may spend, and which cap binds: what is left of the watch's daily cap after
 * `spentToday` (its stored spend and what this run spent since), and of the settings' per-run hard
 * cap (`runHardCap`, 0 for none) after `spentThisRun`. `left` 0: nothing may be bought.
 */
export function capsLeft(
  dailyCap: number,
  spentToday: number,
  runHardCap: number,
  spentThisRun: number,
): { left: number; by: 'daily' | 'run' } {
  const daily = Math.max(0, roundCredits(dailyCap - spentToday));
  if (!(runHardCap > 0)) return { left: daily, by: 'daily' };
  const run = Math.max(0, roundCredits(runHardCap - spentThisRun));
  return daily <= run ? { left: daily, by: 'daily' } : { left: run, by: 'run' };
}

/**
 * The price of one lookup when the daily cap is below it (no day's cap can pay for it); null when
 * the cap can pay for one. `bound`: the price is a bound (an employee list, priced by its max).
 */
export function capBelowPrice(dailyCap: number, price: number, bound: boolean): CapBelowPrice | null {
  return price > dailyCap + 1e-9 ? { price: roundCredits(price), bound } : null;
}

/**
 * Whether the watch runs at all now: on, not waiting out a failing service. Whatever pauses it
 * (watch.ts WatchPause), it still runs: paused by its cap, it buys nothing but fills the rows whose
 * answer is saved, which cost nothing; paused for its columns, it looks whether they are back.
 */
export const runsNow = (watch: Watch, now: number): boolean => watch.on && watch.waitUntil <= now;

// --- Texts ----------------------------------------------------------------------------------------

/** The Watches panel's line for a cap spent today, or (`below`) one no day's cap can reach. */
export const capProblem = (cap: number, below?: CapBelowPrice) =>
  below
    ? WATCHES_ANSWERS.capBelowPrice.say(cap, priceText(below), below.price)
    : WATCHES_ANSWERS.capReached.say(cap);

/** A watch's state, which the sidebar words: on, off, or why it does not run now. */
export function stateOf(watch: Watch, accountPaused: boolean): WatchView['state'] {
  if (!watch.on) return 'off';
  if (watch.pause?.kind === 'misfit') return 'misfit';
  if (accountPaused) return 'account';
  if (watch.pause?.kind === 'cap') return watch.pause.below ? 'below' : 'capped';
  return 'on';
}
