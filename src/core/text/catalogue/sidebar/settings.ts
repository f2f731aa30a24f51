// The Settings panel's words: the hint under each field, the prices, the pace learned.
import type { PaceSummary } from '../../../../shared/rpc';
import { plural } from '../../plural';
import { said, saidBy } from './said';

/** The pace: POSTs a second, learned `minutes` ago (null: as the documentation asks), under `ceiling`. */
function paceLine(rate: number, minutes: number | null, ceiling: number): string {
  const pace = `${rate.toFixed(1)} a second`;
  const cap = `at most ${ceiling}, your plan's figure, as Most requests a second says`;
  if (minutes === null)
    return `${pace}, as the API's documentation asks, until its answers show more (${cap}).`;
  const ago =
    minutes === 0
      ? 'just now'
      : minutes < 120
        ? `${plural(minutes, 'minute', 'minutes')} ago`
        : `${plural(Math.round(minutes / 60), 'hour', 'hours')} ago`;
  return `${pace}, learned ${ago} (${cap}).`;
}

export const SETTINGS_TEXTS = {
  formulaDailyCap: said(
    'hint',
    'All formulas of this spreadsheet together. Past it, a formula says so instead of paying.',
  ),
  confirmAbove: said('hint', 'A bulk run estimated above this asks you first.'),
  runHardCap: said('hint', 'A bulk run stops once it has spent this much. 0 means no cap.'),
  requestsPerSecond: said(
    'hint',
    'The add-on learns the pace the API really allows, starting at 1 a second as its documentation asks, and never goes past this figure.',
  ),
  prices: said('label', 'Price of each lookup'),
  pricesHint: said('hint', 'A lookup that finds nothing is charged too. Saved results are free.'),
  pace: saidBy(
    'hint',
    (pace: string, refusals: number) => `API pace now: ${pace} Refused as too fast today: ${refusals}.`,
  ),
  /** "1.0 a second, learned 5 minutes ago (at most 50, …)", in Credit settings and Spending. */
  paceLine: saidBy('hint', paceLine),
  saved: said('message', 'Settings saved.'),
} as const;

/** The pace the server sent, in words (Credit settings, Spending). */
export const paceWords = (pace: PaceSummary) =>
  SETTINGS_TEXTS.paceLine.say(pace.rate, pace.minutesAgo, pace.ceiling);
